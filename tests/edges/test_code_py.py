"""code.py on the board: when the game cannot load, one line says why and
what to do (on the screen and the serial console), never a traceback. On
CPython for each kind of failure; under the MicroPython VM for real ones (the
game missing, a .mpy the interpreter refuses, a library missing); on
CircuitPython's own interpreter where it is built (tests/board/test_board_heap.py
says how)."""

import runpy
import subprocess

import pytest

from tests.helpers.bundle_helpers import COMMITTED
from tests.helpers.mpvm import REPO_ROOT, run_micropython
from tools.harness import firmware_figures


@pytest.fixture(scope="module")
def code_py():
    # Not as __main__, so it starts nothing: its functions only.
    return runpy.run_path(str(REPO_ROOT / "code.py"), run_name="board_code")


@pytest.mark.parametrize("error, says", [
    (ImportError("no module named 'sthelena_board'"),
     "St. Helena: lib/sthelena_board.mpy is missing: copy lib/ from the game again"),
    (ImportError("no module named 'adafruit_display_text'"),
     "St. Helena: a library is missing (no module named 'adafruit_display_text'): run "
     "`circup install -r requirements.txt`"),
    (ValueError("Incompatible .mpy file. Please update all .mpy files. See "
                "http://adafru.it/mpy-update for more info."),
     "St. Helena needs CircuitPython 9 or 10 (this is 8.2.10) and libraries of the same "
     "version: update CircuitPython, then `circup update`"),
    (ImportError("no module named 'keypad'"),
     "St. Helena: this CircuitPython has no module named 'keypad': it plays on a PyGamer, a "
     "PyBadge, a PicoSystem or a Fruit Jam"),
    (ImportError("no module named 'sthelena_picosystem'"),
     "St. Helena: lib/sthelena_picosystem.mpy is missing: copy lib/ from the game again"),
    (MemoryError("memory allocation failed, allocating 4096 bytes"),
     "St. Helena: out of memory loading the game: reset the board and try again"),
    (OSError(5, "Input/output error"),
     "St. Helena could not start (OSError: [Errno 5] Input/output error): copy the game again"),
])
def test_each_failure_to_load_gets_one_line_saying_what_to_do(code_py, error, says):
    line = code_py["load_failure"](error, "8.2.10")
    assert line == says and "\n" not in line


class Board:
    """A firmware's board module, as far as code.py reads it."""

    def __init__(self, board_id, *pins):
        self.board_id = board_id
        for pin in pins:
            setattr(self, pin, object())


@pytest.mark.parametrize("board, edge", [
    (Board("pygamer", "BUTTON_CLOCK", "DISPLAY", "JOYSTICK_X"), "handheld"),
    (Board("pybadge", "BUTTON_CLOCK", "DISPLAY"), "handheld"),
    (Board("adafruit_fruit_jam", "BUTTON1"), "fruit_jam"),
    (Board("pimoroni_picosystem", "SW_A", "DISPLAY"), "picosystem"),
    (Board("raspberry_pi_pico", "LED"), None),
    (Board("adafruit_feather_rp2040", "BUTTON", "NEOPIXEL"), None),
])
def test_each_board_gets_its_edge_or_none(code_py, board, edge):
    assert code_py["edge_of"](board) == edge


def test_on_a_board_it_does_not_know_code_py_names_the_boards_it_plays_on(code_py, capsys):
    code_py["start_on_board"](Board("raspberry_pi_pico", "LED"))
    assert capsys.readouterr().out == (
        "St. Helena plays on a PyGamer, a PyBadge, a PicoSystem or a Fruit Jam: this board is "
        "raspberry_pi_pico\n")


VM_SCRIPT = """
import sys
sys.path.append("/lib/standins")  # the board's modules
namespace = {"__name__": "code"}
exec(open("/code.py").read(), namespace)
namespace["start_on_board"]()
print("returned")
"""


def run_code_py(files, libraries=None):
    files = dict(files, **{"code.py": REPO_ROOT / "code.py"})
    return run_micropython(VM_SCRIPT, packages=("tools/harness/standins",), exclude=None,
                           files=files, libraries=libraries).splitlines()


@pytest.mark.vm
def test_without_the_game_code_py_says_to_copy_it():
    assert run_code_py({}) == [
        "St. Helena: lib/sthelena_board.mpy is missing: copy lib/ from the game again",
        "returned"]


@pytest.mark.vm
def test_a_mpy_the_interpreter_refuses_names_the_versions_needed():
    # The MicroPython VM refuses CircuitPython's .mpy as CircuitPython refuses
    # MicroPython's (or an older CircuitPython's): by its first bytes.
    lines = run_code_py({"lib/sthelena_board.mpy": COMMITTED})
    assert lines[0].startswith("St. Helena needs CircuitPython 9 or 10 (this is 1.")
    assert lines[1:] == ["returned"]


@pytest.mark.vm
def test_a_missing_library_names_circup(tmp_path):
    from tests.helpers.bundle_helpers import vm_mpy

    # The game loads without its libraries and imports the layout's at set-up
    # (the text screens need none): code.py says so there too.
    files = {name: REPO_ROOT / name for name in
             ("assets/sheet.bmp", "assets/help.txt", "assets/winnable.bin")}
    lines = run_code_py(dict(files, **{"lib/sthelena_board.mpy": vm_mpy(tmp_path)}),
                        libraries={})
    assert lines == ["St. Helena: a library is missing (no module named "
                     "'adafruit_displayio_layout'): run `circup install -r requirements.txt`",
                     "returned"]


@pytest.mark.vm
def test_the_game_starts_when_it_loads(tmp_path):
    game = tmp_path / "sthelena_board.py"
    game.write_text("def main():\n    print('the game runs')\n")
    assert run_code_py({"lib/sthelena_board.py": game}) == ["the game runs", "returned"]


FIRMWARE, _ = firmware_figures.interpreter()


@pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
def test_on_circuitpython_code_py_starts_itself_and_reports_in_one_line(tmp_path):
    # As the board runs it: code.py as __main__ on CircuitPython, here with
    # MicroPython's .mpy of the game in lib/, which CircuitPython refuses.
    from tests.helpers.bundle_helpers import vm_mpy

    (tmp_path / "lib").mkdir()
    vm_mpy(tmp_path / "lib")
    (tmp_path / "code.py").write_bytes((REPO_ROOT / "code.py").read_bytes())
    proc = subprocess.run([FIRMWARE, "-c", "import sys; sys.path.insert(0, 'lib'); "
                           "exec(open('code.py').read())"],
                          cwd=tmp_path, capture_output=True, text=True)
    version = proc.stdout.split("(this is ")[-1].split(")")[0]
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == (
        "St. Helena needs CircuitPython 9 or 10 (this is %s) and libraries of the same version: "
        "update CircuitPython, then `circup update`\n" % version)
    assert version.split(".")[0] in ("9", "10")
