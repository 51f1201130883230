"""A board's wiring for the RP2040 emulator (tools/harness/emulator), read from
the game's profile (sthelena/boards/): which firmware to boot, its flash, the
display controller and the GPIOs it is on, the screen as the player sees it,
and each key word's GPIO.

    python -m tools.harness.board_wiring NAME             # the JSON (run.mjs --wiring)
    python -m tools.harness.board_wiring NAME --firmware  # its build: picosystem, sprig, pico
    python -m tools.harness.board_wiring NAME --settings DIR   # DIR/settings.toml as a
        # player writes it for this board (STHELENA_BOARD = "NAME", for a Pico add-on)

The JSON, one object:

    {"board": "pico-display", "title": "...", "board_id": "raspberry_pi_pico",
     "firmware": "pico",                        # circuitpython_builds' "pico/firmware.uf2"
     "flash": {"chip": "W25Q16JVxQ", "bytes": 2097152},
     "display": {"controller": "st7789",        # or "st7735"
                 "set_up_by": "game",           # or "firmware" (board.DISPLAY)
                 "spi": 0, "clock": 18, "cs": 17, "dc": 16, "reset": null,
                 "width": 240, "height": 135,   # as the player sees it
                 "rotation": 270, "colstart": 53, "rowstart": 40,  # displayio's
                 "madctl": 192,                 # the MADCTL the driver's set-up ends with
                 "panel": {"madctl": 112, "column": 40, "row": 53, "source": "..."},
                 "source": "..."},
     "keys": {"A": 12, "B": 13, "X": 14, "Y": 15},   # each key word's GPIO, the profile's order
     "pressed_low": true,                       # pulled up, low while pressed
     "aliases": {}}                             # more words for keys (the PicoSystem's START...)

``panel`` is the screen's upright picture as its maker's own driver draws
it: the player's pixel (x, y) is the controller's address (column + x,
row + y) under that MADCTL. null where the firmware sets the screen up (its
set-up is the maker's) or for a hand-wired screen: then the picture is as the
driver's rotation and offsets draw it. The emulator shows the controller's
memory through it, so a frame is what the player sees on the real panel:
upright if the profile's rotation and offsets are right, turned if not.

The pins live in the profiles; their GPIOs are circuitpython-stubs' (each
pin's comment in ``board_definitions/<board id>/__init__.pyi``). The
emulator's own knowledge is only what a profile cannot say: each firmware's
flash chip, the display a firmware sets up itself (the Sprig's, the
PicoSystem's: read from CircuitPython's board.c), and each add-on's upright
picture (its maker's driver). Desktop only.
"""

import argparse
import importlib.util
import json
import os
import re
import sys

from sthelena.boards import catalogue
from sthelena.boards.profile import BOARD_DISPLAY, FROM_SETTINGS, Keys, SpiScreen

SETTING = "STHELENA_BOARD"

# Each firmware the emulator boots: circuitpython_builds' name for it and its
# flash chip (mpconfigboard.mk's EXTERNAL_FLASH_DEVICES, adafruit/circuitpython
# at cd3da4a5, the shared builds' commit).
FIRMWARES = {
    "pimoroni_picosystem": ("picosystem", "W25Q128JVxQ", 16 << 20),
    "hack_club_sprig": ("sprig", "W25Q16JVxQ", 2 << 20),
    "raspberry_pi_pico": ("pico", "W25Q16JVxQ", 2 << 20),
}

# The MADCTL each of Adafruit's drivers ends its set-up with (bgr=True, the
# default): adafruit_st7789's and adafruit_st7735r's "\x36\x01\xc0", MY|MX.
DRIVER_MADCTL = {"st7789": 0xC0, "st7735r": 0xC0}
CONTROLLERS = {"st7789": "st7789", "st7735r": "st7735"}

_BOARD_C = "adafruit/circuitpython cd3da4a5 ports/raspberrypi/boards/%s/board.c"
# The displays the firmware sets up itself (board.DISPLAY), from its board.c:
# the FourWire's pins, the display's size, offsets and rotation, and the last
# MADCTL of its init sequence.
FIRMWARE_DISPLAYS = {
    "pimoroni_picosystem": {
        "controller": "st7789", "spi": 0, "clock": 6, "cs": 5, "dc": 9, "reset": 4,
        "width": 240, "height": 240, "rotation": 0, "colstart": 0, "rowstart": 0,
        "madctl": 0x04, "source": _BOARD_C % "pimoroni_picosystem"},
    "hack_club_sprig": {  # (its pins: mpconfigboard.h's CIRCUITPY_BOARD_TFT_* and SPI pins)
        "controller": "st7735", "spi": 0, "clock": 18, "cs": 20, "dc": 22, "reset": 26,
        "width": 160, "height": 128, "rotation": 270, "colstart": 0, "rowstart": 0,
        "madctl": 0xC0, "source": (_BOARD_C % "hack_club_sprig") + ", mpconfigboard.h"},
}

_PIMORONI = ("Pimoroni's pimoroni-pico drivers/st7789/st7789.cpp, configure_display(ROTATE_0): "
             "MADCTL COL_ORDER|SWAP_XY|SCAN_ORDER, ")
# Each add-on's upright picture, as its maker's driver draws it (landscape,
# the buttons either side): the MADCTL and the window's first column and row.
PANELS = {
    "pico-display-2": {"madctl": 0x70, "column": 0, "row": 0,
                       "source": _PIMORONI + "CASET 0..319, RASET 0..239 (Pico Display 2.0)"},
    "pico-display": {"madctl": 0x70, "column": 40, "row": 53,
                     "source": _PIMORONI + "CASET 40..279, RASET 53..187 (Pico Display, 240x135)"},
    "pico-lcd-1.3": {"madctl": 0x70, "column": 0, "row": 0,
                     "source": "Waveshare's Pico-LCD-1.3 demo: LCD_1IN3_Init(HORIZONTAL) (MADCTL "
                               "0x70) and LCD_1IN3_SetWindows(0, 0, 239, 239); its MicroPython "
                               "demo's init_display and show() the same"},
}

# Words kept for scripts written before the key words were the board's own:
# the PicoSystem's START and SELECT (the desktop's) are its X and Y.
ALIASES = {"picosystem": {"START": "X", "SELECT": "Y"}}


class WiringError(Exception):
    """A board the emulator cannot wire: its one line says why."""


def stub_gpios(board_id):
    """``{pin name: GPIO}`` of circuitpython-stubs' ``board_definitions`` for
    ``board_id`` (each pin's ``# GPIOn`` comment)."""
    spec = importlib.util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        raise WiringError("circuitpython-stubs is not installed (its board_definitions give "
                          "each pin's GPIO): pip install -r requirements-dev.txt")
    for folder in spec.submodule_search_locations:
        path = os.path.join(folder, board_id, "__init__.pyi")
        if os.path.isfile(path):
            with open(path) as stub:
                text = stub.read()
            return {name: int(number) for name, number in re.findall(
                r"^(\w+): microcontroller\.Pin\s+# GPIO(\d+)\s*$", text, re.M)}
    raise WiringError("circuitpython-stubs has no board %s" % board_id)


def spi_index(gpio):
    """The RP2040's SPI block a clock pin belongs to (GPIO 0-7 and 16-23 SPI0,
    8-15 and 24-29 SPI1: the datasheet's function table)."""
    return (gpio >> 3) & 1


def _firmware_board(profile):
    # (a Pico add-on is chosen in settings.toml: a Pico's firmware)
    pico = ("raspberry_pi_pico",) if profile.chosen_in_settings else ()
    for board_id in profile.board_ids or pico:
        if board_id in FIRMWARES:
            return board_id
    raise WiringError("the emulator boots no firmware of %s (%s): it runs the RP2040 boards %s"
                      % (profile.name, ", ".join(profile.board_ids) or "any board",
                         ", ".join(FIRMWARES)))


def _gpio(gpios, pin, board_id, what):
    if pin is None:
        return None
    if pin not in gpios:
        raise WiringError("%s's pin %s is not a pin of %s" % (what, pin, board_id))
    return gpios[pin]


def _display(profile, board_id, gpios):
    screen = profile.screen
    if screen == BOARD_DISPLAY:
        if board_id not in FIRMWARE_DISPLAYS:
            raise WiringError("%s's firmware sets up a display the emulator does not know"
                              % board_id)
        return dict(FIRMWARE_DISPLAYS[board_id], set_up_by="firmware", panel=None)
    if not isinstance(screen, SpiScreen):
        raise WiringError("%s's screen is %s: the emulator wires a screen on SPI"
                          % (profile.name, screen))
    if screen.driver not in CONTROLLERS:
        raise WiringError("%s's screen is an %s: the emulator has the ST7789 and the ST7735"
                          % (profile.name, screen.driver))
    clock = _gpio(gpios, screen.clock, board_id, "the screen's clock")
    return {
        "controller": CONTROLLERS[screen.driver], "set_up_by": "game",
        "spi": spi_index(clock), "clock": clock,
        "cs": _gpio(gpios, screen.select, board_id, "the screen's select"),
        "dc": _gpio(gpios, screen.command, board_id, "the screen's command"),
        "reset": _gpio(gpios, screen.reset, board_id, "the screen's reset"),
        "width": screen.width, "height": screen.height, "rotation": screen.rotation,
        "colstart": screen.colstart, "rowstart": screen.rowstart,
        "madctl": DRIVER_MADCTL[screen.driver], "panel": PANELS.get(profile.name),
        "source": "sthelena/boards (the profile's SpiScreen), adafruit_%s" % screen.driver,
    }


def wiring(name):
    """The wiring of the profile called ``name`` (a dict, as the JSON)."""
    try:
        profile = catalogue.named(name)
    except KeyError:
        raise WiringError("no board is called %r: want one of %s" % (name, ", ".join(
            p.name for p in catalogue.profiles()))) from None
    if profile.screen == FROM_SETTINGS:
        raise WiringError("%s: the player's settings.toml says its wiring: give the emulator "
                          "--wiring JSON (tools/harness/board_wiring.py says its shape)" % name)
    board_id = _firmware_board(profile)
    if not isinstance(profile.keys, Keys):
        raise WiringError("%s's keys are not buttons on pins" % name)
    gpios = stub_gpios(board_id)
    keys = {word: _gpio(gpios, pin, board_id, "key " + word)
            for word, pin, _ in profile.keys.keys}
    firmware, chip, size = FIRMWARES[board_id]
    return {
        "board": profile.name, "title": profile.title, "board_id": board_id,
        "firmware": firmware, "flash": {"chip": chip, "bytes": size},
        "display": _display(profile, board_id, gpios), "keys": keys,
        "pressed_low": profile.keys.pressed_low, "aliases": ALIASES.get(profile.name, {}),
    }


def settings_line(name):
    """The line a player writes in settings.toml for this board, or None if
    the firmware's board id finds it."""
    profile = catalogue.named(name)
    return '%s = "%s"' % (SETTING, name) if profile.chosen_in_settings else None


def write_settings(name, folder):
    """Add the board's line to ``folder``/settings.toml, as a player writes it
    (nothing for a board found by its id); the file's path, or None."""
    line = settings_line(name)
    if line is None:
        return None
    path = os.path.join(folder, "settings.toml")
    text = ""
    if os.path.exists(path):
        with open(path) as old:
            text = old.read()
        if text and not text.endswith("\n"):
            text += "\n"
    with open(path, "w") as out:
        out.write(text + line + "\n")
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", help="a profile's name (sthelena/boards): picosystem, sprig...")
    parser.add_argument("--firmware", action="store_true",
                        help="print only the firmware build's name (picosystem, sprig, pico)")
    parser.add_argument("--settings", metavar="DIR",
                        help="add the board's line to DIR/settings.toml, as a player writes it")
    args = parser.parse_args(argv)
    try:
        found = wiring(args.board)
    except WiringError as error:
        print("board_wiring: %s" % error, file=sys.stderr)
        return 2
    if args.settings:
        write_settings(args.board, args.settings)
    elif args.firmware:
        print(found["firmware"])
    else:
        print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
