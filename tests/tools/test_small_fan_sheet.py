"""The small fan sheet, assets/sheet-fan.bmp (the 320x240 and 240x135
fanned tables' cards, tiles of 6 x 8): tools/build/assets/fan_sheet.py's
drawing, made byte for byte by make_assets, loaded as drawn by the board's
loader, every card's corner told apart. The Fruit Jam's fan sheet:
tests/tools/test_assets.py."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.table import tiles
from tests.helpers import ROOT
from tools.build.assets import fan_sheet, make_assets

SMALL_FAN_SHEET = ROOT / "assets" / "sheet-fan.bmp"


@pytest.fixture(scope="module")
def drawn():
    return fan_sheet.draw_small()


def tile(drawn, number):
    """The 8 rows of 6 palette indices of one tile of the small sheet."""
    x = number % fan.FAN_SHEET_COLUMNS * 6
    y = number // fan.FAN_SHEET_COLUMNS * 8
    return [bytes(row[x:x + 6]) for row in drawn[y:y + 8]]


def test_the_small_fan_sheet_regenerates_byte_for_byte_and_loads_as_drawn(tmp_path, drawn):
    from sthelena.app.table.sheet import load_sheet

    out = tmp_path / "fan.bmp"
    make_assets.main([str(tmp_path / "sheet.bmp"), "--small-fan", str(out)])
    assert out.read_bytes() == SMALL_FAN_SHEET.read_bytes(), \
        "assets/sheet-fan.bmp is stale: run python -m tools.build.assets.make_assets"
    assert not (tmp_path / "sheet-fruitjam.bmp").exists()  # (--fan not asked: not written)
    bitmap = load_sheet(str(SMALL_FAN_SHEET))
    assert (bitmap.width, bitmap.height) == (96, 56) == (len(drawn[0]), len(drawn))
    assert [bytes(bitmap[x, y] for x in range(96)) for y in range(56)] == \
        [bytes(row) for row in drawn]


def test_the_small_sheets_corners_show_each_card_and_its_suit_apart(drawn):
    names = [name for name, *_ in fan_sheet.small_pictures()]
    assert len(names) == len(set(names)) == 9 + 2 + 4 + 4 * (1 + 13 + 1)
    corners = set()
    suits = set()
    for suit in range(4):
        ink = tiles.SUIT_INK + suit
        mark = tile(drawn, fan.SUIT_INDEX + suit)
        assert set(b"".join(mark)) == {fan.EDGE, tiles.PAPER, ink}
        assert all(row[0] == fan.EDGE for row in mark) and set(mark[0][1:]) == {tiles.PAPER}
        suits.add(tuple(bytes(v == ink for v in row) for row in mark))
        for rank in range(1, 14):
            rows = tile(drawn, fan.RANK_INDEX + 13 * suit + rank - 1)
            assert rows[0][0] == tiles.TABLE and set(rows[0][1:]) == {fan.EDGE}  # the corner
            assert all(row[0] == fan.EDGE for row in rows[1:])
            assert set(b"".join(rows)) == {tiles.TABLE, fan.EDGE, tiles.PAPER, ink}
            corners.add(tuple(bytes(v == ink for v in row) for row in rows))
        pip = [b"".join(tile(drawn, fan.PIP + 6 * suit + 3 * half + column)[row]
                        for column in range(3)) for half in range(2) for row in range(8)]
        assert set(b"".join(pip)) == {tiles.PAPER, ink}
        inked = [x for row in pip for x, v in enumerate(row) if v == ink]
        assert min(inked) >= 2 and max(inked) <= 15  # 14 pixels wide, centred in 18
    assert len(corners) == 13 and len(suits) == 4  # one shape a rank, whatever its colour
    # the marks in a card's bottom-right corner, with its right and bottom edges
    for sign in (fan.TARGET_SIGN, fan.BLOCKED_SIGN):
        rows = tile(drawn, sign)
        assert all(row[5] == fan.EDGE for row in rows[:7]) and rows[7][:5] == bytes([fan.EDGE]) * 5
    assert tile(drawn, fan.EDGE_RIGHT_BOTTOM)[7] == tile(drawn, fan.TARGET_SIGN)[7]
    with pytest.raises(ValueError, match="not 6 x 8"):
        fan_sheet.check_small("x", 1, 1, None, ["." * 6] * 7)
    with pytest.raises(ValueError, match="outside the legend"):
        fan_sheet.check_small("x", 1, 1, None, ["." * 5 + "#"] + ["." * 6] * 7)
