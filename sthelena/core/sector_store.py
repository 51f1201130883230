"""The RP2040's and RP2350's store: ``microcontroller.nvm`` is one 4 KB flash
sector whose erased bytes the firmware programs in place, so each save is a
frame appended after the last (``stores``' frames), the sector erased only
when full. A handheld's profile picks it (``Profile.store``: SECTOR_STORE);
the SAMD51's boards, whose nvm every write erases, keep ``stores.NvmStore``
and leave this module out of their game. The Fruit Jam's edge saves in it on
a Metro RP2350, which has no ``/saves``.
"""

from .cards import const  # micropython's, or a stand-in on CPython
from .stores import _FRAME, FRAME_HEAD, FRAMING, NvmStore, _whole, erased_from, frame_bytes

_DELTA = b"St5"  # a frame sharing its record's first bytes with the last whole one
_SHARED_LEAST = const(64)  # bytes a delta must spare


class SectorStore(NvmStore):
    """The save in the RP2040's ``microcontroller.nvm``: one 4 KB flash
    sector, whose erased bytes the firmware programs in place (any other
    write erases the sector). Each save is a frame appended after the last,
    so a power cut in it leaves the one before whole; the sector is erased
    only when the next frame does not fit (the save then a whole frame at
    its start, as ``NvmStore`` writes every save).

    A record that begins as the last whole frame's does (the statistics,
    first in it, change only when a deal is counted) is saved as a delta:
    that frame's number, how many of its first bytes the record shares, and
    the rest. A delta is whole only with its base.
    """

    def __init__(self, nvm=None, copy=None):
        super().__init__(nvm, copy)
        self._base = -1  # the newest whole frame (a delta's base): its offset

    def _newest(self):
        # Appending, a cut leaves at most one torn frame after the newest
        # whole one, and every delta with its base whole: more is an erase
        # cut's (``_clean`` False: said, as a flash torn at its start is).
        nvm = self.nvm
        end = erased_from(nvm, self.size)
        self._end = end
        data = bytes(nvm[0:end])
        self._clean = True
        at = end
        while at > 0:
            at = max(data.rfind(_FRAME, 0, at), data.rfind(_DELTA, 0, at))  # the newest last
            found = None if at < 0 else _whole(nvm, at, data[at:at + 3])
            if found is None:
                continue
            number, record = found
            stop = at + FRAMING + len(record)
            self._end = max(end, stop)  # (its last bytes may read as erased)
            base = at
            if data[at + 2] != _FRAME[2]:  # a delta: the nearest whole frame before is its base
                whole = None
                while whole is None and base > 0:
                    base = data.rfind(_FRAME, 0, base)
                    whole = None if base < 0 else _whole(nvm, base)
                shared = record[3] << 8 | record[4]
                if (whole is None or shared > len(whole[1])
                        or whole[0] != record[0] << 16 | record[1] << 8 | record[2]):
                    self._clean = False
                    continue
                record = whole[1][:shared] + record[5:]
            if data.count(_FRAME, stop) + data.count(_DELTA, stop) > 1:
                self._clean = False
            self._base = base
            return number, record, at
        return None

    def save(self, data):
        """Keep ``data`` (appended even if it is the newest record: an erase
        only when the sector is full, and a check would cost the heap more)."""
        if len(data) > self.capacity:
            raise ValueError("save too big for nvm")
        nvm = self.nvm
        base = self._base
        shared = 0
        if base >= 0 and not self.lost:
            most = min(nvm[base + 6] << 8 | nvm[base + 7], len(data))
            while shared < most and nvm[base + FRAME_HEAD + shared] == data[shared]:
                shared += 1
        if shared < _SHARED_LEAST:
            shared = 0
            frame = frame_bytes(_FRAME, self._seq + 1, data)
        else:
            body = bytearray(nvm[base + 3:base + 6])
            body.append(shared >> 8)
            body.append(shared & 0xFF)
            body.extend(data[shared:])
            frame = frame_bytes(_DELTA, self._seq + 1, body)
        at = self._end
        if self.lost or at + len(frame) > self.size:  # the sector erased, a whole frame first
            self._base = 0
            self._at = -1  # (so that it writes)
            return NvmStore.save(self, data)
        nvm[at:at + len(frame)] = frame
        self._seq += 1
        self._at = at
        self._end = at + len(frame)
        if not shared:
            self._base = at
        return True
