"""code.py on the board: when the game cannot load, one line says why and
what to do (on the screen and the serial console), never a traceback. On
CPython for each kind of failure; under the MicroPython VM for real ones (the
game missing, a .mpy the interpreter refuses, a library missing); on
CircuitPython's own interpreter where it is built (tests/board/test_board_heap.py
says how)."""

import runpy
import subprocess

import pytest

from tests.helpers.bundle_helpers import COMMITTED, COMMITTED_PROFILES
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
     "St. Helena: a library is missing (no module named 'adafruit_display_text'): copy lib/ "
     "from the game again, or run `circup install -r requirements.txt`"),
    (ValueError("Incompatible .mpy file. Please update all .mpy files. See "
                "http://adafru.it/mpy-update for more info."),
     "St. Helena needs CircuitPython 9 or 10 (this is 8.2.10): put CircuitPython 10 on the "
     "board, then copy the game's CircuitPython 10.x folder onto CIRCUITPY again"),
    (ImportError("no module named 'keypad'"),
     "St. Helena: this board's CircuitPython has no module named 'keypad', which the game "
     "needs"),
    (ImportError("no module named 'sthelena_full'"),
     "St. Helena: lib/sthelena_full.mpy is missing: copy lib/ from the game again"),
    (ImportError("no module named 'sthelena_profiles'"),
     "St. Helena: lib/sthelena_profiles.mpy is missing: copy lib/ from the game again"),
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


@pytest.fixture(scope="module")
def profiles():
    """``sthelena_profiles`` as the drive has it, made from the profiles (on CPython)."""
    import types

    from tools.build.profiles_module import profiles_source

    module = types.ModuleType("sthelena_profiles")
    exec(profiles_source(), module.__dict__)
    return module


@pytest.fixture
def on_drive(profiles, monkeypatch):
    """code.py's imports of lib/: the profiles, as the drive has them."""
    import sys

    monkeypatch.setitem(sys.modules, "sthelena_profiles", profiles)
    return profiles


@pytest.mark.parametrize("board, setting, profile", [
    (Board("pygamer", "BUTTON_CLOCK", "DISPLAY", "JOYSTICK_X"), None, "pygamer"),
    (Board("pybadge", "BUTTON_CLOCK", "DISPLAY"), None, "pybadge"),
    (Board("adafruit_fruit_jam", "BUTTON1"), None, "fruit-jam"),
    (Board("pimoroni_picosystem", "SW_A", "DISPLAY"), None, "picosystem"),
    (Board("hack_club_sprig", "BUTTON_W", "DISPLAY"), None, "sprig"),
    (Board("pyportal", "TOUCH_XL", "DISPLAY"), None, "pyportal"),
    (Board("pyportal_pynt", "TOUCH_XL", "DISPLAY"), None, "pyportal"),
    (Board("pyportal_titano", "TOUCH_XL", "DISPLAY"), None, "pyportal-titano"),
    (Board("seeeduino_wio_terminal", "SWITCH_UP", "BUTTON_1", "DISPLAY"), None, "wio-terminal"),
    (Board("raspberry_pi_pico", "LED"), "pico-display-2", "pico-display-2"),
    (Board("raspberry_pi_pico_w", "LED"), "pico-lcd-1.3", "pico-lcd-1.3"),
    (Board("adafruit_feather_rp2040", "BUTTON", "NEOPIXEL"), "spi", "spi"),
    (Board("raspberry_pi_pico", "LED"), None, None),
    (Board("adafruit_feather_rp2040", "BUTTON", "NEOPIXEL"), None, None),
])
def test_each_board_gets_its_profile_or_none(code_py, on_drive, monkeypatch, board, setting,
                                            profile):
    import os
    import sys

    monkeypatch.setattr(os, "getenv", lambda name: setting if name == "STHELENA_BOARD" else None)
    found, line = code_py["find_profile"](board)
    assert (found and found.name) == profile
    assert (line is None) == (profile is not None)
    assert "sthelena_profiles" not in sys.modules  # the other boards' profiles let go


def test_on_a_board_it_does_not_know_code_py_names_the_boards_and_the_setting(
        code_py, on_drive, capsys):
    code_py["start_on_board"](Board("raspberry_pi_pico", "LED"))
    assert capsys.readouterr().out == (
        "St. Helena plays on the M5Stack Cardputer, Fruit Jam, Metro RP2350, PicoSystem, PyBadge, "
        "PyGamer, PyPortal, PyPortal Titano, Sprig, Wio Terminal; on a Raspberry "
        "Pi Pico with a screen, write STHELENA_BOARD = \"NAME\" in CIRCUITPY/settings.toml, NAME "
        "one of pico-display, pico-display-2, pico-lcd-1.3, spi: this board is "
        "raspberry_pi_pico\n")


@pytest.mark.parametrize("setting, says", [
    ("pico-display-3", "St. Helena: settings.toml: STHELENA_BOARD = \"pico-display-3\" names no "
     "board: want one of pico-display, pico-display-2, pico-lcd-1.3, spi"),
    ("sprig", "St. Helena: settings.toml: STHELENA_BOARD = \"sprig\" is for a hack_club_sprig: "
     "this board is raspberry_pi_pico"),
])
def test_a_setting_that_names_no_board_for_this_one_is_said_in_one_line(
        code_py, on_drive, monkeypatch, capsys, setting, says):
    import os

    monkeypatch.setattr(os, "getenv", lambda name: setting if name == "STHELENA_BOARD" else None)
    code_py["start_on_board"](Board("raspberry_pi_pico", "LED"))
    assert capsys.readouterr().out == says + "\n"


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


@pytest.fixture(scope="module")
def profiles_mpy(tmp_path_factory):
    """The committed lib/sthelena_profiles.mpy as the MicroPython VM loads it."""
    from tests.helpers.bundle_helpers import COMMITTED_PROFILES, vm_mpy

    return vm_mpy(tmp_path_factory.mktemp("profiles"), COMMITTED_PROFILES)


@pytest.mark.vm
def test_without_the_game_code_py_says_to_copy_it(profiles_mpy):
    assert run_code_py({}) == [
        "St. Helena: lib/sthelena_profiles.mpy is missing: copy lib/ from the game again",
        "returned"]
    assert run_code_py({"lib/sthelena_profiles.mpy": profiles_mpy}) == [
        "St. Helena: lib/sthelena_board.mpy is missing: copy lib/ from the game again",
        "returned"]


@pytest.mark.vm
def test_a_mpy_the_interpreter_refuses_names_the_versions_needed(profiles_mpy):
    # The MicroPython VM refuses CircuitPython's .mpy as CircuitPython refuses
    # MicroPython's (or an older CircuitPython's): by its first bytes.
    for files in ({"lib/sthelena_board.mpy": COMMITTED, "lib/sthelena_profiles.mpy": profiles_mpy},
                  {"lib/sthelena_profiles.mpy": COMMITTED_PROFILES}):
        lines = run_code_py(files)
        assert lines[0].startswith("St. Helena needs CircuitPython 9 or 10 (this is 1.")
        assert lines[0].endswith("): put CircuitPython 10 on the board, then copy the game's "
                                 "CircuitPython 10.x folder onto CIRCUITPY again")
        assert lines[1:] == ["returned"]


@pytest.mark.vm
def test_a_missing_library_names_circup(tmp_path, profiles_mpy):
    from tests.helpers.bundle_helpers import vm_mpy

    # The game loads without its libraries and imports the layout's at set-up
    # (the text screens need none): code.py says so there too.
    files = {name: REPO_ROOT / name for name in
             ("assets/sheet.bmp", "assets/help.txt", "assets/winnable.bin")}
    from tests.helpers.bundle_helpers import COMMITTED_SETUP

    lines = run_code_py(dict(files, **{"lib/sthelena_board.mpy": vm_mpy(tmp_path),
                                       "lib/sthelena_board_setup.mpy": vm_mpy(tmp_path,
                                                                              COMMITTED_SETUP),
                                       "lib/sthelena_profiles.mpy": profiles_mpy}),
                        libraries={})
    assert lines == ["St. Helena: a library is missing (no module named "
                     "'adafruit_displayio_layout'): copy lib/ from the game again, or run "
                     "`circup install -r requirements.txt`",
                     "returned"]


@pytest.mark.vm
def test_the_game_starts_with_the_boards_profile_when_it_loads(tmp_path, profiles_mpy):
    game = tmp_path / "sthelena_board.py"
    game.write_text("def setup(profile):\n    return profile.title\n\n\n"
                    "def play_board(made):\n    print('the game runs on a', made)\n")
    assert run_code_py({"lib/sthelena_board.py": game,
                        "lib/sthelena_profiles.mpy": profiles_mpy}) == [
        "the game runs on a PyBadge", "returned"]


FIRMWARE, _ = firmware_figures.interpreter()


@pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
def test_on_circuitpython_code_py_starts_itself_and_reports_in_one_line(tmp_path):
    # As the board runs it: code.py as __main__ on CircuitPython, here with
    # MicroPython's .mpy of the profiles in lib/, which CircuitPython refuses.
    from tests.helpers.bundle_helpers import COMMITTED_PROFILES, vm_mpy

    (tmp_path / "lib").mkdir()
    vm_mpy(tmp_path / "lib", COMMITTED_PROFILES)
    (tmp_path / "code.py").write_bytes((REPO_ROOT / "code.py").read_bytes())
    proc = subprocess.run([FIRMWARE, "-c", "import sys; sys.path.insert(0, 'lib'); "
                           "exec(open('code.py').read())"],
                          cwd=tmp_path, capture_output=True, text=True)
    version = proc.stdout.split("(this is ")[-1].split(")")[0]
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == (
        "St. Helena needs CircuitPython 9 or 10 (this is %s): put CircuitPython 10 on the board, "
        "then copy the game's CircuitPython 10.x folder onto CIRCUITPY again\n" % version)
    assert version.split(".")[0] in ("9", "10")
