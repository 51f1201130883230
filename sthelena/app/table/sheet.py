"""Load a sprite sheet (``assets/sheet.bmp``, laid out as tiles.py says, or
``assets/sheet-large.bmp``, the same half as large again, or a fanned
table's cards, as big_screen/fan_layout.py says: the Fruit Jam's
``assets/sheet-fruitjam.bmp`` or the smaller screens' ``assets/sheet-fan.bmp``)."""

import displayio

try:
    from bitmaptools import readinto

    _READINTO = True
except ImportError:  # a build without bitmaptools
    _READINTO = False
from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

_WIDTH = const(96)  # 16 x 13 tiles of 6 x 8
_HEIGHT = const(104)
_LARGE_WIDTH = const(144)  # 16 x 13 tiles of 9 x 12
_LARGE_HEIGHT = const(156)
_FAN_WIDTH = const(160)  # 16 x 7 tiles of 10 x 16
_FAN_HEIGHT = const(112)
_SMALL_FAN_WIDTH = const(96)  # 16 x 7 tiles of 6 x 8
_SMALL_FAN_HEIGHT = const(56)


def _field(head, at, size):
    return int.from_bytes(head[at:at + size], "little")


def load_sheet(path):
    """A ``displayio.Bitmap`` (16 colours) of the sheet in the BMP at ``path``:
    96 x 104, 144 x 156 for the large sheet, 160 x 112 for the Fruit Jam's fan
    sheet, 96 x 56 for the small one.

    Raises ValueError unless the file is an uncompressed 4-bit BMP of one of
    those sizes (rows bottom-up or top-down); its colour table is ignored.
    """
    with open(path, "rb") as file:
        head = file.read(54)
        width = _field(head, 18, 4)
        # The height, positive for rows bottom-up, negative for top-down: read
        # from its low bytes, so no number is past a small int.
        up = head[24:26] == b"\x00\x00"  # the file's first row is the bottom one
        height = _field(head, 22, 2) if up else 0x10000 - _field(head, 22, 2)
        if (head[:2] != b"BM" or _field(head, 14, 4) < 40
                or head[24:26] not in (b"\x00\x00", b"\xff\xff")
                or (width, height) not in ((_WIDTH, _HEIGHT), (_LARGE_WIDTH, _LARGE_HEIGHT),
                                           (_FAN_WIDTH, _FAN_HEIGHT),
                                           (_SMALL_FAN_WIDTH, _SMALL_FAN_HEIGHT))
                or _field(head, 28, 2) != 4 or _field(head, 30, 4)):
            raise ValueError("%s: not an uncompressed 4-bit 96x104, 144x156, 160x112 or 96x56 BMP"
                             % path)
        file.seek(_field(head, 10, 4))
        bitmap = displayio.Bitmap(width, height, 16)
        try:
            if _READINTO:
                # positional: the swap keyword is named differently in Blinka
                readinto(bitmap, file, 4, 1, True, False, up)
                return bitmap
            stride = width // 2  # 96, 144 or 160 pixels of 4 bits: a multiple of 4 bytes already
            row = bytearray(stride)
            for n in range(height):
                if file.readinto(row) != stride:
                    raise EOFError
                at = (height - 1 - n if up else n) * width  # int index: no tuple a pixel
                for x in range(width):
                    bitmap[at + x] = row[x >> 1] >> (0 if x & 1 else 4) & 15
        except EOFError:
            raise ValueError("%s: the pixel data is cut short" % path)
        return bitmap
