"""Records that last: the app's record cut short or corrupt in any byte, too
big for the flash, or not written at all (the flash failing), refused or
kept without losing the game; and the statistics kept with it, across won,
lost and abandoned games, reloads and a reset (tests/app/test_saves.py: the
store torn by power cuts)."""

import random

import pytest

from tests.helpers.app_driver import MemoryStore, make_app, press, shown_state
from tests.helpers.positions import position
from tests.helpers.save_helpers import _nvm, _played, _some_statistics
from sthelena.app import record
from sthelena.app.screens import menu, common as screens
from sthelena.app.record import NOT_SAVED, STATISTICS_LOST, TRIMMED, UNREADABLE
from sthelena.app.screens.common import STATS, STATS_RESET
from sthelena.app.screens.stats import statistics_lines
from sthelena.core.game import Game
from sthelena.core.rules import Rules
from sthelena.core.statistics import Statistics


_HANDHELD_SECTION = 7  # kind, length, brightness and flags, CRC: the record's last section


def _restored(data):
    """What ``record.restore`` makes of ``data``: (game, a stand-in app)."""

    class Bare:
        store = MemoryStore(data)
        statistics = Statistics()
        message = ""
        four_colours = sound_on = finished = False
        cursor = 0
        next_rules = None
        power = None
        lights_on = True

    bare = Bare()
    return record.restore(bare), bare


def test_records_cut_short_or_corrupt_in_any_byte_are_refused_cleanly(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=99)
    _some_statistics(app)
    _played(app, 20)
    app.save_now()
    data = store.data
    played, counts = app.game.notation(), app.statistics.counts(0)
    game, bare = _restored(data)
    assert game.notation() == played and bare.statistics.counts(0) == counts
    settings = len(data) - _HANDHELD_SECTION
    for cut in range(1, len(data)):
        game, bare = _restored(data[:cut])
        if cut >= settings:  # only the handheld's settings are cut: they go back to defaults
            assert game.notation() == played and bare.message == "" and bare.lights_on, cut
            continue
        assert game is None and bare.message == UNREADABLE, cut
    for index in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            broken = bytearray(data)
            broken[index] ^= flip
            game, bare = _restored(bytes(broken))
            if index >= settings:
                assert game.notation() == played and bare.message == "", (index, flip)
                continue
            # Every byte is under a check: the damaged part is refused, and
            # what is intact is kept (the game, or the statistics).
            assert bare.message in (UNREADABLE, STATISTICS_LOST), (index, flip)
            if game is not None:
                assert game.notation() == played and bare.message == STATISTICS_LOST
            else:
                assert bare.statistics.counts(0) in (counts, (0, 0, 0, 0, 0))
    # Older records (the "SA" store of save version 2) and other bytes.
    for old in (b"SA\x00\x00\x00\x00garbage", b"\x00" * 40, b"SR\x02" + data[3:]):
        app = make_app(display, sheet, store=MemoryStore(old))
        assert app.message == UNREADABLE and app.game.deal_number == 11


def test_a_record_too_big_for_the_flash_keeps_the_last_moves_and_tells_once(
        display, sheet, stores):
    nvm = _nvm()
    rules = "st-helena-pysol,restricted_first_deal=false"  # a game that need not end
    app = make_app(display, sheet, store=stores.NvmStore(nvm), deal=4, rules=rules)
    rng = random.Random(4)
    for _ in range(7999):  # straight to the core: the app would ask for the status each move
        app.game.push(rng.choice([move for move in app.game.legal_moves() if move < 400]))
    _played(app, 1)
    moves = app.game.move_stack()
    assert len(moves) == 8000 and len(record.record_bytes(app)) > 8192
    app.save_now()  # no exception: the oldest undo history is left out
    assert app.message == TRIMMED and app.status_line.shown == TRIMMED
    assert not app._dirty and nvm.writes == 1
    _played(app, 1, seed=5)
    assert app.message == ""
    app.save_now()
    assert app.message == "" and nvm.writes == 2  # told once
    again = make_app(display, sheet, store=stores.NvmStore(nvm))
    assert again.game.notation() == app.game.notation() and again.message == ""
    assert again.game.deal_number == 4
    kept = again.game.move_stack()
    assert kept == app.game.move_stack()[-record.KEEP_MOVES:]
    assert again.game.earlier_moves + len(kept) == 8001
    # Restart goes back to the deal itself, not to where the save was trimmed.
    press(again, "START " + "DOWN " * menu._RESTART + "A A")  # asked once: A again
    assert again.game.notation() == Game.deal(4, rules).notation()


class FailingNvm:
    """An nvm whose writes fail as the firmware's do (RuntimeError or OSError)."""

    def __init__(self, error):
        self.data = bytearray(b"\xff" * 8192)
        self.error = error
        self.attempts = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.attempts += 1
        if self.error is not None:
            raise self.error("flash write failed")
        self.data[index] = value


@pytest.mark.parametrize("error", [RuntimeError, OSError])
def test_a_failed_flash_write_keeps_the_game_going_and_tells_once(display, sheet, stores,
                                                                  error):
    nvm = FailingNvm(error)
    app = make_app(display, sheet, store=stores.NvmStore(nvm), deal=30)
    press(app, "A A")
    press(app, "START")  # the menu opens: a write, which fails
    assert nvm.attempts == 1 and app.screen == screens.MENU
    press(app, "B")
    assert app.message == NOT_SAVED and app.status_line.shown == NOT_SAVED
    _played(app, 3)
    assert app.message == "" and app._dirty  # still to be written
    app.tick(0)
    app.tick(60000)  # tried again a minute later: fails, not told again
    assert nvm.attempts == 2 and app.message == "" and app._dirty
    nvm.error = None  # the flash works again
    for now in (60001, 119000):  # (the loop ticks far more often than this)
        app.tick(now)
    assert nvm.attempts == 2  # not within a minute of the last try
    app.tick(120001)
    assert nvm.attempts == 3 and not app._dirty
    again = make_app(display, sheet, store=stores.NvmStore(nvm))
    assert again.game.notation() == app.game.notation()


def _winnable(number):
    """A position one quick move from won, given a deal number so that it
    counts (positions read from notation are not deals)."""
    return position("box-kite", {1: "AS", 2: "KH"}).notation(), number


def test_statistics_count_won_lost_and_abandoned_games_across_reloads(display, sheet):
    store = MemoryStore()
    KITE = 3  # the box-kite preset's statistics
    text, number = _winnable(501)
    app = make_app(display, sheet, store=store, position=text)
    app.game.deal_number = number
    press(app, "A A RIGHT A A")
    assert app.screen == screens.WON_SCREEN and store.saves == 1  # written at once
    assert app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    press(app, "B")  # undo the last move, win again: counted once
    press(app, "A A")
    assert app.game.is_won() and app.statistics.counts(KITE)[:2] == (1, 1)
    # Leaving a won game is no loss; the statistics come back with a reload.
    app.next_rules = Rules("box-kite")
    press(app, "A")  # new deal (11)
    assert app.game.deal_number == 11 and app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    app = make_app(display, sheet, store=store)
    assert app.game.deal_number == 11 and app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    press(app, "START DOWN A")  # left before its first move: not played
    assert app.game.deal_number == 11 and app.statistics.counts(KITE)[0] == 1
    _played(app, 1)  # a move
    assert app.game.history
    press(app, "START DOWN A A")  # left for a new deal (asked once): lost
    assert app.statistics.counts(KITE) == (2, 1, 0, 1, 2)
    assert app.statistics.recent(KITE)[0][:2] == (11, False)
    # Stuck with no redeal, and the player deals again: lost.
    stuck = position("st-helena,spaces=none,redeals=0", {1: "KS", 7: "AH"}).notation()
    store2 = MemoryStore(store.data)
    app = make_app(display, sheet, store=store2, position=stuck)
    app.game.deal_number = 777
    assert app.screen == screens.STUCK
    # This position has no move to make; history as if one had been made
    # (what counts a game as played), the game's state aside.
    app.game.history.extend(b"\x00\x00")
    press(app, "A")
    kind = 4  # custom rules
    assert app.statistics.counts(kind)[:2] == (1, 0)
    assert app.statistics.recent(kind)[0][:2] == (777, False)
    # And it is all in the store, through a reload.
    again = make_app(display, sheet, store=store2)
    assert again.statistics.to_bytes() == app.statistics.to_bytes()


def test_the_statistics_screen_and_its_confirmed_reset(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=40)
    _some_statistics(app)
    press(app, "START " + "DOWN " * menu._STATISTICS)
    assert menu.menu_label(app, menu._STATISTICS) == "Statistics"
    press(app, "A")
    assert app.screen == STATS
    lines = statistics_lines(app.statistics, 0)
    assert lines[0] == "played 6  won 3 (50%)" and all(len(line) <= 26 for line in lines)
    press(app, "RIGHT")  # the next preset: nothing played
    assert statistics_lines(app.statistics, shown_state(app))[0] == "played 0  won 0 (0%)"
    press(app, "LEFT A HOLD_A")  # A held: the question stays, for a press of its own
    assert app.screen == STATS_RESET and app.statistics.played() == 6
    press(app, "B")  # keep them
    assert app.screen == STATS and app.statistics.played() == 6
    saves = store.saves
    press(app, "A A")  # reset, confirmed
    assert app.screen == STATS and app.statistics.played() == 0
    assert store.saves == saves + 1  # written at once
    assert make_app(display, sheet, store=store).statistics.played() == 0
    press(app, "B")
    assert app.screen == screens.MENU


def test_a_file_store_trims_a_game_too_long_for_the_records_length_fields(
        display, sheet, monkeypatch):
    # A file has no capacity, but the record's lengths are 16 bits: past
    # LONGEST bytes of history (here made small) the oldest undo goes too.
    monkeypatch.setattr(record, "LONGEST", 400)
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=4,
                   rules="st-helena-pysol,restricted_first_deal=false")
    rng = random.Random(4)
    for _ in range(299):
        app.game.push(rng.choice([move for move in app.game.legal_moves() if move < 400]))
    _played(app, 1)
    assert len(app.game.history) >= 400
    app.save_now()
    assert app.message == TRIMMED and store.saves == 1
    again = make_app(display, sheet, store=store)
    assert again.game.notation() == app.game.notation()
    assert again.game.earlier_moves + len(again.game.move_stack()) == 300
