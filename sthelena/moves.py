"""Moves as small ints, and their names.

There are 20 places: piles 0..11 (named 1..12) and foundations 12..19
(named KS KH KD KC AS AH AD AC). A card move is ``source * 20 + target``;
``REDEAL`` gathers and deals the piles again, ``DEAL`` deals Louis' stock.
"""

from .cards import const

PILES = const(12)
PLACES = const(20)
FIRST_FOUNDATION = const(12)
REDEAL = const(400)
DEAL = const(401)
MOVE_LIMIT = const(402)  # every move is below this
FOUNDATION_NAMES = ("KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC")


def card_move(source, target):
    return source * 20 + target


def place_name(place):
    """``"1"``..``"12"`` for a pile, ``"KS"``.. for a foundation."""
    if place < 12:
        return str(place + 1)
    return FOUNDATION_NAMES[place - 12]


def parse_place(text):
    text = text.upper()
    if text in FOUNDATION_NAMES:
        return 12 + FOUNDATION_NAMES.index(text)
    if text.isdigit() and 1 <= int(text) <= 12:
        return int(text) - 1
    raise ValueError("bad place %r: want a pile 1..12 or a foundation %s"
                     % (text, " ".join(FOUNDATION_NAMES)))


def move_name(move):
    """``"3-7"``, ``"3-KS"``, ``"KS-AS"``, ``"KH-5"``, ``"redeal"`` or ``"deal"``."""
    if move == REDEAL:
        return "redeal"
    if move == DEAL:
        return "deal"
    return place_name(move // 20) + "-" + place_name(move % 20)


def parse_move(text):
    """The move a name stands for; ValueError if it is not a move's name.

    This checks the spelling only: ``Game.is_legal`` says whether it may be
    played.
    """
    name = text.strip().lower()
    if name == "redeal":
        return REDEAL
    if name == "deal":
        return DEAL
    source, dash, target = name.partition("-")
    if not dash:
        raise ValueError("bad move %r: want SOURCE-TARGET (3-7, 3-KS, KS-AS, KH-5), "
                         "redeal or deal" % text)
    source = parse_place(source)
    target = parse_place(target)
    if source == target:
        raise ValueError("bad move %r: source and target are the same place" % text)
    return source * 20 + target
