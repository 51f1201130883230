"""sthelena: the St. Helena patience, as a rules core that runs unchanged on
CPython, MicroPython and CircuitPython.

Import what you need from the modules (``sthelena.game``, ``.rules``,
``.moves``, ``.cards``, ``.save``); this file stays empty so that a board
imports only those.
"""
