"""Whether a game is stuck: ``status()``, the search behind it, its verdicts.

Kept apart from ``game`` (moves, undo, redeals) because it is a search over
positions rather than a rule: ``Game.status()`` calls ``status(game)``, so
``game.status()`` reads as the rest of the python-chess style API. It plays
and undoes moves through the game's own methods (``is_legal``, ``_play``,
``pop``) and reads its piles and foundations; on the board it runs after
every move, so its two lists are made once a search and nothing inside
the search allocates.
"""

from .cards import const

# What ``status()`` says of a position.
PLAYING = const(0)  # some sequence of card moves puts another card on a foundation
WON = const(1)
REDEAL_ONLY = const(2)  # card moves lead nowhere; a redeal (or Louis' deal) is left
CYCLING = const(3)  # only moves that undo each other, and no redeal left: lost
NO_MOVES = const(4)  # no legal move at all: lost
STATUS_NAMES = ("playing", "won", "redeal-only", "cycling", "no-moves")

def status(game, budget=300):
    """``game.status(budget)``: PLAYING, WON, REDEAL_ONLY, CYCLING or NO_MOVES (see top of module).

    Searches card moves (not redeals) for one that puts another card on
    a foundation, looking at up to ``budget`` positions; past that, or
    with no room in the heap for the search's lists, it says PLAYING, as
    it cannot prove the game stuck. The lists (4.5 KB at 300 positions)
    are made for a search and let go after it: the game keeps none.
    """
    if game.is_won():
        return WON
    if _foundation_play_open(game):
        return PLAYING
    try:
        if _progress_reachable(game, budget):
            return PLAYING
    except MemoryError:  # (raised making its lists, before any move)
        return PLAYING
    if game.louis_phase() or game.round < game.rules.redeals:
        return REDEAL_ONLY
    if _next_card_move(game, 0) >= 0:  # no redeal is left, so any move is a card move
        return CYCLING
    return NO_MOVES


def _foundation_play_open(game):
    for pile in range(12):
        if game._foundation_plays(pile):
            return True
    return False

def _next_card_move(game, first, homes=True):
    """The first legal card move numbered ``first`` or more, or -1. A loop
    over move numbers, as ``legal_moves()``'s generator would allocate. It
    asks what ``is_legal`` asks, a source at a time: the source's card and
    its plays to the foundations once, then each target's building rule
    (the search asks this at every step: a fifth of the calls)."""
    moves_off = game.rules.foundation_moves  # "none", "relocate" or "all"
    louis = game.louis_phase()
    source = first // 20
    target = first % 20
    while source < 20:
        card = game.top(source)
        if card and (source < 12 or moves_off != "none"):
            if target < 12:  # the piles first, in one call
                if not louis and (source < 12 or moves_off == "all"):
                    target = game._pile_taking(card, target, 12, source)
                    if target < 12:
                        return source * 20 + target
                target = 12
            if source < 12:
                plays = game._foundation_plays(source) >> (target - 12) if homes else 0
                while plays:
                    if plays & 1:
                        return source * 20 + target
                    plays >>= 1
                    target += 1
            else:
                twin = source + 4 if source < 16 else source - 4  # its suit's other foundation
                if target <= twin and game._takes(twin, card):
                    return source * 20 + twin
        source += 1
        target = 0
    return -1

def _hash_into(game, seen, at):
    """Two 25-bit hashes of the foundations and piles (all a card move
    changes) into ``seen[at]`` and ``seen[at + 1]``. Each step stays
    below 2**30, MicroPython's small ints, so hashing allocates nothing."""
    first = second = 1
    for count in game.foundations:
        first = (first * 31 + count) & 0x1FFFFFF
        second = (second * 29 + count) & 0x1FFFFFF
    for cards in game.piles:
        first = (first * 31 + 255) & 0x1FFFFFF  # between piles
        second = (second * 29 + 255) & 0x1FFFFFF
        for card in cards:
            first = (first * 31 + card) & 0x1FFFFFF
            second = (second * 29 + card) & 0x1FFFFFF
    seen[at] = first
    seen[at + 1] = second

def _progress_reachable(game, budget):
    """Depth-first over card moves, undoing as it backs out, for a
    position with a pile-to-foundation play or more cards on the
    foundations. ``move`` is the next move number to try at this depth:
    backing out, the one after the move undone (``pop`` returns it), so
    no list of them is kept. ``seen`` holds two hashes of each position
    met (50 bits: a false match among 300 positions is about one in ten
    billion), found again through ``slots``, an open-addressed table of
    their numbers (a scan of them all would cost the square of the
    search)."""
    if _foundation_play_open(game):
        return True
    seen = [0] * (2 * budget + 4)
    size = 16
    while size < 3 * (budget + 2) // 2:  # the table at most two thirds full
        size *= 2
    slots = [0] * size
    mask = size - 1
    start = sum(game.foundations)
    _hash_into(game, seen, 0)
    slots[(seen[0] ^ seen[0] >> 16) & mask] = 1  # (position number + 1: 0 is a free slot)
    known = 1
    depth = 0
    move = 0
    found = False
    while True:
        move = _next_card_move(game, move, False)  # (no card can go home here)
        if move < 0:
            if not depth:
                break
            move = game.pop() + 1
            depth -= 1
            continue
        game._play(move)
        _hash_into(game, seen, 2 * known)
        first = seen[2 * known]
        second = seen[2 * known + 1]
        # The slot from the hash's high bits too: its low ones follow the last pile's cards.
        slot = (first ^ first >> 16) & mask
        number = slots[slot]
        while number and (seen[2 * number - 2] != first or seen[2 * number - 1] != second):
            slot = (slot + 1) & mask
            number = slots[slot]
        if number:  # met before
            game.pop()
            move += 1
            continue
        known += 1
        slots[slot] = known
        depth += 1
        # Past the budget it cannot prove the game stuck: say progress.
        # Every position met so far has no card to play home, so only the
        # piles the move changed can have one, unless it took a card from
        # a foundation (then every pile is looked at).
        source = move // 20
        target = move % 20
        if source >= 12 or target >= 12:
            found = sum(game.foundations) > start or _foundation_play_open(game)
        else:
            found = game._foundation_plays(source) or game._foundation_plays(target)
        if found or known > budget:
            found = True
            break
        move = 0
    while depth:
        game.pop()
        depth -= 1
    return found
