"""The board's code and the stand-ins against CircuitPython's own API
(circuitpython-stubs, pinned): tools/harness/conformance.py, whose checks
these run, and cases showing each check sees what it is for."""

import os
import shutil

import pytest

from tools.harness import conformance

BOARDS = sorted(conformance.BOARDS)


@pytest.mark.parametrize("board", BOARDS)
def test_the_code_on_each_board_type_checks_against_its_firmware(board):
    assert conformance.check_code(board) == []


@pytest.mark.parametrize("board", BOARDS)
def test_the_code_on_each_board_imports_only_what_its_firmware_has(board):
    assert conformance.check_modules(board) == []


def test_each_board_gets_its_own_files_and_board_module():
    assert "sthelena/handheld/start.py" in conformance.files_on("pygamer")
    assert "sthelena/core/sector_store.py" not in conformance.files_on("pygamer")
    assert "boot.py" in conformance.files_on("pybadge")
    assert "sthelena/handheld/spi_screen.py" in conformance.files_on("raspberry_pi_pico")
    assert "sthelena/core/sector_store.py" in conformance.files_on("hack_club_sprig")
    fruit_jam = conformance.files_on("adafruit_fruit_jam")
    assert "sthelena/fruitjam/device.py" in fruit_jam and "boot.py" not in fruit_jam
    assert "sthelena/handheld/start.py" not in fruit_jam
    cardputer = conformance.files_on("m5stack_cardputer")
    assert {"sthelena/handheld/nvs_store.py", "sthelena/app/serial_keys.py"} <= set(cardputer)
    metro = conformance.files_on("adafruit_metro_rp2350")
    assert "sthelena/fruitjam/device.py" in metro and "sthelena/app/serial_keys.py" not in metro
    stub = os.path.join(conformance.board_stub("pygamer"), "board", "__init__.pyi")
    with open(stub) as file:
        text = file.read()
    assert "JOYSTICK_X: microcontroller.Pin" in text
    assert "DISPLAY: busdisplay.BusDisplay" in text  # CircuitPython 9's class, named anew


def test_every_pin_a_profile_names_is_its_boards():
    assert conformance.check_profiles() == []


def test_a_pin_a_board_lacks_in_a_profile_is_a_finding():
    from sthelena.boards import catalogue
    from sthelena.boards.profile import Keys, Profile

    sprig = catalogue.named("sprig")
    wrong = Profile("sprig", "Sprig", sprig.game, sprig.screen, sprig.size,
                    Keys((("L", "BUTTON_L", 4), ("X", "BUTTON_X", 5))), board_ids=sprig.board_ids)
    assert conformance.check_profiles([wrong]) == [
        "profile sprig: board.BUTTON_X, which hack_club_sprig's firmware lacks"]


def test_the_stand_ins_offer_nothing_the_firmware_lacks():
    assert conformance.check_standins() == []
    assert conformance.check_standin_board() == []


def test_every_allowed_stubtest_line_is_still_met():
    """An allowance for a hook or a stub's error that is gone goes too."""
    lines = set(conformance.stubtest_lines())
    assert [line for line in conformance.ALLOWED if line not in lines] == []


MISUSE = '''import board
import keypad
import displayio

keys = keypad.Keys((board.BUTTON_CLOCK,), value_when_pressed=False, pull_up=True)
group = displayio.Group(scale=2, hidden=True)
pin = board.SW_A
'''


def test_a_keyword_or_pin_the_firmware_lacks_is_a_finding(tmp_path):
    path = tmp_path / "misuse.py"
    path.write_text(MISUSE)
    findings = "\n".join(conformance.check_code("pygamer", [str(path)]))
    assert 'Unexpected keyword argument "pull_up"' in findings
    assert 'Unexpected keyword argument "hidden"' in findings
    assert 'has no attribute "SW_A"' in findings


def test_a_module_the_board_lacks_is_a_finding_unless_guarded(tmp_path):
    path = tmp_path / "modules.py"
    path.write_text("import picodvi\nimport keypad\nx = keypad.KeyMatrix\n"
                    "try:\n    import usb_host\nexcept ImportError:\n    usb_host = None\n")
    findings = conformance.check_modules("pygamer", [str(path)])
    assert findings == ["%s: imports picodvi, which pygamer's firmware lacks" % path]
    assert conformance.check_modules("adafruit_fruit_jam", [str(path)]) == []


def test_a_stand_in_offering_more_than_the_firmware_is_a_finding(tmp_path):
    standins = tmp_path / "standins"
    shutil.copytree(conformance.STANDINS, standins)
    with open(standins / "digitalio.py", "a") as file:
        file.write("\n\ndef pulse(pin):\n    pass\n")
    keypad = (standins / "keypad.py").read_text()
    keypad = keypad.replace("key_count,\n", "key_count, pull_up=False,\n", 1)
    assert "pull_up" in keypad
    (standins / "keypad.py").write_text(keypad)
    findings = conformance.check_standins(str(standins))
    assert "digitalio.pulse is not present in stub" in findings
    assert ('keypad.ShiftRegisterKeys.__init__ is inconsistent, stub does not have parameter '
            '"pull_up"') in findings
    board = (standins / "board.py").read_text().replace('"CKP",', '"CKP", "BUTTON_CLOCK",')
    (standins / "board.py").write_text(board)
    assert conformance.check_standin_board(str(standins)) == [
        "board stand-in as adafruit_fruit_jam: board.BUTTON_CLOCK, which its firmware lacks"]
