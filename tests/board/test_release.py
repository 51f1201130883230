"""The release as a player gets it (tools/build/release.py, ``make release``),
tested on its own files, not on the repository: each handheld folder as a
drive on its CircuitPython's interpreter and the 10.x one on the PicoSystem's
firmware, the one-file UF2 from an erased flash, the web zip in Chromium, the
Fruit Jam's folder; and two runs give the same bytes. The release is made
once for the module; its tests run in one pytest worker (``xdist_group``)."""

import hashlib
import json
import os
import subprocess
import zipfile

import pytest

from tests.helpers.app_driver import PngFrame, ScreenReader
from tests.helpers.firmware_helpers import TABLE_ORIGIN, same_as_the_desktop
from tests.helpers.mpvm import REPO_ROOT
from tests.helpers.web_helpers import check_shown, deal_of
from tools.harness import board_heap, cut_runs, emulated, firmware_figures, heap_play
from tools.build import release, serve_site
import sthelena
from sthelena.app.table.sheet import load_sheet
from sthelena.core.game import Game

# (the release's .mpy are compiled by each major's mpy-cross; its UF2 holds the firmware)
pytestmark = [pytest.mark.xdist_group("release"),
              pytest.mark.firmware("10.x/mpy-cross", "9.x/mpy-cross", "picosystem/firmware.uf2")]
STEM = "sthelena-" + sthelena.__version__
DOWNLOADS = [STEM + "-fruitjam.zip", STEM + "-handhelds.zip", STEM + "-metro-rp2350.zip",
             STEM + "-picosystem.uf2", STEM + "-web.zip", "SHA256SUMS"]
DRIVE = {"README.txt"} | {"%s/%s" % (folder, name) for folder in release.MAJORS.values()
                          for name in (
    "code.py", "boot.py", "assets/sheet.bmp", "assets/sheet-large.bmp", "assets/sheet-fan.bmp",
    "assets/help.txt", "assets/winnable.bin", "lib/sthelena_board.mpy",
    "lib/sthelena_board_setup.mpy", "lib/sthelena_full.mpy", "lib/sthelena_full_setup.mpy",
    "lib/sthelena_touch.mpy", "lib/sthelena_touch_setup.mpy",
    "lib/sthelena_profiles.mpy", "lib/sthelena_hint.mpy", "lib/sthelena_drive.py",
    "lib/sthelena_wio.mpy", "lib/sthelena_wio_setup.mpy", "lib/sthelena_cardputer.mpy",
    "lib/sthelena_cardputer_setup.mpy",
    "lib/adafruit_ticks.mpy", "lib/adafruit_st7789.mpy", "lib/adafruit_st7735r.mpy",
    "lib/adafruit_ili9341.mpy", "lib/adafruit_touchscreen.mpy",
    "lib/adafruit_display_text/__init__.mpy", "lib/adafruit_display_text/bitmap_label.mpy",
    "lib/adafruit_displayio_layout/__init__.mpy",
    "lib/adafruit_displayio_layout/layouts/__init__.mpy",
    "lib/adafruit_displayio_layout/layouts/grid_layout.mpy")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    why = release.missing()
    if why:
        pytest.skip(why)
    out = tmp_path_factory.mktemp("release") / "dist"
    assert release.main(["--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def unpacked(dist, tmp_path_factory):
    """Each zip unpacked, by its kind: the folder it made."""
    folders = {}
    for kind in ("handhelds", "fruitjam", "web", "metro-rp2350"):
        into = tmp_path_factory.mktemp(kind)
        with zipfile.ZipFile(dist / ("%s-%s.zip" % (STEM, kind))) as archive:
            archive.extractall(into)
        folders[kind] = into / ("%s-%s" % (STEM, kind))
    return folders


def files_under(folder):
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


def test_make_release_twice_gives_the_same_bytes(dist, tmp_path):
    assert sorted(os.listdir(dist)) == sorted(DOWNLOADS)
    again = tmp_path / "dist"
    assert release.main(["--out", str(again)]) == 0
    for name in DOWNLOADS:
        assert (again / name).read_bytes() == (dist / name).read_bytes(), name


def test_the_sums_are_the_downloads(dist):
    lines = (dist / "SHA256SUMS").read_text().splitlines()
    assert lines == ["%s  %s" % (hashlib.sha256((dist / name).read_bytes()).hexdigest(), name)
                     for name in DOWNLOADS[:-1]]


def test_each_handheld_folder_is_a_whole_drive_and_nothing_of_the_fruit_jams(unpacked):
    folder = unpacked["handhelds"]
    assert files_under(folder) == DRIVE
    for major in release.MAJORS.values():  # the game's .mpy is one file for both majors
        assert (folder / major / "lib" / "sthelena_board.mpy").read_bytes() == (
            REPO_ROOT / "lib" / "sthelena_board.mpy").read_bytes()
    readme = (folder / "README.txt").read_text()
    for said in ("CircuitPython 10.x", "CircuitPython 9.x", "CIRCUITPY", "boot_out.txt",
                 "circuitpython.org/board/pygamer/", "circuitpython.org/board/pybadge/",
                 "circuitpython.org/board/pimoroni_picosystem/", STEM + "-picosystem.uf2",
                 "circuitpython.org/board/hack_club_sprig/",
                 "circuitpython.org/board/raspberry_pi_pico/",
                 "circuitpython.org/board/seeeduino_wio_terminal/", "the Arduino drive",
                 'STHELENA_BOARD = "pico-display-2"', 'STHELENA_BOARD = "pico-display"',
                 'STHELENA_BOARD = "pico-lcd-1.3"', "CONTENTS of the folder", "settings.toml",
                 "serial console"):
        assert said in readme, said


@pytest.mark.parametrize("major", [pytest.param(major, marks=pytest.mark.firmware(
    major + "/circuitpython")) for major in release.MAJORS])
def test_each_handheld_folder_plays_on_its_circuitpython_in_the_pygamers_heap(unpacked, major):
    # The folder as a drive, its libraries as they are: imported, 300 random
    # moves, a hint every 50 run to its end with its full search.
    path, why = firmware_figures.interpreter(version=major)
    assert path, why
    source = unpacked["handhelds"] / release.MAJORS[major]
    _, runs = heap_play.board_runs("pygamer", board_heap.BOARD_HEAP, (1,), screens=True,
                                   version=major, source=str(source))
    (seed, found, why), = runs
    assert found is not None, why
    assert found["in_play"][0] <= heap_play.IN_PLAY_GOAL
    searches = [hint for hint in found["hint"] if hint[0] != 2]
    assert searches and all(full == 1 and result > 0 and least >= heap_play.FREE_GOAL
                            for full, result, _, least, _ in searches), found["hint"]


@pytest.mark.firmware("rp2040/bootrom.bin", emulator=True)
def test_the_10x_folder_boots_on_the_picosystems_firmware_to_the_desktops_table(
        unpacked, deal_seven, tmp_path):
    save, nvm = deal_seven
    folder = unpacked["handhelds"] / release.MAJORS["10.x"]
    shot = tmp_path / "table.png"
    result = emulated.emulate(str(folder), "RIGHT A", nvm_in=nvm, shot=shot)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert same_as_the_desktop(shot, save, "RIGHT A", tmp_path)


@pytest.mark.firmware("rp2040/bootrom.bin", emulator=True)
def test_the_uf2_boots_from_an_erased_flash_and_a_save_survives_a_reset(dist, tmp_path):
    # Nothing but the file on the chip's flash: CircuitPython, the drive, the
    # game. The menu saves the new deal; after the reset the same game shows,
    # as the desktop shows the save the nvm holds.
    frames, after = tmp_path / "frames", tmp_path / "after.png"
    result = emulated.emulate(None, "START B RESET", firmware=dist / (STEM + "-picosystem.uf2"),
                              elf=emulated.ELF, frames=frames, shot=after,
                              nvm_out=tmp_path / "nvm.bin", drive_out=tmp_path / "drive.img")
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert [boot["first_frame_ms"] is not None for boot in result["boots"]] == [True, True]
    (_, _, record), = emulated.nvm_frames((tmp_path / "nvm.bin").read_bytes())[-1:]
    game = cut_runs.game_of(record)
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), TABLE_ORIGIN)
    dealt = Game.deal(game.deal_number, game.rules)
    assert [reader.card_at(PngFrame(after), place) for place in range(20)] == [
        dealt.top(place) for place in range(20)]
    assert after.read_bytes() == (frames / "000-boot.png").read_bytes()  # as it first showed
    save = tmp_path / "save.bin"
    save.write_bytes(record)
    assert same_as_the_desktop(after, save, "", tmp_path)
    # The drive: CircuitPython's full 15 MiB, writable (it wrote boot_out.txt).
    drive = tmp_path / "drive.img"
    assert "Board ID:pimoroni_picosystem" in emulated.drive_file(drive, "boot_out.txt").decode()
    assert emulated.drive_file(drive, "code.py") == (REPO_ROOT / "code.py").read_bytes()
    info = subprocess.run(["minfo", "-i", str(drive), "::"], capture_output=True, text=True,
                          env=dict(os.environ, MTOOLS_SKIP_CHECK="1"), check=True).stdout
    assert "small size: 30720 sectors" in info and "label=\"CIRCUITPY" in info, info


def test_the_fruit_jam_zip_holds_what_its_launcher_reads(unpacked):
    folder = unpacked["fruitjam"]
    assert "sthelena" in os.listdir(folder) and "README.txt" in os.listdir(folder)
    app = folder / "sthelena"
    metadata = json.loads((app / "metadata.json").read_text())
    assert metadata == {"title": "St. Helena", "icon": "icon.bmp"}
    assert (app / "icon.bmp").read_bytes()[:2] == b"BM"
    assert (app / "code.py").read_bytes() == (REPO_ROOT / "code.py").read_bytes()
    assert (app / "sthelena_fruitjam.mpy").read_bytes() == (
        REPO_ROOT / "lib" / "sthelena_fruitjam.mpy").read_bytes()


def test_the_metro_zip_is_a_drive_for_each_major_with_the_fruit_jams_game_in_lib(unpacked):
    folder = unpacked["metro-rp2350"]
    assert "Metro RP2350" in (folder / "README.txt").read_text()
    for name in release.MAJORS.values():
        drive = folder / name
        found = files_under(drive)
        assert {"code.py", "assets/sheet-fruitjam.bmp", "assets/sheet-fan.bmp", "assets/help.txt",
                "assets/sheet-large.bmp", "lib/sthelena_hint.mpy",
                "lib/sthelena_profiles.mpy", "lib/adafruit_usb_host_mouse/__init__.mpy"} <= found
        assert "metadata.json" not in found and "boot.py" not in found  # (not an app folder)
        assert (drive / "lib" / "sthelena_fruitjam.mpy").read_bytes() == (
            REPO_ROOT / "lib" / "sthelena_fruitjam.mpy").read_bytes()


@pytest.mark.browser
def test_the_web_zip_served_shows_the_table_in_chromium(unpacked, pages, tmp_path):
    httpd = serve_site.server(str(unpacked["web"]))
    try:
        page = pages(httpd.url, paused=False)
        assert page.page.locator("#version").text_content() == "St. Helena " + sthelena.__version__
        deal, rules = deal_of(page)
        check_shown(page, tmp_path, "", deal, rules)
    finally:
        httpd.shutdown()
