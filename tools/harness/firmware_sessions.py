"""The presses ``make bench-firmware`` times, made on CPython (desktop only).

Each script is played first on the App here, as the PicoSystem sets it up
(its large sheet, its menu's extra items), so that every press is known to
do what its row says: the App's state is checked after each (a lift lifted,
a move moved, the menu opened...). The same words then go to the firmware
in the emulator, from the same saved game in nvm, and to the VM.

Three scripts a deal:

- ``opening_script``: from the deal's first position: cursor presses, lifts
  and moves of the solver's line, a cancel, an undo, a redo (B held), the
  quick move both ways (A twice, A held), an illegal drop, a redeal from
  the menu and its undo, and every text screen a deal's start can show:
  the menu, the overview, the peek, help, the statistics, the deal number,
  each opened, moved within and closed;
- ``ending_script``: the solver's line played to near its end with
  auto-play on: the moves that send cards home by themselves, the last of
  which wins (the won screen), and B (undo, back to the table);
- ``stuck_script``: one move before the first deal is stuck (only a redeal
  left): the move that shows the stuck screen, and B back to the table.

A ``Script`` has the App's saved record at its start (``record``: for
``emulated.nvm_holding``), its ``words`` (the emulator's key words), the
row of each (``kinds``) and the cards each moved (``cards``: auto-play's
row is also given a card at a time).
"""

import os

from sthelena.app import buttons
from sthelena.app.game_app import App
from sthelena.app.screens.common import (
    HELP, MENU, NOWHERE, NUMBER, OVERVIEW, PEEK, PLAY, STATS, STUCK, WON_SCREEN)
from sthelena.app.table.sheet import load_sheet
from sthelena.core.game import PLAYING, REDEAL_ONLY, Game
from sthelena.core.moves import REDEAL

from .won_games import PATHS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

NVM_CAPACITY = 4096 - 5  # the PicoSystem's nvm, less the store's header (shared.NvmStore)
SHEET = os.path.join(ROOT, "assets", "sheet-large.bmp")
TEXTS = os.path.join(ROOT, "assets", "help.txt")
WINNABLE = os.path.join(ROOT, "assets", "winnable.bin")
WORDS = {name: index for index, name in enumerate(buttons.NAMES)}


class Script:
    def __init__(self, name, deal, record):
        self.name = name
        self.deal = deal
        self.record = record
        self.words = []
        self.kinds = []
        self.cards = []  # cards each press moved (a move and those auto-play sent home)


class _Display:
    """The App's display here: the PicoSystem's size, a backlight."""
    root_group = None
    width = height = 240
    brightness = 1.0


class _Sensors:
    """The PicoSystem's as the emulator has them: no light sensor, a battery
    reading 0 V, on USB (so no warning): the menu gets Brightness and Battery."""

    def light(self):
        return -1

    def battery_mv(self):
        return 0

    def on_usb(self):
        return True


class _Store:
    capacity = NVM_CAPACITY

    def __init__(self, record=None):
        self.record = record

    def load(self):
        return self.record

    def save(self, data):
        self.record = bytes(data)
        return True


class _Speaker:
    def play(self, sound):
        pass


_SHEET = None


def make_app(record):
    """An App as the PicoSystem's, resuming ``record``."""
    global _SHEET
    if _SHEET is None:
        _SHEET = load_sheet(SHEET)
    return App(_Display(), _Store(record), _Speaker(), _SHEET, texts=TEXTS, winnable=WINNABLE,
               sensors=_Sensors())


def record_of(game, cursor=0, auto=False):
    """The saved record of ``game`` (a deal and its moves) as the App writes it."""
    store = _Store()
    app = App(_Display(), store, _Speaker(), load_sheet(SHEET), deal=game.deal_number,
              texts=TEXTS, winnable=WINNABLE, sensors=_Sensors())
    for move in game.move_stack():
        app.game.push(move)
        app.autos.append(0)
    app.cursor = cursor
    app.auto_on = auto
    app.save_now()
    return store.record


class Driver:
    """Presses the App's buttons as the emulator will, keeping each word and its row."""

    def __init__(self, script):
        self.script = script
        self.app = self.new_app(script.record)

    def new_app(self, record):
        """The App the presses go to, resuming ``record``: the PicoSystem's."""
        return make_app(record)

    def events(self, word):
        """The App's events for ``word`` (a button's name, or HOLD_ and one:
        the press, then its hold)."""
        held = word.startswith("HOLD_")
        event = WORDS[word[5:] if held else word]
        return (event, event | buttons.HOLD) if held else (event,)

    def press(self, word, kind=None, expect=None):
        """Press ``word``; ``expect(app)`` must then be true."""
        app = self.app
        moves = len(app.autos)
        for event in self.events(word):
            app.handle(event)
        self.script.words.append(word)
        self.script.kinds.append(kind)
        self.script.cards.append(max(0, len(app.autos) - moves))
        if expect is not None and not expect(app):
            raise AssertionError("%s deal %d, press %d (%s, %s) did not do what it should"
                                 % (self.script.name, self.script.deal, len(self.script.words),
                                    word, kind))

    def go_to(self, place, kind="cursor"):
        for direction in PATHS[self.app.cursor, place]:
            self.press(buttons.NAMES[direction], kind, lambda app, p=place: app.screen == PLAY)

    def lift(self, place):
        self.go_to(place)
        self.press("A", "lift", lambda app: app.lifted == place)

    def move(self, move, kind="move"):
        """Lift the card and put it down where ``move`` takes it."""
        before = len(self.app.game.history)
        self.lift(move // 20)
        self.go_to(move % 20, "cursor, a card lifted")
        self.press("A", kind, lambda app: len(app.game.history) > before)

    def menu_to(self, label_start, kind="menu: move"):
        """In the menu, the marker to the item whose label starts so (the short way round)."""
        app = self.app
        shown = app.states[MENU]
        item = next(index for index, label in enumerate(shown.labels)
                    if label.startswith(label_start))
        count = len(shown.labels)
        down = (item - shown.item) % count
        word = "DOWN" if down <= count - down else "UP"
        for _ in range(min(down, count - down)):
            self.press(word, kind, lambda app: app.screen == MENU)


def _line(game, budget=60):
    from sthelena.solver.search import solve

    result = solve(Game.from_notation(game.notation()), budget=budget)
    if result.result != "win":
        raise RuntimeError("the solver did not win %s: %s" % (game.notation(), result.result))
    return list(result.moves)


def _keeps_playing(game, move):
    """Whether ``move`` leaves the game going (not won, not stuck): the
    presses after it are the table's."""
    game.push(move)
    going = game.status() == PLAYING
    game.pop()
    return going


def _liftable(game):
    """A pile whose top card has a quick move that keeps the game going."""
    from sthelena.app.table.autoplay import best_move

    for place in range(12):
        if game.top(place):
            move = best_move(game, place)
            if move >= 0 and _keeps_playing(game, move):
                return place
    raise RuntimeError("deal %s: no card has a quick move that keeps the game going"
                       % game.deal_number)


def illegal_drop(driver):
    """A card lifted and put where it may not go (the red flash), by ``driver``."""
    game = driver.app.game
    place = _liftable(game)
    card = game.top(place)
    target = next(target for target in range(12)
                  if target != place and not game.is_legal(place * 20 + target))
    driver.lift(place)
    driver.go_to(target, "cursor, a card lifted")
    moves = len(game.history)
    driver.press("A", "illegal drop (the red flash)",
                 lambda app: len(app.game.history) == moves and app.game.top(place) == card)


def opening_script(number):
    """The presses from deal ``number``'s first position (see the module docstring)."""
    game = Game.deal(number)
    script = Script("opening", number, record_of(game))
    driver = Driver(script)
    app = driver.app
    for word in ("RIGHT", "RIGHT", "DOWN", "LEFT", "UP"):
        driver.press(word, "cursor")
    for _ in range(2):  # two moves of the solver's line, each lifted and put down
        move = next(move for move in _line(app.game) if move != REDEAL)
        if not _keeps_playing(app.game, move):  # (a move after which the line redeals)
            move = next(move for move in app.game.legal_moves()
                        if move < 400 and _keeps_playing(app.game, move))
        driver.move(move)
    # A lift put back (B cancels), an undo, and B held (undo, then redo both).
    place = _liftable(app.game)
    driver.lift(place)
    driver.press("B", "B: cancel", lambda app: app.lifted == NOWHERE)
    moves = len(app.game.history)
    driver.press("B", "B: undo", lambda app: len(app.game.history) < moves)
    moves = len(app.game.history)
    driver.press("HOLD_B", "B held: redo", lambda app: len(app.game.history) > moves)
    # The quick move: A twice on a card, then A held on another.
    for word in ("A", "HOLD_A"):
        place = _liftable(app.game)
        moves = len(app.game.history)
        driver.lift(place) if word == "A" else driver.go_to(place)
        driver.press(word, "quick move (A twice)" if word == "A" else "quick move (A held)",
                     lambda app: len(app.game.history) > moves)
    illegal_drop(driver)
    # The menu, moved in and closed.
    driver.press("START", "menu: open", lambda app: app.screen == MENU)
    driver.press("DOWN", "menu: move", lambda app: app.states[MENU].item == 1)
    driver.press("DOWN", "menu: move", lambda app: app.states[MENU].item == 2)
    driver.press("UP", "menu: move", lambda app: app.states[MENU].item == 1)
    driver.press("B", "menu: close", lambda app: app.screen == PLAY)
    # The overview and the peek.
    driver.go_to(4)
    driver.press("SELECT", "overview: open", lambda app: app.screen == OVERVIEW)
    driver.press("DOWN", "overview: move", lambda app: app.states[PEEK] == 5)
    driver.press("B", "overview: close", lambda app: app.screen == PLAY)
    driver.go_to(16)
    driver.press("SELECT", "peek: open", lambda app: app.screen == PEEK)
    driver.press("RIGHT", "peek: move", lambda app: app.states[PEEK] == 17)
    driver.press("B", "peek: close", lambda app: app.screen == PLAY)
    # Help and the statistics, from the menu.
    driver.press("START", "menu: open", lambda app: app.screen == MENU)
    driver.menu_to("Help")
    driver.press("A", "help: open", lambda app: app.screen == HELP)
    driver.press("RIGHT", "help: move", lambda app: app.screen == HELP and app.states[HELP] == 1)
    driver.press("B", "help: close", lambda app: app.screen == MENU)
    driver.menu_to("Statistics")
    driver.press("A", "statistics: open", lambda app: app.screen == STATS)
    driver.press("RIGHT", "statistics: move", lambda app: app.screen == STATS)
    driver.press("B", "statistics: close", lambda app: app.screen == MENU)
    # The deal number.
    driver.menu_to("Deal by number")
    driver.press("A", "deal number: open", lambda app: app.screen == NUMBER)
    driver.press("UP", "deal number: move", lambda app: app.screen == NUMBER)
    driver.press("LEFT", "deal number: move", lambda app: app.states[NUMBER].digit == 8)
    driver.press("B", "deal number: close", lambda app: app.screen == MENU)
    # A redeal from the menu, and its undo.
    driver.menu_to("Redeal")
    rounds = app.game.round
    driver.press("A", "redeal (the menu's item)",
                 lambda app: app.screen == PLAY and app.game.round == rounds + 1)
    driver.press("B", "B: undo a redeal", lambda app: app.game.round == rounds)
    return script


def ending_script(number, moves_left=14):
    """The solver's line for deal ``number`` played but for its last
    ``moves_left`` moves, auto-play on; then those moves pressed, cards going
    home by themselves, the last one winning; then B (undo)."""
    game = Game.deal(number)
    line = _line(game)
    for move in line[:-moves_left]:
        game.push(move)
    script = Script("ending", number, record_of(game, auto=True))
    driver = Driver(script)
    app = driver.app
    while app.screen == PLAY:
        if app.can_finish:  # every card can go home: A on a foundation takes them
            driver.go_to(12)
            driver.press("A", "auto-play: A that sends cards home",
                         lambda app: app.screen == WON_SCREEN)
            break
        todo = [move for move in _line(app.game) if move != REDEAL]
        before = len(app.autos)
        driver.move(todo[0])
        kind = "move" if len(app.autos) == before + 1 else "auto-play: A that sends cards home"
        script.kinds[-1] = "won: open" if app.screen == WON_SCREEN else kind
    if script.kinds[-1] != "won: open":
        script.kinds[-1] = "won: open"
    driver.press("B", "won: close (B, undo)", lambda app: app.screen == PLAY)
    return script


def stuck_script(number, seed=1):
    """One move before deal ``number``'s first deal is stuck (only a redeal
    left: moves made at random, each keeping a foundation play within
    reach), the move that shows the stuck screen, and B back."""
    import random

    rng = random.Random(seed * 1000 + number)
    for _ in range(200):
        game = Game.deal(number)
        while True:
            moves = [move for move in game.legal_moves() if move != REDEAL]
            if not moves:
                break
            move = rng.choice(moves)
            game.push(move)
            status = game.status()
            if status == REDEAL_ONLY:
                game.pop()
                return _stuck_presses(number, game, move)
            if status != PLAYING or len(game.history) > 400:
                break
    raise RuntimeError("no stuck position found for deal %d" % number)


def _stuck_presses(number, game, move):
    script = Script("stuck", number, record_of(game))
    driver = Driver(script)
    driver.move(move, "stuck: open")
    if driver.app.screen != STUCK:
        raise AssertionError("deal %d: the move did not show the stuck screen" % number)
    driver.press("B", "stuck: close", lambda app: app.screen == PLAY)
    return script


def scripts(deals):
    """Every script of ``deals``, by deal: opening, ending, stuck."""
    return [maker(number) for number in deals
            for maker in (opening_script, ending_script, stuck_script)]
