"""Deal numbers: the same deal N on CPython, MicroPython and CircuitPython;
and the redeal, the piles gathered and dealt again (and taken back).

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


def redeal(piles, clockwise):
    """Gather the 12 ``piles`` and deal them again one card at a time round
    from pile 1. Encyclopedia order (``clockwise`` false): pile 12 onto 11
    ... onto 1, dealt from the top, so pile 12's top card comes first.
    Clockwise: pile 1 onto 2 ... onto 12, turned face down, so pile 12's
    bottom card comes first."""
    order = bytearray()
    for index in range(11, -1, -1):
        cards = piles[index]
        if clockwise:
            order.extend(cards)
        else:
            for position in range(len(cards) - 1, -1, -1):
                order.append(cards[position])
        cards[:] = b""
    for index in range(len(order)):
        piles[index % 12].append(order[index])


def undo_redeal(piles, lengths, clockwise):
    """Put the 12 ``piles`` back as they were before ``redeal``, each of
    the ``lengths`` it had: take the cards back in the order they were
    dealt, then each pile as it was gathered."""
    order = bytearray()
    for index in range(sum(lengths)):
        order.append(piles[index % 12][index // 12])
    start = 0
    for index in range(11, -1, -1):
        count = lengths[index]
        cards = piles[index]
        cards[:] = b""
        if clockwise:
            cards.extend(order[start:start + count])
        else:
            for position in range(start + count - 1, start - 1, -1):
                cards.append(order[position])
        start += count
