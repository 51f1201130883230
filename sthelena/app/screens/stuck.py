"""The stuck screen: no card can reach a foundation without a redeal (or,
in Louis, without dealing the stock); or the game is lost, which the core's
stuck search has then proved (CYCLING, NO_MOVES), and what the solver knew
of the deal (hint/proved.py). The words are in the texts file (sections
``redeal``, ``stock``, ``lost``, ``cycling``)."""

from ...core.game import REDEAL_ONLY, CYCLING, NO_MOVES
from .deals import new_deal
from ..buttons import A, B, START
from ..table.text_grid import TEXT_ROWS
from .common import PLAY, MENU, STUCK, write_section
from ..hint.proved import known_lines, next_deal_number


def show_stuck(app):
    game = app.game
    view = app.view
    rows = view.rows
    status = app.ended_status  # (the search that brought the screen up: not made again)
    view.clear_text()
    if status == REDEAL_ONLY and game.louis_phase():
        title = "DEAL THE STOCK"
        row = write_section(app, "stock", 3)
        rows[row + 1] = "Cards in the stock: %d" % game.stock_size()
        keys = "A: deal the stock"
    elif status == REDEAL_ONLY:
        title = "TIME TO REDEAL"
        row = write_section(app, "redeal", 3)
        rows[row + 1] = "Redeals left: %d" % game.redeals_left()
        keys = "A: redeal"
    else:
        title = "NO WAY ON"
        row = write_section(app, "cycling" if status == CYCLING else "lost", 3)
        if status == CYCLING or status == NO_MOVES:  # the stuck search's proof
            rows[row + 1] = "Proved lost from here."
        row += 3
        for line in known_lines(game, app.winnable):
            if row < TEXT_ROWS - 3:
                rows[row] = line
                row += 1
        keys = "A: new deal"
    rows[TEXT_ROWS - 2] = keys
    rows[TEXT_ROWS - 1] = "B: back to the table"
    view.show_text(title)


def stuck_button(app, button, held):
    if button == A:
        if app.ended_status == REDEAL_ONLY:
            app.redeal()
        else:
            new_deal(app, next_deal_number(app))
        return PLAY
    if button == B:
        return PLAY
    if button == START:
        return MENU
    return STUCK
