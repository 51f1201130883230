"""The rules core: cards, moves, rule sets, deals, the game (``push``/``pop``,
``legal_moves``), the stuck search, save bytes and the stores that keep them in
a board's flash (``stores``, ``sector_store``), statistics, the winnable-deal
reader, and the position notation. Imports nothing of the project but itself;
runs unchanged on CPython, MicroPython and CircuitPython."""
