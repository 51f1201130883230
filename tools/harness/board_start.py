"""The drive image started and played as a board does, as a script for a VM:
the MicroPython VM of the tests (tests/board/test_board_heap.py, ``make bench-app``)
or CircuitPython's own interpreter (``build/firmware/circuitpython``, from
``make firmware-vm``; tools/harness/firmware_figures.py).

The script compiles ``code.py`` from the drive as the board does, imports the
game as ``code.py`` does (its profile found in ``lib/sthelena_profiles.mpy``,
the game ``lib/sthelena_board.mpy``), sets it up for that profile
(``sthelena_board.setup(profile)``, which loads the sprite sheet,
the store and the saved game), then plays: button presses on the table, the
menu, a hint's search to its end, and a long game of moves. The board's
modules are the stand-ins of ``tools/harness/standins``, which allocate what the
firmware's objects do; their own code and objects are counted apart
(``standins``), since on a board they are in the firmware, not the heap.

It prints lines ``name value...``:
  standins LIVE            what the stand-ins keep (not the game's)
  import LIVE GROWN        after the import: the heap kept, and how far the
                           heap grew past its first size (MicroPython VM)
  set_up LIVE GROWN        after set-up, collected
  play STEP LIVE GROWN     after each part of the play, collected
  moves PLAYED KEPT HINTS  moves played, moves the game holds at the end,
                           hints searched
  searching LIVE COMPACT   the most kept with a hint's search running (read
                           50 slices into each, collected: on CircuitPython's
                           interpreter; the VM's includes garbage), and how
                           many hints had room only for a compact search
Figures are bytes of ``gc.mem_alloc()`` less the stand-ins'.

The MicroPython VM collects garbage only between top-level calls, and grows
its heap rather than fail: a part that needs more than the heap has makes it
grow, so GROWN > 0 says that part could not run in that heap even collecting
only at its end. CircuitPython's interpreter collects whenever it must and
raises MemoryError when the heap is full.
"""

PART = "# --- top level ---"

PROLOGUE = """
import gc, sys
FIRST = gc.mem_free() + gc.mem_alloc()  # the heap's first size
def heap_size():
    return gc.mem_free() + gc.mem_alloc()
sys.path.append(STANDINS_DIR)
sys.path.insert(0, ROOT + "lib")
import board, keypad, analogio, digitalio, microcontroller, supervisor, storage
import audioio, audiocore, bitmaptools, displayio, random, vectorio, neopixel_write
board.use(BOARD)
<part>
STANDINS = gc.mem_alloc()
print("standins", STANDINS)
<part>
# As the board starts: code.py compiled from the drive, then its import of the game.
code = {"__name__": "code"}
exec(compile(open(ROOT + "code.py").read(), "code.py", "exec"), code)
PROFILE = code["find_profile"](board)[0]  # (the other profiles let go, as on the board)
del code
import sthelena_board
print("import", gc.mem_alloc() - STANDINS, heap_size() - FIRST)
if ROOT != "/":  # a drive in a folder (CircuitPython's unix port): its assets there
    for name in ("ASSETS", "TEXTS_PATH", "WINNABLE_PATH"):
        setattr(sthelena_board, name, ROOT + getattr(sthelena_board, name)[1:])
<part>
# The set-up's module, as setup() imports it, in a part of its own: the VM
# collects garbage only between parts, and loading it leaves some.
import sthelena_board_setup
del sthelena_board_setup
<part>
from sthelena_board import A, B, DOWN, HOLD, LEFT, RIGHT, SELECT, START
random.seed(1)  # the deal the app picks: the same every run
supervisor.STEP = 1
made = sthelena_board.setup(PROFILE)
app, buttons = made.app, made.buttons
del made, PROFILE  # (code.py lets the profile go once the board is set up)
<part>
print("set_up", gc.mem_alloc() - STANDINS, heap_size() - FIRST)
state = 12345
played = hints = searching = compact = 0
"""

# One move of a long game, played through the app (as its quick move does):
# a foundation play first, else a pseudo-random legal move, redeals last; when
# the game is lost, 8 undos instead. Shared with tools/bench/bench_app.py.
LONG_GAME_MOVE = """
legal = [move for move in app.game.legal_moves() if move < 400]
home = [move for move in legal if move // 20 < 12 <= move % 20]
legal = home or legal or list(app.game.legal_moves())
if legal:
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    app.play(legal[(state >> 8) % len(legal)])
    played += 1
else:
    for _ in range(8):
        app.undo()
"""


def indented(snippet, spaces):
    """``snippet``'s lines, each indented by ``spaces``."""
    return "".join(" " * spaces + line + "\n" for line in snippet.strip("\n").split("\n"))


# One part of the play: presses round the table, now and then the menu, a
# hint, or moves of the long game; the heap is read after a collection.
_PLAY_PART = """
STEP = NUMBER
if STEP % 4 == 0:
    for event in (B, SELECT, A, START, DOWN, DOWN, B):
        app.handle(event)
elif STEP % 4 == 1:  # a hint: SELECT held, its search run to the end
    app.handle(SELECT)
    app.handle(SELECT | HOLD)
    ticks = 0
    hints += app.hint is not None
    compact += app.hint is not None and app.hint.slots < 2048
    while app.hint is not None and ticks < 5000:
        app.tick(supervisor.ticks_ms())
        ticks += 1
        if ticks == 50 and app.hint is not None:  # mid-search: the game and the search
            gc.collect()
            searching = max(searching, gc.mem_alloc() - STANDINS)
    app.handle(B)
elif STEP % 4 == 2:
    for step in range(20):
        for event in (RIGHT, A | HOLD) if step % 5 else (DOWN, A | HOLD):
            app.handle(event)
else:  # moves of a long game
    for _ in range(MOVES_A_PART):
LONG_GAME_MOVE
    legal = home = None
<part>
print("play", STEP, gc.mem_alloc() - STANDINS, heap_size() - FIRST)
"""


def script(board, parts=40, moves_a_part=30, standins_dir="/lib/standins", root="/",
           firmware=False):
    """The script for ``board`` ("pybadge" or "pygamer"): ``parts`` parts of play.

    For CircuitPython's interpreter (``firmware``) each part's end is a
    ``gc.collect()``; for the MicroPython VM it ends a top-level call."""
    text = ("BOARD = %r\nSTANDINS_DIR = %r\nROOT = %r\nMOVES_A_PART = %d\n"
            % (board, standins_dir, root, moves_a_part) + PROLOGUE
            + "".join(_PLAY_PART.replace("NUMBER", str(number)).replace(
                "LONG_GAME_MOVE\n", indented(LONG_GAME_MOVE, 8)) for number in range(parts))
            + 'print("moves", played, len(app.game.move_stack()), hints)\n'
            + 'print("searching", searching, compact)\n')
    return text.replace("<part>", "gc.collect()" if firmware else PART)


def figures(output, names=("standins", "import", "set_up", "moves", "searching"),
            repeated=("play",)):
    """The printed lines of ``names`` as ``{name: [ints]}``; of ``repeated``
    (``play``: ``[step, live, grown]`` each) a list of those."""
    found = {name: [] for name in repeated}
    for line in output.splitlines():
        name, *values = line.split()
        if name in repeated:
            found[name].append([int(value) for value in values])
        elif name in names:
            found[name] = [int(value) for value in values]
    return found
