"""Won games for the press benchmark and the auto-play test (desktop only).

A game is made backwards from the won position: cards are taken off the
foundations onto the piles, now and then a card moves between piles, each
step one whose forward move is legal. The steps reversed are a winning line.
The game starts with no redeal left (so no first-deal limit) and every card
on the piles, as a real deal has them.

``play_through_buttons`` plays such a game on the App by pressing its
buttons as a player following the line would, and counts the presses.
"""

import random
from collections import deque

from sthelena.app import buttons
from sthelena.app.table.autoplay import best_move
from sthelena.app.table.layout import step
from sthelena.core.game import Game
from sthelena.core.rules import Rules

_DIRECTIONS = (buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT)


def won_game(seed, rules="st-helena", shuffle_share=0.3, cards_out=96):
    """A game with ``cards_out`` cards on the piles (96: all but the bases,
    as dealt) and a winning line: (notation, [(forward move, the card it
    moves)...])."""
    rng = random.Random(seed)
    parsed = Rules.parse(rules)
    game = Game(parsed)
    game.round = parsed.redeals
    game.foundations[:] = bytes([13] * 8)
    line = []
    while sum(game.foundations) > 104 - cards_out:  # the bases stay, as in a deal
        if rng.random() < shuffle_share:
            source = rng.randrange(12)
            target = rng.randrange(12)
            if source == target or not game.piles[source]:
                continue
            card = game.piles[source][-1]
            game.piles[source][-1:] = b""
            game.piles[target].append(card)
            forward = target * 20 + source
        else:
            foundation = rng.randrange(8)
            card = game.top(12 + foundation)
            if game.foundations[foundation] <= 1:
                continue
            target = rng.randrange(12)
            game.foundations[foundation] -= 1
            game.piles[target].append(card)
            forward = target * 20 + 12 + foundation
        if game.is_legal(forward):
            line.append((forward, card))
        else:  # not a step a player could take forward: back out
            if forward % 20 >= 12:
                game.piles[target][-1:] = b""
                game.foundations[forward % 20 - 12] += 1
            else:
                game.piles[target][-1:] = b""
                game.piles[source].append(card)
    line.reverse()
    return game.notation(), line


def shortest_paths(directions):
    """``{(from, to): [direction...]}``: the fewest cursor presses of
    ``directions`` from each place to each other (the rows and columns
    wrap); a place they cannot reach has no entry."""
    table = {}
    for start in range(20):
        seen = {start: []}
        todo = deque([start])
        while todo:
            place = todo.popleft()
            for direction in directions:
                there = step(place, direction)
                if there not in seen:
                    seen[there] = seen[place] + [direction]
                    todo.append(there)
        for place, path in seen.items():
            table[start, place] = path
    return table


PATHS = shortest_paths(_DIRECTIONS)
SCHEMES = ("pick up and put down", "A twice", "A held (one press)", "A held, auto-play on")


LOOK_AHEAD = 6  # line moves a player weighs at each step


def _nearest(game, todo, cursor):
    """The index, among the next LOOK_AHEAD moves of ``todo``, of the one
    whose card is nearest the cursor and which can be played now without
    spoiling the rest of the line (tried on a copy); 0 if none can."""
    best = 0
    best_distance = None
    for index in range(min(LOOK_AHEAD, len(todo))):
        move, card = todo[index]
        if game.top(move // 20) != card or not game.is_legal(move):
            continue
        distance = len(PATHS[cursor, move // 20])
        if best_distance is not None and distance >= best_distance:
            continue
        if index and not _line_holds(game, todo, index):
            continue
        best = index
        best_distance = distance
    return best


def _line_holds(game, todo, index):
    """Whether ``todo`` stays a legal line with its move ``index`` played first."""
    copy = Game.from_notation(game.notation())
    order = [todo[index]] + todo[:index] + todo[index + 1:]
    for move, card in order:
        if copy.top(move // 20) != card or not copy.is_legal(move):
            return False
        copy.push(move)
    return True


def play_through_buttons(app, line, scheme):
    """Play ``line`` on ``app`` by its buttons, as a player of ``scheme``
    (an index into SCHEMES) would: of the next few moves of the line, the
    one nearest the cursor that keeps the rest of the line legal; moves
    that auto-play made already are skipped, and a card the line moves that
    auto-play sent home is left there. Returns (presses, card moves played,
    won)."""
    presses = 0

    def press(event):
        nonlocal presses
        presses += 1
        app.handle(event)

    def go_to(place):
        for direction in PATHS[app.cursor, place]:
            press(direction)

    def play(move):
        source, target = divmod(move, 20)
        go_to(source)
        if scheme > 0 and best_move(app.game, source) == move:
            press(buttons.A)
            if scheme == 1:
                press(buttons.A)
            else:
                app.handle(buttons.A | buttons.HOLD)  # the same press, held
        else:
            press(buttons.A)
            go_to(target)
            press(buttons.A)

    app.auto_on = scheme == 3
    todo = list(line)
    while todo:
        game = app.game
        index = _nearest(game, todo, app.cursor)
        move, card = todo.pop(index)
        if game.top(move // 20) != card or not game.is_legal(move):
            continue  # auto-play has played it, or played its card home
        play(move)
    _home(app, play)
    return presses, len(app.game.move_stack()), app.game.is_won()


def _home(app, play):
    """Whatever auto-play changed in the line, the cards left go home, by ``play``."""
    while not app.game.is_won():
        homes = [move for move in app.game.legal_moves() if move % 20 >= 12 > move // 20]
        if not homes:
            break
        play(homes[0])


CLICK_SCHEMES = ("click, click", "double click home", "held click", "held click, auto-play",
                 "drag", "drag, auto-play")
_AUTO_PLAY_SCHEMES = (3, 5)


def point_of(screen, place):
    """The screen pixel over the top card of ``place``: where the fanned
    table shows it now (FanScreen), or on the scaled table (BigScreen)."""
    if hasattr(screen, "place_point"):
        return screen.place_point(place)
    from sthelena.app.table.layout import place_x, place_y

    return screen.from_table(place_x(place) + 12, place_y(place) + 12)


def play_through_clicks(app, line, scheme, mouse):
    """Play ``line`` on ``app`` by the mouse alone, as a player of ``scheme``
    (an index into CLICK_SCHEMES) would: click the card, then where it goes;
    or, when the quick move makes the wanted move, click it twice (the double
    click), or hold the click (one click); or drag each card where it goes;
    auto-play on in the held click's and the drag's second schemes.
    ``mouse``: a DesktopMouse on the app's screen. Returns (clicks and
    drags, card moves played, won)."""
    from sthelena.app.big_screen.pointer import LEFT_BUTTON

    clicks = 0

    def click(place, held=False):
        nonlocal clicks
        clicks += 1
        mouse.click(LEFT_BUTTON, *point_of(mouse.screen, place), held=held)

    def play(move):
        nonlocal clicks
        source, target = divmod(move, 20)
        if scheme >= 4:
            clicks += 1
            mouse.drag(*(point_of(mouse.screen, source) + point_of(mouse.screen, target)))
        elif scheme > 0 and best_move(app.game, source) == move:
            if scheme == 1:
                click(source)
                click(source)
            else:
                click(source, True)
        else:
            click(source)
            click(target)

    app.auto_on = scheme in _AUTO_PLAY_SCHEMES
    todo = list(line)
    while todo:
        move, card = todo.pop(0)
        if app.game.top(move // 20) != card or not app.game.is_legal(move):
            continue  # auto-play has played it, or played its card home
        play(move)
    _home(app, play)
    return clicks, len(app.game.move_stack()), app.game.is_won()


def mouse_words(text, line, size=(720, 400), drag=False):
    """The desktop's ``--keys`` words playing ``line`` from the position
    ``text`` on the Fruit Jam's fanned table of ``size``: CLICK@X,Y on each
    card and then where it goes, or (``drag``) DRAG@X1,Y1:X2,Y2 from one to
    the other (auto-play off, as a new save has it)."""
    from sthelena.app.big_screen.fan_layout import FanLayout

    layout = FanLayout(*size)
    game = Game.from_notation(text)

    def at(place):
        return layout.centre(place, game.pile_size(place) if place < 12 else 1)

    words = []
    for move, _ in line:
        source, target = divmod(move, 20)
        if drag:
            words.append("DRAG@%d,%d:%d,%d" % (at(source) + at(target)))
        else:
            words += ["CLICK@%d,%d" % at(source), "CLICK@%d,%d" % at(target)]
        game.push(move)
    return words
