"""The stuck screen: only a redeal is left, or the game is lost."""

from ..game import REDEAL_ONLY, CYCLING
from .buttons import A, B, START
from .screens import PLAY, MENU, STUCK, show_message


def show_stuck(app):
    game = app.game
    status = game.status()
    if status == REDEAL_ONLY:
        louis = game.louis_phase()
        show_message(app.view, "STUCK", (
            "Only %s is left." % ("dealing the stock" if louis else "a redeal"),
            "Redeals left: %d" % game.redeals_left()), (
            "A: %s" % ("deal the stock" if louis else "redeal"), "B: back to the table"))
    else:
        why = ("No moves left:", "this game is lost.") if status != CYCLING else (
            "Only moves that undo each", "other: this game is lost.")
        show_message(app.view, "NO WAY ON", why, ("A: new deal", "B: back (undo there)"))


def stuck_button(app, button, held):
    if held:
        return STUCK  # a hold after the press that ended the game: ignore
    if button == A:
        if app.game.status() == REDEAL_ONLY:
            app.redeal()
        else:
            app.new_deal(app.new_deal_number())
        return PLAY
    if button == B:
        return PLAY
    if button == START:
        return MENU
    return STUCK
