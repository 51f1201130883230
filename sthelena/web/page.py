"""The web page's edge: the handheld's game in a browser, on MicroPython's
WebAssembly port, handed a screen, buttons, a store and a speaker as the
boards' and the desktop's edges hand them.

The page (``page.js``) loads the VM, puts the game's files in its file
system and makes one ``WebGame``; then it calls it for everything that
happens: a key or an on-screen button going down or up, the mouse or a
finger on the canvas, and every animation frame (``step``), which runs the
button timer's repeats and holds, the app's idle work and a hint's search a
slice at a time. Each call answers which rows of the screen changed
(``top << 16 | bottom``, or -1), and the page copies those rows of
``pixels()`` onto its <canvas>.

Two layouts: the handheld's 160x128 table, or, in a wide window, the Fruit
Jam's fanned 720x400 table with the mouse's drag and drop (``wide``); the
page's switch makes the game again on the other screen, which resumes the
game it saved. A link's ``deal=N&rules=R`` deals that deal, as the
desktop's ``--deal N --rules R`` does.
"""

import gc
import time

from ..app.buttons import (A, B, DOWN, LEFT, NAMES, NO_EVENT, RIGHT, SELECT, START, UP,
                           ButtonTimer)
from ..app.big_screen.drag import DragPointer
from ..app.game_app import App
from ..app.hint.on_table import LARGE_HINT_NODES, LARGE_HINT_SLOTS
from ..app.big_screen.pointer import LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON, WHEEL_DOWN, WHEEL_UP
from ..app.table.sheet import load_sheet
from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..core.deal import DEAL_LIMIT
from ..core.rules import Rules
from ..core.version import RELEASE_VERSION
from .screen import Screen
from .speaker import PageSpeaker
from .store import LocalStore

HANDHELD_SIZE = (160, 128)  # the PyGamer's and PyBadge's screen
WIDE_SIZE = (720, 400)  # the Fruit Jam's, as its launcher hands it over (and the desktop's)
SHEET_PATH = "/assets/sheet.bmp"
FAN_SHEET_PATH = "/assets/sheet-fruitjam.bmp"
TEXTS_PATH = "/assets/help.txt"
WINNABLE_PATH = "/assets/winnable.bin"
BUSY_MS = const(25)  # a step's slices of a hint's search: the page draws between them
# The port collects garbage only when a call from the page returns, and by
# default every 16 KB allocated: a key on the wide table would pay for a
# collection. Every 4 MB instead, and the page asks for one when it is idle.
GC_THRESHOLD = const(4 * 1024 * 1024)

# The keyboard, by the DOM's KeyboardEvent.code: the desktop's keys.
KEYS = {"ArrowUp": UP, "ArrowDown": DOWN, "ArrowLeft": LEFT, "ArrowRight": RIGHT,
        "KeyX": A, "KeyZ": B, "Enter": START, "NumpadEnter": START, "Space": SELECT}
# The DOM's mouse buttons (0 left, 1 middle, 2 right) as the app's pointer's.
POINTER_BUTTONS = (LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON)


def parse_link(text):
    """``(deal, rules)`` from a link's ``deal=N&rules=R`` (each optional:
    None when absent); ValueError saying what is wrong."""
    deal = None
    rules = None
    for part in text.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        if name == "deal":
            if not value.isdigit() or len(value) > 10 or int(value) >= DEAL_LIMIT:
                raise ValueError("bad deal %s: want a number from 0 to %d"
                                 % (value[:20], DEAL_LIMIT - 1))
            deal = int(value)
        elif name == "rules":
            Rules.parse(value)  # ValueError naming what is wrong
            rules = value
        else:
            raise ValueError("bad link part %s: want deal=N and rules=R" % name[:20])
    if rules is not None and deal is None:
        raise ValueError("a link with rules needs its deal=N too")
    return deal, rules


class _TablePoints:
    """The handheld table's pixels as the pointer reads them (a BigScreen's
    ``to_table``, at the table's own size): a tap on a card is a click."""

    def __init__(self, width, height):
        self.width = width
        self.height = height

    def to_table(self, x, y):
        if 0 <= x < self.width and 0 <= y < self.height:
            return x, y
        return None


class WebGame:
    """The game on the page; see the module docstring. ``storage``: the
    page's localStorage; ``audio``: its player (``speaker.PageSpeaker``) or
    None; ``link``: the page address's fragment, or ""."""

    def __init__(self, storage, audio=None, wide=False, link=""):
        if hasattr(gc, "threshold"):
            gc.threshold(GC_THRESHOLD)
        self.store = LocalStore(storage)
        self.speaker = PageSpeaker(audio)
        self.message = ""  # a line for the page: a link it could not follow
        self.version = RELEASE_VERSION  # shown under the page
        deal = rules = None
        try:
            deal, rules = parse_link(link)
        except ValueError as error:
            self.message = "%s: the saved game goes on" % error
        self._make(wide, deal, rules)

    def _make(self, wide, deal, rules):
        """The screen and the app on it (a new deal if ``deal`` is not None)."""
        self.wide = wide
        size = WIDE_SIZE if wide else HANDHELD_SIZE
        self.screen = Screen(size[0], size[1])
        display = self.screen
        if wide:
            from ..app.big_screen.fan_table import FanScreen

            display = FanScreen(self.screen, load_sheet(FAN_SHEET_PATH))
            self.points = display
        else:
            self.points = _TablePoints(size[0], size[1])
        self.app = App(display, self.store, self.speaker, load_sheet(SHEET_PATH),
                       deal=deal, rules=rules, texts=TEXTS_PATH, winnable=WINNABLE_PATH)
        if wide:
            self.app.hint_nodes = LARGE_HINT_NODES  # as the Fruit Jam's edge gives it
            self.app.hint_slots = LARGE_HINT_SLOTS
        self.timer = ButtonTimer()
        self.pointer = DragPointer()

    def switch(self, wide):
        """The other layout: the game saved, then made again on the screen
        asked for, resuming what it saved (the page then draws it whole)."""
        self.app.flush()
        self._make(wide, None, None)

    def follow(self, link):
        """A link followed on the page: its deal dealt, as when the page
        loads with it (True); a bad one changes nothing and ``message`` says
        why (False)."""
        try:
            deal, rules = parse_link(link)
        except ValueError as error:
            self.message = "%s: the game goes on" % error
            return False
        self.message = ""
        if deal is None:
            return False
        self.app.flush()
        self._make(self.wide, deal, rules)
        return True

    @property
    def width(self):
        return self.screen.width

    @property
    def height(self):
        return self.screen.height

    def link(self):
        """``deal=N&rules=R`` of the game played, or "" (a position has no deal)."""
        game = self.app.game
        if game.deal_number is None:
            return ""
        return "deal=%d&rules=%s" % (game.deal_number, game.rules)

    # -- what the page hands over ---------------------------------------

    def button_of(self, code):
        """The button a key (``KeyboardEvent.code``) is, or -1."""
        return KEYS.get(code, -1)

    def button_named(self, name):
        """The button an on-screen button names (``UP`` ... ``SELECT``), or -1."""
        return NAMES.index(name) if name in NAMES else -1

    def press(self, button, now):
        """Button ``button`` went down at ``now`` (ms)."""
        return self._handle(self.timer.down(button, now))

    def release(self, button, now):
        self.timer.up(button, now)
        return -1

    def pointer_down(self, dom_button, x, y, now):
        """A mouse button or a finger went down at screen pixel (x, y)."""
        if not 0 <= dom_button < len(POINTER_BUTTONS):
            return -1
        return self._handle(self.pointer.press_on(self.app, self.points,
                                                  POINTER_BUTTONS[dom_button], x, y, now))

    def pointer_move(self, x, y, now):
        self.pointer.move_on(self.app, self.points, x, y, now)
        return self.refresh()

    def pointer_up(self, dom_button, x, y, now):
        if not 0 <= dom_button < len(POINTER_BUTTONS):
            return -1
        return self._handle(self.pointer.release_on(self.app, self.points,
                                                    POINTER_BUTTONS[dom_button], x, y, now))

    def wheel(self, up, x, y, now):
        return self._handle(self.pointer.press_on(self.app, self.points,
                                                  WHEEL_UP if up else WHEEL_DOWN, x, y, now))

    def step(self, now):
        """An animation frame: a repeat or hold due, else the app's idle
        work, and a hint's search for up to ``BUSY_MS``."""
        event = self.timer.due(now)
        if event == NO_EVENT:
            event = self.pointer.due(now)
        if event != NO_EVENT:
            return self._handle(event)
        app = self.app
        if app.tick(now):
            start = time.ticks_ms()
            while app.hint is not None and time.ticks_diff(time.ticks_ms(), start) < BUSY_MS:
                app.tick(now)
        return self.refresh()

    def flush(self):
        """The page is going away or hidden: save what changed."""
        self.app.flush()

    def collect(self):
        """The page is idle: the garbage collected as this call returns,
        rather than in the call of the next key."""
        gc.collect()
        return -1

    def _handle(self, event):
        if event != NO_EVENT:
            self.app.handle(event)
        return self.refresh()

    # -- the screen -----------------------------------------------------

    def refresh(self):
        """Draw what changed: its rows as ``top << 16 | bottom``, or -1."""
        rows = self.screen.refresh()
        if rows is None:
            return -1
        return rows[0] << 16 | rows[1]

    def pixels(self, top, bottom):
        """The screen's rows ``top`` to ``bottom`` (not included), RGBA."""
        stride = self.screen.width * 4
        return memoryview(self.screen.frame)[top * stride:bottom * stride]

    def playing(self):
        """Whether something is under way: a button held, a hint searching,
        an error's flash (what the tests and the benchmark wait out)."""
        app = self.app
        return app.hint is not None or self.timer.held != 0 or app.flash_at is not None

