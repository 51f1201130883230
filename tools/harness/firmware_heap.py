"""The parts of a code.py that measures the game on a board's firmware
(desktop only: tests/board/test_board_games.py and make bench-firmware write
them onto the drive), and one that reports the heap."""

SINCE_RESET = """
import gc, supervisor
def since_reset():  # supervisor.ticks_ms() starts at 0x1FFF0000 at reset
    return (supervisor.ticks_ms() - 0x1FFF0000) & 0x1FFFFFFF
"""
# Waits for the USB console: what is printed before it is up is lost.
CONSOLE = """
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass
"""

# The game set up as code.py sets it up: the board's profile found (code.py's
# find_profile), the game it names imported and set up, the profile let go;
# ``game`` the game's module, ``made`` what its set-up made.
SET_UP = """
import board, sys
from sthelena_profiles import find_board
profile = find_board(board)[0]
sys.modules.pop("sthelena_profiles", None)
game = __import__(profile.game)
made = game.setup(profile)
del profile
"""

# The heap on the firmware (tests/board/test_board_games.py): a code.py that
# starts the game as the drive's code.py does (the board's profile found, its
# game imported, ``setup`` then the loop's way of handling a press), hands the
# app ``EVENTS`` (a script's, each refreshed as the loop refreshes it), then
# starts a hint as SELECT held on the table does (``start_hint``, the table
# brought up) and runs the app's ticks till it answers, and prints what the
# heap held: ``heap set-up FREE``,
# ``heap in-play FREE`` (collected), ``heap hint FULL RESULT MS LEAST
# MESSAGE`` (FULL 1: the search had its full buffers, 0 the compact ones, -1
# none; LEAST the least ``gc.mem_free()`` read while it ran, every 64 slices
# and at each collection the search makes), ``heap after FREE``, then
# ``heap done``.
HEAP_CODE = SINCE_RESET + CONSOLE + SET_UP + """
app = made.app
display = made.display
gc.collect()
print("heap set-up", gc.mem_free())
def press(event):
    display.auto_refresh = False
    app.handle(event)
    display.refresh()
    display.auto_refresh = True
for event in EVENTS:
    press(event)
gc.collect()
print("heap in-play", gc.mem_free())
def hint():
    game.start_hint(app)  # as SELECT held on the table asks for it
    app.go(0)
    display.refresh()
    search = app.hint
    full = -1 if search is None else 1 if search.slots >= 2048 else 0
    begun = since_reset()
    least = gc.mem_free()
    ticks = 0
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
        ticks += 1
        if not ticks & 63:
            least = min(least, gc.mem_free())
    display.refresh()
    print("heap hint", full, 0 if search is None else search.result, since_reset() - begun,
          least, app.message)
hint()
gc.collect()
print("heap after", gc.mem_free())
print("heap done")
"""


def heap_code(events):
    """HEAP_CODE handing the app ``events`` (the game's: ints) first."""
    return "EVENTS = %r\n" % (tuple(events),) + HEAP_CODE
