"""The handheld's edge: a PyGamer's or PyBadge's screen, buttons, nvm store
and speaker, made from the board's modules and handed to the app
(``device``), and the drive's module (``drive``, when boot.py gave it the
drive). On the board as ``lib/sthelena_board.mpy`` and ``lib/sthelena_drive.py``."""
