"""The lean goals' measurement, as a script for CircuitPython's
interpreter (or the MicroPython VM): the drive image started as the board
starts it (tools/harness/board_start.py's prologue), then

- a round of presses on the table: the menu, a foundation's peek, the
  overview, a held A;
- optionally every screen opened once (menu, help, statistics, deal number,
  peek, overview, won, stuck), back to the table after each;
- ``MOVES`` random legal moves (from a seed, so each run plays the same),
  and after every ``HINT_EVERY`` of them the hint, through the app as a
  player asks for it (SELECT held), run to its end, the heap read at its
  first slice and every ``_EVERY`` slices after a collection (the hint's
  buffers come and go between the moves, as a player's hints do).

The deal is the one the app picks after ``random.seed(SEED)``, and the moves
follow from ``SEED`` too: each seed plays another deal.

It prints lines ``name value...`` (bytes are ``gc.mem_alloc()`` less the
stand-ins', as board_start's):
  standins LIVE / import LIVE GROWN / set_up LIVE GROWN   (board_start's)
  hint FULL RESULT NODES LEAST_FREE MOST_LIVE   (a line a hint)
                           FULL 1 if the search had its full buffers (0 the
                           compact ones, -1 none: "not enough memory"; 2 no
                           search was needed: a kept line's next move),
                           RESULT its result (1 winning ... 4 lost), NODES the
                           positions it met, LEAST_FREE the least
                           ``gc.mem_free()`` read while it ran, MOST_LIVE the
                           most kept then
"""

import os
import subprocess
import tempfile

from . import board_start, firmware_figures

_EVERY = 25  # slices of the search between two readings
# The lean goals (the game kept within a board's heap with room for the hint's
# full search), on CircuitPython's interpreter, the stand-ins' share taken out.
SET_UP_GOAL = 80 * 1024  # the import and the set-up, kept
IN_PLAY_GOAL = 90 * 1024  # after the presses (and the screens) and the moves
FREE_GOAL = 8 * 1024  # free while the hint's full search runs
SEEDS = tuple(range(1, 13))  # the bench's deals (random.seed before the set-up)

_PRESSES = """
for event in (START, B, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, SELECT, B, LEFT, LEFT,
              LEFT, LEFT, LEFT, LEFT, SELECT, B, A, A | HOLD, B):
    app.handle(event)
"""

# Every screen once, by its number (sthelena/app/screens/common.py), then the table.
_SCREENS = """
for screen in (1, 3, 7, 8, 6, 2, 9, 4, 5):
    app.go(screen)
    app.go(0)
"""

_MOVES = """
state = SEED
for batch in range(MOVES // HINT_EVERY):
    for _ in range(HINT_EVERY):
LONG_GAME_MOVE
    legal = home = None
    gc.collect()
HINT
"""

# A function, so that what its frame held (the search) is gone when it returns:
# the collector reads the stack, and a top-level frame keeps stale values.
_HINT = """
def hint_once():
    app.handle(SELECT)
    app.handle(SELECT | HOLD)
    search = app.hint
    if search is None:  # no room (said), or no search: a kept line's move, a won game
        full = -1 if "memory" in app.message else 2
    else:
        full = 1 if search.slots >= 2048 else 0
    least = gc.mem_free()
    most = 0
    ticks = 0
    while app.hint is not None and ticks < 20000:
        app.tick(supervisor.ticks_ms())
        ticks += 1
        if (ticks == 1 or ticks % EVERY == 0) and app.hint is not None:
            gc.collect()
            least = min(least, gc.mem_free())
            most = max(most, gc.mem_alloc() - STANDINS)
    result = 0 if search is None else search.result
    nodes = 0 if search is None else search.nodes
    print("hint", full, result, nodes, least, most)
    app.handle(B)
"""


def script(board, moves=300, seed=12345, screens=False, hint_every=50,
           standins_dir="/lib/standins", root="/"):
    """The script for ``board`` (for CircuitPython's interpreter: a collection
    between parts); see the module's docstring. ``hint_every`` 0: no hint."""
    prologue = board_start.PROLOGUE.replace("random.seed(1)", "random.seed(SEED)")
    text = ("BOARD = %r\nSTANDINS_DIR = %r\nROOT = %r\nMOVES = %d\nSEED = %d\nEVERY = %d\n"
            "HINT_EVERY = %d\n" % (board, standins_dir, root, moves, seed, _EVERY,
                                   hint_every or moves) + prologue + _HINT
            + _PRESSES + "<part>\n"
            + (_SCREENS + "<part>\n" if screens else "")
            + _MOVES.replace("LONG_GAME_MOVE\n", board_start.indented(
                board_start.LONG_GAME_MOVE, 8)).replace(
                    "HINT\n", "    hint_once()\n" if hint_every else "")
            + "<part>\n"
            + 'print("in_play", gc.mem_alloc() - STANDINS, gc.mem_free())\n')
    return text.replace("<part>", "gc.collect()")


def figures(output):
    """The printed lines as ``{name: [ints]}``; ``hint`` as a list of them."""
    return board_start.figures(output, ("standins", "import", "set_up", "in_play"), ("hint",))


def run(drive, board, heap, areas=False, version="10.x", **options):
    """The script on CircuitPython's interpreter (of ``version``) with ``heap``
    bytes (the stand-ins' share included; ``areas``: the interpreter whose heap
    is in areas, firmware_figures.interpreter): ``(figures, None)`` or ``(None, why)``."""
    path, why = firmware_figures.interpreter(areas, version)
    if path is None:
        return None, why
    text = script(board, standins_dir=os.path.join(os.path.dirname(drive), "standins"),
                  root=drive + "/", **options)
    proc = subprocess.run([path, "-X", "heapsize=%d" % heap, "-c", text], cwd=drive,
                          capture_output=True, text=True, timeout=900)
    if proc.returncode:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        return None, lines[-1] if lines else "exit status %d" % proc.returncode
    return figures(proc.stdout), None


def standins(drive, board, version="10.x"):
    """What the stand-ins and the script's own code keep: read in a run with
    room to spare, as firmware_figures does."""
    found, why = run(drive, board, 4 * firmware_figures.BOARD_HEAP, version=version, hint_every=0)
    if found is None:
        raise RuntimeError("CircuitPython's interpreter failed: %s" % why)
    return found["standins"][0]


def board_runs(board, heap, seeds=SEEDS, screens=False, libraries="mpy", areas=False,
               version="10.x", source=None):
    """The script for each seed at ``heap`` (the board's, the stand-ins' added)
    on ``version``'s interpreter, the libraries compiled by its mpy-cross (or
    the drive folder ``source`` as it is): ``(standins, [(seed, figures or
    None, why)])``."""
    with tempfile.TemporaryDirectory() as directory:
        drive = firmware_figures.lay_out_drive(directory, libraries, version, source)
        allowance = standins(drive, board, version)
        runs = []
        for seed in seeds:
            found, why = run(drive, board, heap + allowance, areas, version, seed=seed,
                             screens=screens)
            runs.append((seed, found, why))
        return allowance, runs
