"""``start(profile)``: play St. Helena on the board a profile describes
(``sthelena/boards/``): ``setup`` then ``play_board``. ``code.py`` finds the
profile by the board's id (or settings.toml's ``STHELENA_BOARD``) and calls
those two, letting the profile go between them.

The board is built by the set-up (``setup.build``), which on the board is a
module of its own, let go once the board is built; then the main loop plays
(``loop.play``). Imported only on CircuitPython, from the drive's
``lib/sthelena_board.mpy`` (the PyGamer's and PyBadge's, lean) or
``lib/sthelena_full.mpy`` (every other board's: every table and part).
"""

from .loop import play


def setup(profile, board=None):
    """Build ``profile``'s parts on ``board`` (the firmware's module, or a
    stand-in; by default the firmware's) and the app: a ``Handheld``."""
    from .setup import build  # (on the board: lib/<game>_setup.mpy, let go by build)

    if board is None:
        import board
    return build(profile, board)


def play_board(made, iterations=None):
    """Play St. Helena on a board ``setup`` made (``code.py`` calls this
    after ``setup``, the profile let go); ``iterations`` bounds the loop
    for tests."""
    play(made.app, made.buttons, made.screen, iterations, made.lights, made.display)


def start(profile, iterations=None, board=None):
    """Set up the board ``profile`` describes and play on it."""
    play_board(setup(profile, board), iterations)
