"""Draw the sprite sheets: tools/build/assets/glyphs.py's pixel art -> assets/sheet.bmp
and assets/sheet-large.bmp; the Fruit Jam's cards -> assets/sheet-fruitjam.bmp;
the 320x240 and 240x135 tables' cards -> assets/sheet-fan.bmp.

    python -m tools.build.assets.make_assets [OUT_PATH] [--large PATH] [--fan PATH]
                                       [--small-fan PATH] [--png PATH [--scale N]]

Writes an uncompressed 4-bit BMP of 16 x 13 tiles of 6 x 8 pixels (96 x 104),
each picture at the tile ``sthelena/app/table/tiles.py`` names for it, every other
pixel TABLE; and the same sheet half as large again (tiles of 9 x 12, 144 x
156: ``larger``), for the PicoSystem's 240 x 240 screen. Without OUT_PATH
all four are written to assets/; with it, the large one only where --large
says, the fan sheet (tools/build/assets/fan_sheet.py: 16 x 7 tiles of 10 x 16,
the Fruit Jam's fanned table) only where --fan says and the small fan sheet
(16 x 7 tiles of 6 x 8, the fanned tables of 320x240 and 240x135 screens)
only where --small-fan says. The BMP's colour table
is only a default, so the file looks right in an image viewer: on the board
each TileGrid's palette gives the colours. ``--png`` also writes a scaled-up
preview (standard library only). The output depends on nothing but the
source files (glyphs.py, and fan_glyphs.py for the fan sheet), byte for
byte. Desktop only.
"""

import argparse
import struct
import zlib
from pathlib import Path

from sthelena.app.table import tiles

from . import glyphs
from .pixel_art import (INK, LEGEND, PALETTE, UNUSED, check, paint,  # noqa: F401
                        strip)  # (theirs, and make_assets' callers')

ROOT = Path(__file__).resolve().parents[3]

WIDTH = tiles.TILE_WIDTH * tiles.SHEET_COLUMNS  # 96
HEIGHT = tiles.TILE_HEIGHT * tiles.SHEET_ROWS  # 104
DEFAULT_OUT = ROOT / "assets" / "sheet.bmp"
DEFAULT_LARGE_OUT = ROOT / "assets" / "sheet-large.bmp"
DEFAULT_FAN_OUT = ROOT / "assets" / "sheet-fruitjam.bmp"
DEFAULT_SMALL_FAN_OUT = ROOT / "assets" / "sheet-fan.bmp"
def pictures():
    """Every picture: (name, first tile, tiles across, tiles down, ink, rows).

    ``ink`` is the palette index of the picture's ``#`` (None if it has none).
    """
    out = []
    for chars, text in glyphs.FONT:
        drawn = strip(text)
        if len(drawn) != len(chars):
            raise ValueError("font strip %r holds %d pictures" % (chars, len(drawn)))
        for char, rows in zip(chars, drawn):
            tile = ord(char) - tiles.FIRST_CHAR
            out.append(("char %r" % char, tile, 1, 1, tiles.TEXT, rows))
    suits = "spades hearts diamonds clubs".split()
    for suit, rows in enumerate(strip(glyphs.SMALL_SUITS)):
        out.append(("small " + suits[suit], tiles.SMALL_SUIT + suit, 1, 1,
                    tiles.SUIT_INK + suit, rows))
    up, down = strip(glyphs.ARROWS)
    out.append(("arrow up", tiles.ARROW_UP, 1, 1, tiles.TEXT, up))
    out.append(("arrow down", tiles.ARROW_DOWN, 1, 1, tiles.TEXT, down))
    target, blocked = strip(glyphs.MARKERS)
    out.append(("target", tiles.TARGET, 2, 1, tiles.MARK, target))
    out.append(("blocked", tiles.BLOCKED, 2, 1, tiles.NOPE, blocked))
    ranks = [rows for text in glyphs.BIG_RANKS for rows in strip(text)]
    if len(ranks) != 13:
        raise ValueError("BIG_RANKS holds %d pictures, not 13" % len(ranks))
    for rank, rows in enumerate(ranks, 1):
        out.append(("big rank %d" % rank, tiles.BIG_RANK + 4 * (rank - 1), 2, 2,
                    tiles.INK, rows))
    for suit, rows in enumerate(strip(glyphs.BIG_SUITS)):
        out.append(("big " + suits[suit], tiles.BIG_SUIT + 4 * suit, 2, 2,
                    tiles.SUIT_INK + suit, rows))
    empty_any, empty_none = strip(glyphs.EMPTIES)
    out.append(("empty any", tiles.EMPTY_ANY, 4, 2, None, empty_any))
    out.append(("empty none", tiles.EMPTY_NONE, 4, 2, None, empty_none))
    return out


def draw():
    """The sheet as HEIGHT rows of WIDTH palette indices (bytearrays), top row first."""
    return paint(pictures(), LEGEND, tiles.TILE_WIDTH, tiles.TILE_HEIGHT, tiles.SHEET_COLUMNS,
                 tiles.SHEET_ROWS, tiles.TILE_COUNT)


def larger(sheet):
    """The sheet half as large again: each 2 x 2 pixels become 3 x 3, the
    first row and column of each pair doubled (pixel ``x`` of the large sheet
    is pixel ``x * 2 // 3`` of the small one), so every 6 x 8 tile becomes a
    9 x 12 tile in the same place of a 16 x 13 grid."""
    return [bytearray(row[x * 2 // 3] for x in range(len(row) * 3 // 2))
            for row in (sheet[y * 2 // 3] for y in range(len(sheet) * 3 // 2))]


def bmp_bytes(sheet, palette=PALETTE):
    """An uncompressed 4-bit BMP (BITMAPINFOHEADER, bottom-up rows) of the
    sheet (or of any picture given as rows of palette indices)."""
    width = len(sheet[0])
    stride = (width * 4 + 31) // 32 * 4
    pixels = bytearray()
    for row in reversed(sheet):
        packed = bytearray(stride)
        for x, value in enumerate(row):
            packed[x // 2] |= value << (0 if x % 2 else 4)
        pixels += packed
    colours = b"".join(bytes((b, g, r, 0)) for r, g, b in palette)
    offset = 14 + 40 + len(colours)
    return (b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset)
            + struct.pack("<IiiHHIIiiII", 40, width, len(sheet), 1, 4, 0, len(pixels),
                          2835, 2835, len(palette), 0)
            + colours + pixels)


def png_bytes(sheet, scale=4):
    """An RGB PNG of the sheet, each pixel ``scale`` x ``scale``."""
    raw = bytearray()
    for row in sheet:
        line = bytearray(b"\0")  # filter type: none
        for value in row:
            line += bytes(PALETTE[value]) * scale
        raw += bytes(line) * scale

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", len(sheet[0]) * scale, len(sheet) * scale, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?",
                        help="BMP to write (default: assets/sheet.bmp, and the large one too)")
    parser.add_argument("--large", help="the large sheet's BMP to write (9 x 12 tiles)")
    parser.add_argument("--fan", help="the fan sheet's BMP to write (10 x 16 tiles)")
    parser.add_argument("--small-fan", help="the small fan sheet's BMP to write (6 x 8 tiles)")
    parser.add_argument("--png", help="also write a scaled-up PNG preview here")
    parser.add_argument("--scale", type=int, default=4, help="PNG pixels a pixel (default 4)")
    args = parser.parse_args(argv)
    sheet = draw()
    Path(args.out or DEFAULT_OUT).write_bytes(bmp_bytes(sheet))
    large = args.large or (None if args.out else DEFAULT_LARGE_OUT)
    if large:
        Path(large).write_bytes(bmp_bytes(larger(sheet)))
    fan = args.fan or (None if args.out else DEFAULT_FAN_OUT)
    small_fan = args.small_fan or (None if args.out else DEFAULT_SMALL_FAN_OUT)
    if fan or small_fan:
        from . import fan_sheet

        if fan:
            Path(fan).write_bytes(bmp_bytes(fan_sheet.draw(), fan_sheet.FAN_PALETTE))
        if small_fan:
            Path(small_fan).write_bytes(bmp_bytes(fan_sheet.draw_small(), fan_sheet.FAN_PALETTE))
    if args.png:
        Path(args.png).write_bytes(png_bytes(sheet, args.scale))


if __name__ == "__main__":
    main()
