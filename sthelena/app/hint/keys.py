"""The hint's keys of positions: two hashes, each a sum of weighted terms.

Each card on a pile adds ``card * weight(pile, height)``, each card on a
foundation that foundation's weight, and the redeals made and the stock's
size theirs, modulo a prime below 2**22 (so every product stays a small int
on the board). A card move changes two terms, so the search updates the
hashes in a few steps after each push and pop (``moved``) instead of reading
the 104 cards again; a redeal, Louis' deal and Louis' first round (a gap
refilled from the stock) read them all (``hash_all``). The weights are fixed
pseudo-random numbers (the same on every machine); a pile card's is made
of two factors (its height's and its pile's), so the list is short.

The keys of the positions a search has met go in its table (``store_position``),
emptied by ageing (``empty_table``). The table is pieces of ``CHUNK`` slots
(``make_table``), not one list: a piece of 2 KB finds room in a heap that
play has left in pieces, where the whole table (14 KB) may find none though
the heap has twice that free.
"""

from ...core.cards import const
from ...core.moves import REDEAL

_HEIGHT = const(32)  # heights a pile has weights for; a taller pile reuses them
_PILES = const(32)  # the piles' factors follow the heights'...
_EXTRA = const(44)  # ...then the foundations', the round's and the stock's weights
_SECOND = const(54)  # the second hash's weights follow the first's
_P1 = const(4194301)  # primes below 2**22
P2 = const(4194287)  # (the search makes its keys with it too)
CHUNK_BITS = const(9)
CHUNK = const(512)  # slots in a piece of the table (2 KB on the board)
_IN_CHUNK = const(511)


def make_table(slots):
    """An empty table of ``slots`` (a multiple of ``CHUNK``): its pieces."""
    table = []
    for _ in range(slots >> CHUNK_BITS):
        table.append([0] * CHUNK)
    return table


def make_weights():
    """The weights of both hashes, from a 16-bit xorshift (small ints only):
    a card's on a pile is a height's factor times the pile's (both below
    2**11); the others are below 2**22."""
    weights = [0] * (2 * _SECOND)
    state = 0x2F6B
    for index in range(2 * _SECOND):
        high = state = _xorshift(state)
        state = _xorshift(state)
        if index % _SECOND < _EXTRA:
            weights[index] = 1 + (high ^ state) % 2047
        else:
            weights[index] = 1 + (high << 6 ^ state) % (P2 - 1)
    return weights


def _xorshift(state):
    state ^= state << 7 & 0xFFFF
    state ^= state >> 9
    return state ^ (state << 8 & 0xFFFF)


def hash_all(search, game):
    """Both hashes of the game's position, from every card."""
    weights = search.weights
    first = second = 0
    for pile in range(12):
        cards = game.piles[pile]
        factor1 = weights[_PILES + pile]
        factor2 = weights[_SECOND + _PILES + pile]
        for height in range(len(cards)):
            card = cards[height]
            first = (first + card * (weights[height % _HEIGHT] * factor1 % _P1)) % _P1
            second = (second + card * (weights[_SECOND + height % _HEIGHT] * factor2 % P2)) % P2
    for foundation in range(8):
        count = game.foundations[foundation]
        first = (first + count * weights[_EXTRA + foundation]) % _P1
        second = (second + count * weights[_SECOND + _EXTRA + foundation]) % P2
    first = (first + game.round * weights[_EXTRA + 8]
             + game.stock_size() * weights[_EXTRA + 9]) % _P1
    second = (second + game.round * weights[_SECOND + _EXTRA + 8]
              + game.stock_size() * weights[_SECOND + _EXTRA + 9]) % P2
    search.hash1 = first
    search.hash2 = second


def moved(search, game, move, played, len=len):
    """The hashes after ``move`` was played (``played`` 1) or taken back (0);
    ``len`` bound once (see ``moves.generate_moves``)."""
    if move >= 400:  # a redeal or Louis' deal: the hashes before it kept for its undoing
        slot = 2 * (game.round + 1 - played) if move == REDEAL else 0
        if played:
            search.saved[slot] = search.hash1
            search.saved[slot + 1] = search.hash2
            hash_all(search, game)
        else:
            search.hash1 = search.saved[slot]
            search.hash2 = search.saved[slot + 1]
        return
    if search.louis and not game.round:  # (a gap refilled from the stock)
        hash_all(search, game)
        return
    weights = search.weights
    source = move // 20
    target = move % 20
    piles = game.piles  # (read in place: this runs twice a position)
    holder = target if played else source  # where the card moved is now
    card = piles[holder][-1] if holder < 12 else game.top(holder)
    if target < 12:  # the term of where it is when played...
        height = (len(piles[target]) - played) % _HEIGHT
        first = card * (weights[height] * weights[_PILES + target] % _P1)
        second = card * (weights[_SECOND + height] * weights[_SECOND + _PILES + target] % P2)
    else:  # (a foundation counts its cards)
        first = weights[_EXTRA + target - 12]
        second = weights[_SECOND + _EXTRA + target - 12]
    if source < 12:  # ...less that of where it was
        height = (len(piles[source]) - 1 + played) % _HEIGHT
        first -= card * (weights[height] * weights[_PILES + source] % _P1)
        second -= card * (weights[_SECOND + height] * weights[_SECOND + _PILES + source] % P2)
    else:
        first -= weights[_EXTRA + source - 12]
        second -= weights[_SECOND + _EXTRA + source - 12]
    if played:
        search.hash1 = (search.hash1 + first) % _P1
        search.hash2 = (search.hash2 + second) % P2
    else:
        search.hash1 = (search.hash1 - first) % _P1
        search.hash2 = (search.hash2 - second) % P2


def key_of(search):
    """The position's key (below 2**27, never 0: 26 bits of the hashes) and
    its slot in the search's table of ``search.slots`` (from other bits of
    them), so that a key does not depend on the table's size."""
    search.slot = search.hash1 % search.slots
    search.key = (search.hash1 >> 18) * P2 + search.hash2 + 1


def store_position(search, key, slot):
    """Put the position (its ``key`` and ``slot``: ``key_of``'s) in the
    table: False if it was there. Two positions are taken for one only if
    26 bits of their hashes agree in a slot they both probe (about one
    chance in 60 million a comparison). An entry is stamped with the table's
    age: emptying the table is making it older, in one step (a real
    emptying, a long step, only after seven)."""
    table = search.table
    age = search.age << 27
    stamped = age | key
    probe = slot
    slots = search.slots
    while True:
        held = table[probe >> CHUNK_BITS][probe & _IN_CHUNK]
        if held < age:  # (entries of older ages count as empty)
            break
        if held == stamped:
            return False
        probe += 1
        if probe == slots:
            probe = 0
    stored = search.stored
    if stored >= slots - (slots >> 3):  # full: emptied, and on (no proof)
        search.whole = False
        empty_table(search)
        stamped = search.age << 27 | key
        probe = slot
        stored = 0
    table[probe >> CHUNK_BITS][probe & _IN_CHUNK] = stamped
    search.stored = stored + 1
    return True


def empty_table(search):
    """Empty the table: its entries made older (a real emptying only when
    the three bits of age are used up)."""
    search.stored = 0
    search.age += 1
    if search.age == 8:  # the stamp's three bits used up
        for chunk in search.table:
            for slot in range(CHUNK):
                chunk[slot] = 0
        search.age = 1
