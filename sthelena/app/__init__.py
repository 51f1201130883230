"""The handheld game: table view, cursor, menu and screens.

Imports the rules core and displayio, nothing of the board: it is handed a
display, a button source, a store and a speaker by an edge
(``sthelena.handheld.device`` on the board, ``sthelena.desktop.window`` on a
computer).
"""
