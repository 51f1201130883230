"""Deal numbers: the same deal N on CPython, MicroPython and CircuitPython.

A counter-based 32-bit generator (a splitmix-style hash of a counter) drives
a Fisher-Yates shuffle. Every step is masked to 32 bits, so the integer
width of the interpreter does not matter.
"""

_MASK = 0xFFFFFFFF
DEAL_LIMIT = 1 << 32  # deal numbers are 0 .. DEAL_LIMIT - 1


def unshuffled_deck():
    """The 96 cards left when one king and one ace of each suit are the
    foundation bases: by suit, then rank, two copies of ranks 2..Q."""
    deck = bytearray()
    for suit in range(4):
        for rank in range(1, 14):
            deck.append((suit << 4) | rank)
            if 1 < rank < 13:
                deck.append((suit << 4) | rank)
    return deck


def shuffled_deck(number):
    """The 96 cards of deal ``number`` in the order they are dealt."""
    if not 0 <= number < DEAL_LIMIT:
        raise ValueError("deal number %d out of range 0..%d" % (number, DEAL_LIMIT - 1))
    deck = unshuffled_deck()
    state = number
    for top in range(len(deck) - 1, 0, -1):
        span = top + 1
        limit = (DEAL_LIMIT // span) * span  # reject the uneven tail: no bias
        while True:
            # the generator's step, inline (a call returning two values
            # would allocate a tuple per card): the next state, its output
            state = (state + 0x9E3779B9) & _MASK
            value = ((state ^ (state >> 16)) * 0x85EBCA6B) & _MASK
            value = ((value ^ (value >> 13)) * 0xC2B2AE35) & _MASK
            value ^= value >> 16
            if value < limit:
                break
        pick = value % span
        deck[top], deck[pick] = deck[pick], deck[top]
    return deck
