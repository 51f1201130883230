"""The save on an ESP32-S3 (the Cardputer): ``microcontroller.nvm`` there is
8 KB kept as one blob in the flash's NVS partition
(ports/espressif/common-hal/nvm/ByteArray.c, CIRCUITPY_INTERNAL_NVM_SIZE).

What the firmware does with it decides this store:
- any read, of one byte or of all, opens the NVS and copies the whole blob
  into the gc heap (8 KB, for as long as the read): so the store reads the
  nvm twice at start, the frame's head then the frame, and never byte by
  byte (the SAMD51's store looks for the erased end a byte at a time: 8192
  blob reads here), nor whole (8 KB more);
- any write copies the blob into the heap too (8 KB, without a collection:
  a fragmented heap fails it with MemoryError), erases the namespace and
  writes the blob whole: as the SAMD51's block, every write erases, so each
  save is one frame at the start (``NvmStore``'s layout), written in one
  slice, after a collection;
- until first written the blob is not there and the nvm reads as zeros, not
  as erased flash (0xFF): zeros are a blank store, not a torn one. A power
  cut between the erase and the write leaves no blob either, so it reads
  as blank too: when boot.py gave the game the drive, the drive's copy is
  then the save.
"""

import gc

from ..core.stores import _FRAME, FRAME_HEAD, FRAMING, NvmStore, _whole, frame_bytes


class NvsStore(NvmStore):
    """``NvmStore``'s frame at the start of the nvm, read and written as the
    ESP32-S3's NVS blob wants (the module's docstring says why)."""

    def load(self):
        """The bytes last saved, or ``None``; ``lost`` when the nvm's start
        holds neither a whole frame nor a blank store's bytes."""
        nvm = self.nvm
        head = nvm[0:FRAME_HEAD]  # two reads: the frame's head, then the frame
        found = None
        if head[0:3] == _FRAME:
            found = _whole(nvm[0:min(self.size, FRAMING + (head[6] << 8 | head[7]))], 0)
        record = None
        if found is not None:
            self._seq, record = found
            self._at = 0
            self._end = FRAMING + len(record)
            self.lost = False
            return record
        blank = True
        for byte in head:
            if byte != head[0] or byte != 0 and byte != 0xFF:  # (zeros: never written)
                blank = False
        self.lost = not blank
        self._at = -1
        self._end = 0 if blank else self.size
        if self.copy is not None:
            copied = self.copy.newest(_whole)
            if copied is not None:
                self._seq, record = copied
        return record

    def save(self, data):
        """Keep ``data`` in one write: True if the flash was written.
        ValueError if too big; OSError if the firmware found no room in
        the heap for its copy of the blob."""
        if len(data) > self.capacity:
            raise ValueError("save too big for nvm")
        nvm = self.nvm
        stop = FRAMING + len(data)
        if self._at == 0 and self._end == stop and nvm[FRAME_HEAD:stop - 2] == data:
            return False  # (the newest record, as the flash holds it)
        frame = frame_bytes(_FRAME, self._seq + 1, data)
        if self.copy is not None:
            self.copy.write(frame)
        gc.collect()  # room for the firmware's 8 KB copy of the blob, in one piece
        try:
            nvm[0:len(frame)] = frame
        except MemoryError:
            raise OSError("no room in the heap for the nvm's 8 KB")
        self._seq += 1
        self._at = 0
        self._end = stop
        self.lost = False
        return True
