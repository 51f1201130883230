"""A screen and buttons the player wired up and wrote in CIRCUITPY's
settings.toml (``STHELENA_BOARD = "spi"``: sthelena/boards/spi.py), read by
sthelena/handheld/settings.py: a good wiring gives the screen and keys the
set-up makes, and every key wrong or missing in turn stops the game with one
line that names it and says what to write. On CPython with a ``getenv``
stand-in, then through code.py under the MicroPython VM (the stand-ins'
Pico, the committed game, settings.toml read as CircuitPython 10 reads it).
The same wiring on the Pico's own firmware: tests/board/test_settings_board.py."""

import sys

import pytest

from sthelena.app.buttons import (A, B, DOWN, DOWN_OR_PILES, LEFT, RIGHT, RIGHT_OR_MENU,
                                  SELECT, START, UP)
from sthelena.boards import pico_display_2
from sthelena.handheld.settings import read_wiring
from tests.helpers.mpvm import REPO_ROOT, run_micropython

# The Pico Display Pack 2.0 on a Pico, as a player writes it (its profile's pins:
# sthelena/boards/pico_display_2.py), the numbers as CircuitPython 10 reads them: text.
PACK = {
    "STHELENA_DRIVER": "st7789", "STHELENA_WIDTH": "320", "STHELENA_HEIGHT": "240",
    "STHELENA_ROTATION": "270", "STHELENA_SPI_CLOCK": "GP18", "STHELENA_SPI_DATA": "GP19",
    "STHELENA_CS": "GP17", "STHELENA_DC": "GP16", "STHELENA_BACKLIGHT": "GP20",
    "STHELENA_BUTTONS": "A=GP12 B=GP13 X=GP14 Y=GP15",
}
# An ILI9341 320x240 on SPI1, with a d-pad, A, B, START and SELECT wired to ground.
DPAD = {
    "STHELENA_DRIVER": "ili9341", "STHELENA_WIDTH": "320", "STHELENA_HEIGHT": "240",
    "STHELENA_SPI_CLOCK": "GP10", "STHELENA_SPI_DATA": "GP11", "STHELENA_CS": "GP13",
    "STHELENA_DC": "GP14", "STHELENA_RESET": "GP15",
    "STHELENA_BUTTONS": "UP=GP2 DOWN=GP3 LEFT=GP4 RIGHT=GP5 A=GP6 B=GP7 START=GP8 SELECT=GP9",
}


class Pico:
    """The firmware's ``board`` on a Pico, as far as the wiring reads it: GP0 to
    GP28, and A0, another name of GP26's pin."""

    board_id = "raspberry_pi_pico"

    def __init__(self):
        for number in range(29):
            setattr(self, "GP%d" % number, object())
        self.A0 = self.GP26


def wired(settings, **changed):
    """``read_wiring`` of ``settings`` with ``changed`` (None: the key left out)."""
    settings = dict(settings, **{"STHELENA_" + key: value for key, value in changed.items()})
    return read_wiring(Pico(), lambda name: settings.get(name))


def test_the_pico_display_pack_written_in_settings_is_its_profiles_screen_and_keys():
    screen, keys, four = wired(PACK)
    profile = pico_display_2.PROFILE
    # The profile's own screen, but the bus's speed: settings.toml's default, 24 MHz.
    assert vars(screen) == dict(vars(profile.screen), baudrate=24000000)
    assert keys.keys == profile.keys.keys == (
        ("A", "GP12", A), ("B", "GP13", B), ("X", "GP14", RIGHT_OR_MENU),
        ("Y", "GP15", DOWN_OR_PILES))
    assert keys.pressed_low and four


def test_a_d_pad_with_start_and_select_gives_the_eight_buttons():
    screen, keys, four = wired(DPAD)
    assert vars(screen) == {
        "driver": "ili9341", "width": 320, "height": 240, "clock": "GP10", "data": "GP11",
        "select": "GP13", "command": "GP14", "reset": "GP15", "backlight": None, "rotation": 0,
        "colstart": 0, "rowstart": 0, "baudrate": 24000000}
    assert keys.keys == (
        ("UP", "GP2", UP), ("DOWN", "GP3", DOWN), ("LEFT", "GP4", LEFT), ("RIGHT", "GP5", RIGHT),
        ("A", "GP6", A), ("B", "GP7", B), ("START", "GP8", START), ("SELECT", "GP9", SELECT))
    assert keys.pressed_low and not four


def test_with_a_d_pad_x_and_y_are_start_and_select_and_every_key_is_read():
    screen, keys, four = wired(
        DPAD, BUTTONS="up=GP2 down=GP3 left=GP4 right=GP5 a=GP6 b=GP7 x=GP8 y=GP9",
        PRESSED="high", ROTATION="180", COLSTART="35", ROWSTART="0", BAUDRATE="62500000",
        BACKLIGHT="A0")
    assert (screen.rotation, screen.colstart, screen.rowstart, screen.baudrate,
            screen.backlight) == (180, 35, 0, 62500000, "A0")
    assert [key[2] for key in keys.keys] == [UP, DOWN, LEFT, RIGHT, A, B, START, SELECT]
    assert [key[0] for key in keys.keys][-2:] == ["X", "Y"]
    assert not keys.pressed_low and not four


def test_numbers_written_bare_read_as_circuitpython_9_reads_them():
    # CircuitPython 9's os.getenv gives a bare number as an int (10's as text).
    screen, _, _ = wired(PACK, WIDTH=320, HEIGHT=240, ROTATION=270)
    assert (screen.width, screen.height, screen.rotation) == (320, 240, 270)


def test_the_docs_examples_are_these_wirings_and_its_lines_the_games():
    # docs/board.md's section "A screen you wired yourself": its two settings.toml
    # are the Pack's and the d-pad's wiring above, its lines of the game's below.
    import re
    import tomllib

    page = (REPO_ROOT / "docs" / "board.md").read_text(encoding="utf-8")
    section = page.split("## A screen you wired yourself\n", 1)[1].split("\n## ", 1)[0]
    examples = [tomllib.loads(block) for block in re.findall(r"```toml\n(.*?)```", section, re.S)]
    assert len(examples) == 2
    for example, settings in zip(examples, (PACK, DPAD)):
        as_read = {name: str(value) for name, value in example.items()}  # (CircuitPython 10)
        assert as_read == dict(settings, STHELENA_BOARD="spi")
    for line in re.findall(r"^St\. Helena: (.*)$", section, re.M):  # the lines it shows
        assert any(line == says for _, says in WRONG), line


PAD = "UP=GP2 DOWN=GP3 LEFT=GP4 RIGHT=GP5 A=GP6 B=GP7"
# Each key wrong or missing in turn, from the Pack's wiring: (the change, the line).
WRONG = [
    ({"DRIVER": None}, "settings.toml has no STHELENA_DRIVER: docs/board.md says what to write"),
    ({"DRIVER": "st7796"},
     'settings.toml: STHELENA_DRIVER = "st7796": want one of st7789, st7735r, ili9341'),
    ({"WIDTH": None}, "settings.toml has no STHELENA_WIDTH: docs/board.md says what to write"),
    ({"WIDTH": "320px"}, "settings.toml: STHELENA_WIDTH = '320px': want a whole number"),
    ({"HEIGHT": "-240"}, "settings.toml: STHELENA_HEIGHT = '-240': want a whole number"),
    ({"HEIGHT": None}, "settings.toml has no STHELENA_HEIGHT: docs/board.md says what to write"),
    ({"ROTATION": "45"}, "settings.toml: STHELENA_ROTATION = '45': want one of 0, 90, 180, 270"),
    ({"COLSTART": "a"}, "settings.toml: STHELENA_COLSTART = 'a': want a whole number"),
    ({"ROWSTART": "1.5"}, "settings.toml: STHELENA_ROWSTART = '1.5': want a whole number"),
    ({"BAUDRATE": "fast"}, "settings.toml: STHELENA_BAUDRATE = 'fast': want a whole number"),
    ({"WIDTH": "128", "HEIGHT": "128"},
     "settings.toml: STHELENA_WIDTH and STHELENA_HEIGHT are 128 x 128: the table needs at "
     "least 160 x 128"),
    ({"SPI_CLOCK": None},
     "settings.toml has no STHELENA_SPI_CLOCK: docs/board.md says what to write"),
    ({"SPI_CLOCK": "SCK"}, 'settings.toml: STHELENA_SPI_CLOCK = "SCK": this board has no pin '
     'SCK: want a name dir(board) lists, as "GP16"'),
    ({"SPI_DATA": "GP29"}, 'settings.toml: STHELENA_SPI_DATA = "GP29": this board has no pin '
     'GP29: want a name dir(board) lists, as "GP16"'),
    ({"CS": None}, "settings.toml has no STHELENA_CS: docs/board.md says what to write"),
    ({"CS": 17}, 'settings.toml: STHELENA_CS = "17": this board has no pin 17: want a name '
     'dir(board) lists, as "GP16"'),  # (CircuitPython 9 reads a bare 17 as an int)
    ({"DC": None}, "settings.toml has no STHELENA_DC: docs/board.md says what to write"),
    ({"DC": "gp16"}, 'settings.toml: STHELENA_DC = "gp16": this board has no pin gp16: want a '
     'name dir(board) lists, as "GP16"'),
    ({"RESET": "RST"}, 'settings.toml: STHELENA_RESET = "RST": this board has no pin RST: want '
     'a name dir(board) lists, as "GP16"'),
    ({"BACKLIGHT": "BL"}, 'settings.toml: STHELENA_BACKLIGHT = "BL": this board has no pin BL: '
     'want a name dir(board) lists, as "GP16"'),
    ({"PRESSED": "pulled-up"}, 'settings.toml: STHELENA_PRESSED = "pulled-up": want "low" (a '
     'button to ground, pulled up) or "high"'),
    ({"BUTTONS": None}, "settings.toml has no STHELENA_BUTTONS: docs/board.md says what to write"),
    ({"BUTTONS": "A:GP12 B=GP13 X=GP14 Y=GP15"}, "settings.toml: STHELENA_BUTTONS: 'A:GP12': "
     "want NAME=PIN, NAME one of UP DOWN LEFT RIGHT A B START SELECT X Y, each once"),
    ({"BUTTONS": "A=GP12 B=GP13 X=GP14 Y=GP15 Z=GP16"}, "settings.toml: STHELENA_BUTTONS: "
     "'Z=GP16': want NAME=PIN, NAME one of UP DOWN LEFT RIGHT A B START SELECT X Y, each once"),
    ({"BUTTONS": "A=GP12 A=GP13 X=GP14 Y=GP15"}, "settings.toml: STHELENA_BUTTONS: 'A=GP13': "
     "want NAME=PIN, NAME one of UP DOWN LEFT RIGHT A B START SELECT X Y, each once"),
    ({"BUTTONS": "A=GP12 B=GP13 X=GP14 Y=GP30"}, "settings.toml: STHELENA_BUTTONS: Y=GP30: this "
     "board has no pin GP30: want a name dir(board) lists, as A=GP12"),
    ({"BUTTONS": "B=GP13 X=GP14 Y=GP15"}, "settings.toml: STHELENA_BUTTONS needs A, B and "
     "either X and Y alone, or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): A missing"),
    ({"BUTTONS": "A=GP12 B=GP13 X=GP14"}, "settings.toml: STHELENA_BUTTONS needs A, B and "
     "either X and Y alone, or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): Y missing"),
    ({"BUTTONS": PAD + " SELECT=GP9"}, "settings.toml: STHELENA_BUTTONS needs A, B and either X "
     "and Y alone, or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): START missing"),
    ({"BUTTONS": "A=GP6 B=GP7 START=GP8 SELECT=GP9"}, "settings.toml: STHELENA_BUTTONS needs A, "
     "B and either X and Y alone, or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): UP "
     "DOWN LEFT RIGHT missing"),
    ({"BUTTONS": PAD + " START=GP8 X=GP10 SELECT=GP9"}, "settings.toml: STHELENA_BUTTONS needs "
     "A, B and either X and Y alone, or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): "
     "START and X given: give one name of each"),
    ({"BUTTONS": "A=GP12 B=GP12 X=GP14 Y=GP15"}, "settings.toml: STHELENA_BUTTONS' A and "
     "STHELENA_BUTTONS' B are one pin: give each its own"),
    ({"CS": "GP14"}, "settings.toml: STHELENA_CS and STHELENA_BUTTONS' X are one pin: give each "
     "its own"),
    ({"BACKLIGHT": "A0", "RESET": "GP26"}, "settings.toml: STHELENA_RESET and STHELENA_BACKLIGHT "
     "are one pin: give each its own"),  # (A0 is GP26)
]


@pytest.mark.parametrize("changed, says", WRONG, ids=[
    "-".join("%s=%s" % item for item in changed.items()) for changed, _ in WRONG])
def test_each_key_wrong_or_missing_stops_the_game_with_one_line_naming_it(changed, says):
    with pytest.raises(ValueError) as raised:
        wired(PACK, **changed)
    line = str(raised.value)
    assert line == says
    assert "\n" not in line and line.startswith("settings.toml")
    assert all("STHELENA_" + key in line for key in changed)
    assert any(words in line for words in ("want", "give", "needs", "docs/board.md says what"))


def test_a_line_circuitpython_cannot_read_is_named_too():
    # CircuitPython 9's os.getenv raises ValueError on a line it cannot read
    # (a quote left open, a bare word): the line still names the key.
    def getenv(name):
        if name == "STHELENA_DC":
            raise ValueError("Invalid byte '\\n'")
        return PACK.get(name)

    with pytest.raises(ValueError) as raised:
        read_wiring(Pico(), getenv)
    assert str(raised.value) == ("settings.toml: STHELENA_DC: Invalid byte '\\n': write it as "
                                 'STHELENA_DC = "..."')


def test_an_spi_clock_and_data_no_spi_joins_are_named(monkeypatch):
    # busio.SPI refuses them ("Invalid pins", the RP2040's firmware): the line
    # names both keys, not a traceback.
    import types

    from sthelena.handheld.spi_screen import spi_display

    def refuse(clock, MOSI):
        raise ValueError("Invalid pins")

    monkeypatch.setitem(sys.modules, "busio", types.SimpleNamespace(SPI=refuse))
    monkeypatch.setitem(sys.modules, "displayio",
                        types.SimpleNamespace(release_displays=lambda: None))
    monkeypatch.setitem(sys.modules, "fourwire", types.SimpleNamespace(FourWire=None))
    screen, _, _ = wired(PACK, SPI_CLOCK="GP17", CS="GP18")
    with pytest.raises(ValueError) as raised:
        spi_display(screen, Pico())
    assert str(raised.value) == (
        'settings.toml: STHELENA_SPI_CLOCK = "GP17", STHELENA_SPI_DATA = "GP19": Invalid pins: '
        "want one SPI's clock (SCK) and data out (MOSI or TX) pins")


# -- through code.py, under the MicroPython VM ------------------------------------------

# settings.toml as CircuitPython 10's os.getenv reads it: a quoted value's text, a bare
# one's text to a comment; None for a key it has not (the VM's os has no getenv).
VM_SCRIPT = """
import sys, os
sys.path.append("/lib/standins")  # the board's modules
import board, microcontroller
board.use("pico")
microcontroller.nvm = microcontroller.ByteArray(4096)  # the RP2040's


def getenv(key, default=None):
    for line in open("/settings.toml").read().split("\\n"):
        name, equals, value = line.partition("=")
        if equals and name.strip() == key:
            value = value.strip()
            if value.startswith('"'):
                return value[1:value.index('"', 1)]
            return value.split("#")[0].strip()
    return default


os.getenv = getenv
import sthelena_full


def play_board(made):  # where the game would play: what the set-up made
    display, bus = made.display, made.display.bus
    print(type(display).__name__, display.width, display.height, display.rotation,
          display.backlight_pin, display.colstart, display.rowstart)
    print(bus.spi.clock, bus.spi.MOSI, bus.command, bus.chip_select, bus.reset, bus.baudrate)
    app = made.app
    print(type(made.screen).__name__, made.buttons.keys.key_count, app.buttons_help,
          app.hint_label, app.power is None, app.lights is None)


sthelena_full.play_board = play_board
namespace = {"__name__": "code"}
exec(open("/code.py").read(), namespace)
namespace["start_on_board"]()
print("returned")
"""


def settings_toml(settings):
    """settings.toml's text for ``settings``, as a player writes it: text quoted,
    the numbers bare."""
    lines = ['STHELENA_BOARD = "spi"  # a screen wired by hand']
    for name, value in settings.items():
        lines.append("%s = %s" % (name, value if value.isdigit() else '"%s"' % value))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def game_files(tmp_path_factory):
    """The drive's files the VM needs: code.py, the committed profiles, game and
    set-up as the VM loads them, the assets."""
    from tests.helpers.bundle_helpers import (COMMITTED_FULL, COMMITTED_FULL_SETUP,
                                              COMMITTED_PROFILES, vm_mpy)

    folder = tmp_path_factory.mktemp("spi-game")
    files = {"lib/" + path.name: path for path in (
        vm_mpy(folder, committed) for committed in (COMMITTED_PROFILES, COMMITTED_FULL,
                                                    COMMITTED_FULL_SETUP))}
    files["code.py"] = REPO_ROOT / "code.py"
    for name in ("sheet.bmp", "sheet-large.bmp", "sheet-fan.bmp", "help.txt", "winnable.bin"):
        files["assets/" + name] = REPO_ROOT / "assets" / name
    return files


def run_code_py(files, settings, tmp_path):
    toml = tmp_path / "settings.toml"
    toml.write_text(settings_toml(settings))
    return run_micropython(VM_SCRIPT, packages=("tools/harness/standins",), exclude=None,
                           files=dict(files, **{"settings.toml": toml})).splitlines()


@pytest.mark.vm
def test_through_code_py_a_good_wiring_sets_up_the_st7789_and_the_fanned_table(
        game_files, tmp_path):
    lines = run_code_py(game_files, PACK, tmp_path)
    assert lines == [
        "ST7789 320 240 270 board.GP20 0 0",
        "board.GP18 board.GP19 board.GP16 board.GP17 None 24000000",
        # A, B, X and Y alone: the four-button boards' help and hint; no brightness, lights
        # or battery in the menu, as on the pico-display-2 profile's board.
        "FanScreen 4 buttons-abxy Hint (or hold Y long) True True",
        "returned"]


@pytest.mark.vm
@pytest.mark.parametrize("changed, says", [
    ({"STHELENA_ROTATION": "45"},
     "St. Helena: settings.toml: STHELENA_ROTATION = '45': want one of 0, 90, 180, 270"),
    ({"STHELENA_DC": None},
     "St. Helena: settings.toml has no STHELENA_DC: docs/board.md says what to write"),
], ids=["rotation", "no-dc"])
def test_through_code_py_a_wrong_key_prints_one_line_and_no_traceback(game_files, tmp_path,
                                                                      changed, says):
    settings = {name: value for name, value in dict(PACK, **changed).items() if value}
    lines = run_code_py(game_files, settings, tmp_path)
    assert lines == [says, "returned"]


# -- boot.py: the key it reads at reset from the same line -------------------------------


@pytest.mark.vm
@pytest.mark.parametrize("buttons, pressed, select", [
    (PACK["STHELENA_BUTTONS"], None, "board.GP15"),  # four buttons: Y
    (DPAD["STHELENA_BUTTONS"], "high", "board.GP9"),  # SELECT
    (PAD + " x=GP8 y=GP9", None, "board.GP9"),  # with a d-pad, Y is SELECT
], ids=["four", "d-pad", "d-pad-x-y"])
def test_boot_py_reads_select_or_y_from_the_buttons_line(game_files, buttons, pressed, select):
    from tests.edges.test_boot import BOOT, run

    settings = {"STHELENA_BOARD": "spi", "STHELENA_BUTTONS": buttons, "STHELENA_PRESSED": pressed}
    profiles = game_files["lib/sthelena_profiles.mpy"]
    lines = run(BOOT, "pico", profiles=profiles, settings=settings, scans=True)
    assert lines[0] == "scans Keys ['%s']" % select
    assert lines[1].startswith("CIRCUITPY stays writable from the computer.")
    lines = run("keypad.hold(0)\n" + BOOT, "pico", profiles=profiles, settings=settings)
    assert lines[0].startswith("SELECT held: CIRCUITPY is the game's")
    assert lines[1:] == ["remounts [('/', False)]", "readonly False"]
