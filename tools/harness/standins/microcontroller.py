"""Stand-in for CircuitPython's ``microcontroller.nvm``: flash, written as the
firmware writes it. 8192 bytes (a SAMD51's) unless told otherwise.

Blank flash reads 0xFF. A slice written is what the firmware makes of it: on
a SAMD51 (``erase_all``, the default for 8 KB) the block is erased and
programmed whole, from its start, whatever is written; on an RP2040 (4 KB)
bytes still erased are programmed in place, and any other write erases the
sector and programs it whole. ``writes`` counts slice writes (each a flash
erase and write on a SAMD51), ``erases`` the erases among them.

A power cut: ``cut = N`` stops the next write after N steps (an erase, when
the write erases, is the first; each byte programmed is one) and raises
``PowerCut``. A cut erase leaves each byte erased, as it was, or with some of
its bits set; the byte a cut program was on has some of its bits programmed:
which, a generator seeded by ``seed`` says (the flash's datasheets promise
nothing of these bytes).
"""


class PowerCut(Exception):
    """The power went mid-write: the flash is as the cut left it."""


class ByteArray:
    def __init__(self, size=8192, erase_all=None):
        self._data = bytearray(b"\xff" * size)
        self.writes = 0
        self.erases = 0
        self.erase_all = size == 8192 if erase_all is None else erase_all
        self.cut = -1  # steps of the next write before a power cut (-1: none)
        self.seed = 1

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        return self._data[index]

    def _random(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return self.seed >> 8

    def __setitem__(self, index, value):
        data = self._data
        if isinstance(index, slice):
            start, stop, _ = index.indices(len(data))
            if stop - start != len(value):
                raise ValueError("Slice and value different lengths")
        elif 0 <= index < len(data):
            start, stop, value = index, index + 1, bytes((value,))
        else:
            raise IndexError("index out of range")
        erase = self.erase_all
        for at in range(start, stop):
            erase = erase or data[at] != 0xFF
        self.writes += 1
        self.erases += erase
        left = self.cut
        self.cut = -1
        if left < 0:  # no cut: the bytes as the write leaves them (nothing allocated)
            data[start:stop] = value
            return
        image = bytearray(data)
        image[start:stop] = value
        if erase:
            if left == 0:  # cut mid-erase
                for at in range(len(data)):
                    kind = self._random() % 3
                    if kind == 0:
                        data[at] = 0xFF
                    elif kind == 1:
                        data[at] |= self._random() & 0xFF
                raise PowerCut("cut during the erase")
            left -= 1
            data[:] = b"\xff" * len(data)
            start, stop = 0, len(data)
        # Programmed in order over erased bytes (which take the bytes as they are).
        done = min(left, stop - start)
        data[start:start + done] = image[start:start + done]
        if done < stop - start:  # cut mid-program: this byte partly programmed
            at = start + done
            data[at] &= image[at] | self._random() & 0xFF
            raise PowerCut("cut while programming byte %d" % at)

nvm = ByteArray()
