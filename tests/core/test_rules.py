"""The rules, option by option, on small positions built for each point."""

import pytest

from tests.helpers.positions import names, pile_names, position
from sthelena.desktop.explain import why_illegal
from sthelena.core.game import (CYCLING, NO_MOVES, PLAYING, REDEAL_ONLY, WON, Game,
                           IllegalMoveError)
from sthelena.core.notation import move_name, parse_move
from sthelena.core.rules import OPTIONS, PRESETS, Rules

# Spades outside the foundations: A 2 (KS wants 2) and K (AS wants K).
# Hearts outside: Q K (AH wants Q; KH is full).
BUILD = {1: "KS", 2: "AS", 3: "QH", 4: "2S", 5: "KH"}


def legal(game, name):
    return game.is_legal(parse_move(name))


def test_build_by_suit_up_or_down_never_king_on_ace():
    game = position("st-helena", BUILD)
    assert legal(game, "4-2") and legal(game, "2-4")  # 2S on AS, AS on 2S
    assert not legal(game, "3-1")  # QH on KS: wrong suit
    assert not legal(game, "1-2") and not legal(game, "2-1")  # K on A, A on K


def test_build_regardless_of_suit():
    game = position("st-helena,build=any", BUILD)
    assert legal(game, "3-1")  # QH on KS
    assert not legal(game, "1-2") and not legal(game, "2-1")


def test_wrap_lets_king_go_on_ace_and_ace_on_king():
    game = position("st-helena,wrap=true", BUILD)
    assert legal(game, "1-2") and legal(game, "2-1")


def test_spaces_any_or_none():
    game = position("st-helena", BUILD)
    assert all(legal(game, "3-%d" % empty) for empty in range(6, 13))
    game = position("st-helena,spaces=none", BUILD)
    assert not any(legal(game, "3-%d" % empty) for empty in range(6, 13))
    assert "3-6" not in names(game)


# Pile 1 holds QH (AH wants Q), pile 7 holds 2S (KS wants 2).
RESTRICT = {1: "QH", 7: "2S", 5: "KH", 11: "AS"}


def test_first_deal_restriction_by_pile():
    game = position("st-helena", RESTRICT)
    assert game.restricted()
    assert not legal(game, "1-AH")  # top row: kings only
    assert not legal(game, "7-KS")  # bottom row: aces only
    assert "piles 1-4 play only to king" in why_illegal(game, parse_move("1-AH"))
    assert "piles 7-10 play only to ace" in why_illegal(game, parse_move("7-KS"))
    with pytest.raises(IllegalMoveError, match="illegal move %d" % parse_move("1-AH")):
        game.push(parse_move("1-AH"))
    game.push(parse_move("1-5"))  # QH onto KH on pile 5, a side pile
    assert legal(game, "5-AH")
    game.push(parse_move("7-11"))  # 2S onto AS on pile 11, a side pile
    assert legal(game, "11-KS")


def test_restriction_lifts_after_a_redeal_and_can_be_switched_off():
    game = position("st-helena", RESTRICT, round_=1)
    assert not game.restricted()
    assert legal(game, "1-AH") and legal(game, "7-KS")
    game = position("st-helena,restricted_first_deal=false", RESTRICT)
    assert legal(game, "1-AH") and legal(game, "7-KS")


def test_restriction_lifts_with_the_redeal_move():
    game = position("st-helena", RESTRICT)
    game.push(parse_move("redeal"))
    assert game.round == 1 and not game.restricted()
    game.pop()
    assert game.restricted()


# Cards gathered in a known order: pile 1 AS 2S, pile 2 QH, pile 12 KH KS.
GATHER = {1: "AS 2S", 2: "QH", 12: "KH KS"}


@pytest.mark.parametrize("gather, dealt", [
    ("encyclopedia", ["KS", "KH", "QH", "2S", "AS", ""]),  # pile 12's top card first
    ("clockwise", ["KH", "KS", "QH", "AS", "2S", ""]),  # pile 12's bottom card first
])
def test_gather_order_and_undo(gather, dealt):
    game = position("st-helena,gather=" + gather, GATHER)
    before = game.notation()
    game.push(parse_move("redeal"))
    assert [pile_names(game, pile) for pile in range(1, 7)] == dealt
    game.pop()
    assert game.notation() == before


def _redeal_by_hand(piles, gather):
    """The texts' words, with lists: gather the piles, then deal one card at
    a time from pile 1 round to pile 12."""
    if gather == "encyclopedia":
        # Pile 12 onto 11, both onto 10 ... onto 1; dealt from the top.
        pack = []
        for pile in piles:
            pack = pack + pile  # later piles lie on top
        to_deal = list(reversed(pack))
    else:
        # Pile 1 onto 2, ... onto 12, turned face down; dealt from the top.
        pack = []
        for pile in piles:
            pack = pile + pack  # each pile goes under the next
        to_deal = pack  # turning over puts the old bottom on top
    dealt = [[] for _ in piles]
    for index, card in enumerate(to_deal):
        dealt[index % 12].append(card)
    return dealt


@pytest.mark.parametrize("gather", ["encyclopedia", "clockwise"])
@pytest.mark.parametrize("number", [1, 2, 77])
def test_redeal_of_a_whole_deal_matches_the_texts(gather, number):
    game = Game.deal(number, "st-helena,gather=" + gather)
    game.push(parse_move("redeal"))  # legal at any time, as in PySolFC
    expected = _redeal_by_hand([list(pile) for pile in Game.deal(number).piles], gather)
    assert [list(pile) for pile in game.piles] == expected


def test_two_redeals_then_no_more():
    game = Game.deal(5)
    game.push(parse_move("redeal"))
    game.push(parse_move("redeal"))
    assert game.round == 2 and game.redeals_left() == 0
    assert not legal(game, "redeal")
    assert why_illegal(game, parse_move("redeal")) == "no redeals left"
    with pytest.raises(IllegalMoveError, match="illegal move 400"):
        game.push(parse_move("redeal"))


# Spades split 8 on KS (K..8) and 7 on AS (A..7): the other 13 are on pile 1.
RELOCATE = {1: "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}
RELOCATE_FOUND = "8AAA/7KKK"


def test_foundation_moves_none():
    game = position("st-helena", RELOCATE, found=RELOCATE_FOUND)
    assert not legal(game, "KS-AS") and not legal(game, "AS-KS") and not legal(game, "KS-2")


def test_foundation_moves_relocate():
    game = position("box-kite", RELOCATE, found=RELOCATE_FOUND)
    assert legal(game, "KS-AS") and legal(game, "AS-KS")
    assert not legal(game, "KS-2") and not legal(game, "KS-KH")
    game.push(parse_move("KS-AS"))
    assert game.notation().split()[2] == "9AAA/8KKK"


def test_foundation_moves_all_even_off_a_full_foundation():
    game = position("box-kite,foundation_moves=all", RELOCATE, found=RELOCATE_FOUND)
    assert legal(game, "KS-AS") and legal(game, "KS-2") and legal(game, "AS-3")
    assert legal(game, "AH-4")  # KH off the full ace-of-hearts foundation
    game.push(parse_move("AH-4"))
    assert pile_names(game, 4) == "KH"


def test_a_base_card_may_move_off_and_the_empty_foundation_takes_it_back():
    game = position("box-kite,foundation_moves=all", RELOCATE, found=RELOCATE_FOUND)
    while game.top(12) & 15 != 13:  # move spades from KS to AS down to the king
        game.push(parse_move("KS-AS"))
    game.push(parse_move("KS-2"))
    assert game.notation().split()[2].startswith("-")
    assert legal(game, "2-KS")


def test_louis_starts_with_twelve_cards_and_a_stock():
    game = Game.deal(3, "louis")
    assert [len(pile) for pile in game.piles] == [1] * 12
    assert len(game.stock) == 84 and game.louis_phase()
    for move in game.legal_moves():
        name = move_name(move)
        assert name == "deal" or name.split("-")[1][0] in "KA"
    assert "redeal" not in names(game) and "deal" in names(game)


def test_louis_refills_a_gap_from_the_stock_and_undo_puts_it_back():
    game = position("louis", {1: "AS", 2: "KH"}, stock="3S 2S")  # 2S on top
    before = game.notation()
    game.push(parse_move("2-AH"))  # KH completes AH; the gap takes 2S
    assert pile_names(game, 2) == "2S" and pile_names(game, 1) == "AS"
    assert [len(pile) for pile in game.piles[:2]] == [1, 1] and len(game.stock) == 1
    game.pop()
    assert game.notation() == before


def test_louis_deal_deals_the_stock_round_robin_from_pile_one():
    game = Game.deal(4, "louis")
    stock_top_first = list(reversed(game.stock))
    tops = [list(pile) for pile in game.piles]
    game.push(parse_move("deal"))
    assert not game.stock and not game.louis_phase()
    for index, card in enumerate(stock_top_first):
        tops[index % 12].append(card)
    assert [list(pile) for pile in game.piles] == tops
    assert "redeal" in names(game)
    game.pop()
    assert game.notation() == Game.deal(4, "louis").notation()


def test_box_kite_has_no_redeal_and_no_restriction():
    game = Game.deal(9, "box-kite")
    assert not game.restricted() and "redeal" not in names(game)


def test_won_game():
    game = position("st-helena", {})
    assert game.is_won() and game.status() == WON
    assert list(game.legal_moves()) == []


# Only top-row piles hold cards, so before the first redeal they play only to
# the king foundations, which are full: QH can only go back and forth.
SHUFFLE = {1: "KH QH", 2: "QS KS"}


def test_status_cycling_when_only_moves_that_undo_each_other_remain():
    game = position("st-helena,build=any,spaces=none,redeals=0", SHUFFLE)
    assert names(game) == ["1-2", "2-1"]  # QH onto KS, or KS onto QH
    assert game.status() == CYCLING


def test_status_redeal_only():
    game = position("st-helena,build=any,spaces=none", SHUFFLE)
    assert game.status() == REDEAL_ONLY
    game = position("st-helena,spaces=none", {1: "QH KH", 2: "QS KS"})
    assert names(game) == ["redeal"] and game.status() == REDEAL_ONLY


def test_status_no_moves():
    game = position("box-kite,spaces=none", {1: "QH KH", 2: "QS KS"})
    assert names(game) == [] and game.status() == NO_MOVES


def test_status_playing_when_a_card_can_be_freed_for_a_foundation():
    # QH can go to AH only from a side pile: 1-5 then 5-AH.
    game = position("st-helena,build=any,spaces=any,redeals=0", SHUFFLE)
    assert game.status() == PLAYING
    assert game.notation() == position("st-helena,build=any,spaces=any,redeals=0",
                                       SHUFFLE).notation()  # the search undid itself


def test_every_preset_matches_the_issue_table():
    table = {
        "st-helena": ("suit", False, "any", 2, True, "encyclopedia", "none", False),
        "st-helena-pysol": ("any", False, "none", 2, True, "encyclopedia", "all", False),
        "louis": ("suit", False, "any", 2, False, "encyclopedia", "none", True),
        "box-kite": ("suit", False, "any", 0, False, "encyclopedia", "relocate", False),
    }
    assert {name: Rules(name).values() for name, _ in PRESETS} == table


def test_pysolfc_box_kite_is_reachable_with_options():
    rules = Rules.parse("box-kite,build=any,wrap=true,spaces=none,foundation_moves=all")
    assert (rules.build, rules.wrap, rules.spaces, rules.foundation_moves) == \
        ("any", True, "none", "all")
    assert str(rules) == "box-kite,build=any,wrap=true,spaces=none,foundation_moves=all"


@pytest.mark.parametrize("text, complaint", [
    ("klondike", "unknown rules preset"),
    ("st-helena,spaces=some", "spaces=some"),
    ("st-helena,redeals=3", "redeals=3"),
    ("st-helena,wrap=maybe", "choose false/true"),
    ("st-helena,colour=red", "bad rules part"),
])
def test_bad_rules_text(text, complaint):
    with pytest.raises(ValueError, match=complaint):
        Rules.parse(text)


def test_rules_bits_round_trip_for_every_combination():
    import itertools

    for preset, _ in PRESETS:
        for values in itertools.product(("suit", "any"), (False, True), ("any", "none"),
                                        (0, 1, 2), (False, True),
                                        ("encyclopedia", "clockwise"),
                                        ("none", "relocate", "all"), (False, True)):
            rules = Rules(preset)
            for option, value in zip(OPTIONS, values):
                setattr(rules, option, value)
            assert Rules.from_bits(rules.to_bits()) == rules
            assert Rules.parse(str(rules)) == rules
