"""The menu: new deals, restart, undo and redo, the rules for the next deal,
colours, sound, statistics, help and winnable deals only (hint/proved.py). Opens
on START from the table."""

from ...core.rules import Rules, OPTIONS, CHOICES, PRESETS, value_text
from .deals import new_deal, restart
from ..buttons import UP, DOWN, LEFT, RIGHT, A, B, START
from ..table.view import FOUR_COLOURS, TWO_COLOURS
from ..table.text_grid import TEXT_COLUMNS, TEXT_ROWS
from .common import PLAY, MENU, HELP, NUMBER, STATS, NOWHERE, throws_away
from .stats import open_stats
from .deal_number import start_number
from .help import open_help
from ..hint.proved import winnable_item, next_deal_number
from ..hint.on_table import start_hint
from ..power_levels import BRIGHTNESS_AUTO, BRIGHTNESS_LEVELS, charge_percent

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

MENU_ROWS = const(12)  # menu items visible at once
ITEM_ROW = const(2)  # the text row of the first item shown (the title, a blank line above)
LABEL_WIDTH = TEXT_COLUMNS - 2  # after the '>' column; the last holds the scroll arrows

# Menu items (the rules options follow _RULES, one per option).
_RESUME = const(0)
_NEW = const(1)
_BY_NUMBER = const(2)
_RESTART = const(3)
_UNDO = const(4)
_REDO = const(5)
_REDEAL = const(6)
_RULES = const(7)
_COLOURS = const(8 + 8)
_SOUND = const(9 + 8)
_STATISTICS = const(10 + 8)
_AUTO = const(11 + 8)
_HELP = const(12 + 8)
_HINT = const(13 + 8)
_WINNABLE = const(14 + 8)  # winnable deals only (hint/proved.py)
_MENU_ITEMS = const(15 + 8)
# After them, those the edge offers (``menu_extras``): a handheld's brightness,
# its lights and its battery's level (power.py), and leaving the game (app.leave_label).
_BRIGHTNESS = const(15 + 8)
_LIGHTS = const(16 + 8)
_BATTERY = const(17 + 8)
_LEAVE = const(18 + 8)
_MENU_TEXT = ("Resume", "New deal", "Deal by number", "Restart this deal", "Undo", "Redo")
_OPTION_LABELS = ("build", "wrap", "spaces", "redeals", "1st-deal limit", "gather",
                  "found. moves", "Louis start")


class MenuState:
    """What the menu keeps while it is open (``app.states[MENU]``, this
    module's alone), so that a key redraws as little as it can."""

    def __init__(self):
        self.item = 0  # the chosen row
        self.first = 0  # the first row shown
        self.asked = -1  # the item waiting for a second A to confirm it
        self.extras = None  # the edge's items after the standard ones (menu_extras)
        self.labels = None  # every row's text


# The rows last made from labels (label, row text) and the top line's deal
# number and text: a menu opened again as it was reuses its strings, so its
# label draws nothing and makes no garbage.
_MADE: list = [None] * (2 * MENU_ROWS + 2)


def draw_menu(app):
    """The whole menu: its labels from the first row shown on, the chosen
    row marked, the deal number at the top, the rules note at the bottom."""
    view = app.view
    state = app.states[MENU]
    labels = state.labels
    chosen = state.item
    first = state.first
    view.clear_text()
    rows = view.rows
    made = _MADE
    number = app.game.deal_number
    if made[0] != number or made[1] is None:
        made[0] = number
        made[1] = "MENU %-13s B: back" % ("" if number is None else "#%d" % number)
    rows[0] = made[1]
    for row in range(MENU_ROWS):  # column 0 is the '>' marker's (a tile)
        item = first + row
        if item >= len(labels):
            break
        up = row == 0 and first > 0
        down = row == MENU_ROWS - 1 and first + MENU_ROWS < len(labels)
        at = 2 + 2 * row
        if up or down or made[at] != labels[item]:
            made[at] = None if up or down else labels[item]
            made[at + 1] = _row(labels[item], up, down)
        rows[ITEM_ROW + row] = made[at + 1]
    rows[TEXT_ROWS - 1] = "A: choose  <>: change"
    _rules_note(app)
    view.show_text(marker_row=ITEM_ROW + chosen - first)


def _row(label, up, down):
    """A menu row: the marker's blank column, the label, and in the last
    column a scroll arrow (up or down)."""
    if not (up or down):
        return " " + label
    return " " + label + " " * (LABEL_WIDTH - len(label)) + ("\x05" if up else "\x06")


def show_menu(app):
    """Open the menu at the top, and save: the menu is where the player may
    stop (written once the menu shows, where the edge says when:
    ``App.show_now``). What it shows is kept while it is open
    (``MenuState``)."""
    app.lifted = NOWHERE
    app.say("")
    state = app.states[MENU] = MenuState()
    state.labels = menu_labels(app)
    _draw(app)
    if app.show_now is not None:  # the menu shown first: writing the flash takes a while
        app.show_now()
    app.flush()


def same_rules(one, other):
    """Whether two Rules are the same, without building their text."""
    if one.preset != other.preset:
        return False
    for name in OPTIONS:
        if getattr(one, name) != getattr(other, name):
            return False
    return True


def menu_label(app, item):
    """The text of menu item ``item``."""
    if item < _REDEAL:
        if item == _RESUME and app.can_finish:
            return "Finish: all cards home"
        if item == app.states[MENU].asked:  # the second A does it
            return "Sure? A again: new deal" if item == _NEW else "Sure? A again: restart"
        if item == _RESTART and not same_rules(app.next_rules, app.game.rules):
            return "Restart with new rules"
        return _MENU_TEXT[item]
    game = app.game
    if item == _REDEAL:
        if game.louis_phase():
            return "Deal the stock"
        return "Redeal (%d left)" % game.redeals_left()
    if item == _RULES:
        return "Rules: " + app.next_rules.preset
    if item < _COLOURS:
        option = item - _RULES - 1
        return "  %s: %s" % (_OPTION_LABELS[option],
                             value_text(getattr(app.next_rules, OPTIONS[option])))
    if item == _COLOURS:
        return "Four colours: " + ("on" if app.four_colours else "off")
    if item == _SOUND:
        return "Sound: " + ("on" if app.sound_on else "off")
    if item == _STATISTICS:
        return "Statistics"
    if item == _AUTO:
        return "Auto-play home: " + ("on" if app.auto_on else "off")
    if item == _HINT:
        return app.hint_label
    if item == _WINNABLE:
        return winnable_item(app)
    if item == _BRIGHTNESS:
        step = app.power.step
        return "Brightness: " + ("auto" if step == BRIGHTNESS_AUTO
                                 else "%d%%" % (BRIGHTNESS_LEVELS[step] * 100))
    if item == _LIGHTS:
        return "Lights: " + ("on" if app.lights_on else "off")
    if item == _BATTERY:
        return "Battery: %d%%%s" % (charge_percent(app.power.millivolts),
                                    ", on USB" if app.power.sensors.on_usb() else "")
    if item == _LEAVE:
        return app.leave_label
    return "Help"


def menu_extras(app):
    """The items after the standard ones that this edge offers, in order."""
    extras = bytearray()
    power = app.power
    if power is not None:
        extras.append(_BRIGHTNESS)
    if app.lights is not None:
        extras.append(_LIGHTS)
    if power is not None and power.millivolts >= 0:
        extras.append(_BATTERY)
    if app.leave_label is not None:
        extras.append(_LEAVE)
    return extras


def _item(state, row):
    """The item at ``row`` of the menu's list (the extras are the edge's)."""
    if row < _MENU_ITEMS:
        return row
    return state.extras[row - _MENU_ITEMS]


def menu_labels(app):
    """Every row's text, the edge's items found afresh."""
    state = app.states[MENU]
    state.extras = menu_extras(app)
    labels = []
    for row in range(_MENU_ITEMS + len(state.extras)):  # (a loop: a
        # comprehension is one more code object)
        labels.append(menu_label(app, _item(state, row)))
    return labels


def _draw(app):
    """Draw the whole menu, scrolled to show the chosen item."""
    state = app.states[MENU]
    item = state.item
    if item < state.first:
        state.first = item
    elif item >= state.first + MENU_ROWS:
        state.first = item - MENU_ROWS + 1
    draw_menu(app)


def point_at_row(app, row):
    """Choose the item at text row ``row`` (a click there, big_screen/pointer.py):
    False if no item is there."""
    state = app.states[MENU]
    item = state.first + row - ITEM_ROW
    if not (0 <= row - ITEM_ROW < MENU_ROWS and item < len(state.labels)):
        return False
    if item != state.item:
        state.item = item
        app.view.move_marker(row)
    return True


def _rules_note(app):
    """Say, under the menu, when the rules chosen differ from the game's."""
    app.view.rows[TEXT_ROWS - 2] = ("" if same_rules(app.next_rules, app.game.rules)
                                    else "New rules: from next deal")


def menu_button(app, button, held):
    state = app.states[MENU]
    item = _item(state, state.item)
    asked = state.asked
    if asked >= 0:  # any key but the second A on it takes the question back
        state.asked = -1
        if button != A or item != asked:
            _relabel(app, asked)
    if button == UP or button == DOWN:
        # Only the marker tile moves (allocating nothing) unless the menu scrolls.
        state.item = (state.item + (1 if button == DOWN else -1)) % len(state.labels)
        first = state.first
        if first <= state.item < first + MENU_ROWS:
            app.view.move_marker(ITEM_ROW + state.item - first)
        else:
            _draw(app)
    elif button == B or button == START:
        return PLAY
    elif (button == LEFT or button == RIGHT) and item != _HINT and item < _BATTERY:  # (A asks)
        return _change(app, item, 1 if button == RIGHT else -1)
    elif button == A:
        if item == _BATTERY:
            return MENU  # (only says)
        if item >= _RULES:
            return _change(app, item, 1)
        return _choose(app, item, asked)
    return MENU


def _relabel(app, item, draw=True):
    """Rebuild the label of the menu's row ``item`` (a standard item's row is
    its number), and rewrite it if it is on screen."""
    state = app.states[MENU]
    label = menu_label(app, _item(state, item))
    state.labels[item] = label
    first = state.first
    if first <= item < first + MENU_ROWS:
        row = item - first
        app.view.rows[ITEM_ROW + row] = _row(label, row == 0 and first > 0,
                                             row == MENU_ROWS - 1
                                             and first + MENU_ROWS < len(state.labels))
        if draw:
            app.view.draw_rows()


def _choose(app, item, asked):
    if (item == _NEW or item == _RESTART) and asked != item and throws_away(app):
        app.states[MENU].asked = item  # ask once: this game's moves would be lost
        _relabel(app, item)
        return MENU
    if item == _RESUME and app.can_finish:
        app.finish()
    elif item == _NEW:
        new_deal(app, next_deal_number(app))
    elif item == _BY_NUMBER:
        start_number(app, app.game.deal_number or 0)
        return NUMBER
    elif item == _RESTART:
        restart(app)
    elif item == _UNDO:
        app.undo()
    elif item == _REDO:
        app.redo_move()
    elif item == _REDEAL:
        app.redeal()
    return PLAY


def _change(app, item, by):
    """Step a setting: the rules for the next deal, colours, sound; or open
    the statistics or help."""
    if item == _RULES:
        index = 0
        while PRESETS[index][0] != app.next_rules.preset:
            index += 1
        app.next_rules = Rules(PRESETS[(index + by) % len(PRESETS)][0])
        app.changed()  # the next deal's rules are saved too
        app.states[MENU].labels = menu_labels(app)  # every option's value may change
        _draw(app)
    elif item < _COLOURS:
        name = OPTIONS[item - _RULES - 1]
        choices = CHOICES[item - _RULES - 1]
        value = getattr(app.next_rules, name)
        setattr(app.next_rules, name, choices[(choices.index(value) + by) % len(choices)])
        app.changed()
        _relabel(app, item, False)
        _relabel(app, _RESTART, False)
        _relabel(app, _WINNABLE, False)  # offered or not under the new rules
        _rules_note(app)
        app.view.draw_rows()  # once, for the three rows
    elif item == _COLOURS:
        app.four_colours = not app.four_colours
        app.view.set_suit_colours(FOUR_COLOURS if app.four_colours else TWO_COLOURS)
        app.changed()
        _relabel(app, item)
    elif item == _SOUND:
        app.sound_on = not app.sound_on
        app.changed()
        _relabel(app, item)
    elif item == _STATISTICS:
        open_stats(app)
        return STATS
    elif item == _AUTO:
        app.auto_on = not app.auto_on
        app.changed()
        _relabel(app, item)
    elif item == _HELP:
        open_help(app)
        return HELP
    elif item == _HINT:
        start_hint(app)
        return PLAY
    elif item == _WINNABLE:
        winnable_item(app, True)  # on or off where offered, else a buzz
        _relabel(app, item)
    elif item == _BRIGHTNESS:
        app.power.set_step(app.power.step + by)
        app.changed()
        _relabel(app, app.states[MENU].item)
    elif item == _LIGHTS:
        app.lights_on = not app.lights_on
        app.changed()
        _relabel(app, app.states[MENU].item)
    elif item == _LEAVE:
        app.leaving = True  # the edge's loop ends: it saves and goes
        return PLAY
    return MENU
