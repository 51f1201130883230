"""The solver's portfolio (sthelena/solver/portfolio.py): which searches it
runs and in what turns, the narrow probes of PySolFC's rules, and that a
search which cut something proves nothing."""

import gc
import itertools

import pytest

from tests.helpers.solver_helpers import EMPTY11, only_series, replay, run_search
from sthelena.core.game import Game
from sthelena.core.moves import REDEAL
from sthelena.solver.closure import NO_LIMIT
import sthelena.solver.portfolio as portfolio
from sthelena.solver.result import with_relocations
from sthelena.solver.search import LOSS, UNKNOWN, WIN, Solver, solve


def test_a_narrow_probe_that_left_nothing_out_proves_a_loss(monkeypatch):
    # PySolFC's rules, no redeal left: the king of spades covers the queen the
    # spade ace foundation wants, and no pile or foundation top can take it.
    game = Game.from_notation("st-helena-pysol r2 AAAA/JKKK QSKS%s -" % EMPTY11)
    probe = next(settings for settings, _ in portfolio._narrow_probes() if settings["every_move"])
    assert probe["closure_cap"] == 20
    assert run_search(Solver(game).member(**probe)) == LOSS
    only_series(monkeypatch, [(probe, 5000)])
    assert solve(game, budget=None).result == LOSS
    # With a redeal left, the two spades are dealt to two piles: won.
    game = Game.from_notation("st-helena-pysol r1 AAAA/JKKK QSKS%s -" % EMPTY11)
    result = solve(game, budget=None)
    assert result.result == WIN
    assert replay(game, result.moves).is_won()


def test_narrow_probes_run_every_step_and_pass_and_cut_short_prove_nothing(monkeypatch):
    # A few positions of each closure and one redeal: deal 2 is not settled so.
    # Each step ends at its own node limit, and the next one still runs: the
    # first probe, then passes of the shaken ones with the later ones after
    # their pass, then the exact search.
    probe = portfolio.Probe
    monkeypatch.setattr(portfolio, "FIRST_PROBE", probe(1, 1, 10, 500))
    monkeypatch.setattr(portfolio, "SHAKEN_PROBES", (probe(3, 1, 10, 600, jitter=3.0),
                                                     probe(4, 1, 10, 400, jitter=8.0, guided=True,
                                                           redeals_first=True)))
    monkeypatch.setattr(portfolio, "LATER_PROBES", ((1, probe(2, 1, 10, 700, every_move=True)),
                                                    (2, probe(5, 1, 10, 300))))
    monkeypatch.setattr(portfolio, "NARROW_PASSES", 2)
    made = []
    member = Solver.member

    def spy(self, **settings):
        made.append(settings)
        return member(self, **settings)

    monkeypatch.setattr(Solver, "member", spy)
    result = Solver(Game.deal(2, "st-helena-pysol")).solve(budget=None, max_nodes=20000)
    assert result.result == UNKNOWN
    assert made[0] == {}  # the exact search first, for its first slice
    probes = [(one["closure_cap"], one["jitter"], one["every_move"], one["guide_always"],
               one["closure_jitter"], one["redeals_first"]) for one in made[1:-1]]
    # Closures best first, the last round's shaken; redeals first in the first deal.
    guided = (4, 8.0, False, True, 2.0, True)
    assert probes == [(1, 0.0, False, False, 0.0, False), (3, 3.0, False, False, 0.0, False),
                      guided, (2, 0.0, True, False, 0.0, False),
                      (3, 3.0, False, False, 0.0, False), guided,
                      (5, 0.0, False, False, 0.0, False)]
    assert all(one["cap"] == 10 and one["redeal_width"] == 1 for one in made[1:-1])
    assert made[-1] == {}  # then the exact search again, with every move
    assert 20000 <= result.nodes < 20000 + 100


def test_probes_without_the_moves_off_the_foundations_prove_nothing(monkeypatch):
    # PySolFC's rules, no redeal left: won in nine moves that take cards back
    # off the foundations; without those moves it is lost.
    notation = "st-helena-pysol r2 A332/KKKQ -/-/-/-/ACKC/2H2DAH/-/AD/-/-/-/- -"
    game = Game.from_notation(notation)
    without = Game.from_notation(notation.replace("pysol", "pysol,foundation_moves=none", 1))
    assert solve(without, budget=None).result == LOSS
    # A search without those moves visits everything it may and claims no loss.
    member = Solver(game).member(every_move=False)
    assert run_search(member) == UNKNOWN and not member.cuts
    member = Solver(game).member(every_move=False, weight=portfolio.WEIGHT)
    assert run_search(member, best_first=True) == UNKNOWN and not member.cuts
    only_series(monkeypatch, [(dict(every_move=False), None), ({}, None)])
    result = solve(game, budget=None)
    assert result.result == WIN and replay(game, result.moves).is_won()


def test_a_capped_search_that_cut_proves_nothing():
    # Box-kite deal 262 is lost (the exact search visits every position);
    # searches that walk only part of each closure say unknown, not loss.
    game = Game.deal(262, "box-kite")
    for cap in portfolio.CLOSURE_CAPS[:2]:
        member = Solver(game).member(closure_cap=cap)
        assert run_search(member) == UNKNOWN and member.cuts
    # A cap so wide it never cuts: the whole space, a proof.
    member = Solver(game).member(closure_cap=10 ** 9)
    assert run_search(member) == LOSS and not member.cuts


def test_a_paused_search_resumes_where_it_was():
    # Paused every 97 positions or never: the same line after the same count.
    for rules, number, settings in (("st-helena", 3, {}), ("box-kite", 1, {"closure_cap": 50}),
                                    ("louis", 2, {"cap": 2000, "order_redeals": True}),
                                    ("st-helena", 2, {"weight": portfolio.WEIGHT})):
        game = Game.deal(number, rules)
        whole = Solver(game).member(**settings)
        paused = Solver(game).member(**settings)
        best_first = "weight" in settings
        line = run_search(whole, best_first=best_first)
        assert isinstance(line, list)
        playable = with_relocations(Solver(game), line) if whole.absorb else line
        assert replay(game, playable).is_won()
        assert run_search(paused, 97, best_first) == line
        assert paused.nodes == whole.nodes


def test_the_exact_search_has_the_first_slice(monkeypatch):
    # A deal the exact search wins within FIRST_SEARCH positions is won by
    # it alone, position for position.
    game = Game.deal(3, "st-helena")
    alone = Solver(game).member()
    line = run_search(alone)
    assert alone.nodes < portfolio.FIRST_SEARCH
    result = solve(game, budget=None)
    assert result.moves == line and result.nodes == alone.nodes


def test_with_cards_off_the_foundations_the_exact_search_has_a_first_look(monkeypatch):
    # PySolFC's rules: the exact search's first FIRST_LOOK_ALL positions, then
    # the probes (no deal 1-1000 was won in its first 5,000); small positions
    # are settled in that look.
    solver = Solver(Game.deal(2, "st-helena-pysol"))
    exact = portfolio.series_of(solver)[0][0]
    assert list(exact) == [({}, portfolio.FIRST_LOOK_ALL)]
    game = Game.from_notation("st-helena-pysol r2 A332/KKKQ -/-/-/-/ACKC/2H2DAH/-/AD/-/-/-/- -")
    result = solve(game, budget=None)
    assert result.result == WIN and result.nodes < portfolio.FIRST_LOOK_ALL
    assert replay(game, result.moves).is_won()


@pytest.mark.slow
@pytest.mark.parametrize("rules, number", [("st-helena", 603), ("louis", 177), ("box-kite", 620)])
def test_deals_the_exact_search_leaves_undecided_are_won(monkeypatch, rules, number):
    # Deals of the benchmark the exact search alone leaves undecided after
    # 150,000 positions (so on any machine): the portfolio wins each within
    # 100,000 (box-kite's 620 was left unknown in 10 s by the solver of
    # commit e430050).
    game = Game.deal(number, rules)
    result = solve(game, budget=None, max_nodes=100000)
    assert result.result == WIN
    assert replay(game, result.moves).is_won()
    only_series(monkeypatch, [({}, None)])
    assert solve(game, budget=None, max_nodes=150000).result == UNKNOWN


def test_where_no_redeal_is_left_the_exact_search_has_twice_the_share(monkeypatch):
    # Box-kite's deal 798 (lost: its proof is the exact search's): after its
    # first slice the exact search has twice the others' slices, so of the
    # first 100,000 positions it visits 65,000 (45,000 with equal shares).
    assert [share for _, share, _ in portfolio.series_of(Solver(Game.deal(798, "box-kite")))] \
        == [portfolio.EXACT_SHARE_FINAL, 1, 1] == [2, 1, 1]
    made = []
    member = Solver.member

    def spy(self, **settings):
        made.append(member(self, **settings))
        return made[-1]

    monkeypatch.setattr(Solver, "member", spy)
    result = Solver(Game.deal(798, "box-kite")).solve(budget=None, max_nodes=100000)
    assert result.result == UNKNOWN and 100000 <= result.nodes < 100100
    exact = made[0].nodes
    assert 60000 < exact < 70000, exact


def test_after_the_first_pass_a_probe_walks_whole_closures(monkeypatch):
    # The schedule: the first probe, the first pass of the shaken ones, then
    # one that walks whole closures and tries every redeal (without the moves
    # off the foundations, 2,000 positions below each last redeal), then the
    # widest narrow one.
    first_pass = 1 + len(portfolio.SHAKEN_PROBES)
    schedule = list(itertools.islice(portfolio._narrow_probes(), first_pass + 2))
    whole, limit = schedule[first_pass]
    assert whole["closure_cap"] == whole["redeal_width"] == NO_LIMIT
    assert whole["cap"] == 2000 and not whole["every_move"] and limit == 20000
    assert schedule[-1][0]["closure_cap"] == 1000
    # PySolFC's deal 760: the first probe, given as many positions, leaves it
    # undecided; the probe over whole closures wins it alone in about 4,000.
    game = Game.deal(760, "st-helena-pysol")
    only_series(monkeypatch, [portfolio._probe(portfolio.FIRST_PROBE._replace(nodes=limit), 0)])
    assert solve(game, budget=None).result == UNKNOWN
    only_series(monkeypatch, [(whole, limit)])
    result = solve(game, budget=None)
    assert result.result == WIN and result.nodes < 10000
    assert replay(game, result.moves).is_won()


def test_a_probe_that_redeals_early_wins_what_the_greedy_order_leaves(monkeypatch):
    # PySolFC's deal 546 is won by redealing early. A probe that plays home
    # first goes deep into the first deal and spends its positions there (at
    # stop 35 deal 570 was won so only by the 1,035th probe); the same probe,
    # same seed, with the redeals first wins it.
    shape = portfolio.Probe(50, 3, 1000, 15000, jitter=8.0, guided=True, redeals_first=True)
    assert shape in portfolio.SHAKEN_PROBES
    early, limit = portfolio._probe(shape, 1)
    late, _ = portfolio._probe(shape._replace(redeals_first=False), 1)
    game = Game.deal(546, "st-helena-pysol")
    only_series(monkeypatch, [(late, limit)])
    assert solve(game, budget=None).result == UNKNOWN
    only_series(monkeypatch, [(early, limit)])
    result = solve(game, budget=None)
    assert result.result == WIN and replay(game, result.moves).is_won()
    # The line redeals in the first deal after a few moves.
    assert result.moves.index(REDEAL) < 20


def test_redeals_first_changes_the_order_of_the_first_deals_children_only():
    # From a deal's start (the first 20 positions of its closure): plays home
    # first (the same round), or the redeals first; the same children either way.
    game = Game.deal(570, "st-helena-pysol")
    orders = []
    for first in (False, True):
        member = Solver(game).member(every_move=False, closure_cap=20, redeals_first=first)
        member.seen = {member.key(): None}
        orders.append([(after[3], key) for after, key in member._expand(member.snapshot(),
                                                                         member.key())])
    plain, early = orders
    assert sorted(plain) == sorted(early) and plain != early
    assert plain[0][0] == 0 and early[0][0] == 1
    assert [one for one in early if one[0] == 0] == [one for one in plain if one[0] == 0]


def test_the_cycle_collector_is_off_while_a_solve_runs_and_nothing_it_leaves_needs_it(
        monkeypatch):
    # The premise: a solve leaves no reference cycles for the collector to
    # find (a loss, wins, and one cut short at its most positions).
    gc.collect()
    try:
        for rules, number, most, answer in (("box-kite", 262, None, LOSS), ("louis", 5, None, WIN),
                                            ("st-helena", 7, None, WIN),
                                            ("st-helena-pysol", 3, 500, UNKNOWN)):
            gc.disable()
            assert solve(Game.deal(number, rules), budget=None, max_nodes=most).result == answer
            assert gc.collect() == 0, rules
    finally:
        gc.enable()
    # Off while the searches run; afterwards as the caller had it.
    seen = []
    searching = Solver.searching

    def spy(self):
        seen.append(gc.isenabled())
        return (yield from searching(self))

    monkeypatch.setattr(Solver, "searching", spy)
    assert solve(Game.deal(5, "louis"), budget=None).result == WIN
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        solve(Game.deal(5, "louis"), budget=None)
        assert not gc.isenabled()
    finally:
        gc.enable()
