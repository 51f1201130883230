"""The solver against a plain search through the core, its shared proofs of
loss (reduction 5): what a search keeps as lost is lost, and its stranded
cards (reduction 6): never in a position that is won."""

import random

import pytest

from tests.helpers.positions import position
from tests.helpers.solver_helpers import MIXED, PRESET_NAMES, replay, run_search
from sthelena.core.game import Game
import sthelena.solver.portfolio as portfolio
from sthelena.solver.result import with_relocations
from sthelena.solver.search import LOSS, WIN, Solver, solve
from sthelena.solver.stuck import can_leave


# -- against a plain search, on small positions ------------------------------


def plain_search(game, limit):
    """WIN or LOSS by visiting every reachable position through the core
    (no reductions), or None past ``limit`` positions."""
    seen = {game.position_key()}
    stack = [list(game.legal_moves())]
    if game.is_won():
        return WIN
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                game.pop()
            continue
        game.push(stack[-1].pop())
        key = game.position_key()
        if key in seen:
            game.pop()
            continue
        if game.is_won():
            return WIN
        seen.add(key)
        if len(seen) > limit:
            return None
        stack.append(list(game.legal_moves()))
    return LOSS


def small_position(rng, rules):
    """A random position with a few cards of each suit left off the
    foundations, on a few random piles (Louis: some in the stock), most
    often with no redeal left."""
    piles = {}
    names = []
    game_rules = Game(rules).rules
    fewest = 11 if game_rules.spaces == "none" else 12  # spaces: fewer cards, or too many positions
    for suit in "SHDC":
        kings = rng.randint(fewest, 13)
        aces = rng.randint(fewest, 13)
        ranks = list(range(aces + 1, 14)) + list(range(1, 14 - kings))
        names += ["A23456789TJQK"[rank - 1] + suit for rank in ranks]
    rng.shuffle(names)
    stock = ""
    round_ = game_rules.redeals if rng.random() < 0.6 else rng.randint(0, game_rules.redeals)
    if game_rules.louis_start and round_ == 0 and len(names) > 3 and rng.random() < 0.5:
        stock = " ".join(names[:3])
        names = names[3:]
    used = rng.sample(range(1, 13), rng.randint(2, 5))
    for name in names:
        pile = rng.choice(used)
        piles[pile] = (piles.get(pile, "") + " " + name).strip()
    return position(rules, piles, round_=round_, stock=stock)


# Not with foundation_moves=all: every card may come back off the foundations,
# so even a small position reaches more positions than the plain search visits.
AGREE_RULES = [rules for rules in PRESET_NAMES + MIXED
               if "=all" not in rules and "pysol" not in rules] \
    + ["st-helena,spaces=none", "box-kite,spaces=none"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", AGREE_RULES)
def test_results_agree_with_a_plain_search(rules):
    rng = random.Random("plain " + rules)
    outcomes = {WIN: 0, LOSS: 0}
    for _ in range(60):
        game = small_position(rng, rules)
        expected = plain_search(Game.from_notation(game.notation()), 2000)
        if expected is None:
            continue
        result = solve(game, budget=None)
        assert result.result == expected, game.notation()
        if result.result == WIN:
            assert replay(game, result.moves).is_won()
        # The best-first search alone: a line that wins, or a proof of loss.
        member = Solver(game).member(weight=portfolio.WEIGHT)
        line = run_search(member, best_first=True)
        if expected == LOSS:
            assert line == LOSS, game.notation()
        else:
            played = with_relocations(Solver(game), line) if member.absorb else line
            assert replay(game, played).is_won()
        outcomes[expected] += 1
    assert outcomes[WIN] >= 3, outcomes
    if ",spaces=none" in rules:
        assert outcomes[LOSS] >= 3, outcomes


def game_of(rules, snap):
    """A ``Game`` at the solver's snapshot ``snap``."""
    game = Game(rules)
    piles, found, stock, round_ = snap
    game.piles = [bytearray(cards) for cards in piles]
    game.foundations = bytearray(found)
    game.stock = bytearray(stock)
    game.round = round_
    return game


def proved_lost(monkeypatch, solver, run, stranded_too=True):
    """The snapshots of the positions ``run()`` (a search of ``solver``'s)
    hands to the shared ``lost`` set (reduction 5); with ``stranded_too``
    False, without reduction 6 (more positions are searched and kept)."""
    snaps = {}
    key_of = Solver.key_of

    def spy(self, snap):
        key = key_of(self, snap)
        snaps[key] = (tuple(bytes(cards) for cards in snap[0]), bytes(snap[1]), bytes(snap[2]),
                      snap[3])
        return key

    monkeypatch.setattr(Solver, "key_of", spy)
    # Every key through ``key_of``: not made in parts (tested above).
    monkeypatch.setattr(Solver, "key_parts", lambda self, snap: (None, None, False))
    if not stranded_too:
        monkeypatch.setattr(Solver, "_stranded", lambda self, snap: False)
    run()
    monkeypatch.undo()
    return [snaps[key] for key in solver.lost]


@pytest.mark.parametrize("rules", ["box-kite,spaces=none", "st-helena,spaces=none",
                                   "box-kite,spaces=none,foundation_moves=none,wrap=true"])
def test_what_a_search_proves_lost_is_lost(monkeypatch, rules):
    # Every position the portfolio's searches hand to the shared set is lost
    # by a plain search (or too big for it), and no won one is ever there.
    # (Without spaces: small positions with spaces are nearly all won at once;
    # without reduction 6, which proves nearly all of these lost at once.)
    rng = random.Random("lost " + rules)
    checked = 0
    for _ in range(40):
        game = small_position(rng, rules)
        solver = Solver(game)
        for snap in proved_lost(monkeypatch, solver, lambda: solver.solve(budget=None),
                                stranded_too=False):
            assert plain_search(game_of(rules, snap), 2000) != WIN, game.notation()
            checked += 1
    assert checked >= 20


@pytest.mark.slow
def test_what_searches_keep_of_a_won_deal_is_lost(monkeypatch):
    # Box-kite deal 22 (won), 60,000 positions: the exact search keeps the
    # positions below the levels it finished; a search walking 10 positions
    # of each closure soon cuts, and keeps nothing after. Each kept position is
    # lost by a fresh exact search without reduction 6 (the 12 with most cards
    # home, 12 more, and 6 of those reduction 6 proved lost unsearched).
    # Where cards come back off the foundations nothing is shared.
    game = Game.deal(22, "box-kite")
    for settings, most in (({}, None), (dict(closure_cap=10), 0)):
        root = Solver(game)
        root.tables = {}
        root.lost = set()
        member = root.member(**settings)
        member.pause_at = 60000
        snaps = proved_lost(monkeypatch, root, lambda: next(member.searching(), None))
        assert member.lost is root.lost
        # (What the narrowed search met before its first cut it may keep.)
        assert len(snaps) > 1000 if most is None else member.cuts
        snaps.sort(key=lambda snap: (-sum(snap[1]), snap))
        # Those reduction 6 left unsearched are kept too (they are lost).
        stranded_kept = [snap for snap in snaps if stranded_in(game_of("box-kite", snap))]
        if most is None:
            assert stranded_kept
        with monkeypatch.context() as plain:  # checked without reduction 6
            plain.setattr(Solver, "_stranded", lambda self, snap: False)
            for snap in snaps[:12] + random.Random(22).sample(snaps, min(12, len(snaps))) \
                    + stranded_kept[:6]:
                assert run_search(Solver(game_of("box-kite", snap)).member()) == LOSS
    pysol = Solver(Game.deal(262, "st-helena-pysol"))
    pysol.solve(budget=None, max_nodes=3000)
    assert not pysol.lost and type(pysol.lost) is frozenset


def test_restarts_with_shaken_closures_win_and_prove(monkeypatch):
    # The restarts alone: each stopped at its Luby limit (a cut: no loss from
    # it), the last one without a limit; together they win deal 914 of
    # box-kite and prove deal 262 lost.
    assert [portfolio.luby(index) for index in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2,
                                                             1, 1, 2, 4, 8]
    monkeypatch.setattr(portfolio, "RESTART_UNIT", 300)
    monkeypatch.setattr(portfolio, "RESTARTS", 20)
    monkeypatch.setattr(portfolio, "series_of", lambda solver: [(portfolio._restarts(), 1, True)])
    game = Game.deal(914, "box-kite")
    result = solve(game, budget=None)
    assert result.result == WIN and replay(game, result.moves).is_won()
    assert solve(Game.deal(262, "box-kite"), budget=None).result == LOSS


# -- reduction 6: a card that can never leave its pile -------------------------


def stranded_in(game):
    """Whether the search finds a game's position stranded (reduction 6)."""
    solver = Solver(game)
    return solver._stranded(solver.snapshot())


def test_a_card_that_can_never_leave_its_pile_strands_the_position():
    # The king of spades covers the 2 the king foundation wants, the ace covers
    # the queen the ace foundation wants, and neither can go anywhere.
    lost = position("box-kite,spaces=none", {1: "2S KS", 2: "QS AS"}, found="3AAA/JKKK")
    assert stranded_in(lost) and solve(lost).result == LOSS
    solver = Solver(lost)  # no card of either pile can leave it
    assert can_leave(solver.piles, solver.found, solver.hosts, False, True)[:2] == [0, 0]
    # Turned over, each top card goes home in turn.
    won = position("box-kite,spaces=none", {1: "KS 2S", 2: "AS QS"}, found="3AAA/JKKK")
    assert not stranded_in(won) and solve(won).result == WIN
    # With spaces, a pile that can be emptied (the king of hearts goes home)
    # takes the king of spades: not stranded, and won.
    spaces = position("box-kite", {1: "2S KS", 2: "QS AS", 3: "KH"}, found="3AAA/JQKK")
    assert not stranded_in(spaces) and solve(spaces).result == WIN


@pytest.mark.parametrize("moves", ["relocate", "none"])
def test_with_relocations_a_suit_whose_foundations_can_meet_wants_every_rank(moves):
    # Spades: the ace foundation holds A-5 and the king foundation K-7, both
    # want a 6. Once one goes home they hold 13 cards between them, and with
    # relocations any spade can go home: the 3 on the other 6 can leave.
    game = position("box-kite,spaces=none,foundation_moves=" + moves,
                    {1: "6S 3S", 2: "AS 2S 4S 5S 7S 8S 9S TS JS QS KS 6S"})
    assert stranded_in(game) == (moves == "none")
    assert solve(game, budget=None).result == plain_search(Game.from_notation(game.notation()),
                                                           200000)


def test_no_position_on_a_winning_line_is_stranded():
    # The solver's winning lines, each position of their last round.
    for rules, deal in (("box-kite", 1), ("box-kite", 5), ("st-helena", 3), ("louis", 4),
                        ("box-kite,wrap=true,build=any", 2)):
        game = Game.deal(deal, rules)
        result = solve(game, budget=None)
        assert result.result == WIN
        checked = 0
        for move in result.moves:
            game.push(move)
            if Solver(game).symmetric():
                checked += 1
                assert not stranded_in(game), (rules, deal, game.notation())
        assert checked > 20
