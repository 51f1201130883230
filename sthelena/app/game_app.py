"""The game a player holds: button events in, table on screen out.

``App`` is handed its display, store and speaker by an edge (``device`` or
``desktop``); it asks the rules core what is legal and never touches the
core's bytes. Events are ``buttons`` numbers (plus ``HOLD``); ``tick(now_ms)``
is called when nothing happens, for the save (``record``'s write policy) and
the error flash.

The App owns the game, the settings, the save and the table's cursor and
lifted card (every part that moves a card uses them); each screen (the
table's ``table.play``; ``screens``' ``menu``, ``deal_number``, ``overview``,
``peek``, ``help``, ``won``, ``stuck``, ``stats``) is a module of its own
with two functions, one to draw it and one to handle a button that says
which screen comes next, in one table by screen number
(``screens.dispatch.SCREENS``). The App routes events to the screen shown and
brings up the next; what a screen keeps while shown is its module's, which
the App holds for it in ``states`` and never reads (see ``screens.common``).
"""

import random

from ..core.game import Game, PLAYING, WON, REDEAL_ONLY, IllegalMoveError
from ..core.moves import REDEAL, DEAL
from ..core.rules import Rules
from ..core.statistics import Statistics
from .buttons import A, B, SELECT, HOLD, TICKS_MASK
from .record import Keeper, restore
from .sounds import CLICK, ERROR, FANFARE
from .table.view import TableView, FOUR_COLOURS
from .screens.common import (PLAY, WON_SCREEN, STUCK, NOWHERE)
from .table.autoplay import safe_home, finishable
from .table.play import show_table, place_cursor, StatusLine
from .screens.dispatch import SCREENS
from .hint.proved import next_deal_number
from .hint.on_table import start_hint, hint_tick, stop_hint, HINT_NODES, HINT_SLOTS

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

_FLASH_MS = const(250)

# What play() leaves for the next screen change to look at.
_STILL = const(0)
_MOVED = const(1)  # a move was played: it may have ended the game
_STARTED = const(2)  # a game was started: the same, but quietly
_STOPPED = const(15)  # (as the screen a press was handled on: it only stopped a hint)


def _random_deal():
    return random.getrandbits(32)


class App:
    """The game, its settings and its screens; see the module docstring."""

    # What an edge may set otherwise on its App (class attributes: on the handheld,
    # which sets none, the instance's dict keeps its size, and the heap its room).
    hint_nodes = HINT_NODES  # a hint's budget: an edge with a larger heap raises it
    hint_slots = HINT_SLOTS  # ...and its table of positions met
    leave_label: str | None = None  # an edge with somewhere to go names the menu's way there
    leaving = False  # ...which sets this: the edge's loop ends
    buttons_help = "buttons"  # help's page of buttons: a board's own (assets/help.txt's section)
    hint_label = "Hint (or hold SELECT)"  # the menu's hint, naming the buttons that ask for one
    # An edge that draws only when told (the handhelds' loop: display.refresh)
    # sets this: a move is shown by it before the app looks whether the game
    # has ended, a search that may take a while on the board.
    show_now = None

    def __init__(self, display, store, speaker, sheet, deal=None, rules=None, position=None,
                 new_deal_number=None, texts="assets/help.txt", winnable=None, sensors=None,
                 lights=None):
        make_view = getattr(display, "table_view", None)  # a screen with its own table (fan_table)
        self.view = make_view(sheet, self) if make_view else TableView(sheet)
        # A handheld's screen light and battery (power.py), and its lights that
        # say what the speaker says: only where the edge has them.
        self.power = None
        if sensors is not None:  # (a board without them has no power.py in its game)
            from .power import Power

            self.power = Power(display, sensors)
        self.lights = lights
        self.lights_on = True
        self.texts = texts  # the path of the texts file (help, the stuck screen)
        self.winnable = winnable  # the path of assets/winnable.bin, or None (hint/proved.py)
        self.winnable_only = False  # new deals only proved winnable ones (a menu option, saved)
        display.root_group = self.view.group  # once: never replaced in play
        self.store = store
        self.speaker = speaker
        self.new_deal_number = new_deal_number or _random_deal
        self.sound_on = True
        self.four_colours = False
        self.cursor = 0
        self.lifted = NOWHERE
        self.screen = PLAY
        # What each screen keeps while shown, by its number: its module's alone,
        # made when it opens (screens/common.py), let go when the table is back.
        self.states = [None] * len(SCREENS)
        self.autos = bytearray()  # a byte a move played: 1 if auto-play made it
        self.auto_on = False  # auto-play to the foundations (a menu option, saved)
        self.can_finish = False  # every card out can go home in turn: A finishes
        self.redo = bytearray()  # moves undone, two bytes each, last undone last
        self._dirty = False
        self.flash_at = None  # None, or the error flash's start (-1: not yet timed)
        self._ended = _STILL
        self.ended_status = PLAYING  # what the game's status was when that was last looked at
        self.last_event = 15  # the last button event (none yet): a hold follows its press
        self.last_screen = PLAY  # the screen it was handled on (_STOPPED: it stopped a hint)
        self.undid = False  # the last press of B on the table undid a move
        self.message = ""
        self.hint = None  # the hint's search while it runs (hint/on_table.py)
        self.hint_line = None  # the winning line the last hint found, kept (hint/on_table.py)
        self.hint_since = -1  # when it began (-1: not yet timed)
        self.hint_target = NOWHERE  # the place a hint shown marks
        self.next_rules = None  # restore may bring back the saved ones
        self.statistics = Statistics()
        self.finished = False  # this game's result is counted
        self.on_record = None  # on_record(statistics): a deal's result was just counted
        self.keeper = Keeper(store)
        saved = restore(self)  # statistics and settings; the saved game
        if position is not None:
            game = Game.from_notation(position)
        elif deal is not None:
            game = Game.deal(deal, rules or "st-helena")
        elif saved is not None and (rules is None or Rules.parse(rules) == saved.rules):
            game = saved
        else:  # none, unreadable, or the player asked for other rules: a new deal
            self.next_rules = Rules.parse(rules or "st-helena")  # (set again below)
            game = Game.deal(next_deal_number(self), rules or "st-helena")
        self.resumed = game is saved  # else the store's game is replaced at the next save
        if not self.resumed or rules is not None:
            self.next_rules = None
        if not self.resumed:
            self.cursor = 0
            self.finished = False
        if self.next_rules is None:
            self.next_rules = Rules.parse(str(game.rules))
        if self.four_colours:
            self.view.set_suit_colours(FOUR_COLOURS)
        if self.power is not None:
            self.power.set_step(self.power.step)  # the saved brightness
        self.start(game)
        self._dirty = not self.resumed

    # -- starting and saving -------------------------------------------

    def start(self, game):
        """Play ``game`` from its present position."""
        self.game = game
        self.autos = bytearray(len(game.move_stack()))  # (after a restart: no auto moves known)
        self.status_line = StatusLine()  # (table/play.py's) drawn afresh
        self.lifted = NOWHERE
        self.redo = bytearray()
        self._dirty = True
        self._ended = _STARTED
        self.screen = NOWHERE  # whatever was shown, the table is drawn afresh
        self.go(PLAY)

    def moves_made(self):
        """Moves played in this game, those a trimmed save dropped included."""
        return self.game.earlier_moves + len(self.game.move_stack())

    def save_now(self):
        """Write the record now (``record.Keeper``); a failure or a trim is
        told once on the status line, and the game goes on."""
        written, note = self.keeper.write(self)
        self._dirty = not written
        if note:
            self.say(note)
            if self.screen == PLAY:  # (a write on an idle tick: shown at once)
                show_table(self)

    def flush(self):
        """Save now if anything changed since the last save (before power-off
        or quitting)."""
        if self.hint is not None:  # the game mid-search: put back first
            stop_hint(self)
        if self._dirty:
            self.save_now()

    def changed(self):
        """Something worth saving changed: written when the write policy
        says (``record.Keeper``)."""
        self._dirty = True

    def tick(self, now):
        """Idle work: a slice of a hint's search (True: call again at once,
        a hint runs), end an error flash, save when the write policy says;
        the screen's light and the battery (power.py)."""
        if self.power is not None:
            self.power.tick(now, self.hint is not None, self)
        if self.hint is not None:
            hint_tick(self, now)
            return True
        if self.flash_at is not None:
            if self.flash_at < 0:
                self.flash_at = now
            elif (now - self.flash_at) & TICKS_MASK > _FLASH_MS:
                self.flash_at = None
                place_cursor(self)
        if self.keeper.due(now, self._dirty):
            self.save_now()
        return False

    # -- events --------------------------------------------------------

    def handle(self, event):
        """One button event, handed to the screen shown; then the screen it
        names comes up (the table is brought up to date: only places that
        changed are drawn). A press that wakes the screen does nothing else."""
        if self.power is not None and self.power.wakes(event):
            return
        if self.flash_at is not None:
            self.flash_at = None
            place_cursor(self)
        held = event & HOLD
        if self.hint is not None:  # a press stops the hint (a hold is part of its press)
            if held:
                return
            stop_hint(self)
            if event == B:  # B only stops it (and its hold is nobody's: no redo)
                self.last_event = B
                self.last_screen = _STOPPED
                show_table(self)
                return
        self.hint_target = NOWHERE  # a hint's mark stays until the next press
        last_event = self.last_event  # (two lines: the one-file build's tuple would allocate)
        last_screen = self.last_screen
        self.last_event = event
        self.last_screen = self.screen
        if held and event & 7 == SELECT:  # SELECT held on the table: a hint
            if last_event == SELECT and last_screen == PLAY:
                start_hint(self)
                self.go(PLAY)
            return
        if held:
            # A hold follows the press that began it: it means something only
            # on the table, if that press was handled there, and for A only
            # if it lifted the card (a hold alone, as a script may give, acts).
            began = last_event == event & 7  # the press of this button came last
            if self.screen != PLAY or began and (last_screen != PLAY or (
                    event & 7 == A and self.lifted != self.cursor)):
                return
            if not began:
                self.undid = False
        self.go(SCREENS[self.screen][1](self, event & 7, held))

    def go(self, screen):
        """Bring ``screen`` up; the table becomes the won or stuck screen
        when the move just played ended the game."""
        won_now = False  # a move won the game: written at once, once its screen shows
        if self._ended != _STILL and screen == PLAY:
            if self.show_now is not None and self.screen == PLAY and not self.game.is_won():
                show_table(self)  # the move first: the search for the game's end may take a while
                self.show_now()
            status = self.ended_status = self.game.status()
            if status == PLAYING and self._ended == _MOVED:
                self.can_finish = finishable(self.game)
                if self.can_finish and self.auto_on:
                    self.finish(True)  # auto-play takes the rest home
                    status = WON
                elif self.can_finish:
                    self.say("All can go home: A on K/A")
            if status == WON:
                screen = WON_SCREEN
                if not self.finished:  # counted once, however often undone and won again
                    self.finished = True
                    self.statistics.record(self.game.rules, self.game.deal_number, True,
                                           self.moves_made())
                    if self.on_record is not None and self.game.deal_number is not None:
                        self.on_record(self.statistics)
                    # (not when starting: the edge may yet keep the old save)
                    won_now = self._ended == _MOVED
                if self._ended == _MOVED:
                    self.sound(FANFARE)
            elif status == REDEAL_ONLY and not self.game.history and self.game.louis_phase():
                # Louis before any move: not stuck, just the stock to deal.
                self.say("Deal the stock: START")
            elif status != PLAYING:
                screen = STUCK  # written by the minute's policy; a new deal writes at once
            self._ended = _STILL
        if screen == PLAY:
            if self.screen != PLAY:
                self.states = [None] * len(SCREENS)  # (the menu's labels, ...)
            self.screen = PLAY
            show_table(self)  # every time: the view skips what looks the same
        elif screen != self.screen:
            self.screen = screen
            SCREENS[screen][0](self)
        if won_now:
            if self.show_now is not None:
                self.show_now()  # the won screen first: writing the flash takes a while
            self.save_now()

    # -- the game --------------------------------------------------------

    def play(self, move):
        """Push a legal move; keep the redo list if it is the move redo
        would play. With auto-play on, the cards it sends home follow (see
        table/autoplay.py), marked in ``autos`` so that undo takes them back with
        this move."""
        game = self.game
        game.push(move)
        self.autos.append(0)
        redo = self.redo
        if len(redo) >= 2 and redo[-2] << 8 | redo[-1] == move:
            redo[-2:] = b""
        elif redo:
            self.redo = bytearray()
        if self.auto_on:
            move = safe_home(game)
            while move >= 0:
                game.push(move)
                self.autos.append(1)
                move = safe_home(game)
        self.sound(CLICK)
        self.say("")
        self.changed()
        if self.power is not None:
            self.power.kept_awake()  # (a script may play without pressing)
        self._ended = _MOVED

    def finish(self, auto=False):
        """Every card still out home, in turn (the position must be
        finishable): one undo takes them all back (and the move before
        them too, when auto-play did it)."""
        played = finishable(self.game, True)
        if not played:
            return
        self.autos.append(0 if not auto else 1)
        while played > 1:
            self.autos.append(1)
            played -= 1
        self.redo = bytearray()
        self.lifted = NOWHERE
        self.changed()
        self._ended = _MOVED

    def undo(self):
        """Take back the last move, and the cards auto-play sent home after
        it; the move goes on the redo list."""
        game = self.game
        autos = self.autos
        if not game.history:
            self.error("nothing to undo")
            return
        while autos and autos[-1]:
            game.pop()
            autos[-1:] = b""
        move = game.pop()
        autos[-1:] = b""
        self.can_finish = False
        self.redo.append(move >> 8)
        self.redo.append(move & 255)
        self.lifted = NOWHERE
        self.changed()

    def redo_move(self):
        redo = self.redo
        if not redo:
            self.error("nothing to redo")
            return
        move = redo[-2] << 8 | redo[-1]
        try:
            self.play(move)
        except IllegalMoveError:  # cannot happen unless the game changed under us
            self.redo = bytearray()
            self.error()

    def redeal(self):
        """Redeal (or, in Louis before it, deal the stock) if legal."""
        game = self.game
        for move in (DEAL, REDEAL):
            if game.is_legal(move):
                self.lifted = NOWHERE
                self.play(move)
                return
        self.error("no redeal left")

    def error(self, reason=""):
        """Buzz, flash the cursor red and say why on the status line."""
        self.say(reason)
        self.sound(ERROR)
        self.flash_at = -1
        place_cursor(self)

    def say(self, text):
        """Show ``text`` on the status line instead of the game's state, until
        the next press on the table or the next move ("" to clear it)."""
        self.message = text

    def sound(self, sound):
        """Play ``sound`` (sounds.py) if sound is on; the lights show it if they are on."""
        if self.sound_on:
            self.speaker.play(sound)
        if self.lights_on and self.lights is not None:
            self.lights.play(sound)
