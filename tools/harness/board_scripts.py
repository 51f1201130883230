"""The game's presses as a board's own key words, and scripts of a deal's
legal moves pressed on them (desktop only).

``key_words(profile)`` gives, for each of the game's button events a board
has a key for, the board's word for it (the emulator's and the desktop's
``--keys`` word): its own key's word, ``HOLD_`` of it for A, B and SELECT
held; on a four-button board (boards/pico_display_2.py: a tap and a hold on
X and Y) RIGHT is X, DOWN Y, START ``HOLD_X``, SELECT ``HOLD_Y`` and a hint
(SELECT held on) ``LONG_Y``; a board whose keys type on the serial input (the
Cardputer's) has a key of its own for each hold. ``cursor_paths(profile)`` are the shortest ways
the cursor goes from each place to each other by the directions the board
has (``table/layout.step`` wraps rows and columns, so RIGHT and DOWN alone
reach every place).

``Player`` plays the App as the desktop does (``code.py --board NAME
--keys``: each word parsed by ``desktop.keys.parse_keys`` with the board's
words, a board's own key held through ``desktop.run.press`` and the
board's timer, a hint run to its end) and checks after each press that it
did what its row says (``Script.kinds``); ``game_script`` is one whole
script:

- from deal ``number``'s first position (``Script.record``: the save the App
  resumes, for the desktop's ``--save`` and ``emulated.nvm_holding``), the
  menu and the overview opened and closed (``opening``);
- then the solver's winning line (``solver.search.solve``), a move at a
  time: of the next few moves of the line, the one whose presses are fewest
  from where the cursor is and that keeps the rest of the line legal (as
  ``won_games`` chooses), played by the quick move when it makes the move
  the line wants (A held; or A twice where the board's A is the game's, or
  A held a key of its own (the Cardputer's C), and the press before was an
  A: the desktop's bare ``HOLD_A``, as that key, would then be that press's
  hold, and do nothing), else the cursor to the card, A, the
  cursor to its place, A (the first ``lifted`` moves so, whatever the quick
  move does); a redeal by A on the stuck screen where only a redeal is left,
  else by the menu (START, DOWN to "Redeal", A); the stuck screen a move
  brings up, closed by B where the line goes on without a redeal;
- halfway, the last move taken back (B) and, after a step of the cursor (so
  that the hold is not the desktop's hold of that B), given again (B held);
- at the end, the menu opened and closed: it saves at once, what a reset
  then resumes.

``whole_game`` plays a deal's whole line the same way, to the won screen.
``soak_words`` are random words of a board's keys, with RESETs among them.
"""

from sthelena.app.buttons import (A, B, DOWN, DOWN_OR_PILES, HOLD, LEFT, RIGHT,
                                  RIGHT_OR_MENU, SELECT, START, UP)
from sthelena.app.screens.common import MENU, OVERVIEW, PEEK, PLAY, STUCK, WON_SCREEN
from sthelena.app.table.autoplay import best_move
from sthelena.app.table.layout import step
from sthelena.app.tap_hold import TapHoldTimer
from sthelena.core.game import Game
from sthelena.core.moves import REDEAL
from sthelena.desktop.keys import Press, Typed, board_words, parse_keys
from sthelena.desktop.run import press as press_key

from .firmware_sessions import make_app, record_of
from .won_games import shortest_paths

HINT = SELECT | HOLD  # the game's event for a hint (SELECT held on the table)
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
LOOK_AHEAD = 6  # line moves weighed at each step (won_games')
REDEAL_ITEM = 6  # the menu's "Redeal (n left)" (screens/menu.py's _REDEAL)


def key_words(profile):
    """``{event: word}``: the board's word for each of the game's events it
    has a key for (a direction, A, B, START, SELECT; ``A | HOLD``, ``B |
    HOLD``; ``HINT``), the first of its keys that gives it. A board whose
    keys type on the serial input (profile.SerialKeys: the Cardputer's)
    has a key of its own for each hold: its word is the key's."""
    words = {}
    if hasattr(profile.keys, "sequences"):
        for word, _, event in profile.keys.sequences:
            words.setdefault(event, word)
        return words
    for word, _, event in profile.keys.keys:
        if event == RIGHT_OR_MENU:
            pairs = ((RIGHT, word), (START, "HOLD_" + word))
        elif event == DOWN_OR_PILES:
            pairs = ((DOWN, word), (SELECT, "HOLD_" + word), (HINT, "LONG_" + word))
        elif event == SELECT:
            pairs = ((SELECT, word), (HINT, "HOLD_" + word))
        elif event in (A, B):
            pairs = ((event, word), (event | HOLD, "HOLD_" + word))
        else:
            pairs = ((event, word),)
        for given, said in pairs:
            words.setdefault(given, said)
    return words


def cursor_paths(profile):
    """``{(from, to): [direction...]}``: the fewest steps of the cursor
    between two places by the directions the board has keys for."""
    have = [direction for direction in DIRECTIONS if direction in key_words(profile)]
    paths = shortest_paths(have)
    if len(paths) != 20 * 20:
        raise ValueError("%s: the cursor cannot reach every place" % profile.name)
    return paths


class Script:
    """A board's presses: ``words`` (its key words), ``kinds`` (what each
    did), from ``record`` (the App's save: deal ``deal``'s first position);
    ``moves`` the card moves the presses made, ``redeals`` their redeals."""

    def __init__(self, board, deal, record):
        self.board = board
        self.deal = deal
        self.record = record
        self.words = []
        self.kinds = []
        self.events = []  # the game's events each word gave the App, as the desktop's
        self.moves = 0
        self.redeals = 0

    def keys(self, start=0, stop=None):
        """The words ``start:stop`` as one ``--keys`` line."""
        return " ".join(self.words[start:stop])


class Player:
    """The App as the desktop plays a board's words, each press checked."""

    def __init__(self, profile, script):
        self.profile = profile
        self.script = script
        self.app = make_app(script.record)
        self.words = key_words(profile)
        self.own = board_words(profile)
        self.paths = cursor_paths(profile)
        self.timer = TapHoldTimer()
        self.now = 0

    def press(self, event, kind, expect=None):
        """Press the board's word for ``event``, as the desktop plays it;
        ``expect(app)`` must then be true."""
        word = self.words[event]
        app = self.app
        handed = []
        handle = app.handle
        app.handle = lambda given: (handed.append(given), handle(given))
        try:
            for given in parse_keys(word, words=self.own):
                if isinstance(given, Press):
                    self.now = press_key(app, self.timer, given, self.now)
                elif isinstance(given, Typed):  # (a key typed on the serial input)
                    for typed in given.events:
                        app.handle(typed)
                else:
                    app.handle(given)
                while app.hint is not None:  # (as the desktop's run_script)
                    app.tick(self.now)
        finally:
            del app.handle
        self.script.words.append(word)
        self.script.kinds.append(kind)
        self.script.events.append(handed)
        if expect is not None and not expect(app):
            raise AssertionError("%s deal %d, press %d (%s, %s) did not do what it should"
                                 % (self.script.board, self.script.deal, len(self.script.words),
                                    word, kind))

    def go_to(self, place, kind="cursor"):
        for direction in self.paths[self.app.cursor, place]:
            there = step(self.app.cursor, direction)
            self.press(direction, kind,
                       lambda app, there=there: app.screen == PLAY and app.cursor == there)

    def cost(self, move):
        """Presses ``move`` takes from where the cursor is."""
        source, target = divmod(move, 20)
        reach = len(self.paths[self.app.cursor, source])
        if best_move(self.app.game, source) == move:
            return reach + 1
        return reach + 2 + len(self.paths[source, target])

    def move(self, move, lift=False):
        """Play ``move`` (a card's): the quick move if it makes it (and not
        ``lift``), else the card lifted and put down where it goes."""
        app = self.app
        source, target = divmod(move, 20)
        before = len(app.game.move_stack())

        def played(app):
            stack = app.game.move_stack()
            return (len(stack) == before + 1 and stack[-1] == move
                    and app.screen in (PLAY, STUCK, WON_SCREEN))

        self.go_to(source)
        if best_move(app.game, source) == move and not lift:
            if app.last_event == A and not isinstance(self.own.get(self.words[A | HOLD]), Press):
                # (the desktop's HOLD_A, where the board's A is the game's, is a
                # bare hold, as a key typed on the serial input that gives A held
                # is (the Cardputer's C): after an A it would be that press's,
                # and do nothing)
                self.press(A, "lift", lambda app: app.lifted == source)
                self.press(A, "quick move (A twice)", played)
            else:
                self.press(A | HOLD, "quick move (A held)", played)
        else:
            self.press(A, "lift", lambda app: app.lifted == source)
            self.go_to(target, "cursor, a card lifted")
            self.press(A, "put down", played)
        self.script.moves += 1

    def menu(self, close=True):
        """Open the menu (START), and close it (B)."""
        self.press(START, "menu: open", lambda app: app.screen == MENU)
        if close:
            self.press(B, "menu: close", lambda app: app.screen == PLAY)

    def redeal(self):
        """Redeal: A on the stuck screen, where only a redeal is left; else
        the menu's Redeal (the new deal may be stuck at once)."""
        rounds = self.app.game.round
        if self.app.screen == STUCK:
            self.press(A, "stuck: A redeals", lambda app: app.screen in (PLAY, STUCK)
                       and app.game.round == rounds + 1)
        else:
            self.menu(close=False)
            for item in range(1, REDEAL_ITEM + 1):
                self.press(DOWN, "menu: move",
                           lambda app, item=item: app.states[MENU].item == item)
            self.press(A, "redeal (the menu's item)", lambda app: app.screen in (PLAY, STUCK)
                       and app.game.round == rounds + 1)
        self.script.redeals += 1

    def overview(self):
        self.press(SELECT, "overview: open",
                   lambda app: app.screen == (OVERVIEW if app.cursor < 12 else PEEK))
        self.press(B, "overview: close", lambda app: app.screen == PLAY)

    def undo_redo(self):
        """B takes the last move back; after a step of the cursor (so that
        the hold is no B's that came before it), B held gives it again."""
        app = self.app
        moves = app.game.move_stack()
        self.press(B, "B: undo", lambda app: app.game.move_stack() == moves[:-1])
        self.go_to(step(app.cursor, RIGHT if RIGHT in self.words else DOWN))
        self.press(B | HOLD, "B held: redo", lambda app: app.game.move_stack() == moves)
        if app.screen == STUCK:  # (the move given again leaves only a redeal, as it did)
            self.press(B, "stuck: close", lambda app: app.screen == PLAY)

    def next_move(self, todo):
        """The index in ``todo`` of the move to play next: of the next
        LOOK_AHEAD before a redeal, the fewest presses away that keeps the
        rest of the line legal."""
        game = self.app.game
        best = 0
        best_cost = None
        for index in range(min(LOOK_AHEAD, len(todo))):
            move = todo[index]
            if move == REDEAL:
                break
            if not game.is_legal(move):
                continue
            cost = self.cost(move)
            if best_cost is not None and cost >= best_cost:
                continue
            if index and not _line_holds(game, todo, index):
                continue
            best, best_cost = index, cost
        return best

    def follow(self, line, moves=None, then=None, lifted=0):
        """Play ``line`` (moves and redeals) from the game's position, or
        till ``moves`` card moves are made; ``then(player)`` after the card
        move its count names (``{count: function}``); the first ``lifted``
        card moves lifted and put down, whatever the quick move would do."""
        todo = list(line)
        then = then or {}
        while todo and (moves is None or self.script.moves < moves):
            index = self.next_move(todo)
            move = todo.pop(index)
            if move == REDEAL:
                self.redeal()
            else:
                self.move(move, self.script.moves < lifted)
            if self.app.screen == STUCK and not (todo and todo[0] == REDEAL):
                self.press(B, "stuck: close", lambda app: app.screen == PLAY)
            for count in sorted(then):  # (on the table: not on the stuck screen)
                if count <= self.script.moves and self.app.screen == PLAY:
                    then.pop(count)(self)


def _line_holds(game, todo, index):
    """Whether ``todo`` stays a legal line with its move ``index`` first."""
    copy = Game.from_notation(game.notation())
    for move in [todo[index]] + todo[:index] + todo[index + 1:]:
        if not copy.is_legal(move):
            return False
        copy.push(move)
    return True


def winning_line(game, budget=60):
    """The solver's winning line from ``game``'s position."""
    from sthelena.solver.search import solve

    result = solve(Game.from_notation(game.notation()), budget=budget)
    if result.result != "win":
        raise RuntimeError("the solver did not win %s: %s" % (game.notation(), result.result))
    return list(result.moves)


def game_script(profile, number, moves=40, lifted=2, opening=True):
    """The script of deal ``number`` on ``profile``'s board: the menu and the
    overview opened and closed (``opening``), ``moves`` card moves of the
    solver's line (redeals on the stuck screen or by the menu), the first
    ``lifted`` of them lifted and put down, one taken back and given again,
    and the menu opened and closed (see the module's docstring)."""
    game = Game.deal(number)
    script = Script(profile.name, number, record_of(game))
    player = Player(profile, script)
    if player.app.screen == STUCK:  # (a deal stuck from the start: its redeal comes first)
        player.press(B, "stuck: close", lambda app: app.screen == PLAY)
    if opening:
        player.menu()
        player.overview()
    player.follow(winning_line(game), moves, {moves // 2: Player.undo_redo}, lifted)
    player.menu()
    return script


def whole_game(profile, number):
    """Deal ``number`` won on ``profile``'s board by its keys alone (the
    solver's line, as ``game_script`` plays it): the script and its Player,
    whose App shows the won screen."""
    game = Game.deal(number)
    script = Script(profile.name, number, record_of(game))
    player = Player(profile, script)
    player.follow(winning_line(game))
    if not player.app.game.is_won() and player.app.can_finish:
        player.go_to(12)
        player.press(A, "A on a foundation: every card home",
                     lambda app: app.screen == WON_SCREEN)
    return script, player


def soak_words(profile, count, seed, resets=2):
    """``count`` of the board's own words at random (``seed``), each key
    tapped, held or held long, with ``resets`` RESETs spread among them."""
    import random

    rng = random.Random(seed)
    keys = [word for word, _, _ in profile.keys.keys]
    words = []
    for _ in range(count):
        word = rng.choice(keys)
        form = rng.random()
        words.append(word if form < 0.7 else ("HOLD_" if form < 0.9 else "LONG_") + word)
    for index in range(resets):
        words.insert((index + 1) * len(words) // (resets + 1) + index, "RESET")
    return words
