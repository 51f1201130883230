"""Auto-play: which cards go home by themselves, and the quick move's choice.

The rule (stated in help and docs/playing.md; tests/app/test_autoplay.py checks it
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

from ...core.moves import REDEAL


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


def _home_play(game, pile):
    """A play of pile's top card to a foundation (its king one first), or -1.
    Only the two foundations of its suit can take it, so only they are asked."""
    card = game.top(pile)
    if card:
        move = pile * 20 + 12 + (card >> 4)
        if game.is_legal(move):
            return move
        if game.is_legal(move + 4):
            return move + 4
    return -1


def finishable(game, keep=False):
    """Whether every card still out can go home in turn, by plays to the
    foundations alone, made in a fixed order (passes over the piles, a play
    a pile a pass; tried and taken back unless ``keep`` and they win; it
    allocates nothing: it runs after every move). With ``keep``, the number
    of moves played."""
    played = 0
    found = True
    while found:
        found = False
        for pile in range(12):
            move = _home_play(game, pile)
            if move >= 0:
                game.push(move)
                played += 1
                found = True
    won = game.is_won()
    if won and keep:
        return played
    while played:
        game.pop()
        played -= 1
    return won


def _mobility(game):
    """How many card moves the position has (a measure of options kept):
    counted from the core's generator (a few hundred bytes of garbage, a
    tenth of the time of asking of every pair of places)."""
    count = 0
    for move in game.legal_moves():
        if move < 400:  # (not a redeal or Louis' deal)
            count += 1
    return count


def best_move(game, place):
    """The quick move for the top card of ``place``: to a foundation if one
    takes it, else onto a pile it builds on, else a space; among several of
    the same kind, the one that leaves the most moves open. -1 if none.
    The moves left open are counted only when there is a choice."""
    best = -1
    best_kind = -1
    choices = 0  # moves of the best kind
    for target in range(20):
        move = place * 20 + target
        if target == place or not game.is_legal(move) or move == REDEAL:
            continue
        kind = 2 if target >= 12 else 1 if game.top(target) else 0
        if kind > best_kind:
            best, best_kind, choices = move, kind, 1
        elif kind == best_kind:
            choices += 1
    if choices < 2:
        return best
    best_score = -1
    for target in range(20):
        move = place * 20 + target
        if (target == place or not game.is_legal(move)
                or (2 if target >= 12 else 1 if game.top(target) else 0) != best_kind):
            continue
        game.push(move)
        score = _mobility(game)
        game.pop()
        if score > best_score:
            best = move
            best_score = score
    return best
