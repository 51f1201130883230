"""The 320x240 and 240x135 fanned tables on MicroPython: the table each
screen takes (big_screen/tables.py) made, played and drawn under the
MicroPython VM, by the web page's displayio in Python (which draws what
Blinka's does, pixel for pixel: sthelena/web/screen.py), frame for frame the
desktop's (tests/helpers/fan_shots.py plays both the same); and the cursor's
steps and a lift allocating nothing there."""

import pytest

from tests.helpers.desktop_helpers import load_png
from tests.helpers.fan_shots import SHOTS, STEPS, desktop_frames, random_line
from tests.helpers.mpvm import REPO_ROOT
from tests.helpers.web_helpers import run_web_vm

VM_PLAY = """
from sthelena.web.screen import Screen
from sthelena.app.big_screen.tables import fit_table, table_screen
from sthelena.app.game_app import App
from sthelena.app.table.view import FOUR_COLOURS


class Store:
    def __init__(self):
        self.data = None

    def load(self):
        return self.data

    def save(self, data):
        self.data = bytes(data)


class Speaker:
    def play(self, sound):
        pass


width, height = %d, %d
MOVES = %r
TEXTS = "/assets/help.txt"
board = Screen(width, height)
screen, sheet = table_screen(board, fit_table(width, height), "/assets")
print(type(screen).__name__, screen.layout.geometry.card_width, sheet.width)


def shot(name):
    board.refresh()
    want = open("/" + name + ".rgba", "rb").read()
    frame = board.frame
    wrong = 0
    first = None
    for y in range(height):  # row by row: a row that agrees is one comparison
        start = 4 * width * y
        if frame[start:start + 4 * width] == want[start:start + 4 * width]:
            continue
        for x in range(width):
            at = start + 4 * x
            if want[at:at + 4] != frame[at:at + 4]:
                wrong += 1
                if first is None:
                    first = (x, y)
    print(name, wrong, first)
"""


@pytest.mark.vm
@pytest.mark.parametrize("size, card", [((320, 240), 30), ((240, 135), 12)],
                         ids=["320x240", "240x135"])
def test_micropython_draws_what_the_desktop_draws(tmp_path, size, card):
    moves = random_line(70)
    desktop_frames(tmp_path, size, moves)
    files = {"assets/sheet-fan.bmp": str(REPO_ROOT / "assets" / "sheet-fan.bmp"),
             "assets/sheet-large.bmp": str(REPO_ROOT / "assets" / "sheet-large.bmp")}
    for name in SHOTS:
        width, height, _, data = load_png(tmp_path / ("frame-%s.png" % name))
        assert (width, height) == size
        rgba = b"".join(data[at:at + 3] + b"\xff" for at in range(0, len(data), 3))
        (tmp_path / (name + ".rgba")).write_bytes(rgba)  # (as the page's frame: opaque)
        files[name + ".rgba"] = str(tmp_path / (name + ".rgba"))
    lines = run_web_vm(VM_PLAY % (size[0], size[1], moves) + STEPS, files)
    text_width = 144 if size == (320, 240) else 96  # the large sheet's, or the small one's
    assert lines == ["FanScreen %d %d" % (card, text_width)] + \
        ["%s 0 None" % name for name in SHOTS]


# Within one VM call nothing is collected, so gc.mem_alloc() grows by what a
# press allocated (as tests/app/test_app_menu.py measures the menu's keys),
# with the stand-in displayio, which allocates as the firmware's does.
PRESSES_IN_THE_VM = """
import sys
sys.path.append("/lib/standins")
import gc, displayio
from sthelena.app.big_screen.fan_geometry import SMALL, SHORT
from sthelena.app.big_screen.fan_table import FanScreen
from sthelena.app.game_app import App
from sthelena.app.buttons import UP, DOWN, LEFT, RIGHT, A, B


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None


class Store:
    def load(self):
        return None

    def save(self, data):
        pass


class Speaker:
    def play(self, sound):
        pass


def cost(app, event):
    before = gc.mem_alloc()
    app.handle(event)
    return gc.mem_alloc() - before


for width, height, geometry, text in ((320, 240, SMALL, (144, 156)), (240, 135, SHORT, (96, 104))):
    screen = FanScreen(Display(width, height), displayio.Bitmap(96, 56, 16), geometry)
    app = App(screen, Store(), Speaker(), displayio.Bitmap(text[0], text[1], 16), deal=%d)
    app.handle(RIGHT)  # (each drawn once first)
    app.handle(LEFT)
    steps = [cost(app, RIGHT), cost(app, DOWN), cost(app, UP), cost(app, LEFT)]
    app.cursor = %d
    lift = [cost(app, A), cost(app, B), cost(app, A), cost(app, B)]
    print(width, height, max(steps), max(lift), app.lifted)
"""


@pytest.mark.vm
def test_the_cursor_and_a_lift_allocate_nothing_on_the_board():
    from sthelena.core.game import Game
    from tests.helpers.mpvm import run_micropython

    deal = 2026
    source = next(move // 20 for move in Game.deal(deal, "st-helena").legal_moves()
                  if move < 240)
    lines = run_micropython(PRESSES_IN_THE_VM % (deal, source),
                            packages=("sthelena", "tools/harness/standins")).splitlines()
    assert lines == ["320 240 0 0 -1", "240 135 0 0 -1"]
