"""What the foundations take and give, for the solver (desktop only).

Foundations are eight counts (king foundations 0-3 hold K down, ace
foundations 4-7 hold A up), as in ``game.Game``; cards are bytes
(``suit << 4 | rank``).
"""

FULL = b"\x0d" * 8  # every foundation holds its 13 cards


def found_top(found, foundation):
    """The top card of a foundation given its counts (0 when it is empty)."""
    count = found[foundation]
    if not count:
        return 0
    suit = foundation & 3
    return suit << 4 | (14 - count if foundation < 4 else count)


def relocations(found, plays):
    """Appends the relocations (``foundation_moves=relocate``): a foundation's
    top card to the suit's other foundation when that one wants it."""
    for foundation in range(8):
        card = found_top(found, foundation)
        if card and wants(found, foundation ^ 4) == card & 15:
            plays.append((12 + foundation) * 20 + 12 + (foundation ^ 4))


def wants(found, foundation):
    """The rank a foundation takes next (0 when it is full)."""
    count = found[foundation]
    if count >= 13:
        return 0
    return 13 - count if foundation < 4 else count + 1


_HOMES = {}


def homes_of(found, absorb=False):
    """{card: foundation targets (12-19) that take it next} for ``found``
    (cached: the search meets few distinct foundation counts). With
    ``absorb`` (reduction 4, ``foundation_moves=relocate``), every card of a
    suit whose two foundations hold 13 cards between them goes to its king
    foundation (after the relocations that make it want the card)."""
    if type(found) is not bytes:
        found = bytes(found)
    homes = _HOMES.get((found, absorb))
    if homes is None:
        homes = {}
        for suit in range(4):
            if absorb and found[suit] + found[suit + 4] == 13:
                for rank in range(1, 14):
                    homes[suit << 4 | rank] = [12 + suit]
                continue
            if found[suit] < 13:
                homes.setdefault(suit << 4 | (13 - found[suit]), []).append(12 + suit)
            if found[suit + 4] < 13:
                homes.setdefault(suit << 4 | (found[suit + 4] + 1), []).append(16 + suit)
        homes = {card: tuple(targets) for card, targets in homes.items()}
        if len(_HOMES) > 100000:
            _HOMES.clear()
        _HOMES[(found, absorb)] = homes
    return homes


_JOINED = {}


def joined(found):
    """``found`` with the foundations of each suit that hold 13 cards between
    them put as one split (13 on the king foundation): reduction 4's key."""
    key = _JOINED.get(found)
    if key is None:
        key = bytearray(found)
        for suit in range(4):
            if key[suit] + key[suit + 4] == 13:
                key[suit] = 13
                key[suit + 4] = 0
        key = bytes(key)
        if len(_JOINED) > 100000:
            _JOINED.clear()
        _JOINED[bytes(found)] = key
    return key


# BURIED[d]: a wanted card (1) under d other cards (0) at the top of a pile (2).
BURIED = [b"\x01" + b"\x00" * depth + b"\x02" for depth in range(12)]


def wanted_table(found, absorb=False):
    """A ``bytes.translate`` table marking the cards the foundations of
    ``found`` take next (1; with ``absorb``, as ``homes_of``), the piles' ends
    in a key (2), other cards (0)."""
    table = bytearray(256)
    for suit in range(4):
        if absorb and found[suit] + found[suit + 4] == 13:
            for rank in range(1, 14):
                table[suit << 4 | rank] = 1
            continue
        if found[suit] < 13:
            table[suit << 4 | (13 - found[suit])] = 1
        if found[suit + 4] < 13:
            table[suit << 4 | (found[suit + 4] + 1)] = 1
    table[0xff] = table[0xfe] = 2
    return bytes(table)
