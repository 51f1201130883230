"""The handhelds' main loop, and the drive when boot.py hands it to the game:
the note saying so, and the second copy of the save (``drive.py``, loaded
only then).

Nothing here allocates while the game is idle: the loop polls preallocated
objects with small ints, so the garbage collector never pauses the game.
"""

import time

import supervisor

from ..app.buttons import A, NO_EVENT
from ..core.statistics import KINDS

ASSETS = "/assets/"  # the drive's folder of sheets (the set-up's screen.table_for)
TEXTS_PATH = "/assets/help.txt"  # help and the stuck screen's words, read when shown
WINNABLE_PATH = "/assets/winnable.bin"  # what the solver proved of each deal, read when needed

# -- the CIRCUITPY drive, when boot.py hands it to the game -----------------


def drive_is_games():
    """Whether the game may write to CIRCUITPY: boot.py remounted it writable
    because SELECT was held at reset. False when the computer has it."""
    try:
        import storage

        return not storage.getmount("/").readonly
    except (ImportError, AttributeError, OSError):
        return False


def drive_copy():
    """The drive's copy of the save (``drive.DriveCopy``) when boot.py gave
    the game the drive, else None (and the drive's code stays off the heap)."""
    if not drive_is_games():
        return None
    try:
        from sthelena_drive import DriveCopy
    except ImportError:  # the package copied as it is
        from .drive import DriveCopy
    return DriveCopy()


_IDLE_S = 0.005  # the main loop's sleep when a pass found nothing to do


def run(app, buttons, iterations=None, lights=None, display=None):
    """The main loop: poll the buttons, hand an event to the app, else let it
    tick (and ``lights``, a board's light that says what the speaker says).

    ``display``, the board's: while the app handles a press its auto-refresh
    is off, and it is refreshed at once after, so that a press shows whole
    in one refresh, without waiting for the next 60 Hz one or being drawn
    half done (a move in two: ``App.show_now``). What the app's ticks change
    shows at the next 60 Hz refresh.
    ``iterations`` bounds it for tests and benchmarks; the board runs forever,
    and when a pass found nothing to do (no press, no hint searching) it
    sleeps 5 ms, so the chip idles rather than spins: less power, and a
    press waits at most that much more (keypad scans every 20 ms anyway).
    """
    ticks_ms = supervisor.ticks_ms
    sleep = time.sleep
    poll = buttons.poll
    handle = app.handle
    tick = app.tick
    if display is not None:
        app.show_now = display.refresh  # a move shown before the look for the game's end
    left = 1 if iterations is None else iterations
    step = 0 if iterations is None else 1
    while left > 0:
        left -= step
        now = ticks_ms()
        event = poll(now)
        if event != NO_EVENT:
            if display is None:
                handle(event)
            else:
                display.auto_refresh = False
                handle(event)
                display.refresh()
                display.auto_refresh = True
        elif not tick(now) and step == 0:
            sleep(_IDLE_S)
        if lights is not None:
            lights.tick(now)


def play(app, buttons, display, iterations=None, lights=None, board_display=None):
    """Run the game set up on ``display``: first, if boot.py gave the game
    the drive, the note saying so (and the statistics file it keeps).
    ``board_display``: the board's own, refreshed after each press (``run``),
    if ``display`` is another in front of it."""
    import gc

    if drive_is_games():
        # Only now: the drive's code (sthelena/handheld/drive.py) stays off the heap otherwise.
        try:
            from sthelena_drive import DriveStats, hand_over_note, show_drive_note
        except ImportError:  # the package copied as it is
            from .drive import DriveStats, hand_over_note, show_drive_note
        stats = DriveStats(KINDS)
        stats.counted(app.statistics)  # once at start, then when a deal is counted
        app.on_record = stats.counted
        show_drive_note(display, app.view.sheet)
        hand_over_note(display, app.view.group, buttons.poll, supervisor.ticks_ms, A)
    gc.collect()
    run(app, buttons, iterations, lights, board_display or display)
