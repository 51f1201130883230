"""Deal numbers the solver proved winnable, read from ``assets/winnable.bin``.

Board side (CircuitPython): the file is read a few bytes at a time by
seeking, never loaded whole. It is made on the desktop by
``tools/make_winnable.py``. Layout, integers little-endian:

* header, 8 bytes: ``SHW1``, the number of sections, 3 zero bytes;
* a section entry, 20 bytes each: rules bits (``Rules.to_bits()``, 2
  bytes), 2 zero bytes, the first deal number (4), how many deals the
  section covers (4), how many of them are winnable (4), where its bitset
  starts in the file (4);
* each section's bitset: bit ``i % 8`` of byte ``i // 8`` is set when deal
  ``first + i`` was proved winnable (an unknown counts as not).

``open(path, "rb")`` and pass the file: ``winnable_count(f, bits)``,
``is_winnable(f, bits, number)``, ``kth_winnable(f, bits, k)``.
"""

_MAGIC = b"SHW1"
_ENTRY = 20
_CHUNK = 16  # bytes read at a time while counting


def _int(data, start, size):
    number = 0
    for index in range(start + size - 1, start - 1, -1):
        number = number << 8 | data[index]
    return number


def section(file, rules_bits):
    """``(first, span, winnable, offset)`` of the section for ``rules_bits``,
    or None if the file has none; ValueError if it is not such a file."""
    file.seek(0)
    head = file.read(8)
    if len(head) != 8 or head[:4] != _MAGIC:
        raise ValueError("not a winnable-deals file")
    for index in range(head[4]):
        entry = file.read(_ENTRY)
        if len(entry) != _ENTRY:
            raise ValueError("winnable-deals file cut short")
        if _int(entry, 0, 2) == rules_bits:
            return _int(entry, 4, 4), _int(entry, 8, 4), _int(entry, 12, 4), _int(entry, 16, 4)
    return None


def winnable_count(file, rules_bits):
    """How many deals the file lists as winnable under these rules (0 if none)."""
    found = section(file, rules_bits)
    return found[2] if found else 0


def is_winnable(file, rules_bits, number):
    """True if deal ``number`` was proved winnable, False if not or not listed."""
    found = section(file, rules_bits)
    if found is None:
        return False
    first, span, _, offset = found
    index = number - first
    if not 0 <= index < span:
        return False
    file.seek(offset + index // 8)
    byte = file.read(1)
    return len(byte) == 1 and byte[0] >> (index % 8) & 1 == 1


def _bits(byte):
    count = 0
    while byte:
        byte &= byte - 1
        count += 1
    return count


def kth_winnable(file, rules_bits, k):
    """The ``k``-th winnable deal number (k from 0), or None if there are
    not that many; reads the bitset ``_CHUNK`` bytes at a time."""
    found = section(file, rules_bits)
    if found is None or not 0 <= k < found[2]:
        return None
    first, span, _, offset = found
    file.seek(offset)
    left = k
    base = 0
    size = (span + 7) // 8
    while base < size:
        chunk = file.read(min(_CHUNK, size - base))
        if not chunk:
            return None
        for index in range(len(chunk)):
            byte = chunk[index]
            count = _bits(byte)
            if left < count:
                bit = 0
                while True:
                    if byte >> bit & 1:
                        if not left:
                            return first + (base + index) * 8 + bit
                        left -= 1
                    bit += 1
            left -= count
        base += len(chunk)
    return None
