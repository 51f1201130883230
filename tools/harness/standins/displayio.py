"""Stand-in for CircuitPython's ``displayio``: Bitmap, Palette, TileGrid, Group.

Each object allocates on the heap about what the firmware's allocates: a
Bitmap its pixel buffer (rows padded to 32-bit words, at 1, 2, 4, 8, 16 or 32
bits a value), a TileGrid one byte per tile, a Palette 12 bytes per colour.
``counts()`` says how many of each were made and how many bytes their
buffers take. Checks follow the firmware's (tile sizes must divide the
bitmap, a tile or pixel value must be in range, a layer goes in one Group).
Nothing is drawn.
"""

_made = {"bitmaps": 0, "bitmap_bytes": 0, "palettes": 0, "palette_bytes": 0,
         "tilegrids": 0, "tiles": 0, "groups": 0}


def counts():
    """What has been made so far: a dict of counts and buffer bytes."""
    return dict(_made)


def reset_counts():
    for name in _made:
        _made[name] = 0


def release_displays():
    pass


def _bits_for(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        if width < 0 or height < 0 or not 1 <= value_count <= 1 << 32:
            raise ValueError("bad bitmap size")
        self.width = width
        self.height = height
        self._bits = _bits_for(value_count)
        self._max = value_count
        self._stride = (width * self._bits + 31) // 32 * 4  # bytes a row
        self._data = bytearray(self._stride * height)
        _made["bitmaps"] += 1
        _made["bitmap_bytes"] += len(self._data)

    @property
    def bits_per_value(self):
        return self._bits

    def __getitem__(self, index):
        # No tuple is made for an int index (a tuple index is the caller's);
        # __setitem__ repeats these lines rather than return (x, y), which
        # would allocate a tuple a pixel under the VM.
        if isinstance(index, tuple):
            x = index[0]
            y = index[1]
        else:
            x = index % self.width
            y = index // self.width
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of bounds")
        bits = self._bits
        if bits >= 8:
            at = y * self._stride + x * (bits // 8)
            value = 0
            for byte in range(bits // 8):
                value |= self._data[at + byte] << (8 * byte)
            return value
        bit = x * bits
        shift = 8 - bits - bit % 8
        return self._data[y * self._stride + bit // 8] >> shift & ((1 << bits) - 1)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            x = index[0]
            y = index[1]
        else:
            x = index % self.width
            y = index // self.width
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of bounds")
        if not 0 <= value < self._max:
            raise ValueError("value out of range for this bitmap")
        bits = self._bits
        if bits >= 8:
            at = y * self._stride + x * (bits // 8)
            for byte in range(bits // 8):
                self._data[at + byte] = value >> (8 * byte) & 255
            return
        bit = x * bits
        shift = 8 - bits - bit % 8
        at = y * self._stride + bit // 8
        mask = ((1 << bits) - 1) << shift
        self._data[at] = self._data[at] & ~mask & 255 | value << shift

    def fill(self, value):
        """Every pixel ``value``; allocates nothing (as the firmware's)."""
        if not 0 <= value < self._max:
            raise ValueError("value out of range for this bitmap")
        bits = self._bits
        data = self._data
        if bits >= 8:
            size = bits // 8
            for at in range(len(data)):
                data[at] = value >> (8 * (at % size)) & 255
            return
        byte = 0
        for _ in range(8 // bits):
            byte = byte << bits | value
        for at in range(len(data)):
            data[at] = byte

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    """Colours as the firmware keeps them: 12 bytes each (its _displayio_color_t:
    RGB888, RGB565, luma, hue, chroma, transparent), here RGB888 and the flag."""

    dither = False

    def __init__(self, color_count, *, dither=False):
        self._colours = bytearray(12 * color_count)
        if dither:
            self.dither = True
        _made["palettes"] += 1
        _made["palette_bytes"] += len(self._colours)

    def __len__(self):
        return len(self._colours) // 12

    def _at(self, index):
        if not 0 <= index < len(self._colours) // 12:
            raise IndexError("palette index out of range")
        return 12 * index

    def __setitem__(self, index, value):
        if not isinstance(value, int):  # (r, g, b); no tuple of types built per call
            value = value[0] << 16 | value[1] << 8 | value[2]
        if not 0 <= value <= 0xFFFFFF:
            raise ValueError("colour out of range")
        at = self._at(index)
        for byte in range(3):
            self._colours[at + byte] = value >> (8 * byte) & 255

    def __getitem__(self, index):
        at = self._at(index)
        colours = self._colours
        return colours[at] | colours[at + 1] << 8 | colours[at + 2] << 16

    def make_transparent(self, palette_index):
        self._colours[self._at(palette_index) + 11] = 1

    def make_opaque(self, palette_index):
        self._colours[self._at(palette_index) + 11] = 0

    def is_transparent(self, palette_index):
        return self._colours[self._at(palette_index) + 11] == 1


class _Layer:
    """What a Group holds: one parent at most, a position, hidden or not.

    Settings left at their defaults stay class attributes, so a stand-in
    object's own dictionary stays near the size of the firmware's struct.
    """

    x = 0
    y = 0
    hidden = False
    _in_group = False

    def _adopt(self):
        if self._in_group:
            raise ValueError("Layer already in a group")
        self._in_group = True


class TileGrid(_Layer):
    flip_x = False
    flip_y = False
    transpose_xy = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        if tile_width < 1 or bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if tile_height < 1 or bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        if pixel_shader is None:
            raise TypeError("pixel_shader needed")
        tile_count = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        if not 0 <= default_tile < tile_count:
            raise ValueError("default_tile out of range")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._shape = (width, height, tile_width, tile_height, tile_count)
        self._tiles = bytearray(width * height)
        if default_tile:
            for index in range(len(self._tiles)):
                self._tiles[index] = default_tile
        if x:
            self.x = x
        if y:
            self.y = y
        _made["tilegrids"] += 1
        _made["tiles"] += len(self._tiles)

    @property
    def width(self):
        return self._shape[0]

    @property
    def height(self):
        return self._shape[1]

    @property
    def tile_width(self):
        return self._shape[2]

    @property
    def tile_height(self):
        return self._shape[3]

    def _index(self, index):
        if isinstance(index, tuple):
            x, y = index
            width = self._shape[0]
            if not (0 <= x < width and 0 <= y < self._shape[1]):
                raise IndexError("Tile index out of bounds")
            return y * width + x
        if not 0 <= index < len(self._tiles):
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        return self._tiles[self._index(index)]

    def __setitem__(self, index, value):
        if not 0 <= value < self._shape[4]:
            raise ValueError("Tile value out of bounds")
        if value > 255:
            raise ValueError("the stand-in keeps one byte a tile")
        self._tiles[self._index(index)] = value

    def contains(self, touch_tuple):
        x = touch_tuple[0] - self.x
        y = touch_tuple[1] - self.y
        return (0 <= x < self._shape[0] * self._shape[2]
                and 0 <= y < self._shape[1] * self._shape[3])


class Group(_Layer):
    scale = 1

    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        if scale != 1:
            self.scale = scale
        if x:
            self.x = x
        if y:
            self.y = y
        self._children = []
        _made["groups"] += 1

    def append(self, layer):
        layer._adopt()
        self._children.append(layer)

    def insert(self, index, layer):
        layer._adopt()
        self._children.insert(index, layer)

    def index(self, layer):
        return self._children.index(layer)

    def pop(self, i=-1):
        layer = self._children.pop(i)
        layer._in_group = False
        return layer

    def remove(self, layer):
        self.pop(self.index(layer))

    def __len__(self):
        return len(self._children)

    def __getitem__(self, index):
        return self._children[index]

    def __setitem__(self, index, layer):
        layer._adopt()
        self._children[index]._in_group = False
        self._children[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    def __contains__(self, layer):
        return layer in self._children
