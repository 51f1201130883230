"""What the fanned tables' tests share (tests/app/test_fan_table.py,
test_fan_drag.py, test_small_fan_tables.py): a stand-in display of any
size, an App on it with the desktop's mouse (the Fruit Jam's table, or
another geometry's), random moves, and the check that every place's tiles
show the core's cards."""

import random

from tests.helpers.app_driver import make_app
from tests.helpers.fan_reader import MORE, read_tiles
from sthelena.app import buttons
from sthelena.app.big_screen.fan_geometry import FRUIT_JAM
from sthelena.app.big_screen.fan_table import FanScreen
from sthelena.app.screens.common import PLAY
from sthelena.desktop.mouse import DesktopMouse

SIZES = [(720, 400), (640, 480)]


class Screen:
    """A display of any size: what FanScreen reads and sets."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None


def fan_app(size, sheet, fan_sheet, geometry=FRUIT_JAM, **options):
    """A FanScreen of ``size`` at ``geometry``'s sizes, an App on it (deal
    2026 unless told) and the desktop's mouse: (screen, app, mouse)."""
    screen = FanScreen(Screen(*size), fan_sheet, geometry)
    options.setdefault("deal", 2026)
    app = make_app(screen, sheet, **options)
    return screen, app, DesktopMouse(app, screen)


def random_moves(game, count, seed):
    """Push up to ``count`` random legal moves (homes first half the time)."""
    rng = random.Random(seed)
    for _ in range(count):
        moves = [move for move in game.legal_moves()]
        if not moves:
            return
        homes = [move for move in moves if move < 400 and move % 20 >= 12 > move // 20]
        game.push(rng.choice(homes if homes and rng.random() < 0.5 else moves))


def check_tiles(screen, app):
    """Every place's cards as its tiles show them are the core's (the
    deepest of a pile longer than its room as edges), each top card whole."""
    if app.screen != PLAY:  # the stuck screen (a move may end the game): B, the table
        app.handle(buttons.B)
    assert app.screen == PLAY
    game = app.game
    layout = screen.layout
    for place in range(12):
        cards, _ = read_tiles(app.view, place)
        pile = list(game.piles[place])
        room = layout.room[place]
        if len(pile) <= room:
            assert cards == pile, place
        else:
            assert cards == [MORE] + pile[len(pile) - room + 1:], place
    for place in range(12, 20):
        cards, following = read_tiles(app.view, place)
        count = game.foundations[place - 12]
        top = game.top(place)
        assert cards == [top or (((place - 12) & 3) << 4 | (1 if place >= 16 else 13))]
        suit = (place - 12) & 3
        if count < 13:
            assert following == suit << 4 | (count + 1 if place >= 16 else 13 - count)
        else:
            assert following is None
