"""The sprite sheet: tools/build/assets/glyphs.py's art,
tools/build/assets/make_assets.py's BMP (the committed assets/sheet.bmp must be
what the generator makes), and the board's loader, sthelena/app/table/sheet.py,
run on Blinka's displayio."""

import os
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sthelena.app.table import tiles
from tests.helpers import ROOT
from tools.build.assets import glyphs, make_assets

SHEET = ROOT / "assets" / "sheet.bmp"
SUITS = 4


@pytest.fixture(scope="module")
def drawn():
    return make_assets.draw()


@pytest.fixture(scope="module")
def sheet_module():
    import displayio  # noqa: F401  (from requirements-dev.txt: a missing one must fail, not skip)
    from sthelena.app.table import sheet

    return sheet


def tile_pixels(drawn, tile):
    """The 8 rows of 6 palette indices of one tile."""
    x = tile % tiles.SHEET_COLUMNS * tiles.TILE_WIDTH
    y = tile // tiles.SHEET_COLUMNS * tiles.TILE_HEIGHT
    return [bytes(row[x:x + tiles.TILE_WIDTH]) for row in drawn[y:y + tiles.TILE_HEIGHT]]


def picture_pixels(drawn, first, across, down):
    """The picture of ``across`` x ``down`` tiles from ``first``, put back together."""
    rows = []
    for ty in range(down):
        parts = [tile_pixels(drawn, first + ty * across + tx) for tx in range(across)]
        rows += [b"".join(part[y] for part in parts) for y in range(tiles.TILE_HEIGHT)]
    return rows


# (1) The committed sheet is the generator's output.

def test_regenerating_gives_the_committed_sheet_byte_for_byte(tmp_path):
    out = tmp_path / "sheet.bmp"
    subprocess.run([sys.executable, "-m", "tools.build.assets.make_assets", str(out)],
                   check=True, cwd=str(tmp_path), env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.read_bytes() == SHEET.read_bytes(), \
        "assets/sheet.bmp is stale: run python -m tools.build.assets.make_assets"


def test_the_bmp_header_is_a_plain_4_bit_96_by_104_bitmap(drawn):
    data = make_assets.bmp_bytes(drawn)

    def field(at, size):
        return int.from_bytes(data[at:at + size], "little")

    assert data[:2] == b"BM" and field(2, 4) == len(data) == 14 + 40 + 64 + 48 * 104
    assert field(10, 4) == 118 and field(14, 4) == 40
    fields = (field(18, 4), field(22, 4), field(26, 2), field(28, 2), field(30, 4))
    assert fields == (96, 104, 1, 4, 0)
    assert field(46, 4) == 16


def test_the_png_preview_is_a_png(tmp_path):
    out = tmp_path / "sheet.png"
    make_assets.main([str(tmp_path / "sheet.bmp"), "--png", str(out), "--scale", "2"])
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 192 and int.from_bytes(data[20:24], "big") == 208


# (2) The loader gives exactly the drawn pixels.

def loaded_rows(bitmap):
    assert (bitmap.width, bitmap.height) == (make_assets.WIDTH, make_assets.HEIGHT)
    return [bytes(bitmap[x, y] for x in range(bitmap.width)) for y in range(bitmap.height)]


def test_load_sheet_gives_the_drawn_pixels(sheet_module, drawn):
    bitmap = sheet_module.load_sheet(str(SHEET))
    assert loaded_rows(bitmap) == [bytes(row) for row in drawn]


def test_load_sheet_without_bitmaptools_gives_the_same(sheet_module, drawn, monkeypatch):
    monkeypatch.setattr(sheet_module, "_READINTO", False)
    bitmap = sheet_module.load_sheet(str(SHEET))
    assert loaded_rows(bitmap) == [bytes(row) for row in drawn]


def top_down(data):
    """The same BMP with its rows stored top row first (a negative height)."""
    offset, stride = 118, 48
    rows = [data[offset + i * stride:offset + (i + 1) * stride] for i in range(104)]
    return data[:22] + (-104).to_bytes(4, "little", signed=True) + data[26:offset] \
        + b"".join(reversed(rows))


@pytest.mark.parametrize("fallback", [False, True])
def test_load_sheet_reads_top_down_rows(sheet_module, drawn, tmp_path, monkeypatch, fallback):
    if fallback:
        monkeypatch.setattr(sheet_module, "_READINTO", False)
    path = tmp_path / "down.bmp"
    path.write_bytes(top_down(SHEET.read_bytes()))
    assert loaded_rows(sheet_module.load_sheet(str(path))) == [bytes(row) for row in drawn]


# (3) The art: sizes, legend, colours, the guides glyphs.py promises.

def test_every_picture_fits_its_slot_and_the_legend():
    legend = set(make_assets.LEGEND) | {make_assets.INK}
    names = set()
    for name, first, across, down, ink, rows in make_assets.pictures():
        assert name not in names
        names.add(name)
        assert len(rows) == down * tiles.TILE_HEIGHT, name
        assert all(len(row) == across * tiles.TILE_WIDTH for row in rows), name
        assert set("".join(rows)) <= legend, name
        assert ink is not None or make_assets.INK not in "".join(rows), name
        assert 0 <= first and first + across * down <= tiles.TILE_COUNT, name
    assert len(names) == 95 + SUITS + 2 + 2 + 13 + SUITS + 2


def test_the_source_strings_use_only_the_legend_and_spaces():
    allowed = set(make_assets.LEGEND) | {make_assets.INK, " ", "\n"}
    texts = [text for _, text in glyphs.FONT] + list(glyphs.BIG_RANKS) + [
        glyphs.SMALL_SUITS, glyphs.ARROWS, glyphs.MARKERS, glyphs.BIG_SUITS, glyphs.EMPTIES]
    for text in texts:
        assert set(text) <= allowed
    chars = "".join(chars for chars, _ in glyphs.FONT)
    assert sorted(chars) == [chr(c) for c in range(32, 127)]


def test_a_bad_picture_is_refused():
    with pytest.raises(ValueError, match="not 6 x 8"):
        make_assets.check("x", 1, 1, tiles.TEXT, ["......"] * 7)
    with pytest.raises(ValueError, match="outside the legend"):
        make_assets.check("x", 1, 1, tiles.TEXT, ["....x."] + ["......"] * 7)
    with pytest.raises(ValueError, match="outside the legend"):
        make_assets.check("x", 1, 1, None, ["....#."] + ["......"] * 7)
    with pytest.raises(ValueError, match="different numbers"):
        make_assets.strip("...... ......\n......")


def test_tiles_hold_the_colours_their_pictures_may_use(drawn):
    def colours(first, across=1, down=1):
        return set(b"".join(picture_pixels(drawn, first, across, down)))

    for c in range(32, 127):
        assert colours(c - tiles.FIRST_CHAR) <= {tiles.PAPER, tiles.TEXT}, chr(c)
    assert colours(0) == {tiles.PAPER}  # the space
    assert colours(tiles.TABLE_TILE) == {tiles.TABLE}
    for suit in range(SUITS):
        ink = tiles.SUIT_INK + suit
        assert colours(tiles.SMALL_SUIT + suit) == {tiles.PAPER, ink}
        assert colours(tiles.BIG_SUIT + 4 * suit, 2, 2) == {tiles.PAPER, ink}
    for tile in (tiles.ARROW_UP, tiles.ARROW_DOWN):
        assert colours(tile) == {tiles.PAPER, tiles.TEXT}
    assert colours(tiles.TARGET, 2) == {tiles.PAPER, tiles.MARK}
    assert colours(tiles.BLOCKED, 2) == {tiles.PAPER, tiles.NOPE}
    for rank in range(1, 14):
        assert colours(tiles.BIG_RANK + 4 * (rank - 1), 2, 2) == {tiles.PAPER, tiles.INK}
    for tile in (tiles.EMPTY_ANY, tiles.EMPTY_NONE):
        assert colours(tile, 4, 2) == {tiles.TABLE, tiles.DIM}
    drawn_tiles = {tile for _, first, across, down, _, _ in make_assets.pictures()
                   for tile in range(first, first + across * down)}
    for tile in range(tiles.SHEET_COLUMNS * tiles.SHEET_ROWS):
        if tile not in drawn_tiles:
            assert colours(tile) == {tiles.TABLE}, tile


def test_font_glyphs_leave_the_right_column_and_bottom_row_clear(drawn):
    descenders = set("gjpqy,;")
    for c in range(33, 127):
        rows = tile_pixels(drawn, c - tiles.FIRST_CHAR)
        assert all(row[5] == tiles.PAPER for row in rows), chr(c)
        assert chr(c) in descenders or set(rows[7]) == {tiles.PAPER}, chr(c)
        assert set(b"".join(rows)) != {tiles.PAPER}, chr(c)


def test_card_pictures_stay_clear_of_the_cursor_frame(drawn):
    for rank in range(1, 14):
        rows = picture_pixels(drawn, tiles.BIG_RANK + 4 * (rank - 1), 2, 2)
        assert set(rows[0] + rows[1]) == {tiles.PAPER}, rank
        assert all(row[0] == row[1] == tiles.PAPER for row in rows), rank
    for suit in range(SUITS):
        rows = picture_pixels(drawn, tiles.BIG_SUIT + 4 * suit, 2, 2)
        assert set(rows[0] + rows[1]) == {tiles.PAPER}, suit
        assert all(row[10] == row[11] == tiles.PAPER for row in rows), suit
    for marker in (tiles.TARGET, tiles.BLOCKED):
        rows = picture_pixels(drawn, marker, 2, 1)
        assert set(rows[6] + rows[7]) == {tiles.PAPER}
        assert all(row[10] == row[11] == tiles.PAPER for row in rows)


def test_the_four_suits_differ_in_shape_not_only_colour(drawn):
    for first, across, down in ((tiles.SMALL_SUIT, 1, 1), (tiles.BIG_SUIT, 2, 2)):
        step = across * down
        shapes = {tuple(bytes(v != tiles.PAPER for v in row)
                        for row in picture_pixels(drawn, first + step * s, across, down))
                  for s in range(SUITS)}
        assert len(shapes) == SUITS


# (4) What is not the sheet is refused.

def bad_files():
    good = SHEET.read_bytes()

    def patch(at, value):
        return good[:at] + value + good[at + len(value):]

    return {
        "empty": b"",
        "short header": good[:40],
        "header only": good[:54],
        "cut pixels": good[:-1],
        "not BM": patch(0, b"XX"),
        "core header": patch(14, (12).to_bytes(4, "little")),
        "wrong width": patch(18, (95).to_bytes(4, "little")),
        "wrong height": patch(22, (127).to_bytes(4, "little")),
        "8-bit": patch(28, (8).to_bytes(2, "little")),
        "RLE": patch(30, (2).to_bytes(4, "little")),
        "pixels past the end": patch(10, (len(good) - 100).to_bytes(4, "little")),
    }


@pytest.mark.parametrize("fallback", [False, True])
@pytest.mark.parametrize("name", sorted(bad_files()))
def test_load_sheet_refuses_what_is_not_the_sheet(sheet_module, tmp_path, monkeypatch,
                                                  name, fallback):
    if fallback:
        monkeypatch.setattr(sheet_module, "_READINTO", False)
    path = tmp_path / "bad.bmp"
    path.write_bytes(bad_files()[name])
    with pytest.raises(ValueError):
        sheet_module.load_sheet(str(path))


# The loader under MicroPython (its row-by-row path: the VM has no
# bitmaptools), with a stand-in displayio.Bitmap of one byte a pixel.

FAKE_DISPLAYIO = '''
class Bitmap:
    def __init__(self, width, height, colours):
        self.width = width
        self.height = height
        self.data = bytearray(width * height)

    def __setitem__(self, index, value):
        self.data[index] = value
'''

MICROPYTHON_SCRIPT = '''
import binascii
with open("/sheet.bmp", "wb") as f:
    f.write(binascii.unhexlify("%s"))
with open("/bad.bmp", "wb") as f:
    f.write(b"BM" + bytes(60))
from sthelena.app.table.sheet import load_sheet, _READINTO
print(_READINTO)
# --- top level ---
import binascii, gc
gc.collect()
before = gc.mem_alloc()
bitmap = load_sheet("/sheet.bmp")
print(gc.mem_alloc() - before)
print(binascii.hexlify(bitmap.data).decode())
try:
    load_sheet("/bad.bmp")
except ValueError:
    print("ValueError")
'''


@pytest.mark.vm
def test_load_sheet_runs_under_micropython_without_allocating_per_pixel(tmp_path, drawn):
    from tests.helpers.mpvm import run_micropython

    fake = tmp_path / "displayio"
    fake.mkdir()
    (fake / "__init__.py").write_text(FAKE_DISPLAYIO)
    script = MICROPYTHON_SCRIPT % SHEET.read_bytes().hex()
    out = run_micropython(script, packages=("sthelena", str(fake))).split()
    assert out[0] == "False" and out[3] == "ValueError"
    assert bytes.fromhex(out[2]) == b"".join(bytes(row) for row in drawn)
    pixels = make_assets.WIDTH * make_assets.HEIGHT
    assert int(out[1]) < pixels + 2048  # the stand-in bitmap, a file, a header, a row


# (5) The fan sheet: the Fruit Jam's fanned table's cards (tools/build/assets/fan_sheet.py).

FAN_SHEET = ROOT / "assets" / "sheet-fruitjam.bmp"


@pytest.fixture(scope="module")
def fan_drawn():
    from tools.build.assets import fan_sheet

    return fan_sheet.draw()


def fan_tile(drawn, tile):
    """The 16 rows of 10 palette indices of one fan tile."""
    from sthelena.app.big_screen import fan_layout as fan

    x = tile % fan.FAN_SHEET_COLUMNS * fan.FAN_TILE_WIDTH
    y = tile // fan.FAN_SHEET_COLUMNS * fan.FAN_TILE_HEIGHT
    return [bytes(row[x:x + fan.FAN_TILE_WIDTH]) for row in drawn[y:y + fan.FAN_TILE_HEIGHT]]


def test_the_fan_sheet_regenerates_byte_for_byte_and_loads_as_drawn(tmp_path, fan_drawn,
                                                                     sheet_module):
    out = tmp_path / "fan.bmp"
    make_assets.main([str(tmp_path / "sheet.bmp"), "--fan", str(out)])
    assert out.read_bytes() == FAN_SHEET.read_bytes(), \
        "assets/sheet-fruitjam.bmp is stale: run python -m tools.build.assets.make_assets"
    bitmap = sheet_module.load_sheet(str(FAN_SHEET))
    assert (bitmap.width, bitmap.height) == (160, 112)
    assert [bytes(bitmap[x, y] for x in range(160)) for y in range(112)] == \
        [bytes(row) for row in fan_drawn]


def test_the_fan_sheets_corners_show_each_card_and_its_suit_apart(fan_drawn):
    from tools.build.assets import fan_sheet
    from sthelena.app.big_screen import fan_layout as fan

    names = [name for name, *_ in fan_sheet.pictures()]
    assert len(names) == len(set(names)) == 9 + 2 + 4 + 4 * (1 + 13 + 1)
    corners = set()
    for suit in range(SUITS):
        ink = tiles.SUIT_INK + suit
        mark = fan_tile(fan_drawn, fan.SUIT_INDEX + suit)
        assert set(b"".join(mark)) == {fan.EDGE, tiles.PAPER, ink}
        assert all(row[0] == fan.EDGE for row in mark)  # the card's left edge
        for rank in range(1, 14):
            rows = fan_tile(fan_drawn, fan.RANK_INDEX + 13 * suit + rank - 1)
            assert rows[0][0] == tiles.TABLE and set(rows[0][1:]) == {fan.EDGE}  # the corner
            assert all(row[0] == fan.EDGE for row in rows[1:])
            assert set(b"".join(rows)) == {tiles.TABLE, fan.EDGE, tiles.PAPER, ink}
            corners.add(tuple(bytes(v == ink for v in row) for row in rows))
        pip = [b"".join(fan_tile(fan_drawn, fan.PIP + 6 * suit + 3 * half + column)[row]
                        for column in range(3)) for half in range(2) for row in range(16)]
        assert set(b"".join(pip)) == {tiles.PAPER, ink}
    assert len(corners) == 13  # one shape a rank, whatever its suit's colour
    with pytest.raises(ValueError, match="not 10 x 16"):
        fan_sheet.check("x", 1, 1, None, ["." * 10] * 15)
    with pytest.raises(ValueError, match="outside the legend"):
        fan_sheet.check("x", 1, 1, None, ["." * 9 + "#"] + ["." * 10] * 15)
