"""Scripts of taps that play a touch screen's board (the PyPortal's, the
Titano's), desktop only: the words of ``code.py --board NAME --keys``
(``TAP:X,Y``, and ``DRAG@X1,Y1:X2,Y2``), each checked on the App as the
desktop plays it, and the panel's readings that make the same touches on
the board (``readings``: what the stand-in ``adafruit_touchscreen``
reports, read by sthelena/handheld/touch.py).

``tap_script(profile, number, moves)``: from deal ``number``'s first position
(the App's save, ``Script.record``, for the desktop's ``--save`` and the
board's nvm: ``nvm_frame``), the menu opened and closed by the row of
controls (Menu, Back) and the overview (Piles, Back); then the solver's
winning line (board_scripts.winning_line) a move at a time, each card
tapped and its place tapped (one dragged there instead), a redeal by a tap
on the stuck screen where only a redeal is left, else by the menu's row;
halfway the last move undone and redone (Undo, Redo); at the end a hint
(Hint: its move shown) and the menu opened and closed (it saves).
"""

from sthelena.app.big_screen.pointer import LEFT_BUTTON
from sthelena.app.big_screen.tables import fit_table, table_screen
from sthelena.app.big_screen.touch import TouchControls, TouchPointer
from sthelena.app.game_app import App
from sthelena.app.screens.common import MENU, NOWHERE, OVERVIEW, PEEK, PLAY, STUCK
from sthelena.core.game import Game
from sthelena.core.moves import REDEAL
from sthelena.core.save import crc16
from sthelena.desktop.mouse import DRAG_STEP, DesktopMouse
from sthelena.desktop.sensors import DesktopSensors
from sthelena.desktop.sound import Speaker
from sthelena.desktop.store import MemoryStore
from sthelena.desktop.window import ASSETS, TEXTS_PATH, WINNABLE_PATH

from .board_scripts import winning_line
from .firmware_sessions import record_of

MENU_CONTROL, UNDO_CONTROL, REDO_CONTROL, PILES_CONTROL, HINT_CONTROL = range(5)
BACK_CONTROL = 0  # over a text screen
REDEAL_ROW = 2 + 6  # the menu's text row of "Redeal" (screens/menu.py: ITEM_ROW + _REDEAL)
PAGE_ROWS = 16  # text rows of a page (table/text_grid.py's TEXT_ROWS)
LANDING_READS = 2  # readings of a touch before it counts (handheld/touch.py's)
LIFTED_READS = 3  # readings of no touch before it is let go


class Script:
    """The words (``words``) and what each did (``kinds``) from ``record``
    (deal ``deal`` just dealt); ``moves``, ``redeals``: what they made."""

    def __init__(self, board, deal, record):
        self.board = board
        self.deal = deal
        self.record = record
        self.words = []
        self.kinds = []
        self.moves = 0
        self.redeals = 0

    def keys(self):
        return " ".join(self.words)


class _Unseen:
    """A display nobody looks at: the size and ``root_group`` the table is laid
    out and drawn on. Blinka holds one display a process (the tests' own, made
    once): the player's taps need none of its pixels, which the desktop draws
    in a process of its own (``desktop_frames``)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = False

    def refresh(self, **_):
        return True


class TapPlayer:
    """The App as the desktop's ``--board NAME`` sets it up, played by taps
    as its ``--keys`` plays them, each checked."""

    def __init__(self, profile, script):
        self.profile = profile
        self.script = script
        display = _Unseen(*profile.size)
        self.screen, sheet = table_screen(display, fit_table(*profile.size), ASSETS)
        sensors = DesktopSensors() if profile.sensors is not None else None
        self.app = app = App(self.screen, MemoryStore(script.record), Speaker(audio=False), sheet,
                             texts=TEXTS_PATH, winnable=WINNABLE_PATH, sensors=sensors)
        app.buttons_help = profile.help
        app.hint_label = profile.hint_label
        self.controls = TouchControls(self.screen, app)
        self.mouse = DesktopMouse(app, self.screen, 1, TouchPointer(self.controls))

    def _check(self, word, kind, expect):
        app = self.app
        while app.hint is not None:  # (as the desktop's run_script)
            app.tick(0)
        self.script.words.append(word)
        self.script.kinds.append(kind)
        if expect is not None and not expect(app):
            raise AssertionError("%s deal %d, word %d (%s, %s) did not do what it should"
                                 % (self.script.board, self.script.deal, len(self.script.words),
                                    word, kind))

    def tap(self, point, kind, expect=None):
        x, y = point
        self.mouse.click(LEFT_BUTTON, x, y)
        self._check("TAP:%d,%d" % (x, y), kind, expect)

    def drag(self, start, end, kind, expect=None):
        self.mouse.drag(start[0], start[1], end[0], end[1])
        self._check("DRAG@%d,%d:%d,%d" % (start + end), kind, expect)

    def control(self, control):
        """A screen pixel in the middle of the row's ``control``."""
        controls = self.controls
        return controls.left + control * controls.cell + controls.cell // 2, controls.band // 2

    def page_row(self, row):
        """A screen pixel in the middle of text row ``row`` of a page."""
        screen = self.screen
        return screen.from_table(screen.table_width // 2,
                                 row * screen.table_height // PAGE_ROWS
                                 + screen.table_height // PAGE_ROWS // 2)

    def menu(self, close=True):
        self.tap(self.control(MENU_CONTROL), "menu: open (Menu)", lambda app: app.screen == MENU)
        if close:
            self.tap(self.control(BACK_CONTROL), "menu: close (Back)",
                     lambda app: app.screen == PLAY)

    def overview(self):
        self.tap(self.control(PILES_CONTROL), "overview: open (Piles)",
                 lambda app: app.screen in (OVERVIEW, PEEK))
        self.tap(self.control(BACK_CONTROL), "overview: close (Back)",
                 lambda app: app.screen == PLAY)

    def move(self, move, dragged=False):
        """Play ``move``: its card tapped, then its place (or dragged there)."""
        app = self.app
        source, target = divmod(move, 20)
        before = len(app.game.move_stack())

        def played(app):
            stack = app.game.move_stack()
            return len(stack) == before + 1 and stack[-1] == move

        start = self.screen.place_point(source)
        end = self.screen.place_point(target)
        if dragged:
            self.drag(start, end, "a card dragged to its place", played)
        else:
            self.tap(start, "lift", lambda app: app.lifted == source)
            self.tap(end, "put down", played)
        self.script.moves += 1

    def redeal(self):
        app = self.app
        rounds = app.game.round

        def done(app):
            return app.screen in (PLAY, STUCK) and app.game.round == rounds + 1

        if app.screen == STUCK:
            self.tap(self.page_row(PAGE_ROWS // 2), "stuck: a tap redeals", done)
        else:
            self.menu(close=False)
            self.tap(self.page_row(REDEAL_ROW), "redeal (the menu's row)", done)
        self.script.redeals += 1

    def undo_redo(self):
        moves = self.app.game.move_stack()
        self.tap(self.control(UNDO_CONTROL), "undo (Undo)",
                 lambda app: app.game.move_stack() == moves[:-1])
        self.tap(self.control(REDO_CONTROL), "redo (Redo)",
                 lambda app: app.game.move_stack() == moves)

    def hint(self):
        self.tap(self.control(HINT_CONTROL), "hint (Hint)",
                 lambda app: app.screen == PLAY and app.hint_target != NOWHERE)


def tap_script(profile, number, moves=24):
    """Deal ``number`` played by taps on ``profile``'s board (see the
    module's docstring): the Script and its TapPlayer."""
    game = Game.deal(number)
    script = Script(profile.name, number, record_of(game))
    player = TapPlayer(profile, script)
    app = player.app
    if app.screen == STUCK:
        player.tap(player.control(BACK_CONTROL), "stuck: close", lambda app: app.screen == PLAY)
    player.menu()
    player.overview()
    todo = winning_line(game)
    while todo and script.moves < moves:
        move = todo.pop(0)
        if move == REDEAL:
            player.redeal()
        else:
            player.move(move, dragged=script.moves == 1)
        if app.screen == STUCK and not (todo and todo[0] == REDEAL):
            player.tap(player.control(BACK_CONTROL), "stuck: close (Back)",
                       lambda app: app.screen == PLAY)
        if script.moves == moves // 2 and app.screen == PLAY and "undo (Undo)" not in script.kinds:
            player.undo_redo()
    player.hint()
    player.menu()
    return script, player


def readings(word):
    """The panel's readings (``(x, y)`` or None: no touch) that make
    ``word`` (a TAP or DRAG word) on the board, one a read: a touch landed
    (LANDING_READS alike), moved in the desktop's steps, then let go."""
    if word.startswith("TAP:"):
        x, y = (int(number) for number in word[4:].split(","))
        return [(x, y)] * LANDING_READS + [None] * LIFTED_READS
    start, end = word[5:].split(":")
    x, y = (int(number) for number in start.split(","))
    to_x, to_y = (int(number) for number in end.split(","))
    steps = max(1, max(abs(to_x - x), abs(to_y - y)) // DRAG_STEP)
    path = [(x + (to_x - x) * step // steps, y + (to_y - y) * step // steps)
            for step in range(1, steps + 1)]
    return [(x, y)] * LANDING_READS + path + [None] * LIFTED_READS


def nvm_frame(record):
    """The nvm's bytes holding ``record`` as the board's NvmStore saves it
    (core/stores.py: magic, save number, length, the record, CRC-16)."""
    head = b"St4" + bytes((0, 0, 1, len(record) >> 8, len(record) & 0xFF)) + record
    check = crc16(head)
    return head + bytes((check >> 8, check & 0xFF))

