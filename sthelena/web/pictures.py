"""What the page's screen (``screen.py``) copies from: each TileGrid's tiles
drawn side by side as whole rows of RGBA bytes (``GridImage``), so that
painting a grid is a slice of bytes a screen row, not a slice a tile; made
from its bitmap's tiles in its palette's colours at its scale
(``TileSet``), made once per bitmap, colours and scale, when first drawn.

The colours are those a 16-bit screen shows (``rgba``): Blinka's displayio,
which the desktop draws with, turns each palette colour into RGB565, and the
desktop's window widens each channel back to 8 bits by repeating its top
bits. Transparent pixels are left out: each row keeps the runs of its
opaque pixels, or None when all of it is opaque (as almost every row is).
"""

import displayio

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

_LOOKS = const(3)  # images a grid keeps, each in a palette's colours


def rgba(colour):
    """The 4 bytes a colour (RGB888) shows as on a 16-bit screen."""
    red = colour >> 19 & 31
    green = colour >> 10 & 63
    blue = colour >> 3 & 31
    return bytes((red << 3 | red >> 2, green << 2 | green >> 4, blue << 3 | blue >> 2, 255))


def _add_run(runs, start, end):
    """Append the run start..end to ``runs`` (flat starts and ends), joined to the last
    if they touch."""
    if runs and runs[-1] == start:
        runs[-1] = end
    else:
        runs.append(start)
        runs.append(end)


class TileSet:
    """The tiles of ``bitmap`` in ``palette``'s colours at ``scale``: for each
    tile, ``(pixels, runs)``: its rows of RGBA bytes one after another (each
    ``scale`` times wider; the rows are not repeated), and None if every
    pixel is opaque, else each row's opaque runs (None: all of it; else flat
    starts and ends, in pixels)."""

    def __init__(self, bitmap, palette, tile_width, tile_height, scale):
        self.bitmap = bitmap
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.scale = scale
        self.made = displayio.frame_number()
        self.tiles = [None] * ((bitmap.width // tile_width) * (bitmap.height // tile_height))
        # each value's pixel, scale times (clear where transparent, or past the palette)
        clear = b"\x00" * (4 * scale)
        self.colours = [clear] * 256
        self.opaque = bytearray(256)  # 1 for a value whose colour is opaque
        for index in range(len(palette)):
            if not palette._transparent[index]:
                self.colours[index] = rgba(palette._colours[index]) * scale
                self.opaque[index] = 1
        self.count = len(palette)
        self.all_opaque = min(self.opaque[:len(palette)] or b"\x00") == 1

    def fresh(self, bitmap):
        """Whether this is ``bitmap``'s, unchanged since this was made."""
        return bitmap is self.bitmap and bitmap._stamp <= self.made

    def tile(self, index):
        made = self.tiles[index]
        if made is None:
            made = self.tiles[index] = self._make(index)
        return made

    def _make(self, index):
        bitmap = self.bitmap
        width = self.tile_width
        scale = self.scale
        colours = self.colours
        data = bitmap._data
        across = bitmap.width // width
        first = (index // across) * self.tile_height * bitmap.width + (index % across) * width
        rows = [data[first + y * bitmap.width:first + y * bitmap.width + width]
                for y in range(self.tile_height)]
        pixels = b"".join([b"".join([colours[value] for value in row]) for row in rows])
        if self.all_opaque and max(max(row) for row in rows) < self.count:
            return pixels, None  # every pixel opaque: no runs
        opaque = self.opaque
        runs = []
        for row in rows:
            mask = bytes([opaque[value] for value in row])
            spans = []
            start = mask.find(b"\x01")
            while start >= 0:
                end = mask.find(b"\x00", start)
                if end < 0:
                    end = width
                spans.append(start * scale)
                spans.append(end * scale)
                start = mask.find(b"\x01", end)
            runs.append(None if spans == [0, width * scale] else tuple(spans))
        if runs.count(None) == len(runs):
            return pixels, None
        return pixels, runs


class GridImage:
    """A TileGrid's tiles side by side at ``scale``: ``pixels`` (a
    memoryview: ``row_bytes`` a row, one row per bitmap row, not repeated for
    the scale), and ``runs`` as TileSet's, for the whole rows. ``look``: the
    number of the palette's colours it was made in."""

    def __init__(self, grid, tiles, look, scale):
        self.look = look
        self.scale = scale
        self.bitmap = grid._bitmap
        self.made = displayio.frame_number()
        columns = grid._w
        across = grid._tw * scale
        self.row_bytes = 4 * columns * across
        indices = grid._tiles
        parts = []
        runs = []
        opaque = True
        for row in range(grid._h):
            made = [tiles.tile(indices[row * columns + column]) for column in range(columns)]
            pixels = [tile[0] for tile in made]
            if all(tile[1] is None for tile in made):  # opaque tiles: whole rows
                for line in range(0, 4 * across * grid._th, 4 * across):
                    parts.append(b"".join([tile[line:line + 4 * across] for tile in pixels]))
                    runs.append(None)
                continue
            for line in range(grid._th):
                read = 4 * across * line
                spans = []
                for column in range(columns):
                    parts.append(pixels[column][read:read + 4 * across])
                    offset = column * across
                    tile_runs = made[column][1]
                    line_runs = None if tile_runs is None else tile_runs[line]
                    if line_runs is None:
                        _add_run(spans, offset, offset + across)
                        continue
                    for at in range(0, len(line_runs), 2):
                        _add_run(spans, offset + line_runs[at], offset + line_runs[at + 1])
                if spans == [0, columns * across]:
                    runs.append(None)
                else:
                    runs.append(tuple(spans))
                    opaque = False
        self.pixels = memoryview(b"".join(parts))
        self.runs = None if opaque else runs

    def fresh(self, grid, look, scale):
        """Whether this still shows ``grid`` as it is, in colours ``look`` at ``scale``."""
        made = self.made
        return (look == self.look and scale == self.scale and grid._bitmap is self.bitmap
                and grid._edited <= made and grid._stamp <= made and self.bitmap._stamp <= made)


class Pictures:
    """The screen's pictures: the tile sets, by bitmap, tile size, scale and
    colours (not by palette: a palette set back, as a cursor flashing red
    and then yellow again, finds its tiles made), and each grid's images
    (kept on the grid, ``_images``)."""

    def __init__(self, limit):
        self.limit = limit  # tile sets kept (a label's each time its text changes)
        self._sets = {}
        self._looks = {}  # a palette's colours -> a number for them (a few dozen)

    def look(self, palette):
        """The number of ``palette``'s colours (kept on it till it changes)."""
        if palette._look_at != palette._stamp:
            colours = tuple(None if palette._transparent[index] else palette._colours[index]
                            for index in range(len(palette)))
            palette._look = self._looks.setdefault(colours, len(self._looks))
            palette._look_at = palette._stamp
        return palette._look

    def image(self, grid, scale):
        """``grid``'s GridImage at ``scale`` in its palette's colours, made
        again if it changed. A grid keeps an image for each of its last
        ``_LOOKS`` palettes: a card dimmed while another is lifted, and
        bright again, finds its image made."""
        look = self.look(grid._shader)
        images = grid._images
        if images is None:
            images = grid._images = {}
        image = images.get(look)
        if image is not None and image.fresh(grid, look, scale):
            return image
        if len(self._sets) > self.limit:
            self._sets = {}
        bitmap = grid._bitmap
        key = (id(bitmap), grid._tw, grid._th, scale, look)
        tiles = self._sets.get(key)
        if tiles is None or not tiles.fresh(bitmap):
            tiles = self._sets[key] = TileSet(bitmap, grid._shader, grid._tw, grid._th, scale)
        if len(images) >= _LOOKS and look not in images:
            images.clear()
        image = images[look] = GridImage(grid, tiles, look, scale)
        return image
