"""The web page's screen: the displayio layers (``native/displayio.py``)
drawn into a frame of RGBA bytes, which the page puts on its <canvas>.

What it draws is what the desktop's window shows (Blinka's displayio, whose
colours go through the screen's 16 bits: RGB565, each channel widened back
to 8 bits by repeating its top bits), so the canvas and the desktop's
``--shot`` agree pixel for pixel: each layer's pixel takes its palette's
colour unless that colour is transparent, the last layer on top; no layer,
black. A Group's ``scale`` makes each pixel of what it holds a square.

``refresh()`` draws only what changed since the last refresh: it walks the
layers, compares each TileGrid's place, palette, bitmap and tiles with what
it drew last time (``displayio``'s stamps), and paints the areas that differ,
every layer over them bottom up. Painting copies slices of rows: each tile
is turned into rows of RGBA bytes once per bitmap, palette and scale (and
again when one of those changes), with the runs of its opaque pixels.
"""

import displayio

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

_BLACK = b"\x00\x00\x00\xff"
_CACHE_LIMIT = const(400)  # tile sets kept (a label's each time its text changes)


def rgba(colour):
    """The 4 bytes a colour (RGB888) shows as on a 16-bit screen."""
    red = colour >> 19 & 31
    green = colour >> 10 & 63
    blue = colour >> 3 & 31
    return bytes((red << 3 | red >> 2, green << 2 | green >> 4, blue << 3 | blue >> 2, 255))


class _TileSet:
    """The tiles of a bitmap as one palette colours them at one scale: for
    each tile, made when first drawn, its rows of RGBA bytes (a row ``scale``
    times wider) and each row's opaque runs (None: all opaque), as
    ``(rows, runs)``."""

    def __init__(self, bitmap, palette, tile_width, tile_height, scale):
        self.bitmap = bitmap
        self.palette = palette
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.scale = scale
        self.made = displayio.frame_number()
        self.tiles = [None] * ((bitmap.width // tile_width) * (bitmap.height // tile_height))
        self.colours = [None if palette._transparent[index] else rgba(palette._colours[index])
                        * scale for index in range(len(palette))]

    def fresh(self):
        """Whether neither the bitmap nor the palette changed since this was made."""
        return self.bitmap._stamp <= self.made and self.palette._stamp <= self.made

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
        count = len(colours)
        data = bitmap._data
        across = bitmap.width // width
        clear = b"\x00" * (4 * scale)
        rows = []
        runs = []
        first = (index // across) * self.tile_height * bitmap.width + (index % across) * width
        for y in range(self.tile_height):
            at = first + y * bitmap.width
            parts = []
            spans = []
            start = -1
            for x in range(width):
                value = data[at + x]
                colour = colours[value] if value < count else None
                if colour is None:
                    parts.append(clear)
                    if start >= 0:
                        spans.append((start * scale, x * scale))
                        start = -1
                else:
                    parts.append(colour)
                    if start < 0:
                        start = x
            if start >= 0:
                spans.append((start * scale, width * scale))
            rows.append(b"".join(parts))
            runs.append(None if spans == [(0, width * scale)] else spans)
        return rows, runs


class Screen:
    """A ``width`` x ``height`` display for the app (``root_group``,
    ``refresh()``), drawn into ``frame``: RGBA bytes, row by row
    (``painted``: how many pixels the last refresh painted)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.frame = bytearray(4 * width * height)
        row = _BLACK * width
        for y in range(height):  # (black: opaque; MicroPython has no bytearray * int)
            self.frame[4 * width * y:4 * width * (y + 1)] = row
        self.auto_refresh = True  # (what the app may set: every refresh is the edge's)
        self.brightness = 1.0  # (a page has no backlight)
        self._root = None
        self._whole = True  # everything to draw: the first frame, a new root
        self._shown = []  # the TileGrids the last refresh drew, bottom up
        self._sets = {}
        self.painted = 0  # pixels the last refresh painted

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        self._whole = True

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Draw what changed: returns the rows drawn, ``(top, bottom)``, or
        None when nothing changed."""
        number = displayio.frame_number()
        order = []
        areas = []
        if self._root is not None and not self._root.hidden:
            root = self._root
            self._walk(root, root.x, root.y, root.scale, root._stamp >= number, number, order,
                       areas)
        for grid in self._shown:
            if grid._drawn != number and grid._drawn >= 0:  # hidden or taken off: its area
                areas.append(_area(grid._place, grid))
                grid._drawn = -1
        self._shown = order
        if self._whole:
            areas = [[0, 0, self.width, self.height]]
            self._whole = False
        areas = self._clip(_merged(areas))
        if len(self._sets) > _CACHE_LIMIT:
            self._sets = {}
        self.painted = 0
        for area in areas:
            self._paint(area, order)
            self.painted += (area[2] - area[0]) * (area[3] - area[1])
        displayio.next_frame()  # (after painting: a tile set made now is of this frame)
        if not areas:
            return None
        return min(area[1] for area in areas), max(area[3] for area in areas)

    def _walk(self, group, x, y, scale, restacked, number, order, areas):
        """Note each TileGrid under ``group`` (at ``x``, ``y``, ``scale``) in
        drawing order, and the areas where it differs from the last frame."""
        for layer in group._layers:
            if layer._hidden:
                continue
            layer_x = x + layer._x * scale
            layer_y = y + layer._y * scale
            if isinstance(layer, displayio.Group):
                self._walk(layer, layer_x, layer_y, scale * layer._scale,
                           restacked or layer._stamp >= number, number, order, areas)
                continue
            order.append(layer)
            place = layer._place
            drawn = layer._drawn
            moved = (drawn < 0 or place[0] != layer_x or place[1] != layer_y
                     or place[2] != scale)
            if moved or restacked or layer._stamp > drawn or layer._bitmap._stamp > drawn \
                    or layer._shader._stamp > drawn:
                if drawn >= 0:
                    areas.append(_area(place, layer))
                if moved:
                    place = layer._place = (layer_x, layer_y, scale)
                areas.append(_area(place, layer))
            else:
                changed = layer._changed
                if changed[0] <= changed[2]:
                    across = layer._tw * scale
                    down = layer._th * scale
                    areas.append([layer_x + changed[0] * across, layer_y + changed[1] * down,
                                  layer_x + (changed[2] + 1) * across,
                                  layer_y + (changed[3] + 1) * down])
            layer._changed[0:4] = b"\xff\xff\x00\x00"
            layer._drawn = number

    def _clip(self, areas):
        clipped = []
        for area in areas:
            left = max(area[0], 0)
            top = max(area[1], 0)
            right = min(area[2], self.width)
            bottom = min(area[3], self.height)
            if left < right and top < bottom:
                clipped.append((left, top, right, bottom))
        return clipped

    def _tile_set(self, grid, scale):
        key = (id(grid._bitmap), id(grid._shader), grid._tw, grid._th, scale)
        tiles = self._sets.get(key)
        if tiles is None or not tiles.fresh() or tiles.bitmap is not grid._bitmap \
                or tiles.palette is not grid._shader:
            tiles = self._sets[key] = _TileSet(grid._bitmap, grid._shader, grid._tw,
                                               grid._th, scale)
        return tiles

    def _paint(self, area, order):
        """Paint ``area`` (left, top, right, bottom): black, then every layer over it."""
        left, top, right, bottom = area
        frame = self.frame
        stride = self.width * 4
        span = (right - left) * 4
        black = _BLACK * (right - left)
        at = top * stride + left * 4
        for _ in range(top, bottom):
            frame[at:at + span] = black
            at += stride
        for grid in order:
            place = grid._place
            scale = place[2]
            across = grid._tw * scale
            down = grid._th * scale
            grid_left = max(left, place[0])
            grid_top = max(top, place[1])
            grid_right = min(right, place[0] + grid._w * across)
            grid_bottom = min(bottom, place[1] + grid._h * down)
            if grid_left >= grid_right or grid_top >= grid_bottom:
                continue
            self._paint_grid(grid, self._tile_set(grid, scale), grid_left, grid_top,
                             grid_right, grid_bottom)

    def _paint_grid(self, grid, tiles, left, top, right, bottom):
        """Copy the rows of ``grid``'s tiles that fall in left..right, top..bottom."""
        frame = self.frame
        stride = self.width * 4
        x, y, scale = grid._place
        across = grid._tw * scale
        down = grid._th * scale
        columns = grid._w
        indices = grid._tiles
        first_column = (left - x) // across
        last_column = (right - 1 - x) // across
        for tile_row in range((top - y) // down, (bottom - 1 - y) // down + 1):
            band = y + tile_row * down
            row_top = max(top, band)
            row_bottom = min(bottom, band + down)
            for column in range(first_column, last_column + 1):
                rows, runs = tiles.tile(indices[tile_row * columns + column])
                tile_left = x + column * across
                from_x = max(left, tile_left)
                to_x = min(right, tile_left + across)
                skip = from_x - tile_left
                length = to_x - from_x
                at = row_top * stride + from_x * 4
                for screen_y in range(row_top, row_bottom):
                    line = (screen_y - band) // scale
                    row_runs = runs[line]
                    if row_runs is None:
                        frame[at:at + 4 * length] = rows[line][4 * skip:4 * (skip + length)]
                    else:
                        for run in row_runs:
                            start = max(run[0], skip)
                            end = min(run[1], skip + length)
                            if start < end:
                                frame[at + 4 * (start - skip):at + 4 * (end - skip)] = \
                                    rows[line][4 * start:4 * end]
                    at += stride


def _area(place, grid):
    """The screen area ``grid`` covers at ``place`` (x, y, scale)."""
    scale = place[2]
    return [place[0], place[1], place[0] + grid._w * grid._tw * scale,
            place[1] + grid._h * grid._th * scale]


def _merged(areas):
    """``areas`` with those that overlap or touch merged into their bounds, so
    no pixel is painted twice."""
    merged = []
    for area in areas:
        area = list(area)
        joined = True
        while joined:
            joined = False
            for other in merged:
                if other[0] <= area[2] and area[0] <= other[2] and other[1] <= area[3] \
                        and area[1] <= other[3]:
                    merged.remove(other)
                    area = [min(area[0], other[0]), min(area[1], other[1]),
                            max(area[2], other[2]), max(area[3], other[3])]
                    joined = True
                    break
        merged.append(area)
    return merged
