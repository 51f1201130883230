"""The game's heap on the Fruit Jam, measured under the MicroPython VM (part
of ``make bench-app``); prints figures, passes or fails nothing.

Runs the app folder as the Fruit Jam does: ``sthelena_fruitjam.py`` (the
one-file build, tools/board/fruitjam_app.py) compiled at import with the
libraries it imports as ``.py``, then ``FruitJam()`` on the stand-ins
(tools/standins: the launcher's 720x400 display, a USB mouse plugged in; the
fanned table's sheet given),
then moves played by mouse clicks alone, through the edge's main loop; then
a hint with the Fruit Jam's larger budget, whose heap is read while it
searches. Figures are differences of ``gc.mem_alloc()`` after a collection.

Target: the whole game in play within a quarter of the RP2350's 520 KB of
SRAM (130 KB: what the handheld's whole heap is), the hint's search beside
it in the 8 MB of PSRAM the firmware adds to the heap.
"""

import os
import sys
import tempfile

sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), part)
                for part in ("board", "bench", "assets")]  # the tools' folders
from vm_figures import vm_figures  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IN_PLAY_TARGET = 130 * 1024
MOVES = 150  # moves played by clicks before the heap in play is read
FAN_SHEET = "sheet-fruitjam.bmp"  # the fanned table's cards (the edge plays without it too)

# A click on a place by the stand-in mouse, for VM scripts (tests/test_fruitjam.py
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

SCRIPT = """
import gc, os, sys, micropython
micropython.opt_level(3)
sys.path.append("/lib/standins")
os.mkdir("/saves")
import board, digitalio, keypad, supervisor, audiocore, bitmaptools, displayio, random, vectorio
import usb.core, adafruit_usb_host_mouse, adafruit_fruitjam.peripherals
board.use("fruit_jam")
# --- top level ---
base = gc.mem_alloc()
import sthelena_fruitjam as device
from sthelena_fruitjam import place_x, place_y
print("import_peak", gc.mem_alloc() - base)
# --- top level ---
imported = gc.mem_alloc()
random.seed(2026)  # the deal the app picks: the same every run
jam = device.FruitJam()
mouse = usb.core.plug("mouse")
device.run(jam, 2)
# --- top level ---
set_up = gc.mem_alloc()
clicks = 0
CLICK_FUNCTIONS

game = jam.app.game
state = 12345  # the handheld benchmark's long game, its moves made by clicks
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
    elif game.redeals_left():
        jam.app.redeal()
    else:
        for _ in range(8):
            jam.app.undo()
legal = home = None
# --- top level ---
print("played", len(game.history), clicks)
if jam.app.screen != 0:
    jam.app.handle(device.B)
print("set_up", set_up - imported)
print("in_play", gc.mem_alloc() - base)
jam.app.handle(device.SELECT)
jam.app.handle(device.SELECT | device.HOLD)  # a hint: its buffers made
# --- top level ---
print("searching", gc.mem_alloc() - base, int(jam.app.hint is not None))
while jam.app.hint is not None:
    jam.app.tick(0)
# --- top level ---
print("after", gc.mem_alloc() - base)
"""


def fruit_jam_figures():
    """The script's figures, with the app folder's one-file build in the VM."""
    import fruitjam_app

    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "sthelena_fruitjam.py")
        with open(path, "w", encoding="utf-8") as file:
            file.write(fruitjam_app.bundle_source())
        args = ["--file", "sthelena_fruitjam.py=" + path,
                "--pkg", os.path.join(ROOT, "tools", "standins")]
        for name in set(fruitjam_app.ASSETS) | {FAN_SHEET}:
            args += ["--file", "assets/%s=%s" % (name, os.path.join(ROOT, "assets", name))]
        return vm_figures(args, SCRIPT.replace("MOVES", str(MOVES)).replace(
            "CLICK_FUNCTIONS\n", CLICK))


def print_figures():
    figures = fruit_jam_figures()
    kb = lambda count: "%.1f KB" % (count / 1024)  # noqa: E731
    moves, clicks = figures["played"]
    print("fruit jam (MicroPython VM, the app folder's sthelena_fruitjam.py compiled at import,"
          " stand-ins for its modules):")
    print("  allocated while importing it and its libraries, garbage included: %8s"
          % kb(figures["import_peak"][0]))
    print("  heap of the set-up (the sheets, the fanned table and the scaled screens, edge,"
          " mouse): %8s"
          % kb(figures["set_up"][0]))
    print("  heap of the whole game in play (%d clicks; %d moves kept): %8s   target <= %s%s"
          % (clicks, moves, kb(figures["in_play"][0]), kb(IN_PLAY_TARGET),
             "" if figures["in_play"][0] <= IN_PLAY_TARGET else "  NOT MET"))
    print("  with a hint searching (30,000 positions, 16,384 slots): %8s; after it: %s"
          % (kb(figures["searching"][0]), kb(figures["after"][0])))


if __name__ == "__main__":
    print_figures()
