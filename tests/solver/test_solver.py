"""The solver (sthelena/solver/): its moves are the core's, its wins replay
through ``Game.push`` (its portfolio: test_solver_portfolio.py; against a
plain search and the shared proofs: test_solver_proofs.py)."""

import random

import pytest

from tests.helpers.positions import position
from tests.helpers.solver_helpers import EMPTY11, MIXED, PRESET_NAMES, replay, run_search
from sthelena.core.game import Game
from sthelena.core.moves import DEAL, REDEAL
from sthelena.core.notation import move_name
from sthelena.solver.position import PILE_SEP
from sthelena.solver.search import LOSS, UNKNOWN, WIN, Solver, solve


def explained(solver, game, mine, core):
    """Whether moves the solver leaves out are the ones its reductions drop."""
    if solver.absorb:  # reduction 4: relocations folded into plays to foundations
        found = game.foundations
        meeting = [suit for suit in range(4) if found[suit] + found[suit + 4] == 13]
        for move in mine - core:
            card = game.piles[move // 20][-1]
            if move >= 240 or move % 20 < 12 or card >> 4 not in meeting:
                return False
        core = {move for move in core if not 240 <= move < 400 or move % 20 < 12}
        mine = mine & core
    missing = core - mine
    if not missing:
        return True
    final = solver.symmetric() and not game.restricted()
    if len(mine) == 1:  # reduction 2: one safe play
        (move,) = mine
        return solver.safe_rule and final and 12 <= move % 20 and move < 240
    # reduction 1: one empty pile stands for all, a lone card does not move to one
    for move in missing:
        source, target = divmod(move, 20)
        if not (final and target < 12 and not game.piles[target]):
            return False
    return True


@pytest.mark.parametrize("rules", PRESET_NAMES + MIXED)
def test_moves_and_play_match_the_core(rules):
    rng = random.Random(rules)
    for number in range(6):
        game = Game.deal(rng.randrange(2 ** 32), rules)
        for _ in range(250):
            solver = Solver(game)
            mine = set(solver.moves())
            core = set(game.legal_moves())
            assert mine <= core or solver.absorb
            assert explained(solver, game, mine, core), (game.notation(), mine ^ core)
            if not core:
                break
            move = rng.choice(sorted(core))
            if solver.absorb and 240 <= move < 400 and move % 20 >= 12:
                game.push(move)  # a relocation: one position for the solver
                assert solver.key() == Solver(game).key()
                continue
            solver.play(move)
            game.push(move)
            assert solver.key() == Solver(game).key()
            assert solver.piles == [bytes(pile) for pile in game.piles]
            assert bytes(solver.found) == bytes(game.foundations)


@pytest.mark.parametrize("rules", PRESET_NAMES + MIXED)
def test_the_searchs_keys_made_in_parts_are_key_of(rules):
    # ``_expand`` makes the keys of moves between piles and plays home from
    # ``key_parts`` and ``home_parts``: the same bytes as ``key_of(child)``.
    rng = random.Random("parts " + rules)
    made = 0
    for number in range(4):
        game = Game.deal(rng.randrange(2 ** 32), rules)
        for _ in range(200):
            solver = Solver(game)
            snap = solver.snapshot()
            head, tail, symmetric = solver.key_parts(snap)
            piles, found, stock, round_ = snap
            moves = sorted(game.legal_moves())
            for move in solver.moves():
                target = move % 20
                if move >= 240 or head is None or (target >= 12 and solver.louis and stock):
                    continue
                new = list(piles)
                new[move // 20] = piles[move // 20][:-1]
                if target < 12:
                    new[target] = piles[target] + piles[move // 20][-1:]
                    start = head
                else:
                    found, start = solver.home_parts(snap[1], target, piles[move // 20][-1],
                                                     round_)
                    assert solver.child(snap, move)[1] == found
                key = start + PILE_SEP.join(sorted(new) if symmetric else new) + tail
                assert key == solver.key_of(solver.child(snap, move))
                made += 1
            if not moves:
                break
            game.push(rng.choice(moves))
    # (No parts while the restriction's groups are sorted apart, for ever
    # without a redeal.)
    assert made > 100 or (solver.restrict_rule and not solver.redeals)


def first_play_home(position):
    """The first play to a foundation in the whole move list (or None)."""
    for move in position.moves():
        if move < 240 and move % 20 >= 12:
            return move
    return None


@pytest.mark.parametrize("rules", PRESET_NAMES + MIXED + ["louis,foundation_moves=all"])
def test_plays_home_counts_the_plays_the_move_list_puts_first(rules):
    # The count that orders the narrow probes' redeals looks at the piles'
    # tops alone where it can; it must play what the move list puts first.
    rng = random.Random(rules)
    total = 0
    for number in range(4):
        game = Game.deal(rng.randrange(2 ** 32), rules)
        for _ in range(150):
            assert Solver(game)._first_play_home() == first_play_home(Solver(game))
            slow = Solver(game)
            count = 0
            move = first_play_home(slow)
            while move is not None:
                slow.play(move)
                count += 1
                move = first_play_home(slow)
            fast = Solver(game)
            assert fast.plays_home() == count
            assert fast.key() == slow.key()
            total += count
            core = sorted(game.legal_moves())
            if not core:
                break
            game.push(rng.choice(core))
    assert total > 0


def test_plays_home_takes_the_king_foundation_first_when_both_want_the_card():
    solver = Solver(Game.deal(1, "st-helena-pysol"))
    solver.round = 1
    solver.found[:] = bytes((6, 0, 0, 0, 6, 0, 0, 0))  # both of suit 0 want its 7
    solver.piles[0] += bytes((0x07,))
    assert solver._first_play_home() == first_play_home(solver) == 12


# Rule sets whose deals are solved within the node budget below (the search
# is depth first, so its node counts do not depend on the machine).
REPLAY_RULES = PRESET_NAMES + [
    "st-helena,gather=clockwise",
    "st-helena,redeals=1",
    "st-helena,redeals=0",
    "box-kite,wrap=true",
    "louis,build=any",
    "st-helena,build=any,spaces=none,foundation_moves=all",
]


@pytest.mark.parametrize("rules", [  # (without a redeal it takes 20 s, the rest none)
    pytest.param(rules, marks=pytest.mark.slow) if rules == "st-helena,redeals=0" else rules
    for rules in REPLAY_RULES])
def test_solutions_replay_to_a_won_position(rules):
    wins = 0
    for number in (3, 8, 1):
        game = Game.deal(number, rules)
        result = solve(game, budget=None, max_nodes=120000)
        if result.result == WIN:
            assert replay(game, result.moves).is_won()
            wins += 1
            break
        assert result.result == UNKNOWN  # none of these deals is lost
        assert result.moves == []
    assert wins == 1


def test_a_position_one_move_from_winning():
    game = Game.from_notation("st-helena r0 AAAA/QKKK -/-/-/-/KS%s -" % ("/-" * 7))
    result = solve(game)
    assert result.result == WIN
    assert result.names() == ["5-KS"] or result.names() == ["5-AS"]


def test_a_known_short_solution_with_a_redeal():
    # King of spades on pile 1: before a redeal it may go to king foundations
    # only, and those are full; after the redeal it goes to the ace of spades.
    game = Game.from_notation("st-helena,spaces=none r0 AAAA/QKKK KS%s -" % EMPTY11)
    result = solve(game)
    assert result.result == WIN
    assert result.names() == ["redeal", "1-AS"]
    assert replay(game, result.moves).is_won()


def test_small_lost_positions_are_proved_lost():
    game = Game.from_notation("st-helena,spaces=none,redeals=0 r0 AAAA/QKKK KS%s -" % EMPTY11)
    assert solve(game).result == LOSS
    # Each spade foundation's next card lies under a card that cannot move.
    game = position("box-kite,foundation_moves=none,spaces=none", {1: "2S KS", 2: "QS AS"},
                    found="3AAA/JKKK")
    assert solve(game).result == LOSS
    # Box-kite deal 0 after a few random moves: 4 legal moves, none leading on.
    game = Game.from_notation(
        "box-kite r0 QJKK/AAAA JCJS7C7S3C9D6C8C/JH4H8D4H5CJCQCTD/4S9S9S3HQSKD8C8D/"
        "6H2D5D5S4C6D3S3C/KHKSTH7H5H7C2H9H/2S3H8HAHTS4C5H8S/TS2DAD5S4D6S6D/"
        "5D4D9C9H9DTCJS3S/2CJD6H7D6C3D7S/8H2CQC2HQHQDTCAS/9C4S3DJD2S6SKC8S/7HQDTD7DTH5CAC -")
    result = solve(game)
    assert result.result == LOSS
    # Proved at once (reduction 6): the top cards of ten piles can never leave
    # (no foundation can want them, nothing takes them, no pile can empty);
    # the search alone proves it too.
    assert result.nodes == 1
    member = Solver(game).member()
    member.off_foundation = True  # as where cards come back: no reduction 6
    assert run_search(member) == LOSS and member.nodes > 1


def test_an_empty_search_budget_says_unknown():
    game = Game.deal(2, "st-helena-pysol")
    result = solve(game, budget=None, max_nodes=1024)
    assert result.result == UNKNOWN
    assert result.moves == []
    assert result.as_dict()["result"] == "unknown"


def test_positions_on_a_winning_line_are_never_lost():
    for rules in ("st-helena", "louis", "box-kite"):
        game = Game.deal(5, rules)
        line = solve(game, budget=10).moves
        assert line
        for cut in (len(line) // 4, len(line) // 2, 3 * len(line) // 4):
            middle = replay(game, line[:cut])
            result = solve(middle, budget=10)
            assert result.result == WIN
            assert replay(middle, result.moves).is_won()


def test_result_as_json_dict():
    game = Game.from_notation("st-helena r0 AAAA/QKKK -/-/-/-/KS%s -" % ("/-" * 7))
    data = solve(game).as_dict()
    assert set(data) == {"result", "moves", "nodes", "seconds"}
    assert data["result"] == "win"
    assert data["moves"] == [move_name(move) for move in solve(game).moves]
    assert REDEAL not in solve(game).moves and DEAL not in solve(game).moves
