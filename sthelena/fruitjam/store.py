"""The Fruit Jam's store for the app's save bytes: two files in ``/saves``.

Fruit Jam OS keeps a small filesystem at ``/saves`` that programs may write
while the computer has the main drive (the launcher keeps its settings
there, games their scores). Its flash is written a 4 KB sector at a time,
each write an erase, and the sectors holding the folder's entries are
written by every change of a file's size or name. So a save overwrites one
of two files in place, the older one: the file's own sector and its entry's
are written once each (the file keeps its size unless the record grows),
and a power cut mid-save spoils at most the file being written, while the
other still holds the save before. Each file holds a header (a magic, a
count of saves, the length, a CRC-16 of the record) and the record; the
newer whole one is loaded. Saving the bytes already there writes nothing.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..core.save import crc16

SAVE_PATH = "/saves/sthelena"  # + ".0" and ".1"
_MAGIC = b"StJ"
_HEADER = const(8)  # magic, count of saves (a byte), length (2), CRC-16 (2)


class SavesStore:
    """``load()`` and ``save(data)`` as the app's Keeper uses them (see
    ``sthelena.app.record``); a write that fails raises the filesystem's
    OSError, which the app tells once and plays on."""

    def __init__(self, path=SAVE_PATH):
        self.path = path
        self._count = -1  # the count of the save loaded or written last (-1: none)
        self._slot = 1  # its file (the next save goes to the other)
        self._last = None  # its bytes

    def _read(self, slot):
        """(count, record) of one file, or None if it holds no whole save."""
        try:
            with open("%s.%d" % (self.path, slot), "rb") as file:
                head = file.read(_HEADER)
                if len(head) < _HEADER or head[0:3] != _MAGIC:
                    return None
                size = head[4] << 8 | head[5]
                data = file.read(size)
        except OSError:
            return None
        if len(data) != size or crc16(data) != head[6] << 8 | head[7]:
            return None  # torn by a power cut
        return head[3], data

    def load(self):
        """The bytes last saved, or None (no save yet, or none whole)."""
        first = self._read(0)
        second = self._read(1)
        if first is None and second is None:
            return None
        # The newer: one count after the other's (modulo 256), or the only one.
        if second is None or first is not None and (first[0] - second[0]) & 255 == 1:
            self._slot, (self._count, self._last) = 0, first
        else:
            self._slot, (self._count, self._last) = 1, second
        return self._last

    def save(self, data):
        """Keep ``data``: True if a file was written."""
        data = bytes(data)
        if data == self._last:
            return False
        slot = 1 - self._slot
        count = (self._count + 1) & 255
        check = crc16(data)
        head = _MAGIC + bytes((count, len(data) >> 8, len(data) & 255, check >> 8, check & 255))
        name = "%s.%d" % (self.path, slot)
        try:
            file = open(name, "r+b")  # in place: the file's size and place stay
        except OSError:
            file = open(name, "w+b")  # the first save to this slot
        with file:
            file.write(head)
            file.write(data)
        self._slot = slot
        self._count = count
        self._last = data
        return True
