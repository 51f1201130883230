"""The hint's moves of a position, in the order its search tries them.

``generate_moves`` lists every legal move of the game's position (the core's
``legal_moves``, but for the moves left out below) onto the search's move
stack, best first, without allocating: the search's tables are filled and
read in place, and the moves are sorted by a key (score * 512 + move, so
moves of one score keep the core's order) in a fixed scratch list.

Scores, lowest first: 0 for a play to a foundation and for a move between
the two foundations of a suit; for a card moved onto a pile or into a
space, 4 for each card that would still lie over the shallowest card a
foundation takes in the pile it leaves (6 or more: none in reach), 16 more
if the pile it goes to has a wanted card under fewer than 3 cards (it would
be buried); 50 (and 16) for a card moved off a foundation; 63 for Louis'
deal or a redeal. (Tried on deals 1-200 with 9,000 positions while the
search was built: a space scored as a pile, burying at 16 rather than 8 and
the moves between foundations first won 94 of box-kite's 116 won deals
instead of 86; st-helena 192 instead of 195, louis 194 instead of 193.)

Left out: a pile's only card moved into a space (the same cards, another
pile). Once no redeal or stock is left and the first deal's restriction
does not hold, piles differ only by their names, so such a move, and a card
moved into any space but the first, leads where the search has been (the
desktop solver's reduction 1); before that the search is no proof when it
leaves one out.
"""

from ...core.moves import DEAL, REDEAL
from ...core.cards import const

SCRATCH = const(264)  # one position's moves while they are sorted: room for the most it can have
_DEEP = const(6)  # a wanted card this deep counts as out of reach
_UNKNOWN = const(255)  # (a pile's dig not yet worked out this position)
_KEY = const(512)  # sort key: score * _KEY + move
_BURY = const(16)  # the score added for burying a pile's wanted card...
_NEAR = const(3)  # ...lying under fewer cards than this
_OFF = const(50)  # the score of a card moved off a foundation onto a pile
_SWAP = const(0)  # ...between the foundations of its suit
_LAST = const(63)  # ...of Louis' deal or a redeal
# The foundations each pile may play to (1 king, 2 ace): with the first
# deal's restriction in force, and without.
_ALLOW = b"\x01\x01\x01\x01\x03\x03\x02\x02\x02\x02\x03\x03"
_FREE = b"\x03" * 12
_EMPTY = bytes(64)
_UNKNOWNS = b"\xff" * 12


def generate_moves(search, game, depth, start, len=len):
    """The moves of the position at ``depth``, sorted, on the search's stack
    from index ``start``; ``bounds[depth]`` set. (``len`` is bound once: on
    the board the one-file build looks a builtin up through all its own
    names first, a thousand cycles and more a time.)

    How deep a pile's wanted card lies (``_dig``) is worked out only for the
    piles a move's score needs it of: most piles, most positions, have none."""
    piles = game.piles
    wants = search.wants
    restricted = game.restricted()
    allows = _ALLOW if restricted else _FREE
    foundations = game.foundations
    if search.wants_for != foundations:  # (most moves leave the foundations as they were)
        search.wants_for[:] = foundations
        wants[:] = _EMPTY
        for suit in range(4):  # the cards the foundations take (a full one: none)
            placed = foundations[suit]  # a king foundation takes 13 less its cards
            if placed < 13:
                wants[suit << 4 | 13 - placed] |= 1
            placed = foundations[4 + suit]  # an ace foundation the next rank up
            if placed < 13:
                wants[suit << 4 | placed + 1] |= 2
    scratch = search.scratch
    count = 0
    at1 = search.at1
    at2 = search.at2
    dig_top = search.dig_top
    dig_under = search.dig_under
    first_space = -1
    louis = game.louis_phase()
    building = not louis  # (Louis' first round: only plays to foundations)
    any_suit = search.any_suit
    wrap = search.wrap
    dig_under[:] = _UNKNOWNS  # (a pile's dig: _dig, when a move's score asks)
    dig_top[:] = _UNKNOWNS
    for pile in range(12):
        cards = piles[pile]
        if not cards:
            if first_space < 0 and search.fill:
                first_space = pile
            continue
        card = cards[-1]
        plays = wants[card] & allows[pile]
        if plays:
            if plays & 1:
                scratch[count] = pile * 20 + 12 + (card >> 4)
                count += 1
            if plays & 2:
                scratch[count] = pile * 20 + 16 + (card >> 4)
                count += 1
            dig_top[pile] = 0
        if not building:
            pass
        elif not any_suit and not wrap:
            # The earlier piles topped by a card a rank off, of its suit: a
            # move each way. No card has rank 0 or 14.
            other = at1[card - 1]
            if other:
                count = _both_ways(search, game, allows, pile, other - 1, count)
                other = at2[card - 1]
                if other:
                    count = _both_ways(search, game, allows, pile, other - 1, count)
            other = at1[card + 1]
            if other:
                count = _both_ways(search, game, allows, pile, other - 1, count)
                other = at2[card + 1]
                if other:
                    count = _both_ways(search, game, allows, pile, other - 1, count)
        else:  # the same, of any suit, or a king on an ace and an ace on a king
            rank = card & 15
            for center in range(rank if any_suit else card, card + 1 if not any_suit else 64, 16):
                for host in range(center - 1, center + 2, 2):
                    count = _wrapped(search, game, allows, pile, host, count)
                if wrap and (rank == 1 or rank == 13):  # K on A, A on K
                    count = _wrapped(search, game, allows, pile,
                                     center + 12 if rank == 1 else center - 12, count)
        if at1[card]:
            at2[card] = pile + 1
        else:
            at1[card] = pile + 1
    final = game.round >= search.redeals and not game.stock_size() and not restricted
    if building:
        if first_space >= 0:
            for pile in range(12):
                size = len(piles[pile])
                if size:
                    count = _into_spaces(search, game, pile, size,
                                         4 * _dig(search, game, allows, pile) if size > 1 else 0,
                                         first_space, final, count)
        if search.off_foundation:
            for foundation in range(8):
                card = game.top(12 + foundation)
                if card:
                    count = _off_foundation(search, game, allows, card, 12 + foundation, count)
                    if first_space >= 0:
                        count = _into_spaces(search, game, 12 + foundation, 0, _OFF,
                                             first_space, final, count)
    if search.relocate:
        for foundation in range(8):
            card = game.top(12 + foundation)
            other = foundation ^ 4
            if card and game.foundation_wants(other) == card & 15:
                scratch[count] = _SWAP * _KEY + (12 + foundation) * 20 + 12 + other
                count += 1
    if louis:
        scratch[count] = _LAST * _KEY + DEAL
        count += 1
    elif game.round < search.redeals:
        scratch[count] = _LAST * _KEY + REDEAL
        count += 1
    at1[:] = _EMPTY  # the tables back to empty for the next position
    at2[:] = _EMPTY
    _sorted_onto_stack(search, count, depth, start)


def _dig(search, game, allows, pile, len=len):
    """The cards over the shallowest card a foundation open to ``pile``
    takes, under its top card (``_DEEP``: none within reach), worked out
    once a position (``dig_under``, and ``dig_top``: 0 if the top card
    itself goes home, else one more)."""
    under = search.dig_under[pile]
    if under != _UNKNOWN:
        return under
    cards = game.piles[pile]
    wants = search.wants
    allow = allows[pile]
    size = len(cards)
    under = _DEEP
    for index in range(size - 2, size - 2 - _DEEP if size > _DEEP + 1 else -1, -1):
        if wants[cards[index]] & allow:
            under = size - 2 - index
            break
    search.dig_under[pile] = under
    if search.dig_top[pile] == _UNKNOWN:
        search.dig_top[pile] = under + 1
    return under


def _both_ways(search, game, allows, pile, other, count):
    """Adds the moves of two piles' top cards onto each other; the new count."""
    dig_top = search.dig_top
    scratch = search.scratch
    from_pile = 4 * _dig(search, game, allows, pile)
    from_other = 4 * _dig(search, game, allows, other)
    scratch[count] = (from_pile + (_BURY if dig_top[other] < _NEAR else 0)) * _KEY \
        + pile * 20 + other
    scratch[count + 1] = (from_other + (_BURY if dig_top[pile] < _NEAR else 0)) \
        * _KEY + other * 20 + pile
    return count + 2


def _wrapped(search, game, allows, pile, host, count):
    """``_both_ways`` with each earlier pile topped by ``host``."""
    for copy in range(2):
        other = (search.at2 if copy else search.at1)[host]
        if other:
            count = _both_ways(search, game, allows, pile, other - 1, count)
    return count


def _onto(search, game, allows, host, source, base, count):
    """Adds the moves of ``source``'s top card onto the piles topped by
    ``host`` (a card a rank off); the new count."""
    for copy in range(2):
        target = (search.at2 if copy else search.at1)[host]
        if target:
            _dig(search, game, allows, target - 1)
            score = base + (_BURY if search.dig_top[target - 1] < _NEAR else 0)
            search.scratch[count] = score * _KEY + source * 20 + target - 1
            count += 1
    return count


def _off_foundation(search, game, allows, card, source, count):
    """Adds the moves of ``card``, the top of foundation ``source``, onto
    piles (``foundation_moves=all``); the new count."""
    rank = card & 15
    for center in range(rank if search.any_suit else card, card + 1 if not search.any_suit
                        else 64, 16):
        count = _onto(search, game, allows, center - 1, source, _OFF, count)
        count = _onto(search, game, allows, center + 1, source, _OFF, count)
        if search.wrap and (rank == 1 or rank == 13):
            count = _onto(search, game, allows, center + 12 if rank == 1 else center - 12,
                          source, _OFF, count)
    return count


def _into_spaces(search, game, source, size, base, first_space, final, count):
    """Adds the moves of ``source``'s top card into spaces (``size``: the
    cards of pile ``source``, 0 for a foundation); the new count."""
    if size == 1:  # the same pile under another name
        if not final:
            search.whole = False
        return count
    piles = game.piles
    key = base * _KEY + source * 20
    for target in range(first_space, 12):
        if not piles[target]:
            search.scratch[count] = key + target
            count += 1
            if final:
                break
    return count


def _sorted_onto_stack(search, count, depth, start, len=len):
    """The scratch list's ``count`` keys sorted (insertion sort: a position
    has a few dozen moves), their moves on the stack from ``start``."""
    scratch = search.scratch
    for index in range(1, count):
        key = scratch[index]
        place = index
        while place and scratch[place - 1] > key:
            scratch[place] = scratch[place - 1]
            place -= 1
        scratch[place] = key
    stack = search.stack
    room = (len(stack) >> 1) - start
    if count > room:  # the stack is full: the rest left out
        count = room
        search.whole = False
    for index in range(count):
        move = scratch[index] % _KEY
        stack[2 * (start + index)] = move >> 8
        stack[2 * (start + index) + 1] = move & 255
    search.bounds[depth] = start << 12 | start + count
