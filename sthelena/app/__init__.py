"""The game a player holds: table view, cursor, menu and screens; and for a
mouse and a large screen, the pointer and the scaled table.

Imports the rules core and displayio, nothing of the board: it is handed a
display, a button source (or a mouse), a store and a speaker by an edge
(``sthelena.handheld.device`` on a PyGamer or PyBadge,
``sthelena.fruitjam.device`` on a Fruit Jam, ``sthelena.desktop.window`` on
a computer).
"""
