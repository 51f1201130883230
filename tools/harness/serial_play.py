"""The Cardputer's game played on CircuitPython's own interpreter (its unix
port, tools/harness/firmware_figures.py) from the release's drive, at the
ESP32-S3's heap, its keys typed on the real serial input (desktop only).

No emulator runs an ESP32-S3, so the drive runs as on the other boards no
emulator runs: CircuitPython's interpreter, 32-bit, its heap fixed at the
board's (``CARDPUTER_HEAP``), the board's modules stood in
(tools/harness/standins, ``board.use("cardputer")``), the game loaded as
``code.py`` loads it (the profile found by the board's id, the full game's
``.mpy`` and its set-up). The keys go where the firmware's keyboard puts
them: the process's standard input, read by the game through
``sys.stdin.read``; the stand-in ``supervisor.runtime.serial_bytes_available``
says a key's characters wait, one key at a time.

The nvm starts as an ESP32-S3's does before its first write: zeros
(ports/espressif/common-hal/nvm/ByteArray.c), 8 KB. Before the keys, a
thousand polls with nothing typed print what they allocated (``idle``).
"""

import os
import subprocess

from tools.build import circuitpython_builds, drive_image

from . import firmware_figures

# CircuitPython's heap on an ESP32-S3 without PSRAM: the firmware leaves it no
# fixed size (ports/espressif/supervisor/port.c: the gc heap grows in whatever
# ESP-IDF's heap_caps_malloc still gives of the chip's 512 KB SRAM, after
# ESP-IDF, its Wi-Fi and Bluetooth buffers and the supervisor). Measured on a
# board of that chip, no PSRAM and a display set up at start (the M5Stack Dial,
# CircuitPython 9.0.0): gc.mem_free() 162,912 bytes at the top of code.py,
# adafruit/circuitpython issue 9120, whose maintainer answered that about 150 KB
# is what such a board has. The tests give the game -X heapsize= 159 KiB: the
# measured figure rounded down, whose one area holds about 158 KB (the unix port's
# area loses 1/33 to its tables: board_heap.gc_pool).
CARDPUTER_HEAP = 159 * 1024
# What the stand-ins keep (firmware on the board), given on top: measured by
# the script's "standins" line (31.9 KB), rounded up.
STANDINS_HEAP = 33 * 1024

PLAY = """
import sys
sys.path.insert(0, STANDINS)
sys.path.insert(1, "lib")  # (the drive's lib/, as on the board)
import gc, board, microcontroller, supervisor, random
import keypad, digitalio, bitmaptools, busdisplay, displayio, vectorio, neopixel_write
board.use("cardputer")
microcontroller.nvm = microcontroller.ByteArray(8192, erase_all=True)
microcontroller.nvm[0:8192] = bytes(8192)  # an ESP32-S3's nvm before its first write: zeros
SAVED = NVM_BYTES
if SAVED:
    microcontroller.nvm[0:len(SAVED)] = SAVED
gc.collect()
HEAP_BEFORE = gc.mem_alloc()  # the stand-ins' (firmware on the board)
print("standins", HEAP_BEFORE)
namespace = {"__name__": "code"}
exec(open("code.py").read(), namespace)
profile, line = namespace["find_profile"](board)
del namespace
game = __import__(profile.game)  # (the Cardputer's own: lib/sthelena_cardputer.mpy)
gc.collect()
print("import", gc.mem_alloc() - HEAP_BEFORE)
for name in ("ASSETS", "TEXTS_PATH", "WINNABLE_PATH"):  # the drive is this folder
    setattr(game, name, getattr(game, name)[1:])
random.seed(SEED)
made = game.setup(profile)
del profile
app = made.app
print("set_up", type(made.buttons).__name__, type(app.store).__name__, app.store.lost,
      type(made.screen).__name__, made.display.width, made.display.height, app.buttons_help)
gc.collect()
print("heap", gc.mem_alloc() - HEAP_BEFORE, gc.mem_free())
runtime = supervisor.runtime
poll = made.buttons.poll
before = gc.mem_alloc()
for now in range(1000):  # nothing typed: the loop's polls
    poll(now)
print("idle", gc.mem_alloc() - before)
for count in KEYS:  # each key's characters wait on the serial input in turn
    runtime.serial_bytes_available = count
    game.run(app, made.buttons, 1, made.lights, made.display)
    runtime.serial_bytes_available = 0
    game.run(app, made.buttons, 3, made.lights, made.display)
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
gc.collect()
print("played", app.game.deal_number, " ".join(str(move) for move in app.game.move_stack()),
      app.screen)
print("heap", gc.mem_alloc() - HEAP_BEFORE, gc.mem_free())
app.flush()
print("saved", microcontroller.nvm.writes, bytes(microcontroller.nvm[0:3]))
"""


def typed(words):
    """Each word's characters (a key of the Cardputer's profile,
    boards/cardputer.py), as its keyboard types them."""
    from sthelena.boards.cardputer import PROFILE

    texts = {word: text for word, text, _ in PROFILE.keys.sequences}
    return [texts[word] for word in words]


def lay_out(directory):
    """The release's CircuitPython 10.x drive (as make release writes it)
    and the stand-ins beside it, in ``directory``; the drive's path."""
    drive = os.path.join(directory, "CIRCUITPY")
    drive_image.build_tree(drive, mpy_cross=circuitpython_builds.find("10.x/mpy-cross"))
    standins = os.path.join(directory, "standins")
    os.symlink(os.path.join(firmware_figures.ROOT, "tools", "harness", "standins"), standins)
    return drive


def play(drive, keys, heap=CARDPUTER_HEAP + STANDINS_HEAP, seed=1, nvm=b""):
    """``keys`` (each a key's characters) typed on the game from ``drive``
    on CircuitPython's interpreter in ``heap`` bytes (the stand-ins' on
    top), the deal random.seed(``seed``) picks, or the one ``nvm``'s save
    holds (its first bytes): the finished process."""
    path, why = firmware_figures.interpreter()
    if path is None:
        raise RuntimeError(why)
    script = PLAY.replace("STANDINS", repr(os.path.join(os.path.dirname(drive), "standins")))
    script = script.replace("SEED", str(seed)).replace("KEYS", repr([len(key) for key in keys]))
    script = script.replace("NVM_BYTES", repr(bytes(nvm)))
    return subprocess.run([path, "-X", "heapsize=%d" % heap, "-c", script], cwd=drive,
                          input="".join(keys), capture_output=True, text=True, timeout=600)
