"""Auto-play: which cards go home by themselves, and the quick move's choice.

The rule (stated in help and docs/playing.md; tests/test_autoplay.py checks it
keeps won games won): after each move, a card on top of a pile goes to a
foundation that takes it when

1. the first-deal limit is not in force, and K and A do not wrap round;
2. the two foundations of its suit have met: between them they hold a copy
   of every rank (the ace foundation's count plus the king foundation's is
   13 or more; 14 where cards move between the two, ``relocate``, as a
   relocation can undo a meeting of exactly 13: box-kite deal 1 was lost by
   it). Then each card of the suit still out has exactly one
   foundation it can ever go to, and the ones that could be built on this
   card are next in line there: rather than onto it, they can go home;
3. piles build by suit, or foundation cards may come back to the piles (so
   a card sent home is never lost to the player).
"""

from ..core.moves import REDEAL


def _count(game, foundation):
    """Cards on foundation 0..7 (0..3 kings, 4..7 aces), from what it takes."""
    wants = game.foundation_wants(foundation)
    if not wants:
        return 13
    return wants - 1 if foundation >= 4 else 13 - wants


def safe_home(game):
    """A move sending a card home under the rule above, or -1."""
    rules = game.rules
    if game.restricted() or rules.wrap or game.louis_phase() or not (
            rules.build == "suit" or rules.foundation_moves == "all"):
        return -1
    # Relocations move a suit's cards between its two foundations: the rule
    # holds there from 14 cards (a rank on both; the solver's reduction 2).
    met = 14 if rules.foundation_moves == "relocate" else 13
    for pile in range(12):
        card = game.top(pile)
        if not card:
            continue
        suit = card >> 4
        if _count(game, suit) + _count(game, 4 + suit) < met:
            continue
        for foundation in (4 + suit, suit):
            move = pile * 20 + 12 + foundation
            if game.is_legal(move):
                return move
    return -1


def finishable(game, keep=False):
    """Whether every card still out can go home in turn, by plays to the
    foundations alone, made in a fixed order (tried and taken back unless
    ``keep`` and they win; it allocates nothing). With ``keep``, the number
    of moves played."""
    played = 0
    found = True
    while found:
        found = False
        for pile in range(12):
            if game.top(pile):
                for foundation in range(8):
                    move = pile * 20 + 12 + foundation
                    if game.is_legal(move):
                        game.push(move)
                        played += 1
                        found = True
                        break
    won = game.is_won()
    if won and keep:
        return played
    while played:
        game.pop()
        played -= 1
    return won


def _mobility(game):
    """How many card moves the position has (a measure of options kept)."""
    count = 0
    for source in range(20):
        if game.top(source):
            for target in range(20):
                if target != source and game.is_legal(source * 20 + target):
                    count += 1
    return count


def best_move(game, place):
    """The quick move for the top card of ``place``: to a foundation if one
    takes it, else onto a pile it builds on, else a space; among several of
    the same kind, the one that leaves the most moves open. -1 if none."""
    best = -1
    best_score = -1
    for target in range(20):
        move = place * 20 + target
        if target == place or not game.is_legal(move) or move == REDEAL:
            continue
        kind = 2 if target >= 12 else 1 if game.top(target) else 0
        game.push(move)
        score = kind * 10000 + _mobility(game)
        game.pop()
        if score > best_score:
            best = move
            best_score = score
    return best
