"""The drive image on CircuitPython's own firmware, on an emulated RP2040
(tools/emulator, rp2040js): the real displayio, keypad, heap, flash file
system and .mpy loader. Skipped, with the reason, where the firmware is not
built (make firmware-rp2040 CIRCUITPYTHON=DIR; CI cannot fetch CircuitPython).
Each run boots the chip, some 4 to 7 s of emulated time, 10 to 20 s of real
time. A whole game won by presses is make bench-firmware's (minutes)."""

import os
import shutil
import subprocess
import sys

import pytest

from app_driver import PngFrame, ScreenReader
from mpvm import REPO_ROOT

import emulated  # tools/board, on the path from conftest.py

from sthelena.app.sheet import load_sheet
from sthelena.core.game import Game

WHY_NOT = emulated.unavailable()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")
PICO = os.path.join(emulated.RP2040, "raspberry_pi_pico", "firmware.uf2")
TABLE_ORIGIN = (0, 24)  # the PicoSystem's table (240x192) on its 240x240 screen


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The CIRCUITPY drive as shipped: the game's .mpy, the libraries as .mpy."""
    return emulated.make_drive(str(tmp_path_factory.mktemp("firmware") / "CIRCUITPY"))


def desktop(args):
    """``python code.py --board picosystem ARGS``, headless."""
    run = subprocess.run([sys.executable, "code.py", "--board", "picosystem"] + args,
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 0, run.stderr
    return run


@pytest.fixture(scope="module")
def deal_seven(tmp_path_factory):
    """Deal 7 just dealt, as a save: the desktop's file, and the nvm holding it."""
    folder = tmp_path_factory.mktemp("deal7")
    save = folder / "save.bin"
    desktop(["--deal", "7", "--keys", "", "--save", str(save)])
    nvm = folder / "nvm.bin"
    nvm.write_bytes(emulated.nvm_holding(save.read_bytes()))
    return save, nvm


def same_as_the_desktop(frame, save, keys, tmp_path):
    """Whether ``frame`` is, pixel for pixel, the desktop's --shot of ``keys``
    played from ``save`` (a copy: the desktop writes it as it plays)."""
    copy = tmp_path / "desktop-save.bin"
    shutil.copyfile(save, copy)
    shot = tmp_path / "desktop.png"
    desktop(["--save", str(copy), "--keys", keys, "--shot", str(shot)])
    mine, theirs = PngFrame(frame), PngFrame(shot)
    return all(mine.pixel(x, y) == theirs.pixel(x, y)
               for y in range(mine.height) for x in range(mine.width))


def console_lines(result):
    return [line for line in result["console"].replace("\r", "").split("\n") if line]


def test_the_game_boots_to_the_table_showing_the_cards_the_core_dealt(drive, deal_seven,
                                                                        tmp_path):
    save, nvm = deal_seven
    frames = tmp_path / "frames"
    result = emulated.emulate(drive, "RIGHT RIGHT A", nvm_in=nvm, frames=frames)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert result["boots"][0]["first_frame_ms"] is not None
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), TABLE_ORIGIN)
    first = PngFrame(frames / "000-boot.png")
    game = Game.deal(7)
    assert [reader.card_at(first, place) for place in range(20)] == [
        game.top(place) for place in range(20)]
    last = frames / "003-A.png"  # pile 3's card lifted
    assert reader.card_at(PngFrame(last), 2, lifted=True) == game.top(2)
    assert same_as_the_desktop(last, save, "RIGHT RIGHT A", tmp_path)
    assert [press["word"] for press in result["presses"]] == ["RIGHT", "RIGHT", "A"]
    assert all(press["settled"] and press["frame_ms"] for press in result["presses"])


def test_a_save_survives_a_reset_of_the_chip(drive, deal_seven, tmp_path):
    # A held A on pile 4 plays its card home (the quick move); the menu saves
    # at once (the write policy); after the reset the game resumes as it was.
    save, nvm = deal_seven
    shot = tmp_path / "after-reset.png"
    keys = "RIGHT RIGHT RIGHT HOLD_A START B"
    result = emulated.emulate(drive, keys + " RESET", nvm_in=nvm, shot=shot,
                              nvm_out=tmp_path / "nvm-out.bin")
    assert len(result["boots"]) == 2 and result["boots"][1]["first_frame_ms"] is not None
    assert result["flash_programmed_bytes"]["nvm"] > 0
    assert (tmp_path / "nvm-out.bin").read_bytes() != nvm.read_bytes().ljust(4096, b"\xff")
    assert same_as_the_desktop(shot, save, keys, tmp_path)
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), TABLE_ORIGIN)
    game = Game.deal(7)
    game.push(3 * 20 + 13)  # pile 4's card onto its foundation, as the quick move plays it
    assert [reader.card_at(PngFrame(shot), place) for place in range(20)] == [
        game.top(place) for place in range(20)]


def test_a_drive_without_a_library_says_so_in_one_line_on_screen_and_console(drive, tmp_path):
    broken = tmp_path / "CIRCUITPY"
    shutil.copytree(drive, broken)
    shutil.rmtree(broken / "lib" / "adafruit_displayio_layout")  # (the set-up's library)
    shot = tmp_path / "broken.png"
    result = emulated.emulate(str(broken), ready="Code done running.", shot=shot)
    said = [line for line in console_lines(result) if line.startswith("St. Helena")]
    assert said == ["St. Helena: a library is missing (no module named "
                    "'adafruit_displayio_layout'): run `circup install -r requirements.txt`"]
    assert "Traceback" not in result["console"]
    # The console shows on the screen: light text on black, no table.
    frame = PngFrame(shot)
    colours = {frame.pixel(x, y) for y in range(frame.height) for x in range(frame.width)}
    assert (0, 0, 0) in colours and (255, 255, 255) in colours
    assert (0x18, 0x6C, 0x30) not in colours and len(colours) < 40


@pytest.mark.skipif(not os.path.isfile(PICO), reason="the Raspberry Pi Pico's firmware is not "
                    "built: BOARD=raspberry_pi_pico tools/board/firmware_rp2040.sh DIR")
def test_on_a_board_it_does_not_know_code_py_says_so_in_one_line(drive, tmp_path):
    image = tmp_path / "drive.img"
    result = emulated.emulate(drive, firmware=PICO, ready="Code done running.", drive_out=image)
    said = [line for line in console_lines(result) if line.startswith("St. Helena")]
    assert said == ["St. Helena plays on a PyGamer, a PyBadge, a PicoSystem or a Fruit Jam: "
                    "this board is raspberry_pi_pico"]
    assert "Traceback" not in result["console"]
    boot_out = emulated.drive_file(image, "boot_out.txt").decode()
    assert "Board ID:raspberry_pi_pico" in boot_out and "Traceback" not in boot_out
    assert "St. Helena does not know this board" in boot_out
