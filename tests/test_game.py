"""Whole-game properties on random deals and random move sequences, and the
notation, save bytes, move names and deal numbers."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from positions import position
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


def _long_game(moves=300):
    game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
    step = 0
    while len(game.move_stack()) < moves:
        legal = [m for m in game.legal_moves() if m != REDEAL] or [REDEAL]
        game.push(legal[(step * 7919) % len(legal)])
        step += 1
    return game


def test_save_of_a_300_move_game_is_well_under_a_kilobyte():
    game = _long_game()
    data = save.to_bytes(game)
    assert len(data) < 400
    again = save.from_bytes(data)
    assert again.notation() == game.notation() and again.move_stack() == game.move_stack()


def test_save_of_a_position_from_notation_round_trips():
    game = position("louis,gather=clockwise", {1: "AS", 2: "KH"}, stock="3S 2S")
    game.push(parse_move("2-AH"))
    again = save.from_bytes(save.to_bytes(game))
    assert again.notation() == game.notation() and again.history == game.history
    again.pop()
    assert again.notation() == position("louis,gather=clockwise", {1: "AS", 2: "KH"},
                                        stock="3S 2S").notation()


def test_corrupt_or_truncated_save_bytes_raise_a_clear_error():
    data = save.to_bytes(_long_game(60))
    for cut in range(len(data)):
        with pytest.raises(save.SaveError):
            save.from_bytes(data[:cut])
    for index in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            broken = bytearray(data)
            broken[index] ^= flip
            with pytest.raises(save.SaveError):
                save.from_bytes(bytes(broken))


def _with_checksum(body):
    """``body`` (save bytes without their checksum) with its length set and
    the checksum after it: bytes only the loader's other checks may refuse."""
    body = bytearray(body)
    body[3:5] = (len(body) + 2).to_bytes(2, "big")
    crc = save.crc16(body)
    return bytes(body) + bytes([crc >> 8, crc & 0xFF])


def test_save_with_a_good_checksum_but_an_illegal_move_is_refused():
    start = save.to_bytes(Game.deal(3, "box-kite"))[:-2]  # no moves, no checksum
    with pytest.raises(save.SaveError, match="no valid game: illegal move 0"):
        save.from_bytes(_with_checksum(start + bytes([0])))  # pile 1 onto pile 1
    with pytest.raises(save.SaveError, match="no valid game: illegal move 400"):
        save.from_bytes(_with_checksum(start + bytes([255, 160])))  # redeal: box-kite has none
    with pytest.raises(save.SaveError, match="no valid game"):
        save.from_bytes(_with_checksum(start + bytes([255])))  # an escape and no move


def test_moves_off_a_foundation_and_redeals_take_two_bytes():
    game = position("st-helena,foundation_moves=all", {1: "AS", 2: "KH"})
    start = len(save.to_bytes(game)) - 2
    moves = [parse_move("KS-3"), REDEAL, parse_move("2-AH")]
    for move in moves:
        game.push(move)
    data = save.to_bytes(game)
    assert data[start:-2] == bytes([255, moves[0] - 240, 255, REDEAL - 240, moves[2]])
    assert moves[2] < 240 <= moves[0]
    assert save.from_bytes(data).move_stack() == moves


def test_a_saved_position_that_is_no_position_is_refused():
    game = position("st-helena", {1: "AS", 2: "KH"})
    good = save.to_bytes(game)[:-2]
    assert save.from_bytes(_with_checksum(good)).notation() == game.notation()
    key_at = 9
    key = bytearray(good[key_at:])
    cases = {
        "parts, not 14": key[:-3],  # a length that cuts the key short
        "no card": key[:9] + key[9:].replace(b"\xff", b"\xff\x70", 1),
        "times, not twice": key[:9] + key[9:].replace(b"\xff", b"\xff\x01", 1),
        "over 13 cards": bytes([14]) + key[1:],
        "these rules allow 2 redeals": key[:8] + bytes([3]) + key[9:],
        "only Louis has a stock": key + bytes([0x11]),  # a stock of one ace
    }
    for complaint, broken in cases.items():
        body = good[:8] + bytes([len(broken)]) + broken
        with pytest.raises(save.SaveError, match=complaint):
            save.from_bytes(_with_checksum(body))
    with pytest.raises(save.SaveError, match="unknown start kind 3"):
        save.from_bytes(_with_checksum(good[:7] + bytes([3]) + good[8:]))


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


# -- save bytes, version 3: the length and every field under the checksum ----


def test_a_save_cut_or_grown_by_one_byte_is_refused_for_every_game():
    # Version 2 kept the length outside the checksum: a save cut by its last
    # byte loaded (as the game less a move) whenever the checksum's low byte was 0.
    for number in range(300):
        game = Game.deal(number)
        for _ in range(3):
            game.push(list(game.legal_moves())[0])
        data = save.to_bytes(game)
        assert data[3] << 8 | data[4] == len(data)
        for bad in (data[:-1], data + b"\x00", data[:-2] + b"\x00" + data[-2:]):
            with pytest.raises(save.SaveError):
                save.from_bytes(bad)


def test_a_version_2_save_is_refused_by_name():
    old = bytearray(save.to_bytes(Game.deal(5)))
    old[2] = 2
    with pytest.raises(save.SaveError, match="version 2 is not known"):
        save.from_bytes(bytes(old))


def test_a_trimmed_save_keeps_the_position_and_the_last_moves_undoable():
    game = _long_game(300)
    moves = game.move_stack()
    data = save.to_bytes(game, keep=40)
    assert len(data) < len(save.to_bytes(game)) and data[7] == 2
    assert game.move_stack() == moves  # the game in memory is untouched
    again = save.from_bytes(data)
    assert again.notation() == game.notation() and again.deal_number == game.deal_number
    assert again.move_stack() == moves[-40:] and again.earlier_moves == len(moves) - 40
    # Trimmed again: the moves trimmed before are counted on.
    for move in list(again.legal_moves())[:1]:
        again.push(move)
    twice = save.from_bytes(save.to_bytes(again, keep=5))
    assert twice.earlier_moves == again.earlier_moves + len(again.move_stack()) - 5
    assert twice.notation() == again.notation() and len(twice.move_stack()) == 5
    # Nothing to trim: the deal's start, as without ``keep``.
    short = Game.deal(9)
    assert save.to_bytes(short, keep=40) == save.to_bytes(short)


def test_a_trimmed_saves_position_is_counted_card_by_card():
    game = _long_game(100)
    good = bytearray(save.to_bytes(game, keep=0)[:-2])
    key_at = 15
    key = good[key_at:]
    assert good[14] == len(key)  # keep=0: no moves after the position
    pile_at = key.index(0xFF, 9)  # the first pile's first card follows the first 0xFF
    cases = [
        key[:-3],  # parts missing
        key[:pile_at + 1] + bytes([0x70]) + key[pile_at + 1:],  # no card
        key[:pile_at + 1] + bytes([0x0E]) + key[pile_at + 1:],  # rank 14
        key[:pile_at + 1] + bytes([0x41]) + key[pile_at + 1:],  # past the suits
        key[:pile_at + 1] + bytes([0x01]) + key[pile_at + 1:],  # an ace thrice
        key[:pile_at + 1] + key[pile_at + 2:],  # a card missing
        bytes([14]) + key[1:],  # a foundation of 14
        key[:8] + bytes([3]) + key[9:],  # round 3: two redeals at most
        key + bytes([0x11]),  # a stock, not Louis
    ]
    for broken in cases:
        body = good[:14] + bytes([len(broken)]) + broken
        with pytest.raises(save.SaveError, match="not one"):
            save.from_bytes(_with_checksum(body))
    assert save.from_bytes(_with_checksum(good)).notation() == game.notation()
