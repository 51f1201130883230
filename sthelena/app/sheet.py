"""Load the sprite sheet (``assets/sheet.bmp``, laid out as tiles.py says)."""

import displayio

try:
    from bitmaptools import readinto

    _READINTO = True
except ImportError:  # a build without bitmaptools
    _READINTO = False
from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

_WIDTH = const(96)  # 16 x 13 tiles of 6 x 8
_HEIGHT = const(104)
_STRIDE = const(48)  # bytes a BMP row: 96 pixels of 4 bits, already a multiple of 4


def _field(head, at, size):
    return int.from_bytes(head[at:at + size], "little")


def load_sheet(path):
    """A ``displayio.Bitmap(96, 104, 16)`` of the sheet in the BMP at ``path``.

    Raises ValueError unless the file is an uncompressed 4-bit 96 x 104 BMP
    (rows bottom-up or top-down); its colour table is ignored.
    """
    with open(path, "rb") as file:
        head = file.read(54)
        height = head[22:26]  # the height: 104 bottom-up, -104 top-down
        if (head[:2] != b"BM" or _field(head, 14, 4) < 40 or _field(head, 18, 4) != _WIDTH
                or height not in (b"\x68\x00\x00\x00", b"\x98\xff\xff\xff")
                or _field(head, 28, 2) != 4 or _field(head, 30, 4)):
            raise ValueError("%s: not an uncompressed 4-bit 96x104 BMP" % path)
        file.seek(_field(head, 10, 4))
        bitmap = displayio.Bitmap(_WIDTH, _HEIGHT, 16)
        up = not height[3]  # the file's first row is the bottom one
        try:
            if _READINTO:
                # positional: the swap keyword is named differently in Blinka
                readinto(bitmap, file, 4, 1, True, False, up)
                return bitmap
            row = bytearray(_STRIDE)
            for n in range(_HEIGHT):
                if file.readinto(row) != _STRIDE:
                    raise EOFError
                at = (_HEIGHT - 1 - n if up else n) * _WIDTH  # int index: no tuple a pixel
                for x in range(_WIDTH):
                    bitmap[at + x] = row[x >> 1] >> (0 if x & 1 else 4) & 15
        except EOFError:
            raise ValueError("%s: the pixel data is cut short" % path)
        return bitmap
