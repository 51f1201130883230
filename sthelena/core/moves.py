"""Moves as small ints.

There are 20 places: piles 0..11 (named 1..12) and foundations 12..19
(KS KH KD KC AS AH AD AC). A card move is ``source * 20 + target``
(read back inline as ``move // 20`` and ``move % 20``);
``REDEAL`` gathers and deals the piles again, ``DEAL`` deals Louis' stock.
Names ("3-KS") are in ``notation``.
"""

from .cards import const

PILES = const(12)
REDEAL = const(400)
DEAL = const(401)
MOVE_LIMIT = const(402)  # every move is below this
