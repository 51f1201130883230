"""The table: the cursor, picking a card up and putting it down, the quick
move; draws the 20 places, the cursor and the status line."""

from ...core.rules import PRESETS
from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..buttons import RIGHT, A, B, START, SELECT
from .layout import step
from ..sounds import CLICK
from .view import NO_MARK, TARGET_MARK, BLOCKED_MARK
from .text_grid import write, write_number, TEXT_COLUMNS
from .tiles import EMPTY_ANY, EMPTY_NONE
from .reasons import why_not
from .autoplay import best_move
from ..screens.common import PLAY, MENU, PEEK, OVERVIEW, NOWHERE
from ..screens.peek import look_at

_SHORT_PRESETS = ("StH", "StHpy", "Louis", "Kite")
STATUS_WIDTH = const(18)  # columns for the status text; the move counter takes the rest


class StatusLine:
    """What the status line shows (``app.status_line``, read and written only
    here): it is written only when that changes, as building and writing allocate."""

    def __init__(self):
        self.key = -1  # the game's state the status text was built for
        self.text = ""  # that text
        self.shown = None  # the text the line shows: it or a message
        self.counted = -1  # the move count the line shows


def table_button(app, button, held):
    """The table's buttons; the app holds the cursor and the lifted card."""
    if app.message:
        app.say("")  # a reason stays until the next press
    if button <= RIGHT:
        app.cursor = step(app.cursor, button)
        app.changed()  # the cursor is saved too (by the write policy)
    elif button == A:
        lifted = app.lifted
        place = app.cursor
        if app.can_finish and place >= 12 and lifted == NOWHERE and not held:
            app.finish()  # every card can go home: A on a foundation takes them
        elif held:
            quick_move(app, place if lifted == NOWHERE else lifted)
        elif lifted == NOWHERE:  # pick up the card under the cursor
            game = app.game
            if not game.top(place):
                app.error("no card there")
            elif place >= 12 and game.rules.foundation_moves == "none":
                app.error("foundation cards stay put")
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
                app.error(why_not(app.game, lifted * 20 + place))
    elif button == B:
        if held:  # redo, after taking back the undo its press made
            if app.undid:
                app.redo_move()
            app.redo_move()
        elif app.lifted != NOWHERE:
            app.lifted = NOWHERE
            app.undid = False
        else:
            app.undid = len(app.game.history) > 0
            app.undo()
    elif button == START:
        return MENU
    elif button == SELECT:  # the overview, or a foundation's peek
        look_at(app, app.cursor)
        return OVERVIEW if app.cursor < 12 else PEEK
    return PLAY


# -- playing -------------------------------------------------------

def quick_move(app, place):
    """Send the top card of ``place`` where autoplay.best_move says: a
    foundation if one takes it, else a pile it builds on, else a space, the
    one of them that keeps the most moves open."""
    app.lifted = NOWHERE
    move = best_move(app.game, place)
    if move >= 0:
        app.play(move)
    elif not app.game.top(place):
        app.error("no card there")
    else:
        app.error("no place for this card")


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
    elif app.hint_target != NOWHERE:  # a hint's target (its source has the cursor)
        targets = 1 << app.hint_target
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
    """The status line left of the move counter: deal number, rules,
    redeals left, the first-deal limit, Louis' stock. The deal number goes
    when they would not fit. (A message takes the whole line instead.)"""
    game = app.game
    preset = game.rules.preset
    text = preset
    for index in range(len(PRESETS)):
        if PRESETS[index][0] == preset:
            text = _SHORT_PRESETS[index]
    if str(game.rules) != preset:
        text += "*"
    text += " R%d" % game.redeals_left()
    if game.restricted():
        text += " 1st"
    if game.louis_phase():
        text += " st%d" % game.stock_size()
    number = game.deal_number
    if number is not None and len(text) + 2 + len(str(number)) <= STATUS_WIDTH:
        text = "#%d %s" % (number, text)
    return text


def show_status(app, text):
    """Write ``text`` on the status line now (a hint's, mid-search: the
    table is not drawn then)."""
    app.status_line.shown = text
    write(app.view.status, 0, 0, text, TEXT_COLUMNS)


def _draw_status(app):
    """Build the status text only when what it says has changed (it is
    built from these few numbers, and building it allocates), and write
    it, or the message, only when the line shows something else; the move
    counter is written digit by digit, which allocates nothing."""
    game = app.game
    status = app.view.status
    line = app.status_line
    key = game.round << 9 | game.stock_size() << 1 | game.restricted()
    if key != line.key:
        line.key = key
        line.text = status_text(app)
    text = app.message or line.text
    if text is not line.shown:
        show_status(app, text)
        line.counted = -1
    moves = len(app.autos)
    if not app.message and moves != line.counted:
        line.counted = moves
        write(status, STATUS_WIDTH, 0, "", TEXT_COLUMNS - STATUS_WIDTH)
        write(status, TEXT_COLUMNS - 2, 0, "mv")
        write_number(status, TEXT_COLUMNS - 4, 0, moves, TEXT_COLUMNS - 4 - STATUS_WIDTH)
