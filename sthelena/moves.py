"""Moves as small ints.

There are 20 places: piles 0..11 (named 1..12) and foundations 12..19
(KS KH KD KC AS AH AD AC). A card move is ``source * 20 + target``;
``REDEAL`` gathers and deals the piles again, ``DEAL`` deals Louis' stock.
Names ("3-KS") are in ``notation``.
"""

from .cards import const

PILES = const(12)
FIRST_FOUNDATION = const(12)
PLACES = const(20)
REDEAL = const(400)
DEAL = const(401)
MOVE_LIMIT = const(402)  # every move is below this


def card_move(source, target):
    return source * 20 + target


def source_of(move):
    return move // 20


def target_of(move):
    return move % 20
