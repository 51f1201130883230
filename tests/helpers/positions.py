"""Build test positions from just the cards outside the foundations.

``position("st-helena", {1: "5S", 7: "6S 4S"})`` puts those cards on those
piles and every other card on the foundations, choosing foundation counts so
that the cards are conserved; it raises if no split exists.
"""

from sthelena.core.cards import RANKS, SUITS
from sthelena.core.notation import parse_card
from sthelena.core.game import Game


def _split(outside):
    """Foundation counts (kings, aces) whose leftovers are ``outside``,
    a list of 13 counts of the ranks 1..13 outside the foundations."""
    for kings in range(14):
        for aces in range(14):
            want = [0] * 14
            for rank in range(aces + 1, 14):
                want[rank] += 1
            for rank in range(1, 14 - kings):
                want[rank] += 1
            if want[1:] == outside:
                return kings, aces
    raise ValueError("no foundation split leaves %r" % outside)


def position(rules, piles, round_=0, stock="", found=None):
    """The position (see module doc); ``found`` (``"8AAA/7KKK"``) sets the
    foundations instead of working them out."""
    texts = []
    outside = [[0] * 13 for _ in SUITS]
    for index in range(1, 13):
        cards = piles.get(index, "").split()
        for name in cards:
            card = parse_card(name)
            outside[card >> 4][(card & 15) - 1] += 1
        texts.append("".join(cards) or "-")
    for name in stock.split():
        card = parse_card(name)
        outside[card >> 4][(card & 15) - 1] += 1
    tops = ["", ""]
    for suit in range(4 if found is None else 0):
        kings, aces = _split(outside[suit])
        tops[0] += RANKS[14 - kings - 1] if kings else "-"
        tops[1] += RANKS[aces - 1] if aces else "-"
    found = found or "%s/%s" % (tops[0], tops[1])
    line = "%s r%d %s %s %s" % (rules, round_, found, "/".join(texts),
                                   "".join(stock.split()) or "-")
    return Game.from_notation(line)


def names(game):
    """The legal moves' names, sorted."""
    from sthelena.core.notation import move_name

    return sorted(move_name(move) for move in game.legal_moves())


def pile_names(game, pile):
    from sthelena.core.notation import card_name

    return " ".join(card_name(card) for card in game.piles[pile - 1])
