"""Stand-in for CircuitPython's ``microcontroller.nvm``: 8192 bytes of flash.

Blank flash reads 0xFF. ``nvm.writes`` counts slice writes (each is a flash
erase and write on the board).
"""


class ByteArray:
    def __init__(self, size=8192):
        self._data = bytearray(b"\xff" * size)
        self.writes = 0

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, _ = index.indices(len(self._data))
            if stop - start != len(value):
                raise ValueError("Slice and value different lengths")
        elif not 0 <= index < len(self._data):
            raise IndexError("index out of range")
        self._data[index] = value
        self.writes += 1


nvm = ByteArray()
