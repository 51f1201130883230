"""The winnable-deals file: made by tools/make_winnable.py, read on the
board by sthelena/winnable.py without loading it whole."""

import io
import os
import random
import sys

import pytest

from mpvm import REPO_ROOT, run_micropython
from sthelena import winnable
from sthelena.game import Game
from sthelena.rules import PRESETS, Rules
from sthelena.solver import WIN, solve

sys.path.insert(0, str(REPO_ROOT / "tools"))
from make_winnable import encode  # noqa: E402

ASSET = REPO_ROOT / "assets" / "winnable.bin"


class CountingFile(io.BytesIO):
    """A file that remembers the largest single read."""

    largest = 0

    def read(self, size=-1):
        data = super().read(size)
        self.largest = max(self.largest, len(data))
        return data


def sample_sections(rng):
    sections = []
    for index, (name, _) in enumerate(PRESETS):
        first = rng.randrange(0, 5000)
        span = rng.randrange(1, 3000)
        numbers = {number for number in range(first, first + span) if rng.random() < 0.7}
        sections.append((Rules(name).to_bits(), first, span, numbers))
    return sections


def test_round_trip():
    rng = random.Random(11)
    sections = sample_sections(rng)
    data = encode(sections)
    file = CountingFile(data)
    for bits, first, span, numbers in sections:
        ordered = sorted(numbers)
        assert winnable.winnable_count(file, bits) == len(ordered)
        for k in (0, 1, len(ordered) // 2, len(ordered) - 1):
            assert winnable.kth_winnable(file, bits, k) == ordered[k]
        assert winnable.kth_winnable(file, bits, len(ordered)) is None
        assert winnable.kth_winnable(file, bits, -1) is None
        for number in range(first - 3, first + span + 3, 7):
            assert winnable.is_winnable(file, bits, number) == (number in numbers)
    assert winnable.winnable_count(file, Rules.parse("st-helena,wrap=true").to_bits()) == 0
    assert not winnable.is_winnable(file, Rules.parse("louis,wrap=true").to_bits(), 5)
    assert file.largest <= 20  # read a few bytes at a time, never the whole file
    with pytest.raises(ValueError):
        winnable.section(io.BytesIO(b"nonsense"), 0)


def test_every_k_in_a_small_section():
    numbers = {3, 4, 9, 17, 18, 19, 40}
    data = encode([(7, 2, 60, numbers)])
    file = io.BytesIO(data)
    assert [winnable.kth_winnable(file, 7, k) for k in range(7)] == sorted(numbers)
    assert [n for n in range(70) if winnable.is_winnable(file, 7, n)] == sorted(numbers)
    with pytest.raises(ValueError):
        encode([(7, 2, 10, {12})])


def test_the_reader_under_micropython(tmp_path):
    numbers = set(range(100, 900, 3)) | {901}
    path = tmp_path / "w.bin"
    path.write_bytes(encode([(5, 100, 805, numbers), (9, 0, 8, {1})]))
    script = """
import gc
from sthelena import winnable
f = open("/w.bin", "rb")
winnable.kth_winnable(f, 5, 0)
gc.collect()
before = gc.mem_alloc()
out = [winnable.winnable_count(f, 5), winnable.kth_winnable(f, 5, 200),
       winnable.kth_winnable(f, 5, 267), winnable.is_winnable(f, 5, 103),
       winnable.is_winnable(f, 5, 104), winnable.kth_winnable(f, 9, 0)]
used = gc.mem_alloc() - before
print(out)
print("heap", used)
"""
    lines = run_micropython(script, files={"w.bin": str(path)}).splitlines()
    ordered = sorted(numbers)
    assert lines[0] == str([len(ordered), ordered[200], ordered[267], True, False, 1])
    assert int(lines[1].split()[1]) < 2048  # a few small reads, not the file


@pytest.mark.skipif(not ASSET.exists(), reason="assets/winnable.bin not made yet")
def test_the_shipped_file_holds_proved_wins():
    data = ASSET.read_bytes()
    assert len(data) < 8192
    file = io.BytesIO(data)
    names = []
    for index in range(data[4]):
        bits = int.from_bytes(data[8 + 20 * index:10 + 20 * index], "little")
        rules = Rules.from_bits(bits)
        names.append(str(rules))
        first, span, count, _ = winnable.section(file, bits)
        assert count >= 100
        numbers = [winnable.kth_winnable(file, bits, k) for k in range(count)]
        assert numbers == sorted(set(numbers))
        assert all(winnable.is_winnable(file, bits, number) for number in numbers[:50])
        for number in numbers[:2]:  # re-solved: the search is deterministic
            game = Game.deal(number, rules)
            result = solve(game, budget=None)
            assert result.result == WIN
            for move in result.moves:
                game.push(move)
            assert game.is_won()
    assert sorted(names) == sorted(name for name, _ in PRESETS)
