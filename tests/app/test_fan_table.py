"""The Fruit Jam's fanned table, on CPython through the real
displayio stack (Blinka): the layout at 720x400 and 640x480, and every card
of every pile read back from the view's tiles and from a frame's pixels
against the core's piles. Its drag and drop: tests/app/test_fan_drag.py."""

import os
import subprocess
import sys

import pytest

from tests.helpers.desktop_helpers import ROOT, load_png
from tests.helpers.fan_helpers import SIZES, check_tiles, fan_app, random_moves
from tests.helpers.fan_reader import MORE, PixelReader, read_tiles
from sthelena.app import buttons
from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.screens.common import NOWHERE
from sthelena.app.table.view import TWO_COLOURS
from sthelena.core.game import Game
from tools.harness.won_games import won_game


# -- the layout ---------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_every_place_has_its_slot_on_screen_and_the_pointer_finds_it(size):
    layout = fan.FanLayout(*size)
    boxes = []
    for place in range(20):
        room = layout.room[place]
        assert room >= (11 if place < 12 else 1)
        right = layout.top_left(place, room) + fan.CARD_WIDTH
        bottom = layout.top[place] + fan.CARD_HEIGHT + (fan.LABEL_HEIGHT if place >= 12 else 0)
        assert 0 <= layout.left[place] and right <= size[0] and bottom <= size[1]
        assert layout.top[place] >= fan.STATUS_HEIGHT
        boxes.append((layout.left[place], layout.top[place], right, bottom))
        for count in (0, 1, 8, room, room + 5):
            x, y = layout.centre(place, count)
            assert layout.place_at(x, y) == place
        assert layout.place_at(layout.left[place] + 1, layout.top[place] + 1) == place
    for one in range(20):
        for other in range(one):
            a, b = boxes[one], boxes[other]
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (one, other)
    assert layout.place_at(size[0] // 2, 3) == fan.STATUS_LINE
    assert layout.place_at(-1, 50) == NOWHERE and layout.place_at(size[0], 50) == NOWHERE
    assert fan.fits(*size) and not fan.fits(320, 240) and not fan.fits(360, 200)


def test_the_rooms_at_each_size():
    # cards a pile shows fanned before its deepest become edges: top and bottom rows, sides
    assert [fan.FanLayout(*size).room[place] for size in SIZES for place in (0, 4)] == [
        13, 19, 11, 15]


# -- reading the table back ---------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_every_pile_is_in_view_where_the_core_has_it(size, sheet, fan_sheet):
    screen, app, _ = fan_app(size, sheet, fan_sheet)
    check_tiles(screen, app)
    game = app.game
    longest = 0
    for seed in range(12):  # a game played on: piles grow, empty, foundations fill
        random_moves(game, 25, seed)
        app.start(game)
        check_tiles(screen, app)
        longest = max(longest, max(len(pile) for pile in game.piles))
    assert longest > 8


def test_a_pile_longer_than_its_room_shows_its_deepest_as_edges(sheet, fan_sheet):
    text, _ = won_game(0)
    game = Game.from_notation(text)
    piles = game.piles
    while len(piles[0]) < 20:  # pile 1 long: 13 fit
        for other in range(1, 12):
            if piles[other] and len(piles[0]) < 20:
                piles[0].append(piles[other].pop())
    screen, app, _ = fan_app((720, 400), sheet, fan_sheet, position=game.notation())
    cards, _ = read_tiles(app.view, 0)
    assert cards[0] == MORE and len(cards) == 13
    check_tiles(screen, app)


class _CountingGrid:
    """A grid that notes ``(name, tile index)`` of every tile written to it
    (a written tile is redrawn, even when its index is the same)."""

    def __init__(self, grid, name, written):
        self._grid = grid
        self._name = name
        self._written = written

    def __getattr__(self, name):
        return getattr(self._grid, name)

    def __setattr__(self, name, value):  # x, y, pixel_shader: the grid's own
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._grid, name, value)

    def __getitem__(self, index):
        return self._grid[index]

    def __setitem__(self, index, tile):
        self._written.add((self._name, index))
        self._grid[index] = tile


def test_a_mark_or_a_lift_redraws_the_top_card_only(sheet, fan_sheet):
    screen, app, _ = fan_app((720, 400), sheet, fan_sheet)
    view = app.view
    game = app.game
    written = set()
    for place in range(12):
        if view._fans[place] is not None:
            view._fans[place] = _CountingGrid(view._fans[place], place, written)
    source, target = next((move // 20, move % 20) for move in game.legal_moves()
                          if move < 240 and move % 20 < 12)
    marked = set()  # the target's top card: a mark alone writes its one tile
    view._tops[target] = _CountingGrid(view._tops[target], "top", marked)
    app.cursor = source
    app.handle(buttons.A)  # lifted: the source raised, its targets marked
    assert app.lifted == source
    assert view._tops[source].y == screen.layout.top[source] - fan.FAN_LIFT
    assert view._tops[target][4 * fan.CARD_COLUMNS + 3] == fan.TARGET_SIGN
    app.handle(buttons.B)  # put back: the marks and the lift go
    assert app.lifted == NOWHERE
    assert view._tops[source].y == screen.layout.top[source]
    assert view._tops[target][4 * fan.CARD_COLUMNS + 3] != fan.TARGET_SIGN
    fans_written = {name for name, _ in written}
    assert fans_written == set()  # no fan was written: only top cards
    assert marked == {("top", 4 * fan.CARD_COLUMNS + 3)}
    check_tiles(screen, app)
    app.cursor = source
    app.handle(buttons.A)
    app.cursor = target
    app.handle(buttons.A)  # played: the two piles' fans are drawn again
    assert game.history
    assert {name for name, _ in written} >= {source, target}
    check_tiles(screen, app)


SHOT = """
import random, sys
from sthelena.desktop import window as desktop
from sthelena.app.big_screen.fan_table import FanScreen
from sthelena.app.game_app import App
from sthelena.app.table.sheet import load_sheet
from sthelena.core.game import Game

width, height, moves = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
display = desktop.Display(window=False, size=(width, height))
screen = FanScreen(display, load_sheet(desktop.FAN_SHEET_PATH))
app = App(screen, desktop.MemoryStore(), desktop.Speaker(audio=False),
          load_sheet(desktop.SHEET_PATH), deal=2026)
game = app.game
rng = random.Random(7)
for _ in range(moves):
    legal = [move for move in game.legal_moves() if move < 400]
    if legal:
        game.push(rng.choice(legal))
app.cursor = 4  # a side pile: no foundation greyed by the first-deal limit
app.start(game)
if app.screen != 0:  # the stuck screen: B, back to the table
    app.handle(5)
display.refresh()
display.save_png(sys.argv[4])
print(game.notation())
"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moves", [0, 60])
def test_a_frames_pixels_read_back_every_card_of_every_pile(tmp_path, size, moves):
    script = tmp_path / "shot.py"
    script.write_text(SHOT)
    shot = tmp_path / "frame.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(script), str(size[0]), str(size[1]),
                           str(moves), str(shot)], capture_output=True, text=True, env=env,
                          cwd=str(ROOT), timeout=120)
    assert done.returncode == 0, done.stderr
    game = Game.from_notation(done.stdout.strip())
    width, height, _, frame = load_png(shot)
    assert (width, height) == size
    reader = PixelReader(frame, width, TWO_COLOURS)
    layout = fan.FanLayout(*size)
    for place in range(12):
        pile = list(game.piles[place])
        room = layout.room[place]
        seen = reader.pile(layout.left[place], layout.top[place], room)
        assert seen == (pile if len(pile) <= room else [MORE] + pile[len(pile) - room + 1:]), \
            place
    for place in range(12, 20):
        top = game.top(place)
        if top:  # (a foundation whose base moved off shows it greyed)
            assert reader.card_at(layout.left[place], layout.top[place]) == top, place
