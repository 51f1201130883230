"""sthelena.core.statistics: counting finished deals per kind of rules, the
bytes form, the report, and (under the MicroPython VM) no allocation per
deal recorded."""

import pytest

from tests.helpers.mpvm import run_micropython
from sthelena.handheld.drive import report_lines
from sthelena.core.rules import PRESETS, Rules
from sthelena.core.statistics import (CUSTOM, KINDS, PRESET_BITS, RECENT, Statistics, kind_of,
                                      win_rate)


def test_kinds_are_the_presets_then_custom():
    assert KINDS == tuple(name for name, _ in PRESETS) + ("custom",)
    assert KINDS[CUSTOM] == "custom"
    assert PRESET_BITS == tuple(Rules(name).to_bits() for name, _ in PRESETS)
    for index, (name, _) in enumerate(PRESETS):
        assert kind_of(Rules(name)) == index
    assert kind_of(Rules.parse("louis,wrap=true")) == CUSTOM


def test_wins_losses_runs_and_fewest_moves():
    stats = Statistics()
    sth = Rules("st-helena")
    results = [(1, True, 200), (2, True, 150), (3, False, 40), (4, True, 180),
               (5, True, 170), (6, True, 400), (7, False, 3)]
    for number, won, moves in results:
        stats.record(sth, number, won, moves)
    assert stats.counts(0) == (7, 5, 0, 3, 150)  # a loss last: no current run
    stats.record(sth, 8, True, 160)
    assert stats.counts(0) == (8, 6, 1, 3, 150)
    assert stats.recent(0)[:3] == [(8, True, 160), (7, False, 3), (6, True, 400)]
    assert win_rate(8, 6) == 75 and win_rate(0, 0) == 0
    # Other kinds are untouched; a custom rule set counts apart.
    assert stats.counts(1) == (0, 0, 0, 0, 0) and stats.recent(2) == []
    stats.record(Rules.parse("st-helena,spaces=none"), 9, False, 10)
    assert stats.counts(CUSTOM)[:2] == (1, 0) and stats.counts(0)[0] == 8
    assert stats.played() == 9
    # A position read from notation (no deal number) is not a deal: not counted.
    stats.record(sth, None, True, 5)
    assert stats.played() == 9


def test_only_the_last_twenty_deals_are_kept_newest_first():
    stats = Statistics()
    for number in range(1, 31):
        stats.record(Rules("louis"), number * 1000, number % 3 == 0, number)
    recent = stats.recent(2)
    assert len(recent) == RECENT
    assert [deal[0] for deal in recent] == [number * 1000 for number in range(30, 10, -1)]
    assert all(deal[1] == (deal[2] % 3 == 0) for deal in recent)
    assert stats.counts(2)[:2] == (30, 10)


def test_the_bytes_round_trip_and_a_reset_forgets_everything():
    stats = Statistics()
    assert Statistics.from_bytes(stats.to_bytes()).played() == 0
    for number in range(25):
        stats.record(Rules(PRESETS[number % 4][0]), 4294967295 - number, number % 2 == 0,
                     40000 if number == 3 else number * 7)
    data = stats.to_bytes()
    again = Statistics.from_bytes(data)
    assert report_lines(again, KINDS) == report_lines(stats, KINDS)
    for kind in range(len(KINDS)):
        assert again.counts(kind) == stats.counts(kind)
        assert again.recent(kind) == stats.recent(kind)
    assert again.recent(3)[-1][2] == 0x7FFF  # 40000 moves: counted up to 32767
    stats.reset()
    assert stats.played() == 0 and Statistics.from_bytes(stats.to_bytes()).played() == 0


def test_cut_grown_or_inconsistent_bytes_are_refused():
    stats = Statistics()
    stats.record(Rules("box-kite"), 12, True, 99)
    data = stats.to_bytes()
    for cut in range(len(data)):
        with pytest.raises(ValueError):
            Statistics.from_bytes(data[:cut])
    with pytest.raises(ValueError):
        Statistics.from_bytes(data + b"\x00")
    bad = bytearray(data)
    bad[4 + 3:4 + 6] = b"\x00\x00\x09"  # won 9 of 1 played
    with pytest.raises(ValueError, match="do not add up"):
        Statistics.from_bytes(bytes(bad))
    bad = bytearray(data)
    bad[3] |= 0x40  # a kind that does not exist
    with pytest.raises(ValueError):
        Statistics.from_bytes(bytes(bad))


def test_the_report_names_every_kind_and_the_deals():
    stats = Statistics()
    stats.record(Rules("st-helena"), 2026, True, 187)
    stats.record(Rules("st-helena"), 7, False, 12)
    lines = report_lines(stats, KINDS)
    assert lines[0] == "St. Helena statistics"
    assert "st-helena: played 2, won 1 (50%)" in lines
    assert "  run of wins 0, best 1; fewest moves in a win: 187" in lines
    assert lines.index("    #7 lost in 12 moves") < lines.index("    #2026 won in 187 moves")
    for kind in KINDS[1:]:
        assert "%s: played 0, won 0 (0%%)" % kind in lines
    assert all(isinstance(line, str) and "\n" not in line for line in lines)


@pytest.mark.vm
def test_recording_a_deal_allocates_nothing_on_the_board():
    # Within one VM call nothing is collected: gc.mem_alloc() grows by what
    # the calls allocated.
    lines = run_micropython("""
import gc
from sthelena.core.rules import Rules
from sthelena.core.statistics import Statistics
stats = Statistics()
rules = Rules("st-helena-pysol")
stats.record(rules, 1, True, 100)  # the kind's table is made here, once
before = gc.mem_alloc()
stats.record(rules, 2, False, 50)
stats.record(rules, 3, True, 90)
print("record", gc.mem_alloc() - before)
print(stats.counts(1))
print(len(stats.to_bytes()))
""")
    lines = lines.splitlines()
    assert lines[1] == "(3, 2, 1, 1, 90)" and lines[2] == "138"
    # Rules.to_bits() (which kind it is: a tuple of the options) is the only
    # allocation, garbage once a deal: at most 256 bytes a deal.
    assert int(lines[0].split()[1]) <= 2 * 256, lines
