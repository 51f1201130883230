"""Cards as single bytes.

A card is ``(suit << 4) | rank``: rank 1 (ace) to 13 (king), suit 0..3 in
the order spades, hearts, diamonds, clubs. 0 means "no card". The two decks
hold two of every card; the bytes do not tell the copies apart, and nothing
in the rules needs them to. Names ("QS") are in ``notation``. The hot
paths read ``card >> 4`` and ``card & 15`` inline: on the board a call
costs more than the arithmetic.
"""

try:
    from micropython import const
except ImportError:  # CPython: const(x) is x (a lambda, typed as micropython's const by mypy)
    const = lambda expr: expr  # noqa: E731


RANKS = "A23456789TJQK"
SUITS = "SHDC"
