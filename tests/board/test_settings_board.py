"""A Pico Display Pack 2.0 wired by hand: CIRCUITPY's settings.toml says
``STHELENA_BOARD = "spi"`` and the pack's wiring key by key
(sthelena/handheld/settings.py reads it with the firmware's own
``os.getenv``), on the Pico's CircuitPython firmware in the RP2040 emulator
wired as that pack. With A, B, X and Y alone the spi profile plays as the
four-button boards do: every frame of the presses is the desktop's
``--board pico-display-2`` frame of the same presses, pixel for pixel, the
menu's first page included. (The menu's end differs from the desktop's,
which offers a brightness item: the pico-display-2 board has none either,
and its RGB LED, being its speaker, is no menu item.)

One run: the boot to deal 7's table and four presses, some 12 s of emulated
time, about half a minute of real time."""

import os
import shutil
import subprocess
import sys

import pytest

from tests.helpers.app_driver import PngFrame
from tests.helpers.mpvm import REPO_ROOT
from tools.harness import board_wiring, emulated

pytestmark = pytest.mark.firmware("pico/firmware.uf2", "rp2040/bootrom.bin", "10.x/mpy-cross",
                                  emulator=True)

# What a player writes for the Pico Display Pack 2.0 on a Pico (its profile's pins,
# sthelena/boards/pico_display_2.py), numbers bare, as docs/board.md shows it.
SETTINGS = """\
STHELENA_BOARD = "spi"
STHELENA_DRIVER = "st7789"
STHELENA_WIDTH = 320
STHELENA_HEIGHT = 240
STHELENA_ROTATION = 270
STHELENA_SPI_CLOCK = "GP18"
STHELENA_SPI_DATA = "GP19"
STHELENA_CS = "GP17"
STHELENA_DC = "GP16"
STHELENA_BACKLIGHT = "GP20"
STHELENA_BUTTONS = "A=GP12 B=GP13 X=GP14 Y=GP15"
"""
# X tapped twice: the cursor right; A lifts pile 3's card; X held: the menu.
WORDS = ["X", "X", "A", "HOLD_X"]


def desktop_frames(save, words, folder):
    """The desktop's frames of ``words`` as the pico-display-2 from ``save`` (a
    copy: the desktop writes it as it plays): before any key, then one a key."""
    os.makedirs(folder)
    copy = os.path.join(folder, "save.bin")
    shutil.copyfile(save, copy)
    run = subprocess.run(
        [sys.executable, "code.py", "--board", "pico-display-2", "--save", copy, "--keys",
         " ".join(words), "--frames", folder], cwd=REPO_ROOT, capture_output=True, text=True,
        timeout=300, env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 0, run.stderr
    return [os.path.join(folder, "frame-%04d.png" % number) for number in range(len(words) + 1)]


def test_a_pico_display_pack_written_in_settings_toml_plays_as_the_pico_display_2(
        deal_seven, tmp_path):
    save, nvm = deal_seven
    drive = emulated.make_drive(str(tmp_path / "CIRCUITPY"))
    with open(drive + "/settings.toml", "w") as settings:
        settings.write(SETTINGS)
    wiring = dict(board_wiring.wiring("pico-display-2"), board="spi")  # the pack's pins, panel
    frames = tmp_path / "frames"
    result = emulated.emulate(drive, " ".join(WORDS), board="spi", wiring=wiring, nvm_in=nvm,
                              frames=frames)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert "St. Helena" not in result["console"], result["console"]  # (no line: it plays)
    assert (result["board"], result["screen"]) == ("spi", [320, 240])
    assert [press["word"] for press in result["presses"]] == WORDS
    assert all(press["settled"] and press["bytes"] for press in result["presses"])
    shown = [frames / "000-boot.png"] + [
        frames / ("%03d-%s.png" % (number, word)) for number, word in enumerate(WORDS, 1)]
    theirs = desktop_frames(save, WORDS, str(tmp_path / "desktop"))
    differing = {}
    for path, desktop in zip(shown, theirs):
        mine, desktop = PngFrame(path), PngFrame(desktop)
        assert (mine.width, mine.height) == (desktop.width, desktop.height) == (320, 240)
        count = sum(mine.pixel(x, y) != desktop.pixel(x, y)
                    for y in range(mine.height) for x in range(mine.width))
        if count:
            differing[path.name] = count
    assert not differing, "pixels differing from the desktop's, by frame: %s" % differing
