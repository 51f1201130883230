"""Peek: every card of one pile, bottom to top; or, for a foundation, what
it holds and what it takes. Left and right step to the neighbouring pile (or
foundation), SELECT goes to the overview, any other button to the table.
Its state (``app.states[PEEK]``, this module's alone): the place it shows,
which is also the pile the overview marks (``look_at``, ``looked_at``)."""

from ...core.cards import RANKS
from ..buttons import LEFT, RIGHT, SELECT
from ..table.text_grid import TEXT_ROWS, card_text, write
from .common import PLAY, PEEK, OVERVIEW


def look_at(app, place):
    """The place the peek shows, or the pile the overview marks, is ``place``
    (0..11 a pile, 12..19 a foundation)."""
    app.states[PEEK] = place


def looked_at(app):
    """The place the peek shows, or the pile the overview marks (the
    cursor's if the screen was brought up by its number alone: a script)."""
    if app.states[PEEK] is None:
        look_at(app, app.cursor)
    return app.states[PEEK]


def show_peek(app):
    """The place looked at."""
    view = app.view
    place = looked_at(app)
    view.clear_overlay()
    if place >= 12:
        _show_foundation(app, place - 12)
    else:
        _show_pile(app, place)
    write(view.overlay, 0, TEXT_ROWS - 2, "<> next  SELECT: all piles")
    write(view.overlay, 0, TEXT_ROWS - 1, "B: back to the table")
    view.show_overlay(True)


def _show_pile(app, pile):
    overlay = app.view.overlay
    cards = app.game.pile_cards(pile)
    write(overlay, 0, 0, "pile %d: %d card%s" % (pile + 1, len(cards),
                                                 "" if len(cards) == 1 else "s"))
    write(overlay, 0, 1, "bottom first, top last")
    row = 3
    column = 0
    for card in cards:
        if column > 20:
            column = 0
            row += 1
            if row >= TEXT_ROWS - 3:
                write(overlay, 0, row, "...")
                break
        text = card_text(card)
        write(overlay, column + 3 - len(text), row, text)
        column += 4


def _show_foundation(app, foundation):
    """What a foundation holds (its base to its top) and the card it takes."""
    overlay = app.view.overlay
    game = app.game
    suit = foundation & 3
    up = foundation >= 4
    wants = game.foundation_wants(foundation)
    held = wants - 1 if up else 13 - wants
    if not wants:
        held = 13
    write(overlay, 0, 0, "%s%s foundation: %d card%s" % (
        "A" if up else "K", chr(1 + suit), held, "" if held == 1 else "s"))
    write(overlay, 0, 1, "builds up from A" if up else "builds down from K")
    if held:
        write(overlay, 0, 3, "holds:")
        rank = 1 if up else 13
        column = 7
        row = 3
        for _ in range(held):
            write(overlay, column, row, "10" if rank == 10 else RANKS[rank - 1])
            column += 3
            if column > 23:
                column = 7
                row += 1
            rank += 1 if up else -1
    if wants:
        write(overlay, 0, 9, "takes next: " + card_text(suit << 4 | wants))
    else:
        write(overlay, 0, 9, "full: takes nothing more")


def peek_button(app, button, held):
    place = app.states[PEEK]
    if button == LEFT or button == RIGHT:
        by = 1 if button == RIGHT else -1
        if place >= 12:
            app.states[PEEK] = 12 + (place - 12 + by) % 8
        else:
            app.states[PEEK] = (place + by) % 12
        show_peek(app)
        return PEEK
    if button == SELECT:
        if place >= 12:
            app.states[PEEK] = 0  # the overview marks a pile
        return OVERVIEW
    return PLAY
