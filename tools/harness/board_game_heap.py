"""A board's game started and played as its ``code.py`` starts it, on
CircuitPython's own interpreter (the unix port, 32-bit: objects the size
they are on the board) with the board's heap fixed (``-X heapsize=``, from
its link map: tools/harness/board_heap.py): for a board whose profile names
another game than the PyGamer's (tools/harness/board_start.py plays that
one): the Wio Terminal's ``sthelena_wio`` on its 320x240 table, the
Cardputer's ``sthelena_full`` at the heap measured on its chip
(``MEASURED_HEAPS``: no firmware of it in shared/, no link map).

The drive is laid out in a folder: ``code.py``, ``assets/``, the committed
``lib/*.mpy`` (the game, its set-up, the hint's search, the profiles) and
the libraries compiled by CircuitPython's mpy-cross (as circup installs
them). The board's modules are tools/harness/standins (their share of the
heap measured first, in a run with room to spare, and given on top), but
those the profile ``lacks``: its firmware has none. The nvm holds the
record the script starts from.

The script compiles ``code.py``, finds the profile with its
``find_profile``, imports the game the profile names and sets it up
(``game.setup``), then hands the app the game's events of a script of
presses (tools/harness/board_scripts.py's words, each press refreshed as
the main loop refreshes it), then asks for a hint as SELECT held does
(``start_hint``) and runs it to its end. It prints lines (bytes are
``gc.mem_alloc()`` less the stand-ins'):
  standins LIVE
  import LIVE                    the game loaded
  set_up LIVE FREE               set up, collected
  in_play LIVE FREE MOVES        the script's events handed over, collected;
                                 MOVES the moves the game holds
  hint FULL RESULT LEAST MOST MESSAGE   as heap_play's (FULL 1: its full
                                 buffers; LEAST the least ``gc.mem_free()``
                                 and MOST the most kept, read collected
                                 every 25 slices), then the message it left
Desktop only (tests/board/test_wio_heap.py, test_cardputer_heap.py).
"""

import os
import shutil
import subprocess
import tempfile

from tools.build import board_libs, circuitpython_builds

from . import board_heap, board_start, firmware_figures, serial_play
from .emulated import nvm_holding

ROOT = firmware_figures.ROOT
DRIVE_FILES = ("code.py", "assets/sheet.bmp", "assets/sheet-large.bmp", "assets/sheet-fan.bmp",
               "assets/help.txt", "assets/winnable.bin", "lib/sthelena_hint.mpy",
               "lib/sthelena_profiles.mpy")
# The stand-ins the game's parts may import, imported before it: on a board
# they are firmware, so their code is the stand-ins' share, not the game's.
STANDIN_MODULES = ("board", "keypad", "analogio", "digitalio", "microcontroller", "supervisor",
                   "storage", "bitmaptools", "displayio", "random", "neopixel_write", "pwmio",
                   "busio", "fourwire", "vectorio")
_EVERY = 25  # slices of the search between two readings (heap_play's)
# The heaps (as -X heapsize=) of the boards whose firmware shared/ does not
# hold, so that no link map gives them: each figure's source is stated where
# it is set.
MEASURED_HEAPS = {"m5stack_cardputer": serial_play.CARDPUTER_HEAP}

SCRIPT = """
import gc, sys
sys.path.append(STANDINS_DIR)
sys.path.insert(0, ROOT + "lib")
for name in MODULES:
    __import__(name)
import board, microcontroller, supervisor
board.use(BOARD)
microcontroller.nvm = microcontroller.ByteArray(NVM_SIZE)
saved = open(ROOT + "nvm.bin", "rb").read()
for at in range(len(saved)):
    microcontroller.nvm[at] = saved[at]
del saved, at
gc.collect()
STANDINS = gc.mem_alloc()
print("standins", STANDINS)
code = {"__name__": "code"}
exec(compile(open(ROOT + "code.py").read(), "code.py", "exec"), code)
PROFILE = code["find_profile"](board)[0]  # (the other profiles let go, as on the board)
del code
game = __import__(PROFILE.game)
gc.collect()
print("import", gc.mem_alloc() - STANDINS)
for name in ("ASSETS", "TEXTS_PATH", "WINNABLE_PATH"):  # the drive is a folder here
    setattr(game, name, ROOT + getattr(game, name)[1:])
made = game.setup(PROFILE)
del PROFILE  # (code.py lets the profile go once the board is set up)
app, display = made.app, made.display
del made
gc.collect()
print("set_up", gc.mem_alloc() - STANDINS, gc.mem_free())
def press(event):  # as the main loop hands a press over
    display.auto_refresh = False
    app.handle(event)
    display.refresh()
    display.auto_refresh = True
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
for event in EVENTS:
    press(event)
gc.collect()
print("in_play", gc.mem_alloc() - STANDINS, gc.mem_free(), len(app.game.move_stack()))
def hint():  # a function: what its frame held is gone when it returns
    game.start_hint(app)  # as SELECT held on the table asks for it
    search = app.hint
    full = -1 if search is None else 1 if search.slots >= 2048 else 0
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
    print("hint", full, result, least, most, app.message)
hint()
"""


def lay_out_drive(directory, profile, record, version="10.x"):
    """The drive for ``profile``'s game in ``directory``/CIRCUITPY (its nvm
    holding ``record`` in ``nvm.bin`` beside the files), and the stand-ins
    but those it lacks in ``directory``/standins: the drive's path."""
    drive = os.path.join(directory, "CIRCUITPY")
    names = DRIVE_FILES + ("lib/%s.mpy" % profile.game, "lib/%s_setup.mpy" % profile.game)
    for name in names:
        target = os.path.join(drive, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, name), target)
    mpy_cross = circuitpython_builds.find(version + "/mpy-cross")
    for name, path in board_libs.library_files():
        target = os.path.join(drive, "lib", name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run([mpy_cross, "-o", target[:-3] + ".mpy", "-s", os.path.basename(name),
                        path], check=True, capture_output=True)
    with open(os.path.join(drive, "nvm.bin"), "wb") as out:
        out.write(nvm_holding(record))
    lacking = tuple(name + ".py" for name in profile.lacks)
    shutil.copytree(os.path.join(ROOT, "tools", "harness", "standins"),
                    os.path.join(directory, "standins"),
                    ignore=shutil.ignore_patterns("*.md", "__pycache__", *lacking))
    return drive


def script(profile, stand_in, events, drive, nvm_size=8192):
    """The script for ``profile``'s board (the stand-in board ``stand_in``)."""
    modules = tuple(name for name in STANDIN_MODULES if name not in profile.lacks)
    return ("BOARD = %r\nSTANDINS_DIR = %r\nROOT = %r\nMODULES = %r\nNVM_SIZE = %d\n"
            "EVENTS = %r\nEVERY = %d\n" % (stand_in, os.path.join(os.path.dirname(drive),
                                                                  "standins"),
                                           drive + "/", modules, nvm_size, tuple(events),
                                           _EVERY) + SCRIPT)


def figures(output):
    """The printed lines as ``{name: [values]}`` (ints, but the hint's message)."""
    found = board_start.figures(output, ("standins", "import", "set_up", "in_play"), ())
    for line in output.splitlines():
        if line.startswith("hint "):
            values = line.split(" ", 5)[1:]
            found["hint"] = [int(value) for value in values[:4]] + values[4:]
    return found


def run(drive, profile, stand_in, events, heap, version="10.x", areas=False):
    """The script on CircuitPython's interpreter with ``heap`` bytes (``areas``:
    the one whose heap is in areas, as a board's grows): ``(figures, None)``
    or ``(None, why)``."""
    path, why = firmware_figures.interpreter(areas, version)
    if path is None:
        return None, why
    proc = subprocess.run([path, "-X", "heapsize=%d" % heap, "-c",
                           script(profile, stand_in, events, drive)],
                          cwd=drive, capture_output=True, text=True, timeout=600)
    if proc.returncode:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        return None, lines[-1] if lines else "exit status %d" % proc.returncode
    return figures(proc.stdout), None


def board_run(profile, stand_in, record, events, heap, version="10.x", areas=(False,)):
    """``profile``'s game played from ``record`` with ``events`` in ``heap``
    (the board's, as -X heapsize=) plus the stand-ins' share (measured in a
    run with four times the room), on the interpreter with its heap in one
    and in areas (each of ``areas``): ``(standins, [(figures or None, why)])``."""
    with tempfile.TemporaryDirectory() as directory:
        drive = lay_out_drive(directory, profile, record, version)
        roomy, why = run(drive, profile, stand_in, events, 4 * heap, version)
        if roomy is None:
            raise RuntimeError("CircuitPython's interpreter failed: %s" % why)
        allowance = roomy["standins"][0]
        return allowance, [run(drive, profile, stand_in, events, heap + allowance, version,
                               in_areas) for in_areas in areas]


def game_heapsize(board):
    """The heap the game gets on ``board`` (its id), as -X heapsize=: read
    from its firmware's link map (board_heap.HEAPS), or the figure measured
    on its chip (``MEASURED_HEAPS``)."""
    if board in board_heap.HEAPS:
        return board_heap.HEAPS[board].vm_heapsize
    return MEASURED_HEAPS[board]
