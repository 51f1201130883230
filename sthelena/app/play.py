"""The table: the cursor, picking a card up and putting it down, the quick
move; draws the 20 places, the cursor and the status line."""

from ..rules import PRESETS
from .buttons import RIGHT, A, B, START, SELECT
from .layout import step
from .sounds import CLICK
from .table import write, NO_MARK, TARGET_MARK, BLOCKED_MARK, TEXT_COLUMNS
from .tiles import EMPTY_ANY, EMPTY_NONE
from .screens import PLAY, MENU, PEEK, NOWHERE

_SHORT_PRESETS = ("StH", "StHpy", "Louis", "Kite")


def table_button(app, button, held):
    """The table's buttons; the app holds the cursor and the lifted card."""
    if button <= RIGHT:
        app.cursor = step(app.cursor, button)
        app.changed()  # the cursor is saved too (by the write policy)
    elif button == A:
        lifted = app.lifted
        place = app.cursor
        if held:
            quick_move(app, place if lifted == NOWHERE else lifted)
        elif lifted == NOWHERE:  # pick up the card under the cursor
            game = app.game
            if not game.top(place) or (place >= 12 and game.rules.foundation_moves == "none"):
                app.error()
            else:
                app.lifted = place
                app.sound(CLICK)
        elif lifted == place:
            quick_move(app, place)
        else:  # put it down; an illegal drop flashes, and the card goes back
            app.lifted = NOWHERE
            if app.game.is_legal(lifted * 20 + place):
                app.play(lifted * 20 + place)
            else:
                app.error()
    elif button == B:
        if app.lifted != NOWHERE:
            app.lifted = NOWHERE
        else:
            app.undo()
    elif button == START:
        return MENU
    elif button == SELECT:
        if app.cursor < 12:
            return PEEK
        app.error()
    return PLAY


# -- playing -------------------------------------------------------

def quick_move(app, place):
    """Send the top card of ``place`` to a foundation that takes it,
    else onto the best pile: one it builds on, else a space."""
    game = app.game
    app.lifted = NOWHERE
    space = NOWHERE
    for target in range(19, -1, -1):  # foundations first
        move = place * 20 + target
        if target != place and game.is_legal(move):
            if target >= 12 or game.top(target):
                app.play(move)
                return
            space = target
    if space != NOWHERE:
        app.play(place * 20 + space)
    else:
        app.error()

# -- drawing -------------------------------------------------------

def place_cursor(app):
    colour = 2 if app.flash_at is not None else 1 if app.lifted != NOWHERE else 0
    app.view.place_cursor(app.cursor, app.cursor == app.lifted, colour)


def show_table(app):
    """Bring every place, the cursor and the status line up to date;
    the view skips places that look the same as before."""
    game = app.game
    view = app.view
    view.show_overlay(False)
    lifted = app.lifted
    targets = 0
    if lifted != NOWHERE:
        for place in range(20):
            if place != lifted and game.is_legal(lifted * 20 + place):
                targets |= 1 << place
    blocked = 0
    chooser = app.cursor if lifted == NOWHERE else lifted
    if chooser < 12 and game.restricted():
        for foundation in range(8):
            if not game.may_play_to(chooser, foundation):
                blocked |= 1 << (12 + foundation)
    picture = EMPTY_ANY if game.rules.spaces == "any" else EMPTY_NONE
    for place in range(20):
        card = game.top(place)
        dim = 0
        if place < 12:
            size = game.pile_size(place)
            count = min(size - 1, 99) if size else 0
        else:
            count = 1 if place >= 16 else 0
            if not card:  # its base has moved off: show what it takes
                card = ((place - 12) & 3) << 4 | (1 if count else 13)
                dim = 1
            if blocked >> place & 1:
                dim = 1
        mark = (TARGET_MARK if targets >> place & 1 else
                BLOCKED_MARK if blocked >> place & 1 else NO_MARK)
        view.draw_place(place, card, count, picture, mark, dim, 1 if place == lifted else 0)
    place_cursor(app)
    _draw_status(app)


def status_text(app):
    if app.message:
        return app.message
    game = app.game
    preset = game.rules.preset
    short = preset
    for index in range(len(PRESETS)):
        if PRESETS[index][0] == preset:
            short = _SHORT_PRESETS[index]
    if str(game.rules) != preset:
        short += "*"
    number = game.deal_number
    text = ("#%d " % number if number is not None else "") + short
    text += " R%d" % game.redeals_left()
    if game.louis_phase():
        text += " stock%d" % game.stock_size()
    if game.restricted():
        text += " 1st"
    return text


def _draw_status(app):
    """Rewrite the status line only when what it says has changed: its
    text is built from these few numbers, and building it allocates."""
    game = app.game
    key = (game.round << 9 | game.stock_size() << 2 | game.restricted() << 1
           | (app.message != ""))
    if key != app.status_key:
        app.status_key = key
        write(app.view.status, 0, 0, status_text(app), TEXT_COLUMNS)
