"""The game saved in the board's flash, ``microcontroller.nvm``: each save a
frame (magic, number, length, record, CRC-16), so that a power cut in a
write leaves the save before it, or says in one line that it lost it.

``NvmStore``: the SAMD51's 8 KB block, which every write erases (each save
one frame at its start); ``sector_store.SectorStore``, the RP2040's and
RP2350's. A handheld's profile picks one (``Profile.store``), and both keep a
second copy on the drive when boot.py gave the game the drive (the
handhelds' ``drive.DriveCopy``); the Fruit Jam's edge saves a Metro RP2350's
game in its nvm with SectorStore. In the core, as the save bytes they hold,
for both edges: each edge hands in its board's ``microcontroller.nvm``
(``board_nvm`` there; a stand-in in the tests), so the core imports nothing
of the board.
docs/board.md, "Saves", says what each survives.
"""

from .cards import const  # the core's: micropython's, or a stand-in on CPython
from .save import crc16

# The store's frames (docs/board.md, "Saves"): a magic, the save's number
# (3 bytes, one more each save), the body's length (2), the body (the app's
# record, or SectorStore's deltas), a CRC-16 of all
# before it. The newest whole frame is the save. The layout before frames
# ("St3", length, record at the start) still loads.
_FRAME = b"St4"
FRAME_HEAD = const(8)  # magic, number, length
FRAMING = const(10)  # the head and the CRC
_OLD = b"St3"


def _whole(flash, at, magic=_FRAME):
    """``(number, body)`` of the frame ``magic`` at ``at`` of ``flash`` (the
    nvm, or a copy's bytes), or None if no whole one starts there (torn by a
    power cut, or no frame)."""
    if at + FRAME_HEAD > len(flash) or flash[at:at + 3] != magic:
        return None
    stop = at + FRAME_HEAD + (flash[at + 6] << 8 | flash[at + 7])
    if stop + 2 > len(flash):
        return None
    frame = flash[at:stop + 2]
    if crc16(memoryview(frame)[0:stop - at]) != frame[-2] << 8 | frame[-1]:
        return None
    return frame[3] << 16 | frame[4] << 8 | frame[5], bytes(frame[FRAME_HEAD:-2])


def erased_from(flash, end):
    """Where the erased bytes (0xFF) that end ``flash[0:end]`` begin."""
    while end and flash[end - 1] == 0xFF:  # (by byte: nothing allocated)
        end -= 1
    return end


def frame_bytes(magic, number, body, size=0):
    """The frame ``magic`` of save ``number`` holding ``body``, and erased
    bytes after it up to ``size`` (one allocation)."""
    stop = FRAME_HEAD + len(body)
    frame = bytearray(max(stop + 2, size))
    frame[0:3] = magic
    frame[3:8] = bytes((number >> 16 & 0xFF, number >> 8 & 0xFF, number & 0xFF, len(body) >> 8,
                        len(body) & 0xFF))
    frame[FRAME_HEAD:stop] = body
    check = crc16(memoryview(frame)[0:stop])
    frame[stop] = check >> 8
    frame[stop + 1] = check & 0xFF
    for at in range(stop + 2, size):
        frame[at] = 0xFF
    return frame


class NvmStore:
    """The saved record in the board's non-volatile memory: the SAMD51's 8 KB
    block, erased by every write, so each save is one frame at its start
    (the RP2040's appends its saves: SectorStore).

    ``load`` gives the newest whole record or None; ``lost`` then says the
    flash was neither blank nor a whole save at its start (a power cut in an
    erase, or a first save torn: the record, if any, is then the newest whole
    frame left or the drive's copy), and the next save erases. ``copy``
    (``drive.DriveCopy``, when boot.py gave the game the drive): a second copy
    of the save, written before each write that erases, read only when the
    flash holds no whole save at its start. Saving the record already newest
    writes nothing; one over ``capacity`` raises ValueError, and a failed
    flash write the firmware's error.
    """

    _clean = True  # (SectorStore: False where its frames show an erase cut)

    def __init__(self, nvm, copy=None):
        self.nvm = nvm
        self.copy = copy
        self.size = len(nvm)
        self.capacity = self.size - FRAMING
        self.lost = False
        self._seq = 0  # the newest save's number
        self._at = -1  # where its frame starts in nvm (-1: not there)
        self._end = 0  # past the last byte not erased (and the newest frame)

    def load(self):
        """The bytes last saved, or ``None``."""
        nvm = self.nvm
        found = self._newest()
        if found is not None:
            self._seq, record, self._at = found
            intact = self._clean and (self._at == 0 or nvm[0:3] == _OLD
                                      or _whole(nvm, 0) is not None)
        elif nvm[0:3] == _OLD:  # the layout before frames: migrated by the next save
            record = bytes(nvm[5:5 + min(nvm[3] << 8 | nvm[4], self._end - 5)])
            intact = True
        else:
            record = None
            intact = self._end == 0
        self.lost = not intact
        copied = None if intact or self.copy is None else self.copy.newest(_whole)
        if copied is not None:
            self._seq, record = copied
            self._at = -1
        return record

    def _newest(self):
        """``(number, record, offset)`` of the newest whole frame, or None;
        ``_end`` set. Here the one at the start, all after it erased."""
        found = _whole(self.nvm, 0)
        if found is None:
            self._end = erased_from(self.nvm, self.size)
            return None
        self._end = FRAMING + len(found[1])
        return found[0], found[1], 0

    def save(self, data):
        """Keep ``data``; True if the flash was written. ValueError if too big.
        It goes in a frame at the start, all after it erased (and to the
        drive's copy first)."""
        if len(data) > self.capacity:
            raise ValueError("save too big for nvm")
        nvm = self.nvm
        stop = FRAMING + len(data)
        if self._at == 0 and nvm[6] << 8 | nvm[7] == len(data) and nvm[FRAME_HEAD:stop - 2] == data:
            return False  # (the newest record, as the flash holds it)
        frame = frame_bytes(_FRAME, self._seq + 1, data, self._end)
        if self.copy is not None:
            self.copy.write(memoryview(frame)[0:stop])
        nvm[0:len(frame)] = frame
        self._seq += 1
        self._at = 0
        self._end = stop
        self.lost = False
        return True
