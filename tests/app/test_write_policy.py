"""The write policy over scripted games with pauses, through the board's
edge under the MicroPython VM (tools/bench/write_policy.py: start.setup with
the board's profile and loop.run on stand-ins, the clock stood in): few flash
writes a game, at most one a minute in play, and never more than a minute of
play unwritten."""

import pytest

from sthelena.app.record import WRITE_EVERY_MS
from tools.bench.write_policy import write_figures

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)


def test_scripted_games_with_pauses_write_the_flash_a_few_times_a_game():
    games = 4
    figures = write_figures(games, seed=3)
    assert figures["games"] == [games]
    assert figures["counted"] == [games]  # every game left or lost is in the statistics
    writes = figures["writes"][0]
    minutes = figures["play_ms"][0] / 60000
    assert figures["moves"][0] > 100 * games / 2  # games of some length, not instant losses
    # Play: at most one write a minute; events (a game ends, a new deal, the
    # menu) at most three a game.
    assert writes <= minutes + 3 * games, figures
    assert writes / games <= 10, figures
    # The most a power cut could have lost: a minute (to a 50 ms tick).
    assert 0 < figures["worst_unsaved_ms"][0] <= WRITE_EVERY_MS + 50, figures


@pytest.mark.slow
def test_the_picosystem_appends_its_saves_and_erases_its_sector_ten_times_less():
    # Its store appends each save into the sector's erased bytes; the sector
    # is erased only when full. With every preset's statistics in the record
    # (its longest), the saves that leave them as they were are deltas.
    figures = write_figures(4, seed=3, board="picosystem", full_statistics=True)
    writes, erases = figures["writes"][0], figures["erases"][0]
    assert figures["longest_record"][0] > 700, figures  # five tables of statistics
    assert writes >= 10 and erases * 10 <= writes, figures
    assert 0 < figures["worst_unsaved_ms"][0] <= WRITE_EVERY_MS + 50, figures
