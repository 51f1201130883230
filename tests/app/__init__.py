"""The game on screen: the table, the menu and the screens, the hint,
auto-play, the buttons, power, the records and saves, the mouse and the Fruit
Jam's fanned table, played through the real displayio stack (and the board's
edge under the VM where a save goes through it)."""
