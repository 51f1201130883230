"""The winnable-deals file: made by tools/build/assets/make_winnable.py, read on the
board by sthelena/core/winnable.py without loading it whole."""

import io
import json
import random

import pytest

from tests.helpers.mpvm import REPO_ROOT, run_micropython
from sthelena.core import winnable
from sthelena.core.game import Game
from sthelena.core.rules import PRESETS, Rules
from sthelena.solver.search import WIN, solve
from tools.build.assets import make_winnable
from tools.build.assets.make_winnable import LOST, encode

ASSET = REPO_ROOT / "assets" / "winnable.bin"


class CountingFile(io.BytesIO):
    """A file that remembers the largest single read."""

    largest = 0

    def read(self, size=-1):
        data = super().read(size)
        self.largest = max(self.largest, len(data))
        return data


def sample_sections(rng):
    """A section a preset: deals won (moves from a range as wide as the
    solver's runs give), lost, or not known."""
    sections = []
    for name, _ in PRESETS:
        first = rng.randrange(0, 5000)
        span = rng.randrange(1, 3000)
        low = rng.randrange(100, 200)
        high = low + rng.choice((0, 1, 119, 125, 3300))
        results = {}
        for number in range(first, first + span):
            roll = rng.random()
            if roll < 0.6:
                results[number] = rng.randrange(low, high + 1)
            elif roll < 0.8:
                results[number] = LOST
        sections.append((Rules(name).to_bits(), first, span, results))
    return sections


def test_round_trip():
    rng = random.Random(11)
    sections = sample_sections(rng)
    assert winnable.PROVED_LOST == LOST  # the maker's word for it is the reader's
    file = CountingFile(encode(sections))
    for bits, first, span, results in sections:
        found = winnable.find_section(file, bits)
        wins = [moves for moves in results.values() if moves != LOST]
        assert found[:2] == (first, span) and found[3] == min(wins)
        assert found[5:] == (len(wins), len(results) - len(wins))
        # as few bits a code as the longest win needs (codes 0 and 1 are taken)
        assert found[2] == (max(wins) - min(wins) + 2).bit_length()
        for number in range(first - 3, first + span + 3):
            assert winnable.proved_of(file, found, number) == results.get(number, 0)
    assert winnable.find_section(file, Rules.parse("st-helena,wrap=true").to_bits()) is None
    assert file.largest <= 20  # the header, an entry, a code: never the whole file


def test_bad_files_raise_value_error():
    data = encode([(7, 2, 60, {3: 150, 4: LOST})])
    for bad in (b"", b"nonsense", b"SHW1" + data[4:], data[:20]):
        with pytest.raises(ValueError):
            winnable.find_section(io.BytesIO(bad), 7)
    cut = io.BytesIO(data[:-2])  # the codes cut short
    found = winnable.find_section(cut, 7)
    assert winnable.proved_of(cut, found, 3) == 150
    with pytest.raises(ValueError):
        winnable.proved_of(cut, found, 61)
    with pytest.raises(ValueError):
        encode([(7, 2, 10, {12: 150})])  # outside its range


def test_pick_winnable_gives_only_listed_wins_each_as_likely():
    results = {5: 120, 6: LOST, 9: 130, 17: 200, 30: 121}
    file = io.BytesIO(encode([(7, 5, 40, results)]))
    found = winnable.find_section(file, 7)
    counts = {}
    rng = random.Random(3)
    for _ in range(2000):
        number = winnable.pick_winnable(file, found, lambda: rng.getrandbits(32))
        counts[number] = counts.get(number, 0) + 1
    assert sorted(counts) == [5, 9, 17, 30]
    assert min(counts.values()) > 400  # 500 each expected
    # Every draw unlucky (deal 6, proved lost): the next winnable one after it.
    assert winnable.pick_winnable(file, found, lambda: 1) == 9
    empty = io.BytesIO(encode([(7, 5, 40, {6: LOST})]))
    assert winnable.pick_winnable(empty, winnable.find_section(empty, 7), lambda: 1) is None


@pytest.mark.vm
def test_the_reader_under_micropython(tmp_path):
    results = {number: 100 + number % 3000 for number in range(100, 900, 3)}
    results.update({number: LOST for number in range(101, 900, 7) if number not in results})
    path = tmp_path / "w.bin"
    data = encode([(5, 100, 805, results), (9, 0, 8, {1: 116})])
    path.write_bytes(data)
    asked = (100, 101, 103, 104, 108, 500, 901, 904, 99)
    script = """
import gc
from sthelena.core import winnable
f = open("/w.bin", "rb")
found = winnable.find_section(f, 5)
state = [7]
def draw():
    state[0] = (state[0] * 75 + 74) %% 65537
    return state[0]
out = [winnable.proved_of(f, found, n) for n in %r]
out.append([winnable.pick_winnable(f, found, draw) for _ in range(5)])
other = winnable.find_section(f, 9)
out.append(winnable.proved_of(f, other, 1))
out.append(winnable.find_section(f, 6))
print(out)
# What one call allocates, garbage included (the names are made first: a
# new global may grow the script's dict).
before = middle = after = last = 0
gc.collect()
before = gc.mem_alloc()
found = winnable.find_section(f, 5)
middle = gc.mem_alloc()
winnable.proved_of(f, found, 500)
after = gc.mem_alloc()
winnable.pick_winnable(f, found, draw)
last = gc.mem_alloc()
print("heap", middle - before, after - middle, last - after)
""" % (asked,)
    lines = run_micropython(script, files={"w.bin": str(path)}).splitlines()
    file = io.BytesIO(data)
    found = winnable.find_section(file, 5)
    state = [7]

    def draw():
        state[0] = (state[0] * 75 + 74) % 65537
        return state[0]

    expected = [winnable.proved_of(file, found, n) for n in asked]
    assert expected[:4] == [200, LOST, 203, 0]
    expected.append([winnable.pick_winnable(file, found, draw) for _ in range(5)])
    expected += [116, None]
    assert lines[0] == str(expected)
    assert len(data) > 1000  # (its codes are 10 bits each)
    section, known, picked = (int(word) for word in lines[1].split()[1:])
    # a few small reads, never the file: the header and an entry or two,
    # three bytes of codes, a draw's tries
    assert section < 400 and known < 200 and picked < 1000, lines[1]


def test_make_winnable_from_results(tmp_path, capsys):
    def lines(rows):
        return "".join(json.dumps({"deal": deal, "result": result, "moves": moves,
                                   "nodes": 1, "seconds": 0.1}) + "\n"
                       for deal, result, moves in rows)

    (tmp_path / "box-kite.jsonl").write_text(lines(
        [(1, "win", 150), (2, "loss", 0), (3, "unknown", 0)]))
    (tmp_path / "louis.jsonl").write_text(lines([(1, "unknown", 0), (2, "win", 140)]))
    more = tmp_path / "more.jsonl"
    more.write_text(lines([(3, "win", 3441), (1, "win", 149)]))  # a proof over an unknown
    out = tmp_path / "w.bin"
    make_winnable.main(["--rules", "box-kite;louis", "--deals", "1-3", "--ranges",
                        "louis=1-2", "--from", str(tmp_path), "--from", "box-kite=%s" % more,
                        "--out", str(out)])
    assert "box-kite: deals 1-3, 2 proved winnable (149-3441 moves), 1 proved lost" \
        in capsys.readouterr().out
    file = io.BytesIO(out.read_bytes())
    found = winnable.find_section(file, Rules("box-kite").to_bits())
    assert [winnable.proved_of(file, found, n) for n in (1, 2, 3)] == [149, LOST, 3441]
    found = winnable.find_section(file, Rules("louis").to_bits())
    assert [winnable.proved_of(file, found, n) for n in (1, 2)] == [0, 140]
    with pytest.raises(SystemExit, match="lack 1 deals"):
        make_winnable.main(["--rules", "louis", "--deals", "1-3", "--from", str(tmp_path),
                            "--out", str(out)])
    more.write_text(lines([(2, "win", 150)]))  # deal 2 was proved lost
    with pytest.raises(SystemExit, match="both won and proved lost"):
        make_winnable.main(["--rules", "box-kite", "--deals", "1-3", "--from", str(tmp_path),
                            "--from", "box-kite=%s" % more, "--out", str(out)])


def test_the_shipped_file_holds_proved_wins():
    data = ASSET.read_bytes()  # made by tools/build/assets/make_winnable.py (see docs/solver.md)
    assert len(data) < 10 * 1024  # a few KB: 2,000 deals of 12-bit codes are 3,000 bytes
    file = CountingFile(data)
    names = []
    for index in range(data[4]):
        bits = int.from_bytes(data[8 + 20 * index:10 + 20 * index], "little")
        rules = Rules.from_bits(bits)
        names.append(str(rules))
        found = winnable.find_section(file, bits)
        first, span = found[:2]
        assert span >= 300 and found[5] >= 100
        known = [(number, winnable.proved_of(file, found, number))
                 for number in range(first, first + span)]
        wins = [number for number, moves in known if moves > 0]
        assert len(wins) == found[5]
        assert sum(moves == winnable.PROVED_LOST for _, moves in known) == found[6]
        # every card must move home at least once: no line is shorter than 104
        assert min(moves for _, moves in known if moves > 0) >= 104
        for number in wins[:2]:  # the lowest ones, solved again and replayed
            game = Game.deal(number, rules)
            result = solve(game, budget=None)
            assert result.result == WIN
            for move in result.moves:
                game.push(move)
            assert game.is_won()
    assert sorted(names) == sorted(name for name, _ in PRESETS)
    assert file.largest <= 20
