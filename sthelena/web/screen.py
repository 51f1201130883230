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
every layer over them bottom up. Painting copies a slice of bytes a row of
each grid (``pictures.py``: the grid's tiles made into whole rows, again
only when they change).
"""

import displayio

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .pictures import Pictures

_BLACK = b"\x00\x00\x00\xff"
_CACHE_LIMIT = const(400)  # tile sets kept (a label's each time its text changes)


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
        self._pictures = Pictures(_CACHE_LIMIT)
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
        self.painted = 0
        for area in areas:
            self._paint(area, order)
            self.painted += (area[2] - area[0]) * (area[3] - area[1])
        displayio.next_frame()  # (after painting: a picture made now is of this frame)
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
            self._paint_grid(grid, self._pictures.image(grid, scale), grid_left, grid_top,
                             grid_right, grid_bottom)

    def _paint_grid(self, grid, image, left, top, right, bottom):
        """Copy the rows of ``grid``'s image that fall in left..right, top..bottom."""
        frame = self.frame
        stride = self.width * 4
        x, y, scale = grid._place
        pixels = image.pixels
        row_bytes = image.row_bytes
        runs = image.runs
        skip = left - x  # pixels into the image's rows
        end = right - x
        length = 4 * (right - left)
        at = top * stride + left * 4
        for screen_y in range(top, bottom):
            line = (screen_y - y) // scale
            read = line * row_bytes + 4 * skip
            line_runs = None if runs is None else runs[line]
            if line_runs is None:
                frame[at:at + length] = pixels[read:read + length]
            else:
                for run in range(0, len(line_runs), 2):
                    start = max(line_runs[run], skip)
                    stop = min(line_runs[run + 1], end)
                    if start < stop:
                        frame[at + 4 * (start - skip):at + 4 * (stop - skip)] = \
                            pixels[read + 4 * (start - skip):read + 4 * (stop - skip)]
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
