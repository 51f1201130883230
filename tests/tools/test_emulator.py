"""The RP2040 emulator (tools/harness/emulator): its parts checked without a firmware
(the UF2 reader, the display's decoder, the flash chip, the FAT image, PNG,
the key words), and its command line's refusals. The firmware's own runs are
tests/board/test_firmware.py."""

import os
import subprocess
import sys

import pytest

from tests.helpers.mpvm import REPO_ROOT
from tools.harness import emulated

pytestmark = pytest.mark.skipif(
    not (REPO_ROOT / "tools" / "harness" / "emulator" / "node_modules" / "rp2040js").is_dir(),
    reason="rp2040js is not installed"
           " (make test installs it: npm ci --prefix tools/harness/emulator)")


def node(*args):
    # (the board's wiring is read from its profile by this Python: board_wiring.py)
    return subprocess.run(["node"] + [str(arg) for arg in args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, STHELENA_PYTHON=sys.executable))


def test_the_emulators_parts_pass_their_own_checks():
    run = node("tools/harness/emulator/selftest.mjs")
    assert run.returncode == 0, run.stdout + run.stderr
    checks = [line for line in run.stdout.splitlines() if line.startswith("ok ")]
    assert len(checks) >= 10 and "not ok" not in run.stdout


@pytest.mark.parametrize("args, says", [
    (["--keys", "A"], "--bootrom is needed"),
    (["--bootrom", "x.bin", "--keys", "A"], "--firmware (or --flash-in) is needed"),
    (["--bootrom", "x.bin", "--firmware", "x.uf2", "--keys", "A JUMP"], "JUMP"),
    (["--bootrom", "x.bin", "--firmware", "x.uf2", "--quiet-ms", "soon"], "--quiet-ms"),
    (["--bootrom", "x.bin", "--firmware", "x.uf2", "--asleep-ms", "0"], "--asleep-ms"),
    (["--frobnicate"], "unknown argument"),
])
def test_bad_arguments_get_one_line_and_status_2(args, says):
    run = node(emulated.RUNNER, *args)
    assert run.returncode == 2 and says in run.stderr and len(run.stderr.splitlines()) == 1, \
        run.stderr


@pytest.mark.parametrize("args, says", [
    (["--board", "nope"], "no board is called 'nope': want one of"),
    (["--board", "sprig", "--keys", "W UP"], "\"UP\": the sprig's words are W A S D I J K L"),
    (["--board", "pico-display-2", "--keys", "START"],
     "\"START\": the pico-display-2's words are A B X Y HOLD_<word> LONG_<word> WAIT:MS RESET"),
    (["--board", "pico-lcd-1.3", "--held-at-boot", "SELECT"], "--held-at-boot wants a button"),
    (["--board", "spi"], "--board spi wants --wiring JSON"),
    (["--board", "pygamer"], "the emulator boots no firmware of pygamer"),
    (["--wiring", "{\"board\": \"x\"}"], "flash.bytes"),
])
def test_a_board_the_emulator_cannot_wire_or_a_word_it_has_not_gets_one_line(args, says):
    run = node(emulated.RUNNER, "--bootrom", "x.bin", "--firmware", "x.uf2", *args)
    assert run.returncode == 2 and says in run.stderr and len(run.stderr.splitlines()) == 1, \
        run.stderr


def test_each_boards_wiring_is_read_from_its_profile():
    from tools.harness.board_wiring import wiring

    sprig, lcd, pack = wiring("sprig"), wiring("pico-lcd-1.3"), wiring("pico-display")
    assert sprig["keys"] == {"W": 5, "A": 6, "S": 7, "D": 8, "I": 12, "J": 13, "K": 14, "L": 15}
    assert (sprig["firmware"], sprig["flash"]["bytes"], sprig["display"]["controller"],
            sprig["display"]["set_up_by"]) == ("sprig", 2 << 20, "st7735", "firmware")
    assert {key: lcd["display"][key] for key in ("spi", "clock", "cs", "dc", "reset")} == {
        "spi": 1, "clock": 10, "cs": 9, "dc": 8, "reset": 12}
    assert lcd["keys"]["PRESS"] == 3 and lcd["keys"]["UP"] == 2 and lcd["firmware"] == "pico"
    assert (pack["display"]["width"], pack["display"]["height"]) == (240, 135)
    assert wiring("picosystem")["aliases"] == {"START": "X", "SELECT": "Y"}
    assert wiring("picosystem")["flash"]["bytes"] == 16 << 20


def test_each_pico_add_ons_rotation_and_offsets_draw_it_upright_on_its_panel():
    # adafruit_st7789's MADCTL and displayio's rotation, against the window
    # each add-on's maker draws upright (board_wiring.PANELS): no firmware.
    run = node("tools/harness/emulator/boards.mjs", "pico-display-2", "pico-display",
               "pico-lcd-1.3")
    assert run.returncode == 0, run.stdout + run.stderr
    drawn = [line.split(": ")[2].split(";")[0] for line in run.stdout.splitlines()]
    assert drawn == ["upright"] * 3, run.stdout
