"""Peek: every card of the pile under the cursor, bottom to top."""

from .table import TEXT_ROWS, card_text, write
from .screens import PLAY


def show_peek(app):
    """The pile at ``app.cursor``."""
    view = app.view
    cards = app.game.pile_cards(app.cursor)
    view.clear_overlay()
    overlay = view.overlay
    write(overlay, 0, 0, "pile %d: %d card%s" % (app.cursor + 1, len(cards),
                                                 "" if len(cards) == 1 else "s"))
    write(overlay, 0, 1, "bottom first, top last")
    row = 3
    column = 0
    for card in cards:
        if column > 20:
            column = 0
            row += 1
            if row >= TEXT_ROWS - 1:
                write(overlay, 0, row, "...")
                break
        text = card_text(card)
        write(overlay, column + 3 - len(text), row, text)
        column += 4
    write(overlay, 0, TEXT_ROWS - 1, "any button: back")
    view.show_overlay(True)


def peek_button(app, button, held):
    """Any button goes back to the table."""
    return PLAY
