"""The emulated Cortex-M4 that times the hint (tools/bench/qemu_m4.py, built by
``make qemu-m4 MICROPYTHON=DIR``): a script runs and its errors come back, the
guest's clock counts instructions, and the hint answers there as on CPython.
Skipped, with the reason, where the firmware or qemu is absent (CI: it cannot
fetch MicroPython)."""

import os
import shutil

import pytest

from bench_hint import HINT_MODULES, QEMU_FIRMWARE
from bundle import merge
from qemu_m4 import GuestError, run_on_qemu
from sthelena.app.hint.search import hint_begin, hint_result, hint_search
from sthelena.core.game import Game

WHY_NOT = None
if shutil.which("qemu-system-arm") is None:
    WHY_NOT = "qemu-system-arm is not installed (Debian's qemu-system-arm)"
elif not os.path.isfile(QEMU_FIRMWARE):
    WHY_NOT = ("the emulator's firmware is not built (%s): run `make qemu-m4 MICROPYTHON=DIR` "
               "with a clone of micropython/micropython" % QEMU_FIRMWARE)
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")


def test_a_script_runs_and_its_error_comes_back():
    assert run_on_qemu(QEMU_FIRMWARE, "print(6 * 7)", timeout=120).strip() == "42"
    with pytest.raises(GuestError) as raised:
        run_on_qemu(QEMU_FIRMWARE, "print('before')\nraise ValueError('no')", timeout=120)
    assert "ValueError" in raised.value.error and raised.value.output.strip() == "before"


def test_the_guests_clock_counts_instructions_the_same_each_run():
    script = """
import time
start = time.ticks_us()
total = 0
for number in range(20000):
    total += number
print(time.ticks_diff(time.ticks_us(), start))
"""
    first, second = (int(run_on_qemu(QEMU_FIRMWARE, script, timeout=120)) for _ in range(2))
    assert first > 1000 and abs(first - second) <= first // 100  # instructions, not host time


def test_the_hint_answers_on_the_emulator_as_on_cpython():
    script = merge(HINT_MODULES, public_constants=None) + """
for preset in ("st-helena", "louis", "box-kite"):
    game = Game.deal(2, preset)
    search = hint_begin(game, 400)
    while not hint_search(search, game, 4):
        pass
    print(preset, hint_result(search)[0], hint_result(search)[1], search.nodes)
"""
    found = run_on_qemu(QEMU_FIRMWARE, script, timeout=600).split("\n")
    for line, preset in zip(found, ("st-helena", "louis", "box-kite")):
        game = Game.deal(2, preset)
        search = hint_begin(game, 400)
        while not hint_search(search, game, 4):
            pass
        result, move = hint_result(search)
        assert line.split() == [preset, str(result), str(move), str(search.nodes)]
