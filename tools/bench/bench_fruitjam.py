"""The game's heap on the Fruit Jam (part of ``make bench-app``), beside its
goals.

Runs the app folder as the Fruit Jam does: ``sthelena_fruitjam.mpy`` (the
one-file build, compiled by CircuitPython's mpy-cross: tools/build/fruitjam_app.py)
loaded with the libraries it imports as ``.py`` (compiled at import), then
``FruitJam()`` on the stand-ins (tools/harness/standins: the launcher's 720x400
display, a USB mouse plugged in; the fanned table), then moves played by mouse clicks alone,
through the edge's main loop; then a hint with the Fruit Jam's larger budget,
whose heap is read while it searches. Figures are differences of
``gc.mem_alloc()`` after a collection, the stand-ins already imported (on the
board they are firmware).

Twice: under the MicroPython VM (the ``.mpy`` with its first byte changed:
tools/build/board_mpy.py), and, where ``make firmware-vm`` has built it, on
CircuitPython's own interpreter (10.x, unix port, 32-bit) with the folder as
``make fruitjam`` builds it, where the least heap the game starts and plays
in is bisected too.

Goals: the whole game in play within a quarter of the RP2350's 520 KB of
SRAM (130 KB: what the handheld's whole heap is), the hint's search beside
it in the 8 MB of PSRAM the firmware adds to the heap; the whole play with
the full search within its tests' heap (320 KiB, docs/board.md).
"""

import os
import shutil
import subprocess
import tempfile

from .report import at_most, kb, parse_figures, vm_figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IN_PLAY_TARGET = 130 * 1024
TEST_HEAP = 320 * 1024  # tests/board/test_fruitjam_firmware.py's
MOVES = 150  # moves played by clicks before the heap in play is read
ROOMY_HEAP = 4 * 1024 * 1024  # CircuitPython's interpreter: no collection while importing

# A click on a place by the stand-in mouse, for VM scripts (tests/edges/test_fruitjam.py
# too; they name ``device``, ``place_x`` and ``place_y``): the pointer moved there in
# the small steps a mouse reports, the button pressed and let go. The place's top
# card is where the fanned table shows it (FanScreen), or on the scaled table.
CLICK = """
def move_to(jam, mouse, x, y):
    while (jam.mouse.x, jam.mouse.y) != (x, y):
        mouse.report([0, max(-100, min(100, x - jam.mouse.x)),
                      max(-100, min(100, y - jam.mouse.y)), 0])
        device.run(jam, 1)

def point_of(jam, place):
    if hasattr(jam.screen, "place_point"):
        return jam.screen.place_point(place)
    return jam.screen.from_table(place_x(place) + 12, place_y(place) + 12)

def click(jam, mouse, place, button=1):
    x, y = point_of(jam, place)
    move_to(jam, mouse, x, y)
    mouse.report([button, 0, 0, 0])
    mouse.report([0, 0, 0, 0])
    device.run(jam, 3)
"""

# Where the MicroPython VM's files are (its root: the folder, the working
# directory) and what the board's firmware would have set up.
VM_PRELUDE = """
import gc, os, sys, micropython
micropython.opt_level(3)
sys.path.append("/lib/standins")
os.mkdir("/saves")
SAVES = "/saves/sthelena"
"""

# On CircuitPython's interpreter: run from the folder, the stand-ins before it
# (its mouse library needs a real USB host).
FIRMWARE_PRELUDE = """
import gc, os, sys
sys.path.insert(0, STANDINS)
SAVES = SAVES_PATH
"""

# The handheld benchmark's long game, MOVES moves made by clicks (``click``:
# CLICK's), ``jam`` and ``mouse`` set up; ``MOVED`` a line run after each move.
CLICKED_GAME = """
clicks = 0
game = jam.app.game
state = 12345
for _ in range(MOVES):
    if jam.app.screen != 0:  # the stuck screen: B, back to the table
        jam.app.handle(device.B)
    legal = [move for move in game.legal_moves() if move < 400]
    home = [move for move in legal if move // 20 < 12 <= move % 20]
    legal = home or legal
    if legal:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        move = legal[(state >> 8) % len(legal)]
        click(jam, mouse, move // 20)
        click(jam, mouse, move % 20)
        clicks += 2
        MOVED
    elif game.redeals_left():
        jam.app.redeal()
    else:
        for _ in range(8):
            jam.app.undo()
legal = home = None
"""

SCRIPT = """
import board, digitalio, keypad, supervisor, audiocore, bitmaptools, displayio, random, vectorio
import usb.core, adafruit_usb_host_mouse, adafruit_fruitjam.peripherals
board.use("fruit_jam")
# --- top level ---
base = gc.mem_alloc()
print("standins", base)
import sthelena_fruitjam as device
from sthelena_fruitjam import place_x, place_y
print("import_peak", gc.mem_alloc() - base)
print("from_mpy", int(device.__file__.endswith(".mpy")))
# --- top level ---
imported = gc.mem_alloc()
print("import", imported - base)
random.seed(2026)  # the deal the app picks: the same every run
jam = device.FruitJam(device.SavesStore(SAVES))
mouse = usb.core.plug("mouse")
device.run(jam, 2)
# --- started ---
# --- top level ---
set_up = gc.mem_alloc()
CLICK_FUNCTIONS
CLICKED_GAME
# --- top level ---
print("played", len(game.history), clicks)
if jam.app.screen != 0:
    jam.app.handle(device.B)
print("set_up", set_up - imported)
print("in_play", gc.mem_alloc() - base)
jam.app.handle(device.SELECT)
jam.app.handle(device.SELECT | device.HOLD)  # a hint: its buffers made
# --- top level ---
print("searching", gc.mem_alloc() - base, jam.app.hint.slots if jam.app.hint else 0)
while jam.app.hint is not None:
    jam.app.tick(0)
# --- top level ---
print("after", gc.mem_alloc() - base)
jam.app.flush()
print("saved", int(device.SavesStore(SAVES).load() is not None))
"""


def script(prelude):
    """The benchmark's script after ``prelude``, as the MicroPython VM runs
    it (each ``# --- top level ---`` a collection there)."""
    return prelude + SCRIPT.replace("CLICK_FUNCTIONS\n", CLICK).replace(
        "CLICKED_GAME\n", CLICKED_GAME.replace("MOVED", "pass")).replace("MOVES", str(MOVES))


def vm_mpy_file(directory):
    """The committed ``lib/sthelena_fruitjam.mpy`` as the MicroPython VM loads
    it, written into ``directory`` with the hint's ``sthelena_hint.mpy``: the
    game's path (BundleError if it is stale)."""
    from tools.build import board_mpy, fruitjam_app
    from tools.build.drive_image import board_mpy_path

    fruitjam_app.check_mpy()
    for name in (fruitjam_app.HINT_NAME, fruitjam_app.BUNDLE_NAME):  # (the hint's search beside it)
        path = os.path.join(directory, name + ".mpy")
        with open(board_mpy_path(name=name), "rb") as file:
            data = board_mpy.for_micropython(file.read())
        with open(path, "wb") as file:
            file.write(data)
    return path


def fruit_jam_figures():
    """The script's figures under the MicroPython VM, the app folder's game
    as its ``.mpy``."""
    from tools.build import fruitjam_app

    with tempfile.TemporaryDirectory() as directory:
        game = vm_mpy_file(directory)
        args = ["--file", "sthelena_fruitjam.mpy=" + game, "--file", "sthelena_hint.mpy="
                + os.path.join(directory, fruitjam_app.HINT_NAME + ".mpy"),
                "--pkg", os.path.join(ROOT, "tools", "harness", "standins")]
        for name in fruitjam_app.ASSETS:
            args += ["--file", "assets/%s=%s" % (name, os.path.join(ROOT, "assets", name))]
        return vm_figures(args, script(VM_PRELUDE))


def lay_out_app(directory, source=False, mpy_libraries=False):
    """The app folder as ``make fruitjam`` builds it, in ``directory``, with
    the stand-ins beside it and a folder for the saves; the folder's path.
    ``source``: the folder of before, the game as ``.py`` (compiled at start);
    ``mpy_libraries``: the libraries compiled too (``--mpy-libraries``)."""
    from tools.build import fruitjam_app

    folder = fruitjam_app.build_app(
        directory, mpy_cross=fruitjam_app.MPY_CROSS if mpy_libraries else None)
    if source:
        os.remove(os.path.join(folder, fruitjam_app.BUNDLE_NAME + ".mpy"))
        with open(os.path.join(folder, fruitjam_app.BUNDLE_NAME + ".py"), "w",
                  encoding="utf-8", newline="\n") as file:
            file.write(fruitjam_app.bundle_source())
    shutil.copytree(os.path.join(ROOT, "tools", "harness", "standins"),
                    os.path.join(directory, "standins"),
                    ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    os.makedirs(os.path.join(directory, "saves"), exist_ok=True)
    return folder


def run_in_folder(folder, text, heap):
    """``text`` run on CircuitPython's interpreter from the app ``folder``
    (laid out by lay_out_app: ``STANDINS`` and ``SAVES_PATH`` name the stand-ins
    and a fresh save) in a fixed heap of ``heap`` bytes: the finished process."""
    from tools.harness import firmware_figures

    path, why = firmware_figures.interpreter()
    if path is None:
        raise RuntimeError(why)
    directory = os.path.dirname(folder)
    saves = os.path.join(directory, "saves")
    shutil.rmtree(saves)
    os.makedirs(saves)  # each run from a new deal, none saved
    text = text.replace("STANDINS", repr(os.path.join(directory, "standins"))).replace(
        "SAVES_PATH", repr(os.path.join(saves, "sthelena")))
    return subprocess.run([path, "-X", "heapsize=%d" % heap, "-c", text], cwd=folder,
                          capture_output=True, text=True, timeout=600)


def firmware_script(started_only=False):
    """The script for CircuitPython's interpreter: it collects when it must,
    so each part ends with a collection before its figure is read.
    ``started_only``: only as far as the game's first frame on the screen."""
    text = script(FIRMWARE_PRELUDE)
    if started_only:
        text = text.split("# --- started ---")[0]
    return text.replace("# --- top level ---", "gc.collect()")


def circuitpython_figures():
    """On CircuitPython's interpreter: the script's figures in a roomy heap;
    and the least heaps (bytes, to 1 KiB, the stand-ins' included) in which
    the game starts (``least_to_start``: loaded, set up, its first frame), in
    which the whole script runs (``least_to_play``: the hint's search compact
    where its full one has no room) and in which it runs with the full search
    (``least_full_hint``); ``{"error": why}`` if it fails."""
    from tools.harness.firmware_figures import bisect_heap

    text = firmware_script()
    with tempfile.TemporaryDirectory() as directory:
        folder = lay_out_app(directory)
        proc = run_in_folder(folder, text, ROOMY_HEAP)
        if proc.returncode:
            lines = (proc.stderr or proc.stdout).strip().splitlines()
            return {"error": lines[-1] if lines else "exit status %d" % proc.returncode}
        found = parse_figures(proc.stdout)
        slots = found["searching"][1]  # the full search's, in a roomy heap
        for name, part, works in (
                ("least_to_start", firmware_script(started_only=True),
                 lambda proc: proc.returncode == 0),
                ("least_to_play", text, lambda proc: proc.returncode == 0),
                ("least_full_hint", text, lambda proc: searched_with(proc, slots))):
            found[name] = bisect_heap(lambda heap: works(run_in_folder(folder, part, heap)),
                                      32 * 1024, 1024 * 1024)
        return found


def searched_with(proc, slots):
    """Whether the script ran to its end with the hint's table of ``slots``
    (where the heap is short the app falls back to a compact search, or none)."""
    return proc.returncode == 0 and parse_figures(proc.stdout)["searching"][1] == slots


def print_vm_figures():
    figures = fruit_jam_figures()
    moves, clicks = figures["played"]
    print("fruit jam (MicroPython VM, the app folder's sthelena_fruitjam.mpy loaded, its libraries"
          " compiled at import, stand-ins for its modules):")
    print("  allocated while importing it and its libraries, garbage included: %8s"
          % kb(figures["import_peak"][0]))
    print("  heap of the set-up (the sheets, the fanned table and the scaled screens, edge,"
          " mouse): %8s"
          % kb(figures["set_up"][0]))
    at_most("  heap of the whole game in play (%d clicks; %d moves kept)" % (clicks, moves),
            figures["in_play"][0], IN_PLAY_TARGET, "KB")
    print("  with a hint searching (30,000 positions, 16,384 slots): %8s; after it: %s"
          % (kb(figures["searching"][0]), kb(figures["after"][0])))


def print_firmware_figures():
    from tools.harness import firmware_figures

    version, why = firmware_figures.interpreter_version()
    if version is None:
        print("fruit jam on CircuitPython's interpreter: not measured (%s)" % why)
        return
    print("fruit jam on CircuitPython's own interpreter (%s, unix port, 32-bit): the app folder as"
          " make fruitjam builds it, the same script in %s of heap, then the least heaps"
          " bisected by 1 KiB (the stand-ins' included):" % (version, kb(ROOMY_HEAP)))
    found = circuitpython_figures()
    if "error" in found:
        print("  FAILED: %s" % found["error"])
        return
    print("  kept after the import: %s; set-up: %s; with a hint searching: %s; after it: %s"
          % (kb(found["import"][0]), kb(found["set_up"][0]), kb(found["searching"][0]),
             kb(found["after"][0])))
    print("  the whole game in play (%d clicks, %d moves kept): %s (the goal's figure: the VM's)"
          % (found["played"][1], found["played"][0], kb(found["in_play"][0])))
    print("  least heap to start (first frame): %s; to play it all (the hint compact where the "
          "full one has no room): %s; of these, the stand-ins': %s" % (
              kb(found["least_to_start"] or 2 ** 20), kb(found["least_to_play"] or 2 ** 20),
              kb(found["standins"][0])))
    at_most("  least heap to play it all with the hint's full search",
            found["least_full_hint"] or 2 ** 30, TEST_HEAP, "KB")


def print_figures():
    print_vm_figures()
    print_firmware_figures()
