"""The game a player holds: button events in, table on screen out.

``App`` is handed its display, store and speaker by an edge (``device`` or
``desktop``); it asks the rules core what is legal and never touches the
core's bytes. Events are ``buttons`` numbers (plus ``HOLD``); ``tick(now_ms)``
is called when nothing happens, for autosave and the error flash.
"""

import random

from ..game import Game, PLAYING, WON, REDEAL_ONLY, CYCLING, IllegalMoveError
from ..moves import REDEAL, DEAL
from ..rules import Rules, OPTIONS, CHOICES, PRESETS, value_text
from ..save import to_bytes, from_bytes
from .buttons import UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, HOLD, TICKS_MASK
from .layout import step
from .sounds import CLICK, ERROR, FANFARE
from .table import (TableView, write, TWO_COLOURS, FOUR_COLOURS, NO_MARK, TARGET_MARK,
                    BLOCKED_MARK, TEXT_COLUMNS)
from .tiles import EMPTY_ANY, EMPTY_NONE
from .screens import (MENU_ROWS, move_menu_marker, show_help, show_menu, show_menu_label,
                      show_message, show_number, show_peek)

from ..cards import const  # the core's: micropython's, or a stand-in on CPython

# Screens.
PLAY = const(0)
MENU = const(1)
PEEK = const(2)
HELP = const(3)
WON_SCREEN = const(4)
STUCK = const(5)
NUMBER = const(6)

_SAVE_AFTER_MS = const(2000)
_FLASH_MS = const(250)
_STORE_MAGIC = b"SA"
_NOWHERE = const(-1)

# Menu items (the rules options follow RULES_ITEM, one per option).
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
_HELP = const(10 + 8)
_MENU_ITEMS = const(11 + 8)
_MENU_TEXT = ("Resume", "New deal", "Deal by number", "Restart this deal", "Undo", "Redo")
_OPTION_LABELS = ("build", "wrap", "spaces", "redeals", "1st-deal limit", "gather",
                  "found. moves", "Louis start")
_SHORT_PRESETS = ("StH", "StHpy", "Louis", "Kite")


def _random_deal():
    return random.getrandbits(32)


class App:
    """Screens, cursor and game; see the module docstring."""

    def __init__(self, display, store, speaker, sheet, deal=None, rules=None, position=None,
                 new_deal_number=None):
        self.view = TableView(sheet)
        display.root_group = self.view.group  # once: never replaced in play
        self.store = store
        self.speaker = speaker
        self.new_deal_number = new_deal_number or _random_deal
        self.sound_on = True
        self.four_colours = False
        self.cursor = 0
        self.lifted = _NOWHERE
        self.screen = PLAY
        self.redo = bytearray()  # moves undone, two bytes each, last undone last
        self.menu_item = 0
        self._menu_first = 0
        self._labels = None  # the menu's, while it is open
        self.digits = bytearray(10)
        self._digit = 0
        self._dirty = False
        self._changed_at = -1
        self._flash_at = -1
        self._flashing = False
        self._status_key = -1  # what the status line shows, as _draw_status packs it
        self.message = ""
        self.finished = None  # finished(game, won): told once when a deal is won or lost
        self._told = None  # the game it was told of
        self.next_rules = None  # _load may bring back the saved ones
        game = None
        if position is not None:
            game = Game.from_notation(position)
        elif deal is not None:
            game = Game.deal(deal, rules or "st-helena")
        else:
            game = self._load(rules)
            if game is None:
                game = Game.deal(self.new_deal_number(), rules or "st-helena")
        if self.next_rules is None:
            self.next_rules = Rules.parse(str(game.rules))
        self.start(game)

    # -- starting and saving -------------------------------------------

    def start(self, game):
        """Play ``game`` from its present position."""
        self.game = game
        self._status_key = -1
        self.lifted = _NOWHERE
        self.redo = bytearray()
        self.screen = PLAY
        self._labels = None
        self.view.show_overlay(False)
        self._dirty = True
        self._changed_at = -1
        self._redraw()
        self._after_move(quiet=True)

    def _load(self, rules):
        """The stored game, or None (with a message) if there is none or it
        cannot be read."""
        try:
            data = self.store.load()
        except OSError:
            data = None
        if not data:
            return None
        try:
            if data[:2] != _STORE_MAGIC or len(data) < 7:
                raise ValueError("not a sthelena save")
            flags = data[2]
            game = from_bytes(data[6:])
            self.four_colours = flags & 1 != 0
            self.sound_on = flags & 2 == 0
            self.cursor = data[3] % 20
            if rules is not None:
                if not (Rules.parse(rules) == game.rules):  # no __ne__ on every board
                    return None  # the player asked for other rules: a new deal
            else:
                try:  # the rules chosen for the next deal
                    self.next_rules = Rules.from_bits(int.from_bytes(data[4:6], "big"))
                except ValueError:
                    pass  # the game's rules, then
            if self.four_colours:
                self.view.set_suit_colours(FOUR_COLOURS)
            return game
        except ValueError as error:
            self.message = "save unreadable: new deal"
            print("sthelena: saved game unreadable (%s); dealing a new one" % error)
            return None

    def save_now(self):
        """Write the game and settings to the store."""
        data = bytearray(_STORE_MAGIC)
        data.append(self.four_colours | (not self.sound_on) << 1)
        data.append(self.cursor)
        data.extend(self.next_rules.to_bits().to_bytes(2, "big"))
        data.extend(to_bytes(self.game))
        try:
            self.store.save(bytes(data))
        except OSError as error:
            print("sthelena: could not save (%s)" % error)
        self._dirty = False

    def flush(self):
        """Save now if anything changed since the last save (before power-off
        or quitting)."""
        if self._dirty:
            self.save_now()

    def tick(self, now):
        """Idle work: end an error flash, save a while after a change."""
        if self._flashing:
            if self._flash_at < 0:
                self._flash_at = now
            elif (now - self._flash_at) & TICKS_MASK > _FLASH_MS:
                self._flashing = False
                self._place_cursor()
        if self._dirty:
            if self._changed_at < 0:
                self._changed_at = now
            elif (now - self._changed_at) & TICKS_MASK > _SAVE_AFTER_MS:
                self.save_now()

    # -- events --------------------------------------------------------

    def handle(self, event):
        """One button event; ends with the table brought up to date if it
        is on screen (only places that changed are drawn)."""
        button = event & 7
        held = event & HOLD
        if self._flashing:
            self._flashing = False
            self._place_cursor()
        screen = self.screen
        if screen == PLAY:
            self._play_button(button, held)
        elif screen == MENU:
            self._menu_button(button)
        elif screen == HELP:
            self._open_menu()
        elif screen == NUMBER:
            self._number_button(button)
        elif screen == PEEK:
            self._back_to_table()
        elif held:
            return  # a hold after the press that ended the game: ignore
        elif screen == WON_SCREEN:
            if button == A:
                self._new_deal(self.new_deal_number())
            elif button == B:
                self._back_to_table()
                self.undo()
            elif button == START:
                self._open_menu()
        elif screen == STUCK:
            if button == A:
                if self.game.status() == REDEAL_ONLY:
                    self._back_to_table()
                    self.redeal()
                else:
                    self._new_deal(self.new_deal_number())
            elif button == B:
                self._back_to_table()
            elif button == START:
                self._open_menu()
        if self.screen == PLAY:  # one redraw for every path back to the table
            self._redraw()

    def _play_button(self, button, held):
        if button <= RIGHT:
            self.cursor = step(self.cursor, button)
        elif button == A:
            if held:
                if self.lifted == _NOWHERE:
                    self.lifted = self.cursor
                self.quick_move(self.lifted)
            elif self.lifted == _NOWHERE:
                self._pick_up(self.cursor)
            elif self.lifted == self.cursor:
                self.quick_move(self.lifted)
            else:
                self.drop(self.cursor)
        elif button == B:
            if self.lifted != _NOWHERE:
                self.lifted = _NOWHERE
            else:
                self.undo()
        elif button == START:
            self._open_menu()
            return
        elif button == SELECT:
            if self.cursor < 12:
                self.screen = PEEK
                show_peek(self.view, "pile %d" % (self.cursor + 1),
                                  self.game.pile_cards(self.cursor))
                return
            self._error()

    # -- playing -------------------------------------------------------

    def _pick_up(self, place):
        game = self.game
        if not game.top(place) or (place >= 12 and game.rules.foundation_moves == "none"):
            self._error()
            return
        self.lifted = place
        self._sound(CLICK)

    def drop(self, place):
        """Put the lifted card on ``place``; an illegal drop flashes, and
        the card goes back."""
        move = self.lifted * 20 + place
        self.lifted = _NOWHERE
        if self.game.is_legal(move):
            self.play(move)
        else:
            self._error()

    def quick_move(self, place):
        """Send the top card of ``place`` to a foundation that takes it,
        else onto the best pile: one it builds on, else a space."""
        game = self.game
        self.lifted = _NOWHERE
        space = _NOWHERE
        for target in range(19, -1, -1):  # foundations first
            move = place * 20 + target
            if target != place and game.is_legal(move):
                if target >= 12 or game.top(target):
                    self.play(move)
                    return
                space = target
        if space != _NOWHERE:
            self.play(place * 20 + space)
        else:
            self._error()

    def play(self, move):
        """Push a legal move; keep the redo list if it is the move redo
        would play."""
        self.game.push(move)
        redo = self.redo
        if len(redo) >= 2 and redo[-2] << 8 | redo[-1] == move:
            redo[-2:] = b""
        elif redo:
            self.redo = bytearray()
        self._sound(CLICK)
        self.message = ""
        self._dirty = True
        self._changed_at = -1
        self._after_move()

    def undo(self):
        if not self.game.history:
            self._error()
            return
        move = self.game.pop()
        self.redo.append(move >> 8)
        self.redo.append(move & 255)
        self.lifted = _NOWHERE
        self._dirty = True
        self._changed_at = -1

    def redo_move(self):
        redo = self.redo
        if not redo:
            self._error()
            return
        move = redo[-2] << 8 | redo[-1]
        try:
            self.play(move)
        except IllegalMoveError:  # cannot happen unless the game changed under us
            self.redo = bytearray()
            self._error()

    def redeal(self):
        """Redeal (or, in Louis before it, deal the stock) if legal."""
        game = self.game
        for move in (DEAL, REDEAL):
            if game.is_legal(move):
                self.lifted = _NOWHERE
                self.play(move)
                return
        self._error()

    def _after_move(self, quiet=False):
        status = self.game.status()
        if status == PLAYING:
            return
        if (self.finished is not None and not quiet and self._told is not self.game
                and status != REDEAL_ONLY):
            self._told = self.game
            self.finished(self.game, status == WON)
        if status == WON:
            self.screen = WON_SCREEN
            moves = len(self.game.move_stack())
            number = self.game.deal_number
            show_message(self.view, "YOU WON!", (
                "All 104 cards are home.", "",
                "Deal %d" % number if number is not None else "From a given position",
                "%d moves" % moves), ("A: new deal", "B: undo  START: menu"))
            if not quiet:
                self._sound(FANFARE)
            return
        self.screen = STUCK
        if status == REDEAL_ONLY:
            louis = self.game.louis_phase()
            show_message(self.view, "STUCK", (
                "Only %s is left." % ("dealing the stock" if louis else "a redeal"),
                "Redeals left: %d" % self.game.redeals_left()), (
                "A: %s" % ("deal the stock" if louis else "redeal"), "B: back to the table"))
        else:
            why = ("No moves left:", "this game is lost.") if status != CYCLING else (
                "Only moves that undo each", "other: this game is lost.")
            show_message(self.view, "NO WAY ON", why, (
                "A: new deal", "B: back (undo there)"))

    def _new_deal(self, number):
        self.start(Game.deal(number, Rules.parse(str(self.next_rules))))

    def _back_to_table(self):
        self.screen = PLAY  # handle() redraws
        self._labels = None
        self.view.show_overlay(False)

    def _error(self):
        self._sound(ERROR)
        self._flashing = True
        self._flash_at = -1
        self._place_cursor()

    def _sound(self, sound):
        if self.sound_on:
            self.speaker.play(sound)

    # -- drawing -------------------------------------------------------

    def _place_cursor(self):
        colour = 2 if self._flashing else 1 if self.lifted != _NOWHERE else 0
        self.view.place_cursor(self.cursor, self.cursor == self.lifted, colour)

    def _redraw(self):
        """Bring every place, the cursor and the status line up to date;
        the view skips places that look the same as before."""
        game = self.game
        view = self.view
        lifted = self.lifted
        targets = 0
        if lifted != _NOWHERE:
            for place in range(20):
                if place != lifted and game.is_legal(lifted * 20 + place):
                    targets |= 1 << place
        blocked = 0
        chooser = self.cursor if lifted == _NOWHERE else lifted
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
        self._place_cursor()
        self._draw_status()

    def status_text(self):
        if self.message:
            return self.message
        game = self.game
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

    def _draw_status(self):
        """Rewrite the status line only when what it says has changed: its
        text is built from these few numbers, and building it allocates."""
        game = self.game
        key = (game.round << 9 | game.stock_size() << 2 | game.restricted() << 1
               | (self.message != ""))
        if key != self._status_key:
            self._status_key = key
            write(self.view.status, 0, 0, self.status_text(), TEXT_COLUMNS)

    # -- menu ----------------------------------------------------------

    def _open_menu(self):
        self.lifted = _NOWHERE
        self.message = ""
        self.screen = MENU
        self.menu_item = 0
        self._menu_first = 0
        if self._dirty:
            self.save_now()
        self._labels = self.menu_labels()
        self._show_menu()

    def menu_label(self, item):
        """The text of menu item ``item``."""
        if item < _REDEAL:
            return _MENU_TEXT[item]
        if item == _REDEAL:
            if self.game.louis_phase():
                return "Deal the stock"
            return "Redeal (%d left)" % self.game.redeals_left()
        if item == _RULES:
            return "Rules: " + self.next_rules.preset
        if item < _COLOURS:
            option = item - _RULES - 1
            return "  %s: %s" % (_OPTION_LABELS[option],
                                 value_text(getattr(self.next_rules, OPTIONS[option])))
        if item == _COLOURS:
            return "Four colours: " + ("on" if self.four_colours else "off")
        if item == _SOUND:
            return "Sound: " + ("on" if self.sound_on else "off")
        return "Help"

    def menu_labels(self):
        return [self.menu_label(item) for item in range(_MENU_ITEMS)]

    def _show_menu(self):
        """Draw the whole menu, scrolled to show the chosen item."""
        item = self.menu_item
        if item < self._menu_first:
            self._menu_first = item
        elif item >= self._menu_first + MENU_ROWS:
            self._menu_first = item - MENU_ROWS + 1
        show_menu(self.view, self._labels, item, self._menu_first)

    def _menu_button(self, button):
        item = self.menu_item
        if button == UP or button == DOWN:
            # Only the marker moves unless the menu scrolls; neither allocates.
            self.menu_item = (item + (1 if button == DOWN else -1)) % _MENU_ITEMS
            first = self._menu_first
            if first <= self.menu_item < first + MENU_ROWS:
                move_menu_marker(self.view, item - first, self.menu_item - first)
            else:
                self._show_menu()
        elif button == B or button == START:
            self._back_to_table()
        elif button == LEFT or button == RIGHT:
            self._change(item, 1 if button == RIGHT else -1)
        elif button == A:
            if item >= _RULES:
                self._change(item, 1)
            else:
                self._choose(item)

    def _relabel(self, item):
        """Rebuild and rewrite one menu item's label (it is on screen)."""
        label = self.menu_label(item)
        self._labels[item] = label
        show_menu_label(self.view, item - self._menu_first, label)

    def _choose(self, item):
        if item == _NEW:
            self._new_deal(self.new_deal_number())
        elif item == _BY_NUMBER:
            number = self.game.deal_number or 0
            for index in range(9, -1, -1):
                self.digits[index] = number % 10
                number //= 10
            self._digit = 9
            self.screen = NUMBER
            show_number(self.view, self.digits, self._digit)
        elif item == _RESTART:
            game = self.game
            if game.deal_number is not None and not (self.next_rules == game.rules):
                self._new_deal(game.deal_number)
            else:
                while game.history:
                    game.pop()
                self.start(game)
        else:
            self._back_to_table()
            if item == _UNDO:
                self.undo()
            elif item == _REDO:
                self.redo_move()
            elif item == _REDEAL:
                self.redeal()

    def _change(self, item, by):
        """Step a setting on the menu: the rules for the next deal, colours,
        sound, or open help."""
        if item == _RULES:
            names = [name for name, _ in PRESETS]
            index = (names.index(self.next_rules.preset) + by) % len(names)
            self.next_rules = Rules(names[index])
            self._dirty = True  # the next deal's rules are saved too
            self._labels = self.menu_labels()  # every option's value may change
            self._show_menu()
        elif item < _COLOURS:
            name = OPTIONS[item - _RULES - 1]
            choices = CHOICES[item - _RULES - 1]
            value = getattr(self.next_rules, name)
            setattr(self.next_rules, name, choices[(choices.index(value) + by) % len(choices)])
            self._dirty = True
            self._relabel(item)
        elif item == _COLOURS:
            self.four_colours = not self.four_colours
            self.view.set_suit_colours(FOUR_COLOURS if self.four_colours else TWO_COLOURS)
            self._dirty = True
            self._relabel(item)
        elif item == _SOUND:
            self.sound_on = not self.sound_on
            self._dirty = True
            self._relabel(item)
        elif item == _HELP:
            self.screen = HELP
            show_help(self.view)

    def _number_button(self, button):
        digits = self.digits
        at = self._digit
        if button == UP or button == DOWN:
            digits[at] = (digits[at] + (1 if button == UP else 9)) % 10
        elif button == LEFT or button == RIGHT:
            self._digit = (at + (1 if button == RIGHT else -1)) % 10
        elif button == B or button == START:
            self._open_menu()
            return
        elif button == A:
            number = 0
            for digit in digits:
                number = number * 10 + digit
            if number < 1 << 32:
                self._new_deal(number)
                return
            self._error()
        show_number(self.view, digits, self._digit)
