"""A game of taps (tools/harness/touch_scripts.py) played on CircuitPython's
own interpreter at a PyPortal's heap, desktop only: the drive as the board
has it (``code.py``, ``assets/``, the committed ``lib/sthelena_touch.mpy`` and
its set-up, the libraries compiled by CircuitPython's mpy-cross as circup
installs them), started as ``code.py`` starts it (the profile found by the
board's id in ``lib/sthelena_profiles.mpy``, ``sthelena_touch.setup``), the
record of the script's deal in the nvm, each word's panel readings given to
the stand-in ``adafruit_touchscreen`` and played by the board's main loop
(``sthelena_touch.play_board``), every hint run to its end.

The board's modules are the stand-ins (tools/harness/standins), first on
the path, given their own heap on top of the board's (measured in a first
run with room to spare), as tools/harness/firmware_figures.py does for the
PyGamer. It prints lines ``name value...``:

  standins LIVE           what the stand-ins and the script keep
  set_up LIVE FREE        after the set-up, collected: kept, and free
  play MOST LEAST_FREE    the most kept after a word, and the least free then
  searching MOST LEAST COMPACT  the most kept, and the least free, with a
                          hint's search running (50 slices in, collected), and
                          how many hints had room only for the compact search
  moves MOVES SCREEN      moves the game holds at the end, the screen shown
Figures are bytes of ``gc.mem_alloc()`` less the stand-ins', and of ``gc.mem_free()``.
"""

import os
import shutil
import subprocess
import tempfile

from . import board_heap, firmware_figures, touch_scripts

ROOT = firmware_figures.ROOT
DRIVE_FILES = ("code.py", "assets/sheet.bmp", "assets/sheet-large.bmp", "assets/sheet-fan.bmp",
               "assets/help.txt", "assets/winnable.bin", "lib/sthelena_touch.mpy",
               "lib/sthelena_touch_setup.mpy", "lib/sthelena_hint.mpy",
               "lib/sthelena_profiles.mpy")

SCRIPT = """
import gc, sys
sys.path.insert(0, STANDINS_DIR)  # (first: the stand-in adafruit_touchscreen, not lib/'s)
sys.path.insert(1, ROOT + "lib")
import board, keypad, analogio, digitalio, microcontroller, supervisor, storage
import audioio, audiocore, bitmaptools, displayio, vectorio, neopixel_write
import adafruit_touchscreen
board.use(BOARD)
gc.collect()
STANDINS = gc.mem_alloc()
print("standins", STANDINS)
code = {"__name__": "code"}
exec(compile(open(ROOT + "code.py").read(), "code.py", "exec"), code)
PROFILE = code["find_profile"](board)[0]
del code
import sthelena_touch
for name in ("ASSETS", "TEXTS_PATH", "WINNABLE_PATH"):  # the drive is a folder here
    setattr(sthelena_touch, name, ROOT + getattr(sthelena_touch, name)[1:])
microcontroller.nvm[0:len(RECORD)] = RECORD
del RECORD
supervisor.STEP = 20  # ms a pass of the loop: the panel is read at every pass
made = sthelena_touch.setup(PROFILE)
del PROFILE
app = made.app
gc.collect()
print("set_up", gc.mem_alloc() - STANDINS, gc.mem_free())
most = searching = compact = 0
least = least_searching = 1 << 30
for points in READINGS:
    adafruit_touchscreen.script(points)
    sthelena_touch.play_board(made, len(points) + 1)
    slices = 0
    while app.hint is not None:
        sthelena_touch.play_board(made, 50)
        slices += 50
        if slices == 50 and app.hint is not None:
            compact += app.hint.slots < 2048  # (the search the hint falls back to, short of room)
            gc.collect()
            searching = max(searching, gc.mem_alloc() - STANDINS)
            least_searching = min(least_searching, gc.mem_free())
    gc.collect()
    most = max(most, gc.mem_alloc() - STANDINS)
    least = min(least, gc.mem_free())
print("play", most, least)
print("searching", searching, least_searching, compact)
print("moves", len(app.game.move_stack()), app.screen)
"""


def lay_out_drive(directory):
    """The drive in ``directory``/CIRCUITPY and the stand-ins beside it: its path."""
    drive = os.path.join(directory, "CIRCUITPY")
    for name in DRIVE_FILES:
        target = os.path.join(drive, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, name), target)
    firmware_figures.assemble_drive(drive, "mpy", "10.x")  # (and the libraries, compiled)
    shutil.copytree(os.path.join(ROOT, "tools", "harness", "standins"),
                    os.path.join(directory, "standins"),
                    ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    return drive


def script_text(board, script, drive):
    """SCRIPT for the stand-in ``board`` playing ``script`` (a touch_scripts.Script)."""
    return ("BOARD = %r\nSTANDINS_DIR = %r\nROOT = %r\nRECORD = %r\nREADINGS = %r\n"
            % (board, os.path.join(os.path.dirname(drive), "standins"), drive + "/",
               touch_scripts.nvm_frame(script.record),
               [touch_scripts.readings(word) for word in script.words]) + SCRIPT)


def figures(output):
    """SCRIPT's lines as ``{name: [ints...]}`` (``moves``: its count and screen)."""
    found = {}
    for line in output.splitlines():
        name, *values = line.split()
        if name in ("standins", "set_up", "play", "searching", "moves"):
            found[name] = [int(value) for value in values]
    return found


def run(board, script, heap=None):
    """``script`` played on the stand-in ``board`` ("pyportal" or
    "pyportal_titano") on CircuitPython's 10.x interpreter with that board's
    heap (board_heap.HEAPS; ``heap``: -X heapsize=, by default the board's and
    the stand-ins' on top): ``(figures, None)``, or ``(None, why)`` if it
    failed or the interpreter is missing."""
    path, why = firmware_figures.interpreter()
    if path is None:
        return None, why
    with tempfile.TemporaryDirectory() as directory:
        drive = lay_out_drive(directory)
        text = script_text(board, script, drive)

        def played(size):
            proc = subprocess.run([path, "-X", "heapsize=%d" % size, "-c", text], cwd=drive,
                                  capture_output=True, text=True, timeout=600)
            if proc.returncode:
                lines = (proc.stderr or proc.stdout).strip().splitlines()
                return None, lines[-1] if lines else "exit status %d" % proc.returncode
            return figures(proc.stdout), None

        if heap is None:
            roomy, why = played(4 * board_heap.HEAPS[board].vm_heapsize)
            if roomy is None:
                return None, why
            heap = board_heap.HEAPS[board].vm_heapsize + roomy["standins"][0]
        found, why = played(heap)
        if found is not None:
            found["heap"] = [heap]
        return found, why
