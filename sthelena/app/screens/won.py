"""The won screen: the deal and the number of moves, and the solver's
winning line's moves when the winnable-deals file knows them (hint/proved.py);
a new deal, or undo."""

from .deals import new_deal
from ..buttons import A, B, START
from .common import PLAY, MENU, WON_SCREEN, show_message
from ..hint.proved import known_lines, next_deal_number


def show_won(app):
    game = app.game
    number = game.deal_number
    show_message(app.view, "YOU WON!", (
        "All 104 cards are home.", "",
        "Deal %d" % number if number is not None else "From a given position",
        "%d moves" % app.moves_made(), "") + known_lines(game, app.winnable),
        ("A: new deal", "B: undo  START: menu"))


def won_button(app, button, held):
    if button == A:
        new_deal(app, next_deal_number(app))
        return PLAY
    if button == B:
        app.undo()
        return PLAY
    if button == START:
        return MENU
    return WON_SCREEN
