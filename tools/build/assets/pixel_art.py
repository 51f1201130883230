"""What every sprite sheet's drawing shares: the pixel art's legend, the
default colour table, reading a strip of pictures, checking one and painting
a sheet of them (the
handheld's sheets, make_assets.py, and the Fruit Jam's, fan_sheet.py, each
import it: neither imports the other's module back). Desktop only.
"""

from sthelena.app.table import tiles

INK = "#"  # the legend's one character whose index depends on the picture
LEGEND = {",": tiles.TABLE, ".": tiles.PAPER, "o": tiles.DIM}  # and INK

# The default colour table, (r, g, b) per palette index: two-colour ranks
# would hide the suit indices, so the suits show in the four-colour scheme.
# Indices no picture uses are magenta, to stand out if one ever does.
UNUSED = (255, 0, 255)
PALETTE = [UNUSED] * tiles.COLOURS
PALETTE[tiles.TABLE] = (0, 102, 51)
PALETTE[tiles.PAPER] = (255, 255, 255)
PALETTE[tiles.INK] = (0, 0, 0)
PALETTE[tiles.DIM] = (102, 170, 119)
PALETTE[tiles.TEXT] = (0, 0, 0)
PALETTE[tiles.MARK] = (238, 136, 0)
PALETTE[tiles.NOPE] = (221, 0, 0)
for _suit, _rgb in enumerate([(0, 0, 0), (221, 0, 0), (0, 68, 221), (0, 136, 0)]):
    PALETTE[tiles.SUIT_INK + _suit] = _rgb


def strip(text):
    """The pictures of a strip (see glyphs.py), each a list of row strings."""
    lines = [line.strip() for line in text.strip("\n").split("\n")]
    lines = [line for line in lines if line]
    columns = [line.split(" ") for line in lines]
    count = len(columns[0])
    if any(len(row) != count for row in columns):
        raise ValueError("strip rows hold different numbers of pictures:\n" + text)
    return [[row[i] for row in columns] for i in range(count)]


def check(name, across, down, ink, rows, legend=LEGEND, tile_width=tiles.TILE_WIDTH,
          tile_height=tiles.TILE_HEIGHT):
    """Raise ValueError unless ``rows`` fit ``across`` x ``down`` tiles in the legend."""
    width, height = across * tile_width, down * tile_height
    if len(rows) != height or any(len(row) != width for row in rows):
        raise ValueError("%s: not %d x %d pixels" % (name, width, height))
    legal = set(legend) | ({INK} if ink is not None else set())
    stray = set("".join(rows)) - legal
    if stray:
        raise ValueError("%s: characters outside the legend: %s"
                         % (name, "".join(sorted(stray))))


def paint(drawn, legend, tile_width, tile_height, columns, rows, tile_count):
    """A sheet of ``columns`` x ``rows`` tiles as rows of palette indices, top
    row first, with each of ``drawn`` (make_assets.pictures's tuples) at its
    tiles and TABLE elsewhere; ValueError for a picture that does not fit
    its tiles or the legend, or two on one tile."""
    sheet = [bytearray([tiles.TABLE]) * (columns * tile_width)
             for _ in range(rows * tile_height)]
    used = {}
    for name, first, across, down, ink, picture in drawn:
        check(name, across, down, ink, picture, legend, tile_width, tile_height)
        values = dict(legend)
        values[INK] = ink
        for i in range(across * down):
            tile = first + i
            if tile in used or not 0 <= tile < tile_count:
                raise ValueError("%s: tile %d is %s" % (
                    name, tile, "taken by " + used[tile] if tile in used else "out of range"))
            used[tile] = name
            ty, tx = divmod(i, across)
            sx = tile % columns * tile_width
            sy = tile // columns * tile_height
            for y in range(tile_height):
                row = picture[ty * tile_height + y]
                part = row[tx * tile_width:(tx + 1) * tile_width]
                sheet[sy + y][sx:sx + tile_width] = bytes(values[c] for c in part)
    return sheet
