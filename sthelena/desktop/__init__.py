"""The desktop's edge and tools, never on a board: the game in a window
(``window``: Blinka's displayio drawn by pygame, the keyboard or scripted
keys, a file store, square-wave sound), the command line (``cli``, with the
solver's commands in ``solve_commands``), and what they share (``arguments``,
``explain``)."""
