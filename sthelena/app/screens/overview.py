"""The overview: every card of the twelve piles at once, a row a pile,
bottom card first and the top card last, two characters a card (rank, then
the suit in its colour); the foundations' top cards under them. SELECT on
the table opens it; up and down choose a pile, A shows it whole (peek). The
pile marked is the peek's place (``peek.look_at``)."""

from ...core.cards import RANKS
from ..buttons import UP, DOWN, A, SELECT
from ..table.text_grid import TEXT_COLUMNS, TEXT_ROWS, write
from .common import PLAY, PEEK, OVERVIEW
from .peek import look_at, looked_at

_FIRST = 4  # the column of the first card, after the marker, the pile number, a space
_CARDS = (TEXT_COLUMNS - _FIRST) // 2  # cards a row holds


def _card(overlay, column, row, card):
    """Write ``card`` as two characters (allocates nothing)."""
    write(overlay, column, row, RANKS[(card & 15) - 1])
    write(overlay, column + 1, row, "\x01\x02\x03\x04"[card >> 4])


def show_overview(app):
    view = app.view
    game = app.game
    overlay = view.overlay
    marked = looked_at(app)
    view.clear_overlay()
    for pile in range(12):
        write(overlay, 0, pile, ">" if pile == marked else " ")
        write(overlay, 1 if pile >= 9 else 2, pile, str(pile + 1))
        cards = game.pile_cards(pile)
        first = 0
        if len(cards) > _CARDS:  # the top cards matter most: the bottom ones go
            first = len(cards) - _CARDS + 1
            write(overlay, _FIRST, pile, "<")
        column = _FIRST + 2 * (first > 0)
        for index in range(first, len(cards)):
            _card(overlay, column, pile, cards[index])
            column += 2
    for half in range(2):
        write(overlay, 0, 12 + half, "A\x05" if half else "K\x06")
        for suit in range(4):
            card = game.top(12 + 4 * half + suit)
            if card:
                _card(overlay, 3 + 3 * suit, 12 + half, card)
            else:
                write(overlay, 3 + 3 * suit, 12 + half, "--")
    if game.louis_phase():
        write(overlay, 16, 12, "stock %d" % game.stock_size())
    write(overlay, 0, TEXT_ROWS - 2, "\x05\x06 pile  A: all of it")
    write(overlay, 0, TEXT_ROWS - 1, "B: back to the table")
    view.show_overlay(True)


def overview_button(app, button, held):
    if button == UP or button == DOWN:
        old = looked_at(app)
        pile = (old + (1 if button == DOWN else 11)) % 12
        look_at(app, pile)
        write(app.view.overlay, 0, old, " ")
        write(app.view.overlay, 0, pile, ">")
        return OVERVIEW
    if button == A or button == SELECT:
        return PEEK
    return PLAY
