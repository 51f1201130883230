"""The 320x240 and 240x135 fanned tables on MicroPython: the table each
screen takes (big_screen/tables.py) made, played and drawn under the
MicroPython VM, by the web page's displayio in Python (which draws what
Blinka's does, pixel for pixel: sthelena/web/screen.py), frame for frame the
desktop's (tests/helpers/fan_shots.py plays both the same)."""

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
