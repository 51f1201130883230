"""The drive image on CircuitPython's own firmware, on an emulated RP2040
(tools/harness/emulator, rp2040js): the real displayio, keypad, heap, flash file
system and .mpy loader. Skipped, with the reason, where neither build/ nor
the shared builds hold the firmware (tools/build/circuitpython_builds.py; the
``firmware`` marker names what each test needs).
Each run boots the chip, some 4 to 7 s of emulated time, 10 to 20 s of real
time. A whole game won by presses is make bench-firmware's (minutes); the
power cut in every flash step of three saves, make bench-saves' (here, one
step of each kind)."""

import shutil

import pytest

from tests.helpers.app_driver import PngFrame, ScreenReader
from tests.helpers.firmware_helpers import TABLE_ORIGIN, same_as_the_desktop
from tests.helpers.mpvm import REPO_ROOT
from tools.harness import cut_runs, emulated
from sthelena.app import record
from sthelena.app.table.sheet import load_sheet
from sthelena.core.game import Game
from sthelena.core.statistics import Statistics

# The drive's .mpy are compiled by CircuitPython's mpy-cross, as circup compiles them.
pytestmark = pytest.mark.firmware("picosystem/firmware.uf2", "rp2040/bootrom.bin",
                                  "10.x/mpy-cross", emulator=True)



@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The CIRCUITPY drive as shipped: the game's .mpy, the libraries as .mpy."""
    return emulated.make_drive(str(tmp_path_factory.mktemp("firmware") / "CIRCUITPY"))


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


def test_a_drive_without_a_library_says_so_in_one_line_on_screen_and_console(drive, tmp_path):
    broken = tmp_path / "CIRCUITPY"
    shutil.copytree(drive, broken)
    shutil.rmtree(broken / "lib" / "adafruit_displayio_layout")  # (the set-up's library)
    shot = tmp_path / "broken.png"
    result = emulated.emulate(str(broken), ready="Code done running.", shot=shot)
    said = [line for line in console_lines(result) if line.startswith("St. Helena")]
    assert said == ["St. Helena: a library is missing (no module named "
                    "'adafruit_displayio_layout'): copy lib/ from the game again, or run "
                    "`circup install -r requirements.txt`"]
    assert "Traceback" not in result["console"]
    # The console shows on the screen: light text on black, no table.
    frame = PngFrame(shot)
    colours = {frame.pixel(x, y) for y in range(frame.height) for x in range(frame.width)}
    assert (0, 0, 0) in colours and (255, 255, 255) in colours
    assert (0x18, 0x6C, 0x30) not in colours and len(colours) < 40


@pytest.mark.firmware("pico/firmware.uf2")
def test_on_a_board_it_does_not_know_code_py_says_so_in_one_line(drive, tmp_path):
    image = tmp_path / "drive.img"
    # A Pico with a Display Pack 2.0 whose settings.toml names no board.
    result = emulated.emulate(drive, board="pico-display-2", ready="Code done running.",
                              drive_out=image)
    said = [line for line in console_lines(result) if line.startswith("St. Helena")]
    assert said == ["St. Helena plays on the M5Stack Cardputer, Fruit Jam, Metro RP2350, "
                    "PicoSystem, PyBadge, PyGamer, PyPortal, PyPortal Titano, Sprig, Wio "
                    "Terminal; on a Raspberry Pi Pico with a screen, write STHELENA_BOARD = "
                    "\"NAME\" in "
                    "CIRCUITPY/settings.toml, NAME one of pico-display, pico-display-2, "
                    "pico-lcd-1.3, spi: this board is raspberry_pi_pico"]
    assert "Traceback" not in result["console"]
    boot_out = emulated.drive_file(image, "boot_out.txt").decode()
    assert "Board ID:raspberry_pi_pico" in boot_out and "Traceback" not in boot_out
    assert "St. Helena does not know this board" in boot_out


# The nvm at the start: frames of deal 7 with room left for the first two
# saves of cut_runs.SAVES (53 and 186 bytes, measured), so the third erases.
SAVES_ROOM = 53 + 186 + 9


@pytest.fixture(scope="module")
def three_saves(drive, deal_seven, tmp_path_factory):
    """cut_runs.SAVES played on the firmware, each from the flash the last left."""
    save, _ = deal_seven
    runs = cut_runs.SaveRuns(drive, str(tmp_path_factory.mktemp("saves")), save.read_bytes(),
                             SAVES_ROOM)
    runs.reference()
    return runs


def test_saves_are_appended_till_the_sector_is_full_then_it_is_erased(three_saves):
    kinds = [[step["kind"] for step in steps] for steps in three_saves.steps]
    assert kinds[0] == kinds[1] == ["program"]  # each frame after the last: no erase
    assert kinds[2] == ["erase"] + ["program"] * 16  # full: erased, the frame at its start
    games = [cut_runs.game_of(data) for data in three_saves.records]
    assert [(game.deal_number, game.move_stack()) for game in games] == [
        (7, []), (7, [73]), (8, []), (8, [32])]
    counted = [Statistics.from_bytes(record.sections(data)[0][0]).played()
               for data in three_saves.records]
    assert counted == [0, 0, 1, 1]  # deal 7, left for deal 8, counted once


# One flash step of each kind in the saves (make bench-saves cuts them all):
# a frame appended (the save counting a deal), the full sector's erase, the
# program of the frame at its start.
@pytest.mark.parametrize("save, index", [(1, 0), (2, 0), (2, 1)],
                         ids=["appended", "erase", "first page after the erase"])
def test_a_power_cut_in_a_save_resumes_the_last_whole_save_or_the_one_before(
        three_saves, save, index):
    step = three_saves.steps[save][index]
    # Half the step done: an erase leaves bytes erased, as they were and in
    # between; a program, the page's bytes programmed in part (make
    # bench-saves draws how much, step by step).
    outcome = three_saves.cut(save, step["step"], part=0.5, seed=7 + save + index)
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), TABLE_ORIGIN)
    if step["kind"] == "program" and save < 2:  # appended: the one before stays whole
        assert outcome.kind in ("previous", "last") and outcome.said is None, outcome
    else:  # the sector erased: lost till the frame is whole, and said so in one line
        assert (outcome.kind, outcome.said) in (
            ("new", "power cut lost the save (the flash was neither blank nor a whole save)"),
            ("last", None)), outcome
    if outcome.kind != "new":  # the screen shows the game resumed, statistics and all
        assert cut_runs.shows(outcome, reader, PngFrame(outcome.shot)), outcome


def test_with_the_drive_given_a_cut_erase_is_restored_from_the_drives_copy(
        drive, deal_seven, tmp_path):
    # SELECT held at each power-on: boot.py gives the game the drive, and the
    # store writes the save to the drive's copy (saves/sthelena-nvm.0) before it
    # erases the sector.
    save, _ = deal_seven
    runs = cut_runs.SaveRuns(drive, str(tmp_path), save.read_bytes(), 40, held="SELECT",
                             first="A", saves=cut_runs.SAVES[:1])
    steps = runs.reference()[0]
    assert [step["kind"] for step in steps] == ["erase"] + ["program"] * 16
    assert runs.drive_copies[0] == runs.records[1]
    outcome = runs.cut(0, steps[0]["step"], part=0.5, keys_after="A")
    assert (outcome.kind, outcome.said) == (
        "drive", "power cut: save restored (the flash was neither blank nor a whole save)")
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), TABLE_ORIGIN)
    assert cut_runs.shows(outcome, reader, PngFrame(outcome.shot))


def test_todays_layout_in_nvm_is_resumed_on_the_firmware_and_migrated_without_an_erase(
        drive, deal_seven, tmp_path):
    save, _ = deal_seven
    nvm = tmp_path / "old.bin"
    nvm.write_bytes(emulated.nvm_holding(save.read_bytes(), old_layout=True))
    out = tmp_path / "nvm-out.bin"
    result = emulated.emulate(drive, "RIGHT RIGHT RIGHT HOLD_A START B", nvm_in=nvm, nvm_out=out)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert [step["kind"] for step in result["flash_steps"] if step["region"] == "nvm"] == [
        "program"]
    data = out.read_bytes()
    assert data.startswith(nvm.read_bytes())  # the old record stays till the sector is full
    frames = emulated.nvm_frames(data)
    assert len(frames) == 1 and cut_runs.game_of(frames[0][2]).move_stack() == [73]


def frames_after(result, frames):
    """The frame each press left (``--frames``: the boot's, then one for
    each press that drew), by the press's index; None where it drew nothing."""
    shown = []
    number = 0  # (000 is the boot's)
    for press in result["presses"]:
        if press["bytes"]:
            number += 1
            shown.append(frames / ("%03d-%s.png" % (number, press["word"])))
        else:
            shown.append(None)
    return shown


def screens_match_the_desktop(drive, save, words, checked, tmp_path):
    """Play ``words`` from ``save`` on the firmware; for each index in
    ``checked``, whether the frame that press left is the desktop's --shot of
    the words up to it, pixel for pixel: ``{index: True/False}``."""
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(emulated.nvm_holding(save.read_bytes()))
    frames = tmp_path / "frames"
    result = emulated.emulate(drive, " ".join(words), nvm_in=nvm, frames=frames,
                              asleep_ms=emulated.ASLEEP_MS)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert [press["word"] for press in result["presses"]] == words
    shown = frames_after(result, frames)
    return {index: shown[index] is not None and same_as_the_desktop(
        shown[index], save, " ".join(words[:index + 1]), tmp_path) for index in checked}


def test_every_text_screen_is_the_desktops_pixel_for_pixel(drive, deal_seven, tmp_path):
    # From deal 7's start: the menu, the deal number, the statistics, help and
    # its second page (the menu's items reached from its top down: the board's
    # menu has a battery's item at its end the desktop's has not), the
    # overview, the peek of a pile and of a foundation.
    from tools.harness.won_games import PATHS

    from sthelena.app.buttons import NAMES

    save, _ = deal_seven
    words = []
    checked = {}

    def press(*pressed, name=None):
        words.extend(pressed)
        if name:
            checked[len(words) - 1] = name

    press("START", name="menu")
    press("DOWN", "DOWN", "A", name="deal number")
    press("B", *["DOWN"] * 18)
    press("A", name="statistics")
    press("B", *["DOWN"] * 20)
    press("A", name="help")
    press("RIGHT", name="help, its second page")
    press("B", "B")
    press("SELECT", name="overview")
    press("A", name="peek of a pile")
    press("B", *[NAMES[step] for step in PATHS[0, 16]])
    press("SELECT", name="peek of a foundation")
    same = screens_match_the_desktop(drive, save, words, checked, tmp_path)
    assert {checked[index]: same[index] for index in checked} == {
        name: True for name in checked.values()}


def test_the_stuck_and_won_screens_are_the_desktops_pixel_for_pixel(drive, tmp_path):
    # Deal 7 one move before its first deal is stuck, and one move before it
    # is won (the solver's line but its last move), each move pressed.
    from tools.harness.firmware_sessions import Driver, Script, record_of, stuck_script

    from sthelena.solver.search import solve

    stuck = stuck_script(7)
    game = Game.deal(7)
    line = solve(Game.deal(7), budget=60).moves
    for move in line[:-1]:
        game.push(move)
    won = Script("won", 7, record_of(game))
    Driver(won).move(line[-1], "won: open")
    for script, name in ((stuck, "stuck"), (won, "won")):
        folder = tmp_path / name
        folder.mkdir()
        save = folder / "save.bin"
        save.write_bytes(script.record)
        words = script.words[:-1] if name == "stuck" else script.words  # (not the stuck's B)
        same = screens_match_the_desktop(drive, save, words, [len(words) - 1], folder)
        assert same == {len(words) - 1: True}, name
