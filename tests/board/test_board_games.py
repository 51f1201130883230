"""A game played on each new board's own firmware in the RP2040 emulator
(tools/harness/emulator): the Sprig's, and the Pico's with each screen add-on
(the Pico Display Pack 2.0, the 1.14" Pack, the Pico-LCD-1.3), pressed with the
board's own keys (tools/harness/board_scripts.py), every frame the firmware
drew compared with the desktop's frame of the same press, pixel for pixel.

One emulator session a board, which its tests share (a module fixture; the
board's tests kept on one pytest worker by ``xdist_group``):

- the drive is the release's CircuitPython 10.x folder (as tools/build/release.py
  writes it) with, for a Pico add-on, settings.toml's line as a player writes
  it; the nvm holds deal DEAL just dealt, the record the desktop's ``--save``
  starts from too;
- the script (board_scripts.game_script): MOVES card moves of the solver's
  line (the first two lifted and put down, the rest by the quick move; a
  redeal on the stuck screen; halfway, a move taken back and given again),
  then the menu opened and closed (it saves);
- RESET: the game comes back as it was;
- SOAK random words of the board's own keys (tapped, held, held long;
  seeded) with a RESET among them: nothing may crash.

The heap is a session of its own, with a code.py that reports
``gc.mem_free()`` in play and during a full hint (tools/harness/firmware_heap.py),
on the Pico Display Pack 2.0: the full game on its largest table, 320x240.
"""

import shutil

import pytest

from tests.helpers.firmware_helpers import desktop_frames, pixels_differing
from tools.build import circuitpython_builds, drive_image, release
from tools.harness import board_scripts, board_wiring, cut_runs, emulated, firmware_heap
from tools.harness.heap_play import FREE_GOAL
from sthelena.boards import catalogue

pytestmark = pytest.mark.firmware("rp2040/bootrom.bin", "10.x/mpy-cross", emulator=True)

NAMES = ("sprig", "pico-display-2", "pico-display", "pico-lcd-1.3")
# The deal whose solver's line reaches MOVES card moves in the fewest presses
# on these boards (of deals 1-80), a stuck screen among them; SOAK random
# words after the reset, SOAK_RESETS resets among them.
DEAL, MOVES, SOAK, SOAK_RESETS = 21, 40, 8, 1
SOAK_SEED = 7
# The heap's board: the full game's largest table, 320x240 (the other add-ons
# have its smaller tables; the Sprig's game, the handhelds', is started in the
# PyGamer's smaller heap by tests/board/test_board_heap.py).
HEAP_BOARDS = ("pico-display-2",)


def board_param(name):
    return pytest.param(name, id=name, marks=[
        pytest.mark.firmware(emulated.firmware_name(name)),
        pytest.mark.xdist_group("board-games-" + name)])


@pytest.fixture(scope="module")
def release_folder(tmp_path_factory):
    """The release's 10.x folder, as make release writes it (release.handheld_folders)."""
    top = tmp_path_factory.mktemp("handhelds")
    folder = top / release.MAJORS["10.x"]
    drive_image.build_tree(str(folder), mpy_cross=circuitpython_builds.find("10.x/mpy-cross"))
    return folder


def board_drive(release_folder, board, folder):
    """The release's 10.x folder copied as a player copies it, and settings.toml's line."""
    shutil.copytree(release_folder, folder)
    board_wiring.write_settings(board, str(folder))
    return folder


class Played:
    """A board's session: ``script``, the emulator's ``result``, its
    ``frames`` (the boots' and each press's that drew, in order, each as
    (word, path)), the desktop's frames of the script (``desktop``: frame 0,
    then one a word) and its last save (``desktop_save``)."""


def frames_in_order(result, words, folder):
    """The emulator's frames (``--frames``) by the word that drew each:
    ``[(word, path)]``, a boot's as ("boot", path); ``words`` the
    session's key words (RESET: a boot)."""
    files = iter(sorted(folder.iterdir()))
    boots = iter(result["boots"])
    presses = iter(result["presses"])
    shown = []
    for word in ["RESET"] + words:
        if word == "RESET":
            drawn = next(boots)["first_frame_ms"] is not None
            word = "boot"
        else:
            press = next(presses)
            assert press["word"] == word, (press, word)
            drawn = press["bytes"] > 0
        if drawn:
            path = next(files)
            assert path.name.split("-", 1)[1] == word + ".png", (path, word)
            shown.append((word, path))
    return shown


@pytest.fixture(scope="module", params=[board_param(name) for name in NAMES])
def played(request, release_folder, tmp_path_factory):
    board = request.param
    profile = catalogue.named(board)
    work = tmp_path_factory.mktemp(board)
    script = board_scripts.game_script(profile, DEAL, MOVES, opening=False)
    save = work / "save.bin"
    save.write_bytes(script.record)
    nvm = work / "nvm.bin"
    nvm.write_bytes(emulated.nvm_holding(script.record))
    drive = board_drive(release_folder, board, work / "CIRCUITPY")
    words = script.words + ["RESET"] + board_scripts.soak_words(profile, SOAK, SOAK_SEED,
                                                                SOAK_RESETS)
    result = emulated.emulate(str(drive), " ".join(words), board=board, nvm_in=nvm,
                              frames=work / "firmware", boot_nvm=work / "nvm-at-boot",
                              asleep_ms=emulated.ASLEEP_MS)
    made = Played()
    made.board, made.script, made.result, made.words = board, script, result, words
    made.work, made.drive = work, drive
    made.frames = frames_in_order(result, words, work / "firmware")
    (work / "desktop").mkdir()
    made.desktop = desktop_frames(board, save, script.keys(), work / "desktop")
    made.desktop_save = work / "desktop" / "save.bin"
    return made


def script_frames(played):
    """``[(index, word, frame)]``: each script press, and the firmware's
    frame after it (the last one drawn)."""
    frames = iter(played.frames[1:])
    current = played.frames[0][1]
    shown = []
    for index, (word, press) in enumerate(zip(played.script.words, played.result["presses"])):
        if press["bytes"]:
            drawn, current = next(frames)
            assert drawn == word
        shown.append((index, word, current))
    return shown


def test_the_script_plays_its_moves_and_every_frame_is_the_desktops(played):
    script, result = played.script, played.result
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert script.moves >= MOVES and script.redeals and "menu: open" in script.kinds
    presses = result["presses"][:len(script.words)]
    assert [index for index, press in enumerate(presses) if not press["settled"]] == []
    assert len(played.desktop) == len(script.words) + 1
    differ = {}
    if pixels_differing(played.frames[0][1], played.desktop[0]):
        differ["boot"] = pixels_differing(played.frames[0][1], played.desktop[0])
    for index, word, frame in script_frames(played):
        wrong = pixels_differing(frame, played.desktop[index + 1])
        if wrong:
            differ["%d %s (%s)" % (index, word, script.kinds[index])] = wrong
    assert differ == {}, "frames differing from the desktop's (pixels): %s" % differ


def test_after_the_script_a_reset_resumes_the_game_as_it_was(played):
    assert played.result["boots"][1]["first_frame_ms"] is not None
    # The first frame after the reset is the desktop's last, pixel for pixel.
    drawn = sum(1 for press in played.result["presses"][:len(played.script.words)]
                if press["bytes"])
    word, after = played.frames[1 + drawn]
    assert word == "boot"
    assert pixels_differing(after, played.desktop[-1]) == 0
    # The nvm as the reset found it holds the game the desktop saved.
    (_, _, record), = emulated.nvm_frames(
        (played.work / "nvm-at-boot" / "boot-1.bin").read_bytes())[-1:]
    mine, theirs = cut_runs.game_of(record), cut_runs.game_of(played.desktop_save.read_bytes())
    assert (mine.deal_number, mine.move_stack()) == (theirs.deal_number, theirs.move_stack())
    assert mine.deal_number == DEAL and len(mine.move_stack()) >= MOVES


def test_random_presses_and_resets_after_it_crash_nothing(played):
    result = played.result
    assert result["exit"] == 0
    assert "Traceback" not in result["console"] and "St. Helena" not in result["console"], (
        result["console"][-2000:])
    boots = result["boots"]
    assert len(boots) == 1 + played.words.count("RESET") == 2 + SOAK_RESETS
    width, height = result["screen"]
    assert [(boot["first_frame_ms"] is not None, boot["covered"], boot["safe_mode"])
            for boot in boots] == [(True, width * height, False)] * len(boots)
    soak = played.words[len(played.script.words) + 1:]
    assert [press["word"] for press in result["presses"][len(played.script.words):]] == [
        word for word in soak if word != "RESET"]


def test_the_releases_10x_folder_boots_to_the_table_and_plays(played, release_folder):
    # The session's drive is the release's folder as a player copies it, and
    # for a Pico add-on settings.toml's line.
    copied = {str(path.relative_to(played.drive)) for path in played.drive.rglob("*")
              if path.is_file()}
    shipped = {str(path.relative_to(release_folder)) for path in release_folder.rglob("*")
               if path.is_file()}
    line = board_wiring.settings_line(played.board)
    assert copied - shipped == ({"settings.toml"} if line else set()) and shipped <= copied
    if line:
        assert (played.drive / "settings.toml").read_text() == line + "\n"
    assert not played.result["boots"][0]["safe_mode"]
    # Its first frame is the table the desktop shows, and so is each of its first presses'.
    assert played.frames[0][0] == "boot"
    assert pixels_differing(played.frames[0][1], played.desktop[0]) == 0
    first = script_frames(played)[:5]
    assert [pixels_differing(frame, played.desktop[index + 1]) for index, _, frame in first] == [
        0] * 5


# -- the heap ---------------------------------------------------------------------------


@pytest.fixture(scope="module", params=[board_param(name) for name in HEAP_BOARDS])
def heap(request, release_folder, tmp_path_factory):
    """The heap's session: HEAP_CODE as code.py, the script's first 16
    events (not the menu's or the overview's: their redraws are long), then
    a hint; its ``heap`` lines, ``{name: [value...]}``."""
    board = request.param
    work = tmp_path_factory.mktemp("heap-" + board)
    script = board_scripts.game_script(catalogue.named(board), DEAL, MOVES, opening=False)
    events = [event for kind, given in zip(script.kinds, script.events)
              if not kind.startswith(("menu", "overview")) for event in given][:16]
    drive = board_drive(release_folder, board, work / "CIRCUITPY")
    (drive / "code.py").write_text(firmware_heap.heap_code(events))
    nvm = work / "nvm.bin"
    nvm.write_bytes(emulated.nvm_holding(script.record))
    result = emulated.emulate(str(drive), board=board, nvm_in=nvm, ready="heap done",
                              boot_ms=60000)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    figures = {}
    for line in result["console"].replace("\r", "").split("\n"):
        if line.startswith("heap "):
            name, *values = line[5:].split(" ", 5)
            figures[name] = values
    return figures


def test_the_heap_holds_the_game_in_play_and_a_full_hint_to_its_end(heap):
    # The game set up and played (the script's first presses), collected: free heap left.
    assert int(heap["in-play"][0]) >= FREE_GOAL, heap
    full, result, ms, least, message = heap["hint"]
    assert full == "1", heap  # its full buffers, not the compact ones
    assert result != "0" and message.startswith(("Wins", "+", "Lost")), heap
    assert int(ms) < 30000, heap  # answered before HINT_MS's give-up
    assert int(least) >= FREE_GOAL, heap  # (heap_play's goal: 8 KB free while it searches)

