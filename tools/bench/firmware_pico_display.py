"""``make bench-firmware``'s part for a Raspberry Pi Pico with Pimoroni's
Pico Display Pack 2.0 (the board ``pico-display-2``: the Pico's firmware, a
320x240 ST7789 the game sets up on SPI, the fanned table, four keys): its
presses (desktop only). bench_firmware.py times its start and heap as the
PicoSystem's.

A script a deal (``four_key_script``), made first on the App here as the
board sets it up (the fanned 320x240 table, no sensors, the four keys' help
page), each press checked as firmware_sessions checks the PicoSystem's, in
the board's own key words: X tapped steps the cursor right and Y tapped down
(the cursor's only ways: its rows and columns wrap round), X held opens the
menu, Y held the overview (every pile), A picks a card up and puts it down,
B cancels or undoes. The same words then go to the Pico's firmware in the
emulator, from the same saved game in nvm.

Each press is timed from the key's event to the last display byte of its
redraw (emulated ms at 125 MHz): A and B from the press (their event comes as
the key goes down), a tap of X or Y from its release (its event comes as the
key goes up: app/tap_hold.py; its press to the frame is printed beside), a
hold from its hold (``HOLD_DELAY`` ms after the press), an illegal drop to
the red flash (firmware_presses.press_figure).
"""

import json
import os
import statistics
from concurrent.futures import ThreadPoolExecutor

from sthelena.app import buttons
from sthelena.app.big_screen.tables import fit_table, table_screen
from sthelena.app.buttons import HOLD_DELAY
from sthelena.app.game_app import App
from sthelena.app.screens.common import MENU, NOWHERE, OVERVIEW, PEEK, PLAY
from sthelena.boards.pico_display_2 import PROFILE
from sthelena.core.game import Game
from sthelena.core.moves import REDEAL
from tools.harness import board_scripts, firmware_sessions
from tools.harness.firmware_sessions import Driver, Script, record_of

from . import firmware_presses
from .report import goal

BOARD = PROFILE.name
SIZE = PROFILE.size  # 320x240
GOAL_START_MS = 1500  # code.py's first line to the first whole table frame
GOAL_CURSOR_MS = 30  # a tap of X or Y, from its release, to its frame
GOAL_MOVE_MS = 60  # a lift or a move (A), from the press
PRESS_DEALS = (7, 1, 2)
ASSETS = os.path.join(firmware_sessions.ROOT, "assets")

# The key words' events as the App gets them (the board's ButtonSource and
# TapHoldTimer): a tap of X or Y as it goes up, a hold of either at HOLD_DELAY,
# A and B as they go down (held: then their HOLD too).
EVENTS = {"X": (buttons.RIGHT,), "Y": (buttons.DOWN,), "HOLD_X": (buttons.START,),
          "HOLD_Y": (buttons.SELECT,), "A": (buttons.A,), "B": (buttons.B,),
          "HOLD_A": (buttons.A, buttons.A | buttons.HOLD),
          "HOLD_B": (buttons.B, buttons.B | buttons.HOLD)}
TAPS = ("X", "Y")
# Each row: the scripts' kind, its line's name (the key), and its goal (ms, the
# longest: every press of the row within it; None: its figures only).
ROWS = (
    ("cursor", "cursor (X or Y tapped)", GOAL_CURSOR_MS),
    ("cursor, a card lifted", "cursor, a card lifted (X or Y tapped)", GOAL_CURSOR_MS),
    ("lift", "lift (A)", GOAL_MOVE_MS),
    ("move", "move (A: the card put down)", GOAL_MOVE_MS),
    ("illegal drop (the red flash)", "illegal drop (A: to the red flash)", GOAL_MOVE_MS),
    ("B: cancel", "B: cancel", None),
    ("B: undo", "B: undo", None),
    ("menu: open", "menu: open (X held)", None),
    ("menu: move", "menu: move (Y tapped)", None),
    ("menu: close", "menu: close (B)", None),
    ("overview: open", "overview: open (Y held)", None),
    ("overview: move", "overview: move (Y tapped)", None),
    ("overview: close", "overview: close (B)", None),
)


class _Screen:
    """The board's display as the App's set-up reads it: its size, a backlight."""
    root_group = None
    width, height = SIZE
    brightness = 1.0


def make_app(record):
    """An App as the board's set-up makes it, resuming ``record``."""
    screen, sheet = table_screen(_Screen(), fit_table(*SIZE), ASSETS)
    app = App(screen, firmware_sessions._Store(record), firmware_sessions._Speaker(), sheet,
              texts=firmware_sessions.TEXTS, winnable=firmware_sessions.WINNABLE)
    app.buttons_help = PROFILE.help
    app.hint_label = PROFILE.hint_label
    return app


def _paths():
    """The taps from each place to each other (the fewest: X right, Y down, wrapping)."""
    words = board_scripts.key_words(PROFILE)
    return {pair: [words[direction] for direction in path]
            for pair, path in board_scripts.cursor_paths(PROFILE).items()}


PATHS = _paths()


class FourKeys(Driver):
    """firmware_sessions' Driver with the four keys' words."""

    def new_app(self, record):
        return make_app(record)

    def events(self, word):
        return EVENTS[word]

    def go_to(self, place, kind="cursor"):
        for word in PATHS[self.app.cursor, place]:
            self.press(word, kind, lambda app: app.screen == PLAY)
        if self.app.cursor != place:
            raise AssertionError("deal %d: the taps did not reach place %d"
                                 % (self.script.deal, place))


def four_key_script(number):
    """Deal ``number``'s presses from its first position: cursor taps, two
    moves of the solver's line (each lifted and put down), a lift cancelled,
    an undo, an illegal drop, the menu opened (X held), moved in and closed,
    the overview opened (Y held), moved in and closed."""
    game = Game.deal(number)
    script = Script("four keys", number, record_of(game))
    driver = FourKeys(script)
    app = driver.app
    for word in ("X", "X", "Y", "X", "Y", "X"):
        driver.press(word, "cursor", lambda app: app.screen == PLAY)
    for _ in range(2):
        move = next(move for move in firmware_sessions._line(app.game) if move != REDEAL)
        if not firmware_sessions._keeps_playing(app.game, move):
            move = next(move for move in app.game.legal_moves()
                        if move < 400 and firmware_sessions._keeps_playing(app.game, move))
        driver.move(move)
    place = firmware_sessions._liftable(app.game)
    driver.lift(place)
    driver.press("B", "B: cancel", lambda app: app.lifted == NOWHERE)
    moves = len(app.game.history)
    driver.press("B", "B: undo", lambda app: len(app.game.history) < moves)
    firmware_sessions.illegal_drop(driver)
    driver.press("HOLD_X", "menu: open", lambda app: app.screen == MENU)
    driver.press("Y", "menu: move", lambda app: app.states[MENU].item == 1)
    driver.press("Y", "menu: move", lambda app: app.states[MENU].item == 2)
    driver.press("B", "menu: close", lambda app: app.screen == PLAY)
    driver.go_to(4)
    driver.press("HOLD_Y", "overview: open", lambda app: app.screen == OVERVIEW)
    driver.press("Y", "overview: move", lambda app: app.states[PEEK] == 5)
    driver.press("B", "overview: close", lambda app: app.screen == PLAY)
    return script


def press_figures(word, kind, record):
    """``(from the key's event, press to frame)`` in ms (see the module
    docstring), or None if the press drew nothing."""
    if record.get("frame_ms") is None:
        return None
    if kind and kind.startswith("illegal"):
        return (firmware_presses.press_figure(word, kind, record),) * 2
    frame = record["frame_ms"]
    if word in TAPS:
        return frame - record["held_ms"], frame
    if word.startswith("HOLD_"):
        return frame - HOLD_DELAY, frame
    return frame, frame


def bench_presses(drive, work, jobs=2, keep=None):
    """Every row over PRESS_DEALS' scripts on the board's firmware, ``jobs``
    emulators at once; ``keep``: a folder for each run's JSON (its bursts)."""
    scripts = [four_key_script(number) for number in PRESS_DEALS]

    def play(script):
        return firmware_presses.emulate_script(drive, work, script, BOARD, press_figures)

    with ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(play, scripts))
    timed = {}
    for script, (presses, result) in zip(scripts, runs):
        for (kind, figures, _), word in zip(presses, script.words):
            timed.setdefault(kind, []).append((script.deal, word, figures))
        if keep:
            os.makedirs(keep, exist_ok=True)
            result = dict(result, words=script.words, kinds=script.kinds)
            with open(os.path.join(keep, "%s-deal-%d.json" % (BOARD, script.deal)), "w") as file:
                json.dump(result, file)
    print("presses on the %s (%dx%d, its four keys), emulated ms at 125 MHz, from the key's "
          "event to the last byte of its redraw, deals %s:"
          % (PROFILE.title, SIZE[0], SIZE[1], ", ".join(map(str, PRESS_DEALS))))
    print_rows(timed)
    return runs


def print_rows(timed):
    """A line a row, with its goal's verdict where it has one, from ``timed``
    ``{kind: [(deal, word, figures)]}``."""
    for kind, name, limit in ROWS:
        entries = timed.get(kind, ())
        drawn = [entry for entry in entries if entry[2] is not None]
        if not drawn:
            print("press %s: none timed" % name)
            continue
        values = [figures[0] for _, _, figures in drawn]
        words = {word for _, word, _ in drawn}
        since = ("from its release" if words <= set(TAPS) else "from its hold"
                 if all(word.startswith("HOLD_") for word in words) else "from the press")
        measured = "median %.1f ms, longest %.1f ms (%d presses, %d deals%s)" % (
            statistics.median(values), max(values), len(values),
            len({deal for deal, _, _ in drawn}),
            ", %d drew nothing" % (len(entries) - len(drawn)) if len(entries) > len(drawn)
            else "")
        if since != "from the press":
            frames = [figures[1] for _, _, figures in drawn]
            measured += "; press to frame: median %.1f ms, longest %.1f ms" % (
                statistics.median(frames), max(frames))
        what = "press %s, %s" % (name, since)
        if limit is None:
            print("%s: %s" % (what, measured))
        else:
            goal(what, measured, "longest <= %d ms" % limit, max(values) <= limit)
