"""``displayio`` for the web page: Bitmap, Palette, TileGrid and Group as the
app and Adafruit's libraries use them, kept so that the page's screen
(``sthelena.web.screen``) can draw them and redraw only what changed.

The page runs the board's own code on MicroPython's WebAssembly port, which
has no displayio: the edge puts this module where ``import displayio`` finds
it. What it draws must be what Blinka's displayio draws on the desktop, so
the objects keep the same meaning (a pixel's value picks a palette colour, a
TileGrid shows tiles of its bitmap, a Group places and scales what it holds),
but no pixel is drawn here. Every change is stamped with the number of the
refresh that will show it (``frame_number()``), which the screen compares
with the refresh each layer was last drawn in.

A Bitmap keeps a byte a pixel (at most 256 values: the game's have 16), a
TileGrid a byte a tile. Flipped or transposed tiles are not drawn by the
page's screen: setting one raises NotImplementedError rather than showing
something else than the desktop.
"""

_frame = [1]  # the number of the next refresh: what a change now is stamped with


def frame_number():
    """The refresh a change made now will be drawn in."""
    return _frame[0]


def next_frame():
    """A refresh has drawn everything stamped so far (the screen calls this)."""
    _frame[0] += 1


def release_displays():
    pass


def _flat(index, width, height, out_of_bounds):
    """The place in a row-by-row buffer of ``index``: an int, or ``(x, y)``."""
    if isinstance(index, tuple):
        x = index[0]
        y = index[1]
        if not (0 <= x < width and 0 <= y < height):
            raise IndexError(out_of_bounds)
        return y * width + x
    if not 0 <= index < width * height:
        raise IndexError(out_of_bounds)
    return index


def _bits_for(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    """``width`` x ``height`` pixels, each a value below ``value_count``."""

    def __init__(self, width, height, value_count):
        if width < 0 or height < 0:
            raise ValueError("bad bitmap size")
        if not 1 <= value_count <= 256:
            raise ValueError("the page's displayio keeps a byte a pixel: 1 to 256 values")
        self.width = width
        self.height = height
        self._count = value_count
        self._data = bytearray(width * height)
        self._stamp = _frame[0]

    @property
    def bits_per_value(self):
        return _bits_for(self._count)

    def _at(self, index):
        return _flat(index, self.width, self.height, "pixel out of bounds")

    def __getitem__(self, index):
        return self._data[self._at(index)]

    def __setitem__(self, index, value):
        if not 0 <= value < self._count:
            raise ValueError("value out of range for this bitmap")
        at = self._at(index)
        if self._data[at] != value:
            self._data[at] = value
            self._stamp = _frame[0]

    def fill(self, value):
        if not 0 <= value < self._count:
            raise ValueError("value out of range for this bitmap")
        data = self._data
        data[:] = bytes((value,)) * len(data)
        self._stamp = _frame[0]

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        """What changed (the page writes pixels through this object, so it knows)."""
        self._stamp = _frame[0]


def _colour(value):
    """An RGB888 int from what a Palette takes: an int, 3 or 4 bytes, or (r, g, b)."""
    if isinstance(value, int):
        colour = value
    elif len(value) in (3, 4):
        colour = value[0] << 16 | value[1] << 8 | value[2]
    else:
        raise ValueError("a colour is an int, (r, g, b) or 3 or 4 bytes")
    if not 0 <= colour <= 0xFFFFFF:
        raise ValueError("colour out of range")
    return colour


class Palette:
    """``color_count`` RGB888 colours, each opaque or transparent. The
    screen keeps, on each, the number it gave its colours (``_look``) and
    the stamp it was given at (``_look_at``)."""

    _look = 0
    _look_at = -1

    def __init__(self, color_count, *, dither=False):
        if dither:
            raise NotImplementedError("the page's displayio does not dither")
        self._colours = [0] * color_count
        self._transparent = bytearray(color_count)
        self._stamp = _frame[0]

    dither = False

    def __len__(self):
        return len(self._colours)

    def _check(self, index):
        if not 0 <= index < len(self._colours):
            raise IndexError("palette index out of range")

    def __setitem__(self, index, value):
        self._check(index)
        colour = _colour(value)
        if self._colours[index] != colour:
            self._colours[index] = colour
            self._stamp = _frame[0]

    def __getitem__(self, index):
        self._check(index)
        return self._colours[index]

    def make_transparent(self, palette_index):
        self._set_transparent(palette_index, 1)

    def make_opaque(self, palette_index):
        self._set_transparent(palette_index, 0)

    def _set_transparent(self, index, flag):
        self._check(index)
        if self._transparent[index] != flag:
            self._transparent[index] = flag
            self._stamp = _frame[0]

    def is_transparent(self, palette_index):
        self._check(palette_index)
        return self._transparent[palette_index] == 1


class _Layer:
    """What a Group holds: its position, whether it is hidden, and in which
    Group (one at most). The screen keeps, on each, where it last drew it."""

    _x = 0
    _y = 0
    _hidden = False
    _in_group = False

    def _adopt(self):
        if self._in_group:
            raise ValueError("Layer already in a group")
        self._in_group = True

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = bool(value)


def _unsupported(value, what):
    if value:
        raise NotImplementedError("the page's displayio draws no %s tiles" % what)


class TileGrid(_Layer):
    """``width`` x ``height`` tiles of ``bitmap``, coloured by ``pixel_shader``
    (a Palette). Besides the firmware's API it keeps, for the screen, the
    tiles changed since it was last drawn (``_changed``: their columns and
    rows, left, top, right, bottom; empty when left > right), when a tile
    last changed (``_edited``) and where and when it was drawn."""

    flip_x = property(lambda self: False, lambda self, value: _unsupported(value, "flipped"))
    flip_y = property(lambda self: False, lambda self, value: _unsupported(value, "flipped"))
    transpose_xy = property(lambda self: False,
                            lambda self, value: _unsupported(value, "transposed"))

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        if tile_width < 1 or bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if tile_height < 1 or bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        if not isinstance(pixel_shader, Palette):
            raise TypeError("the page's displayio draws with a Palette")
        count = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        if not 0 <= default_tile < count or default_tile > 255:
            raise ValueError("default_tile out of range")
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._w = width
        self._h = height
        self._tw = tile_width
        self._th = tile_height
        self._count = count
        self._tiles = bytearray(bytes((default_tile,)) * (width * height))
        self._x = x
        self._y = y
        self._stamp = _frame[0]
        self._changed = bytearray((255, 255, 0, 0))
        self._edited = self._stamp  # when a tile last changed
        self._drawn = -1  # the refresh that last drew it (-1: not on screen)
        self._place = None  # (x, y, scale) on screen then
        self._images = None  # its tiles as whole rows (the screen's pictures.GridImage)

    @property
    def width(self):
        """Width in tiles (read only: GridLayout tries to set it)."""
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def tile_width(self):
        return self._tw

    @property
    def tile_height(self):
        return self._th

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, bitmap):
        if bitmap.width != self._bitmap.width or bitmap.height != self._bitmap.height:
            raise ValueError("the new bitmap must be the size of the old")
        self._bitmap = bitmap
        self._stamp = _frame[0]

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, palette):
        if not isinstance(palette, Palette):
            raise TypeError("the page's displayio draws with a Palette")
        if palette is not self._shader:
            self._shader = palette
            self._stamp = _frame[0]

    def _index(self, index):
        return _flat(index, self._w, self._h, "Tile index out of bounds")

    def __getitem__(self, index):
        return self._tiles[self._index(index)]

    def __setitem__(self, index, value):
        if not 0 <= value < self._count:
            raise ValueError("Tile value out of bounds")
        if value > 255:
            raise ValueError("the page's displayio keeps a byte a tile")
        at = self._index(index)
        if self._tiles[at] == value:
            return  # the same picture: nothing to draw again
        self._tiles[at] = value
        self._edited = _frame[0]
        column = at % self._w
        row = at // self._w
        changed = self._changed
        if column < changed[0]:
            changed[0] = column
        if row < changed[1]:
            changed[1] = row
        if column > changed[2]:
            changed[2] = column
        if row > changed[3]:
            changed[3] = row

    def contains(self, touch_tuple):
        x = touch_tuple[0] - self._x
        y = touch_tuple[1] - self._y
        return 0 <= x < self._w * self._tw and 0 <= y < self._h * self._th


class Group(_Layer):
    """Layers drawn in order, the last on top, ``scale`` times larger, at
    ``x``, ``y`` in the group that holds it. A change to what it holds is
    stamped (``_stamp``): the screen then draws all of it again, as the
    order of what overlaps may have changed."""

    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self._scale = scale
        self._x = x
        self._y = y
        self._layers = []
        self._stamp = _frame[0]

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        self._scale = value

    def _restack(self):
        self._stamp = _frame[0]

    def append(self, layer):
        self.insert(len(self._layers), layer)

    def insert(self, index, layer):
        if not isinstance(layer, _Layer):
            raise TypeError("a Group holds TileGrids and Groups")
        layer._adopt()
        self._layers.insert(index, layer)
        self._restack()

    def index(self, layer):
        return self._layers.index(layer)

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        layer._in_group = False
        self._restack()
        return layer

    def remove(self, layer):
        self.pop(self.index(layer))

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, index):
        return self._layers[index]

    def __setitem__(self, index, layer):
        layer._adopt()
        self._layers[index]._in_group = False
        self._layers[index] = layer
        self._restack()

    def __delitem__(self, index):
        self.pop(index)

    def __contains__(self, layer):
        return layer in self._layers
