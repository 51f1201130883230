"""The table drawn without vectorio (sthelena/app/table/shapeless.py), as a
firmware built without it draws it (the Wio Terminal's): the places where
the library's GridLayout puts them and the baize over the area vectorio's
rectangle covers, on CPython through Blinka's displayio; and the desktop's
``--board wio-terminal`` frames, which play without vectorio as the board
does, the same pixels as with it."""

import os
import subprocess
import sys

import displayio
import pytest

from tests.helpers.firmware_helpers import pixels
from tests.helpers.mpvm import REPO_ROOT
from sthelena.app.table.layout import placed
from sthelena.app.table.shapeless import placed_by_hand, shapeless_rectangle
from sthelena.app.table.tiles import SHEET_COLUMNS, SHEET_ROWS
from sthelena.app.table.view import BAIZE
from sthelena.boards import catalogue


@pytest.mark.parametrize("across, down", [(6, 8), (9, 12)], ids=["handheld-sheet", "large-sheet"])
def test_the_places_go_where_the_layout_puts_them(across, down):
    sheet = displayio.Bitmap(SHEET_COLUMNS * across, SHEET_ROWS * down, 16)
    palette = displayio.Palette(16)

    def where(place):
        grids = [displayio.TileGrid(sheet, pixel_shader=palette, width=4, height=3,
                                    tile_width=across, tile_height=down) for _ in range(20)]
        group = place(grids, across, down)
        assert list(group) == grids  # every place, in order
        return (group.x, group.y), [(grid.x, grid.y) for grid in grids]

    by_hand = where(placed_by_hand)
    assert by_hand == where(placed)
    assert len(set(by_hand[1])) == 20


@pytest.mark.parametrize("width, height, block", [(160, 128, 32), (240, 192, 48), (100, 30, 10)])
def test_the_baize_covers_what_the_rectangle_covers(width, height, block):
    palette = displayio.Palette(1)
    palette[0] = BAIZE
    group = shapeless_rectangle(palette, width, height)
    (grid,) = list(group)
    bitmap = grid.bitmap
    assert (group.x, group.y, grid.x, grid.y) == (0, 0, 0, 0) and group.scale == block
    assert (bitmap.width * block, bitmap.height * block) == (width, height)
    assert {bitmap[x, y] for x in range(bitmap.width) for y in range(bitmap.height)} == {0}
    assert grid.pixel_shader is palette


# The desktop played as the Wio Terminal with vectorio (its profile's lacks emptied).
WITH_VECTORIO = """
import sys
from sthelena.boards import catalogue
found = catalogue.profiles
def profiles():
    every = found()
    for profile in every:
        profile.lacks = ()
    return every
catalogue.profiles = profiles
from sthelena.desktop import window
sys.exit(window.main(sys.argv[1:]))
"""


def test_the_wio_terminals_frames_are_the_same_with_vectorio_or_without(tmp_path):
    assert catalogue.named("wio-terminal").lacks == ("vectorio",)
    keys = "RIGHT PRESS DOWN PRESS BUTTON_2 DOWN BUTTON_1 BUTTON_3 BUTTON_1 HOLD_BUTTON_3"
    runs = {}
    for name, program in (("without", ["code.py"]), ("with", ["-c", WITH_VECTORIO])):
        frames = tmp_path / name
        run = subprocess.run(
            [sys.executable] + program + ["--board", "wio-terminal", "--deal", "5", "--no-save",
                                          "--keys", keys, "--frames", str(frames)],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=300,
            env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
        assert run.returncode == 0, run.stderr
        runs[name] = [pixels(path) for path in sorted(frames.iterdir())]
    assert len(runs["without"]) == len(keys.split()) + 1
    assert runs["without"] == runs["with"]
    assert len({frame for _, frame in runs["with"]}) >= 5  # (the presses drew: table, menu...)
