"""The RP2040 emulator (tools/harness/emulator): its parts checked without a firmware
(the UF2 reader, the display's decoder, the flash chip, the FAT image, PNG,
the key words), and its command line's refusals. The firmware's own runs are
tests/board/test_firmware.py."""

import subprocess

import pytest

from tests.helpers.mpvm import REPO_ROOT
from tools.harness import emulated

pytestmark = pytest.mark.skipif(
    not (REPO_ROOT / "tools" / "harness" / "emulator" / "node_modules" / "rp2040js").is_dir(),
    reason="rp2040js is not installed"
           " (make test installs it: npm ci --prefix tools/harness/emulator)")


def node(*args):
    return subprocess.run(["node"] + [str(arg) for arg in args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=120)


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
    (["--frobnicate"], "unknown argument"),
])
def test_bad_arguments_get_one_line_and_status_2(args, says):
    run = node(emulated.RUNNER, *args)
    assert run.returncode == 2 and says in run.stderr and len(run.stderr.splitlines()) == 1, \
        run.stderr
