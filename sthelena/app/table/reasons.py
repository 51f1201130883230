"""Why a move may not be played, in one line of the status (26 columns).

The board's short version of ``explain.why_illegal`` (which is desktop only):
the app shows it when a drop or a quick move is refused, so that the error
flash is never the only answer (nor a buzz with the sound off).
"""

from ...core.moves import DEAL, REDEAL
from ...core.cards import RANKS


def why_not(game, move):
    """A short reason ``move`` is illegal in ``game`` (checked by the caller)."""
    rules = game.rules
    if move == DEAL or move == REDEAL:
        return "no redeal left" if not game.louis_phase() else "deal the stock first"
    source = move // 20
    target = move % 20
    card = game.top(source)
    if not card:
        return "no card there"
    if source >= 12:
        if rules.foundation_moves == "none":
            return "foundation cards stay put"
        if (target >= 12 and target - source != 4 and source - target != 4) or (
                target < 12 and rules.foundation_moves == "relocate"):
            return "only to its suit's twin"
    if target < 12:
        if game.louis_phase():
            return "home only: stock not dealt"
        cards = game.piles[target]
        if not cards:
            return "spaces stay empty here"
        if rules.build == "suit" and cards[-1] >> 4 != card >> 4:
            return "piles build by suit here"
        return "one rank up or down only"
    foundation = target - 12
    if card >> 4 != foundation & 3:
        return "another suit goes there"
    wants = game.foundation_wants(foundation)
    if not wants:
        return "that foundation is full"
    if (card & 15) != wants:
        return "that one wants " + ("10" if wants == 10 else RANKS[wants - 1])
    if source < 4:
        return "1st deal: piles 1-4 to K"
    return "1st deal: piles 7-10 to A"
