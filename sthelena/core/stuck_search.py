"""Whether a game is stuck: ``status()``, the search behind it, its verdicts.

Kept apart from ``game`` (moves, undo, redeals) because it is a search over
positions rather than a rule: ``Game.status()`` calls ``status(game)``, so
``game.status()`` reads as the rest of the python-chess style API. It plays
and undoes moves through the game's own methods (``is_legal``, ``_play``,
``pop``) and reads its piles and foundations; on the board it runs after
every move, so it allocates nothing once its buffers exist.
"""

from .cards import const

# What ``status()`` says of a position.
PLAYING = const(0)  # some sequence of card moves puts another card on a foundation
WON = const(1)
REDEAL_ONLY = const(2)  # card moves lead nowhere; a redeal (or Louis' deal) is left
CYCLING = const(3)  # only moves that undo each other, and no redeal left: lost
NO_MOVES = const(4)  # no legal move at all: lost
STATUS_NAMES = ("playing", "won", "redeal-only", "cycling", "no-moves")

# The stuck search's buffer (see _progress_reachable), shared by all
# games and made once: a list of small ints, so storing into it allocates
# nothing.
_seen: list = []


def status(game, budget=300):
    """``game.status(budget)``: PLAYING, WON, REDEAL_ONLY, CYCLING or NO_MOVES (see top of module).

    Searches card moves (not redeals) for one that puts another card on
    a foundation, looking at up to ``budget`` positions; past that it
    says PLAYING, as it cannot prove the game stuck. The app asks after
    every move, so this allocates nothing once the search's buffers
    exist (made on the first search, and again only for a larger budget).
    """
    if game.is_won():
        return WON
    if _foundation_play_open(game) or _progress_reachable(game, budget):
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

def _next_card_move(game, first):
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
            homes = game._foundation_plays(source) if source < 12 else 0
            while target < 20:
                if target == source:
                    pass
                elif source < 12:
                    if target >= 12:
                        if homes >> (target - 12) & 1:
                            return source * 20 + target
                    elif not louis and game._takes(target, card):
                        return source * 20 + target
                elif target >= 12:  # between a suit's two foundations
                    if (target - source == 4 or source - target == 4) \
                            and game._takes(target, card):
                        return source * 20 + target
                elif moves_off == "all" and not louis and game._takes(target, card):
                    return source * 20 + target
                target += 1
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
    billion)."""
    global _seen
    if len(_seen) < 2 * budget + 4:
        _seen = [0] * (2 * budget + 4)
    seen = _seen
    start = sum(game.foundations)
    _hash_into(game, seen, 0)
    known = 1
    depth = 0
    move = 0
    found = False
    while True:
        move = _next_card_move(game, move)
        if move < 0:
            if not depth:
                break
            move = game.pop() + 1
            depth -= 1
            continue
        game._play(move)
        _hash_into(game, seen, 2 * known)
        index = 0
        while index < known and (seen[2 * index] != seen[2 * known]
                                 or seen[2 * index + 1] != seen[2 * known + 1]):
            index += 1
        if index < known:  # met before
            game.pop()
            move += 1
            continue
        known += 1
        depth += 1
        # Past the budget it cannot prove the game stuck: say progress.
        if sum(game.foundations) > start or _foundation_play_open(game) or known > budget:
            found = True
            break
        move = 0
    while depth:
        game.pop()
        depth -= 1
    return found
