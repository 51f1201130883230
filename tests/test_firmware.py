"""The drive image on CircuitPython's own firmware, on an emulated RP2040
(tools/emulator, rp2040js): the real displayio, keypad, heap, flash file
system and .mpy loader. Skipped, with the reason, where the firmware is not
built (make firmware-rp2040 CIRCUITPYTHON=DIR; CI cannot fetch CircuitPython).
Each run boots the chip, about 4 s of emulated time, 10 s or so of real time."""

import pytest

import emulated  # tools/board, on the path from conftest.py

WHY_NOT = emulated.unavailable()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The CIRCUITPY drive as shipped: the game's .mpy, the libraries as .mpy."""
    return emulated.make_drive(str(tmp_path_factory.mktemp("firmware") / "CIRCUITPY"))


def test_on_a_board_it_does_not_know_code_py_says_so_in_one_line(drive, tmp_path):
    shot = tmp_path / "unknown.png"
    image = tmp_path / "drive.img"
    result = emulated.emulate(drive, ready="St. Helena", shot=shot, drive_out=image)
    lines = result["console"].replace("\r", "").split("\n")
    said = [line for line in lines if line.startswith("St. Helena")]
    assert said == ["St. Helena plays on a PyGamer, a PyBadge or a Fruit Jam: this board is "
                    "pimoroni_picosystem"], result["console"]
    assert "Traceback" not in result["console"] and "Code done running." in result["console"]
    assert result["boots"][0]["safe_mode"] is False and shot.is_file()
    boot_out = emulated.drive_file(image, "boot_out.txt").decode()
    assert "boot.py output:" in boot_out and "Traceback" not in boot_out, boot_out
