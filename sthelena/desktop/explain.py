"""Why a move is illegal, and perft: desktop and test helpers.

``why_illegal`` checks a move from the rules' words, apart from
``Game.legal_moves``, so the tests can hold one against the other; the CLI
uses it to say what is wrong with a move. The board does not import this.
"""

from ..core.moves import DEAL, REDEAL


def why_illegal(game, move):
    """None if ``move`` is legal in ``game``, else a short reason."""
    rules = game.rules
    louis = game.louis_phase()
    if move == DEAL:
        return None if louis else "there is no stock to deal"
    if move == REDEAL:
        if louis:
            return "deal the stock first"
        if game.round >= rules.redeals:
            return "no redeals left"
        if game.is_won():
            return "the game is won"
        return None
    if not 0 <= move < 400 or move // 20 == move % 20:
        return "no such move"
    source, target = divmod(move, 20)
    card = game.top(source)
    if not card:
        return "there is no card to move"
    if source >= 12:
        if rules.foundation_moves == "none":
            return "foundation cards stay put in these rules"
        if (target >= 12 and abs(target - source) != 4) or \
                (target < 12 and rules.foundation_moves == "relocate"):
            return "a foundation card moves only to the other foundation of its suit"
    if target < 12:
        if louis:
            return "until the stock is dealt, cards go only to foundations"
        pile = game.piles[target]
        if not pile:
            return None if rules.spaces == "any" else "a space is never filled in these rules"
        under = pile[-1]
        if rules.build == "suit" and under >> 4 != card >> 4:
            return "piles build by suit in these rules"
        step = abs((card & 15) - (under & 15))
        if step == 1 or (step == 12 and rules.wrap):
            return None
        return "a card goes on a pile only one rank above or below its top card"
    foundation = target - 12
    if card >> 4 != foundation & 3:
        return "that foundation takes another suit"
    if (card & 15) != game.foundation_wants(foundation):
        return "that foundation does not take this rank now"
    if source < 12 and rules.restricted_first_deal and game.round == 0:
        if source < 4 and foundation >= 4:
            return "before the first redeal piles 1-4 play only to king foundations"
        if 6 <= source <= 9 and foundation < 4:
            return "before the first redeal piles 7-10 play only to ace foundations"
    return None


def perft(game, depth):
    """How many move sequences of ``depth`` moves there are from ``game``."""
    if depth <= 0:
        return 1
    moves = list(game.legal_moves())
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += perft(game, depth - 1)
        game.pop()
    return total
