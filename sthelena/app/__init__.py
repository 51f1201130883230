"""The game a player holds, in packages by what they show: ``table`` (the
table, its layout, sheet and play), ``hint`` (the hint and its search),
``screens`` (the menu and the other screens over the table) and
``big_screen`` (for a mouse and a large screen, the pointer and the scaled
and fanned tables). At the top: ``game_app`` (the App, which routes each
button to the screen shown), ``record`` (the save and when it is written),
``power`` (a handheld's screen light and battery; ``power_levels``, its steps
and the battery's charge as the menu shows them), ``buttons`` (events and
timing), ``tap_hold`` (the timing of keys with a tap and a hold, for boards
with four buttons) and ``sounds``.

Imports the rules core and displayio, nothing of the board: it is handed a
display, a button source (or a mouse), a store and a speaker by an edge
(``sthelena.handheld`` on a board with buttons, as its profile describes
it; ``sthelena.fruitjam.device`` on a Fruit Jam; ``sthelena.desktop.window``
on a computer).
"""
