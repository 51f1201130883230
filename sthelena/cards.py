"""Cards as single bytes.

A card is ``(suit << 4) | rank``: rank 1 (ace) to 13 (king), suit 0..3 in
the order spades, hearts, diamonds, clubs. 0 means "no card". The two decks
hold two of every card; the bytes do not tell the copies apart, and nothing
in the rules needs them to.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


RANKS = "A23456789TJQK"
SUITS = "SHDC"
NO_CARD = const(0)
ACE = const(1)
KING = const(13)


def make_card(suit, rank):
    """The byte for ``rank`` (1..13) of ``suit`` (0..3)."""
    return (suit << 4) | rank


def suit_of(card):
    return card >> 4


def rank_of(card):
    return card & 15


def card_name(card):
    """Two characters, rank then suit: ``"TD"`` is the ten of diamonds."""
    return RANKS[(card & 15) - 1] + SUITS[card >> 4]


def parse_card(text):
    """The byte for a card name such as ``"QS"`` (case-insensitive)."""
    if len(text) == 2:
        rank = RANKS.find(text[0].upper()) + 1
        suit = SUITS.find(text[1].upper())
        if rank and suit >= 0:
            return (suit << 4) | rank
    raise ValueError("bad card %r: want rank A23456789TJQK then suit SHDC, e.g. QS" % text)
