"""Whole-game properties on random deals and random move sequences, and the
notation, move names and deal numbers (tests/core/test_save_bytes.py: the save
bytes)."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
import pytest

from tests.helpers.positions import position
from sthelena.core import save
from sthelena.core.deal import shuffled_deck, unshuffled_deck
from sthelena.desktop.explain import perft, why_illegal
from sthelena.core.game import CYCLING, NO_MOVES, PLAYING, REDEAL_ONLY, WON, Game, IllegalMoveError
from sthelena.core.moves import DEAL, MOVE_LIMIT, REDEAL
from sthelena.core.notation import card_name, move_name, parse_card, parse_move
from sthelena.core.notation import NotationError, check_position
from sthelena.core.stuck_search import _progress_reachable
from sthelena.core.rules import PRESETS

RULES = [name for name, _ in PRESETS] + [
    "st-helena,gather=clockwise",
    "st-helena,build=any,spaces=none,foundation_moves=all",
    "box-kite,build=any,wrap=true,spaces=none,foundation_moves=all",
    "louis,build=any,wrap=true,foundation_moves=relocate,gather=clockwise",
]

deals = st.integers(min_value=0, max_value=2**32 - 1)
rule_sets = st.sampled_from(RULES)
# A walk: each step picks a legal move by index, or undoes (None).
walks = st.lists(st.one_of(st.none(), st.integers(min_value=0, max_value=10**6)),
                 max_size=120)


def conserved(game):
    in_play = sum(len(pile) for pile in game.piles) + len(game.stock)
    return in_play + sum(game.foundations) == 104


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=deals, rules=rule_sets, walk=walks)
def test_random_play_keeps_every_invariant(number, rules, walk):
    game = Game.deal(number, rules)
    keys = [game.position_key()]
    for step in walk:
        legal = list(game.legal_moves())
        # Every listed move is accepted, and nothing else is, by a checker
        # written from the rules apart from the move generator.
        assert sorted(legal) == [m for m in range(MOVE_LIMIT) if why_illegal(game, m) is None]
        assert sorted(legal) == [m for m in range(MOVE_LIMIT) if game.is_legal(m)]
        assert len(set(legal)) == len(legal)
        if step is None or not legal:
            if game.history:
                game.pop()
                keys.pop()
                assert game.position_key() == keys[-1]  # pop restores exactly
            continue
        game.push(legal[step % len(legal)])
        keys.append(game.position_key())
        assert conserved(game)
        check_position(game)
        text = game.notation()
        again = Game.from_notation(text)
        assert again.notation() == text and again.position_key() == game.position_key()
    before = game.position_key(), bytes(game.history)
    assert game.status() in (PLAYING, WON, REDEAL_ONLY, CYCLING, NO_MOVES)
    assert (game.position_key(), bytes(game.history)) == before  # the search undid itself
    restored = save.from_bytes(save.to_bytes(game))
    assert restored.position_key() == game.position_key()
    assert restored.move_stack() == game.move_stack()
    while game.history:
        game.pop()
    assert game.position_key() == Game.deal(number, rules).position_key()


@settings(max_examples=40, deadline=None)
@given(number=deals, rules=rule_sets, move=st.integers(min_value=-5, max_value=450))
def test_illegal_moves_raise_and_change_nothing(number, rules, move):
    game = Game.deal(number, rules)
    assume(not game.is_legal(move))  # legal moves are the random-play test's
    before = game.position_key()
    with pytest.raises(IllegalMoveError):
        game.push(move)
    assert game.position_key() == before and not game.history


def test_deal_layout_and_numbers():
    deck = shuffled_deck(12345)
    assert sorted(deck) == sorted(unshuffled_deck()) and len(deck) == 96
    game = Game.deal(12345)
    assert [list(pile) for pile in game.piles] == [list(deck[p::12]) for p in range(12)]
    assert list(game.foundations) == [1] * 8 and not game.stock
    assert Game.deal(1).notation() != Game.deal(2).notation()
    with pytest.raises(ValueError, match="out of range"):
        Game.deal(2**32)
    with pytest.raises(ValueError, match="out of range"):
        Game.deal(-1)


def test_deal_numbers_never_change():
    # Shared deal numbers must keep meaning the same deal across releases.
    assert Game.deal(1).notation() == (
        "st-helena r0 KKKK/AAAA 3SJCQD7H3D5C2S8C/JCTC7DTH4C8D5D2H/2S6S2DTC7S2C8D4D/"
        "7CQS2DQD5D8S6CTD/JD5H5STS9C6DTS4C/7H9C4S8HTHAD5SAH/3D7DJS3SACJH4SAS/"
        "9H6H9SKCQS3HJH3H/9H9D4HJD2C7C2H8S/JS6C8C6D5H4D8HTD/QHQC5C3C9DKH9SKD/"
        "6HKS4HQC7S6SQH3C -")


def test_move_names_round_trip():
    count = 0
    for move in range(MOVE_LIMIT):
        if move < 400 and move // 20 == move % 20:
            continue
        assert parse_move(move_name(move)) == move
        count += 1
    assert count == 20 * 19 + 2
    assert [move_name(m) for m in (parse_move("3-7"), parse_move("3-ks"), parse_move("KS-AS"),
                                   parse_move("KH-5"), REDEAL, DEAL)] == \
        ["3-7", "3-KS", "KS-AS", "KH-5", "redeal", "deal"]


@pytest.mark.parametrize("text", ["", "3", "3-3", "0-1", "13-1", "3-XS", "KS", "undeal", "3-7-1"])
def test_bad_move_names(text):
    with pytest.raises(ValueError):
        parse_move(text)


def test_cards_round_trip():
    for suit in range(4):
        for rank in range(1, 14):
            card = (suit << 4) | rank
            assert parse_card(card_name(card)) == card
    with pytest.raises(ValueError, match="bad card"):
        parse_card("1S")


GOOD = Game.deal(8).notation()


@pytest.mark.parametrize("mangle, complaint", [
    (lambda f: f[:4], "5 fields"),
    (lambda f: ["klondike"] + f[1:], "unknown rules preset"),
    (lambda f: [f[0], "r9"] + f[2:], "round"),
    (lambda f: ["box-kite", "r1"] + f[2:], "allow 0 redeals"),
    (lambda f: f[:2] + ["KKKKAAAA"] + f[3:], "foundations"),
    (lambda f: f[:2] + ["KKKK/AXAA"] + f[3:], "not a rank"),
    (lambda f: f[:3] + [f[3].rsplit("/", 1)[0]] + f[4:], "want 12 piles"),
    (lambda f: f[:3] + [f[3].replace("/", "/Z", 1)] + f[4:], "two characters"),
    (lambda f: f[:3] + ["1S" + f[3][2:]] + f[4:], "bad card"),
    (lambda f: f[:3] + ["QS" + f[3][2:]] + f[4:], "times, not twice"),
    (lambda f: f[:4] + ["QS"], "only Louis has a stock"),
])
def test_malformed_notation_is_refused_with_a_reason(mangle, complaint):
    fields = mangle(GOOD.split())
    with pytest.raises(NotationError, match=complaint):
        Game.from_notation(" ".join(fields))


def _reachable_by_reference(game, limit=5000):
    """Progress reachable by card moves, by a plain breadth-first search
    over whole position keys (a Game copy per position): whether it is, and
    how many positions it met (None past ``limit``)."""
    start = sum(game.foundations)
    seen = {game.position_key()}
    frontier = [Game.from_notation(game.notation())]
    while frontier:
        position = frontier.pop()
        for move in list(position.legal_moves()):
            if move >= 400:
                continue
            if move // 20 < 12 <= move % 20:
                return True, len(seen)
            position.push(move)
            key = position.position_key()
            if sum(position.foundations) > start:
                return True, len(seen)
            if key not in seen:
                seen.add(key)
                if len(seen) > limit:
                    return None, None
                frontier.append(Game.from_notation(position.notation()))
            position.pop()
    return False, len(seen)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([name for name, _ in PRESETS]),
       st.lists(st.integers(0, 10**6), max_size=80))
def test_the_stuck_search_agrees_with_a_plain_search(number, rules, steps):
    game = Game.deal(number, rules)
    for step in steps:
        legal = [m for m in game.legal_moves() if m < 400]
        if not legal:
            break
        game.push(legal[step % len(legal)])
    before = game.position_key(), bytes(game.history)
    found = _progress_reachable(game, 300)
    assert (game.position_key(), bytes(game.history)) == before  # it undid itself
    reference, size = _reachable_by_reference(game)
    if reference is True:
        assert found  # progress is found, or the budget runs out first (also True)
    elif reference is False and size <= 300:
        assert not found  # every position was within the budget


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([name for name, _ in PRESETS]),
       st.sampled_from(["", ",foundation_moves=all", ",foundation_moves=relocate", ",wrap=true"]),
       st.lists(st.integers(0, 10**6), max_size=120))
def test_the_stuck_searchs_moves_are_is_legals_card_moves(number, preset, options, steps):
    # It asks the rules a source at a time, not is_legal of every number:
    # the card moves it walks, in order, are the numbers is_legal allows.
    from sthelena.core.stuck_search import _next_card_move

    game = Game.deal(number, preset + options)
    for step in steps:
        legal = [m for m in game.legal_moves() if m < 400]
        if not legal:
            break
        game.push(legal[step % len(legal)])
    walked = []
    move = _next_card_move(game, 0)
    while move >= 0:
        walked.append(move)
        move = _next_card_move(game, move + 1)
    assert walked == [move for move in range(400) if game.is_legal(move)]


def test_the_stuck_search_on_a_cycle_and_with_no_budget():
    # QH and KS swap between two piles and lead nowhere.
    rules = "st-helena,build=any,spaces=none,redeals=0"
    cycling = position(rules, {1: "KH QH", 2: "QS KS"})
    assert _reachable_by_reference(cycling)[0] is False
    assert not _progress_reachable(cycling, 300) and cycling.status() == CYCLING
    # With spaces open, QH reaches AH in two moves (1-5, 5-AH).
    freed = position("st-helena,build=any,redeals=0", {1: "KH QH", 2: "QS KS"})
    assert _reachable_by_reference(freed)[0] and _progress_reachable(freed, 300)
    # No budget: it cannot prove the game stuck, so it says PLAYING.
    assert cycling.status(budget=0) == PLAYING


def _brute_perft(game, depth):
    """Perft from ``why_illegal`` alone: an independent check of legal_moves."""
    if depth == 0:
        return 1
    total = 0
    for move in range(MOVE_LIMIT):
        if why_illegal(game, move) is None:
            game.push(move)
            total += _brute_perft(game, depth - 1)
            game.pop()
    return total


@pytest.mark.parametrize("rules", ["st-helena", "st-helena-pysol", "louis", "box-kite"])
def test_perft_agrees_with_a_brute_force_count(rules):
    game = Game.deal(21, rules)
    for depth in (1, 2, 3):
        assert perft(game, depth) == _brute_perft(game, depth)
    assert game.notation() == Game.deal(21, rules).notation()
