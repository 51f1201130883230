"""The Metro RP2350's frames, drawn as the desktop draws them
(tests/edges/test_metro_rp2350.py), desktop only.

``board_frames`` plays the Fruit Jam's edge as a Metro RP2350 sets it up
(sthelena/fruitjam/device.py with the Metro's profile): on the stand-ins of
the board's modules (tools/harness/standins: ``board.use("metro_rp2350")``,
the screen picodvi left, ``usb.core``'s mouse fed reports, the keyboard on
the serial input, the save in the nvm's flash sector) with ``gc.mem_free()``
saying whether the board has PSRAM; where it has not, the game sets picodvi
up at 320x240 itself. Each frame is drawn by Blinka's displayio through the
desktop's own display (sthelena/desktop/display.py), which shows whatever
group the game puts on picodvi's display: in a CPython process of its own,
as Blinka holds one display a process (the tests' is made once, and stays).
The mouse's pointer, the library's, is left undrawn: the desktop has the
window's. What was played is printed as the desktop's ``--keys`` words, for
``firmware_helpers.desktop_frames`` to play the same on ``--board NAME``.
"""

import json
import os
import subprocess
import sys

from tests.helpers.mpvm import REPO_ROOT
from tools.bench.bench_fruitjam import CLICK
from tools.harness.emulated import nvm_holding

NVM_SIZE = 4096  # the RP2350's nvm: a flash sector, as the RP2040's

BOARD_PLAY = """
import gc, json, sys
from sthelena.desktop.display import Display, quiet_import

STANDINS, NVM, OUT, FREE = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
# Blinka's modules first, as the desktop draws with them (the stand-ins' draw nothing);
# then the stand-ins of the board's own, Blinka's of those let go (its busdisplay, the
# desktop's display's, only while the stand-in board takes the stand-in's).
quiet_import()
import bitmaptools, busdisplay, displayio, vectorio  # noqa: F401
for name in ("board", "busdisplay", "digitalio", "microcontroller", "usb", "usb.core",
             "adafruit_usb_host_mouse"):
    sys.modules.pop(name, None)
sys.modules["relic_usb_host_gamepad"] = None  # no gamepad's library: none plugged in either
sys.path.insert(0, STANDINS)
import board, framebufferio, microcontroller, supervisor, usb.core
sys.modules["busdisplay"] = busdisplay


class DrawnDisplay(framebufferio.FramebufferDisplay):
    # picodvi's display, the group the game shows on it drawn by the desktop's display
    # (one a process: made for the one the game shows a group on)
    drawn = None

    @property
    def root_group(self):
        return self.__dict__.get("_group")

    @root_group.setter
    def root_group(self, group):
        self._group = group
        if group is not None:
            if DrawnDisplay.drawn is None:
                DrawnDisplay.drawn = Display(scale=1, window=False, size=(self.width, self.height))
            DrawnDisplay.drawn.root_group = group


framebufferio.FramebufferDisplay = DrawnDisplay
board.use("metro_rp2350")  # the screen picodvi set up at start (a monitor found)
gc.mem_free = lambda: FREE  # (CircuitPython's: above the SRAM only with PSRAM)
saved = open(NVM, "rb").read()
microcontroller.nvm = microcontroller.ByteArray(%(nvm_size)d)
for at in range(len(saved)):
    microcontroller.nvm[at] = saved[at]
from sthelena.boards.metro_rp2350 import PROFILE
from sthelena.fruitjam import device
""" + CLICK + """
jam = device.FruitJam(device.board_store(PROFILE), dvi=PROFILE.screen)
app, game, runtime = jam.app, jam.app.game, supervisor.runtime
mouse = usb.core.plug("mouse")
device.run(jam, 2)
jam.mouse.mouse.tilegrid.hidden = True  # the library's pointer: the desktop's is the window's
words = []


def shot(word):
    while app.hint is not None:  # (a hint runs to its end, as the desktop's)
        app.tick(supervisor.ticks_ms())
    if word:
        words.append(word)
    DrawnDisplay.drawn.refresh()
    DrawnDisplay.drawn.save_png("%%s/%%03d.png" %% (OUT, len(words)))


def click_at(x, y, button=1):
    move_to(jam, mouse, x, y)
    mouse.report([button, 0, 0, 0])
    mouse.report([0, 0, 0, 0])
    device.run(jam, 3)
    shot("%%s@%%d,%%d" %% ("CLICK" if button == 1 else "RIGHT_CLICK", x, y))


def drag(x, y, to_x, to_y):
    move_to(jam, mouse, x, y)
    mouse.report([1, 0, 0, 0])  # the button down on the card...
    device.run(jam, 2)
    while (jam.mouse.x, jam.mouse.y) != (to_x, to_y):  # ...held while it moves
        mouse.report([1, max(-9, min(9, to_x - jam.mouse.x)),
                      max(-9, min(9, to_y - jam.mouse.y)), 0])
        device.run(jam, 1)
    mouse.report([0, 0, 0, 0])
    device.run(jam, 3)
    shot("DRAG@%%d,%%d:%%d,%%d" %% (x, y, to_x, to_y))


def typed(count, word):  # a key on the serial input (this process's stdin)
    runtime.serial_bytes_available = count
    device.run(jam, 1)
    runtime.serial_bytes_available = 0
    device.run(jam, 2)
    shot(word)


shot(None)
move = [m for m in game.legal_moves() if m < 240][0]
source, target = point_of(jam, move // 20), point_of(jam, move %% 20)
click_at(*source)  # lifted...
click_at(*target)  # ...and put down
click_at(*(target + (2,)))  # the right button: undone
drag(*(source + target))  # played again, dragged
for count, word in ((1, "START"), (3, "UP"), (1, "B")):  # the menu, its last item, closed
    typed(count, word)
print(type(jam.screen).__name__, jam.screen.width, jam.screen.height, app.leave_label,
      game.move_stack() == [move])
print(json.dumps(words))
"""
TYPED = "\r\x1b[Az"  # what BOARD_PLAY's keys type: Enter, the arrow up, z


def board_frames(record, free, folder):
    """Play BOARD_PLAY from the app's ``record`` (in the nvm) on a Metro
    whose ``gc.mem_free()`` at start is ``free``: ``(words, frames, line)``,
    the desktop's words of what it played, the paths of its frames (the
    first before any, then one a word) and its line on the screen it
    played (the class, width, height, the menu's way out, the move made)."""
    folder.mkdir(parents=True, exist_ok=True)
    nvm = folder / "nvm.bin"
    nvm.write_bytes(nvm_holding(record))
    script = folder / "board_play.py"
    script.write_text(BOARD_PLAY % {"nvm_size": NVM_SIZE})
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(REPO_ROOT))
    done = subprocess.run([sys.executable, str(script),
                           str(REPO_ROOT / "tools" / "harness" / "standins"), str(nvm),
                           str(folder), str(free)],
                          input=TYPED, capture_output=True, text=True, env=env, cwd=REPO_ROOT,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    line, words = done.stdout.strip().splitlines()[-2:]
    words = json.loads(words)
    return words, sorted(folder.glob("[0-9][0-9][0-9].png")), line
