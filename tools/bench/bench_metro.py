"""The game's heap on a Metro RP2350 without PSRAM (part of ``make
bench-app``), beside its goal; desktop only.

CIRCUITPY as the release lays it out for the Metro
(tools/build/fruitjam_app.build_drive: ``code.py``, the Fruit Jam's game in
``lib/``), run on CircuitPython's own interpreter (10.x, unix port) as the
board starts it: ``code.py`` finds the Metro's profile on the stand-ins
(tools/harness/standins: ``board.use("metro_rp2350")``, the firmware's
640x480 screen there at start, a USB mouse plugged in, the nvm's sector),
and the Fruit Jam's edge, seeing no PSRAM, sets picodvi up at 320x240. The
heap is the one tools/harness/rp2350_heap.py models beside that
framebuffer, the stand-ins' share on top (on the board they are firmware).
Then the Fruit Jam benchmark's long game by clicks (bench_fruitjam.py),
the heap kept read after a collection at each move, and the full hint,
the free heap read at each of its slices (garbage not collected: the
least the search leaves). Goal: the full search, with at least 8 KB free
(the lean goals' figure, heap_play.FREE_GOAL). tests/edges/test_metro_rp2350.py
runs the same set-up.
"""

import os
import subprocess
import tempfile

from tools.harness import heap_play, rp2350_heap

from .bench_fruitjam import CLICK, CLICKED_GAME, MOVES, TEST_HEAP
from .report import goal, kb, parse_figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# code.py on CircuitPython's interpreter from the drive (its working directory),
# the stand-ins before it, as the board starts it (tests/edges/test_metro_rp2350.py too);
# ``namespace["find_profile"]`` then finds the board's profile as code.py does.
PRELUDE = """
import sys
sys.path.insert(0, STANDINS)
sys.path.insert(1, "lib")  # (the drive's lib/, as on the board)
import board, supervisor, usb.core, random, gc, microcontroller
board.use("metro_rp2350")
microcontroller.nvm = microcontroller.ByteArray(4096)  # the RP2350's: a sector, as the RP2040's
namespace = {"__name__": "code"}
exec(open("code.py").read(), namespace)
"""

IN_PLAY = PRELUDE + """
gc.collect()
base = gc.mem_alloc()  # the stand-ins' (and code.py's) share
profile, line = namespace["find_profile"](board)
import sthelena_fruitjam as device
from sthelena_fruitjam import place_x, place_y
random.seed(2026)
jam = device.FruitJam(device.board_store(profile), dvi=profile.screen)
mouse = usb.core.plug("mouse")
device.run(jam, 2)
most = 0
""" + CLICK + CLICKED_GAME.replace("MOVES", str(MOVES)).replace(
    "MOVED", "gc.collect()\n        most = max(most, gc.mem_alloc() - base)") + """
print("in_play", most, len(game.move_stack()), jam.screen.width, jam.screen.height)
if jam.app.screen != 0:
    jam.app.handle(device.B)
jam.app.handle(device.SELECT)
jam.app.handle(device.SELECT | device.HOLD)  # the full hint, mid-game
slots = jam.app.hint.slots if jam.app.hint else 0
least = gc.mem_free()
while jam.app.hint is not None:
    jam.app.tick(0)
    least = min(least, gc.mem_free())
print("hint", slots, least)
"""


def lay_out(directory):
    """The release's 10.x drive for the Metro in ``directory``/CIRCUITPY, and
    the stand-ins beside it: the drive's path."""
    from tools.build import circuitpython_builds, fruitjam_app

    drive = os.path.join(directory, "CIRCUITPY")
    fruitjam_app.build_drive(drive, mpy_cross=circuitpython_builds.find("10.x/mpy-cross"))
    os.symlink(os.path.join(ROOT, "tools", "harness", "standins"),
               os.path.join(directory, "standins"))
    return drive


def run(drive, text, heap, typed=""):
    """``text`` on CircuitPython's interpreter from ``drive`` (lay_out's), in
    ``heap`` bytes, ``typed`` on its serial input: the finished process."""
    from tools.harness import firmware_figures

    path, why = firmware_figures.interpreter()
    if path is None:
        raise RuntimeError(why)
    text = text.replace("STANDINS", repr(os.path.join(os.path.dirname(drive), "standins")))
    return subprocess.run([path, "-X", "heapsize=%d" % heap, "-c", text], cwd=drive,
                          input=typed, capture_output=True, text=True, timeout=600)


def standins_share(drive):
    """What the stand-ins (and code.py) keep on the heap before the game: the
    board's own heap is rp2350_heap's plus this."""
    proc = run(drive, PRELUDE + "gc.collect()\nprint(gc.mem_alloc())\n", TEST_HEAP)
    if proc.returncode:
        raise RuntimeError((proc.stderr or proc.stdout).strip().splitlines()[-1])
    return int(proc.stdout.split()[-1])


def print_figures():
    from sthelena.app.hint.on_table import LARGE_HINT_SLOTS
    from tools.build import circuitpython_builds
    from tools.harness import firmware_figures

    version, why = firmware_figures.interpreter_version()
    why = why or circuitpython_builds.missing("10.x/mpy-cross")
    if version is None or why:
        print("the Metro RP2350 without PSRAM: not measured (%s)" % why)
        return
    with tempfile.TemporaryDirectory() as directory:
        drive = lay_out(directory)
        share = standins_share(drive)
        proc = run(drive, IN_PLAY, rp2350_heap.METRO_SMALL_HEAP + share)
    print("the Metro RP2350 without PSRAM on CircuitPython's interpreter (%s, unix port): the "
          "drive's code.py, the 320x240 table, in the heap beside picodvi's 320x240 framebuffer "
          "(tools/harness/rp2350_heap.py: %s as -X heapsize=; the stand-ins' %s on top), %d "
          "moves by clicks, then the full hint:" % (
              version, kb(rp2350_heap.METRO_SMALL_HEAP), kb(share), MOVES))
    what = "  metro-rp2350, the hint mid-game"
    if proc.returncode:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        goal(what, "FAILED: %s" % (lines[-1] if lines else proc.returncode), "runs", False)
        return
    found = parse_figures(proc.stdout)
    most, kept, width, height = found["in_play"]
    slots, least = found["hint"]
    print("  metro-rp2350 (%dx%d), in play, the most kept: %s (%d moves kept at the end)"
          % (width, height, kb(most), kept))
    goal(what, "%s search (%d slots), the least free while it ran %s" % (
        "the full" if slots == LARGE_HINT_SLOTS else "NOT the full", slots, kb(least)),
         "full, >= %s" % kb(heap_play.FREE_GOAL),
         slots == LARGE_HINT_SLOTS and least >= heap_play.FREE_GOAL)
