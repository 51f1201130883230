"""What the solver knows of each deal, read from ``assets/winnable.bin``.

Board side (CircuitPython): the file is read a few bytes at a time by
seeking, never loaded whole. It is made on the desktop by
``tools/build/assets/make_winnable.py``. Layout, integers little-endian:

* header, 8 bytes: ``SHW2`` (the format's version is its last byte), the
  number of sections, 3 zero bytes;
* a section entry a rule set, 20 bytes each: rules bits
  (``Rules.to_bits()``, 2), the width of a deal's code in bits (1), 0 (1),
  the first deal number (4), how many deals it covers (2), how many were
  proved winnable (2), how many proved lost (2), the shortest win's moves
  (2: the codes' base), where its codes start in the file (4);
* each section's codes, one a deal, ``width`` bits each, packed from bit 0
  of their first byte on (bit ``j`` is bit ``j % 8`` of byte ``j // 8``):
  0 not known (undecided), 1 proved lost from the deal, ``c`` >= 2 won in
  ``base + c - 2`` moves (the solver's winning line).

Open the file (``open(path, "rb")``), find the rules' section with
``find_section(file, rules_bits)``, then ask ``proved_of(file, found, number)`` or
``pick_winnable(file, found, draw)``. ValueError for a file that is not one of these
or is cut short.
"""

from .cards import const

PROVED_LOST = const(-1)  # proved_of(): the solver proved the deal lost from its start

_MAGIC = b"SHW2"
_ENTRY = const(20)
_TRIES = const(64)  # random draws before pick walks on to the next winnable deal


def _int(data, start, size):
    number = 0
    for index in range(start + size - 1, start - 1, -1):
        number = number << 8 | data[index]
    return number


def find_section(file, rules_bits):
    """The section for ``rules_bits``: ``(first, span, width, base, offset,
    winnable, lost)``, or None if the file has none."""
    file.seek(0)
    head = file.read(8)
    if len(head) != 8 or head[:4] != _MAGIC:
        raise ValueError("not a winnable-deals file")
    for _ in range(head[4]):
        entry = file.read(_ENTRY)
        if len(entry) != _ENTRY:
            raise ValueError("winnable-deals file cut short")
        if _int(entry, 0, 2) == rules_bits:
            if not 0 < entry[2] <= 16:
                raise ValueError("winnable-deals file: bad code width")
            return (_int(entry, 4, 4), _int(entry, 8, 2), entry[2], _int(entry, 14, 2),
                    _int(entry, 16, 4), _int(entry, 10, 2), _int(entry, 12, 2))
    return None


def _code(file, found, index):
    """The code of the section's deal ``index`` (from 0): at most 3 bytes read."""
    width = found[2]
    start = index * width
    size = ((start & 7) + width + 7) >> 3
    file.seek(found[4] + (start >> 3))
    data = file.read(size)
    if len(data) != size:
        raise ValueError("winnable-deals file cut short")
    return _int(data, 0, size) >> (start & 7) & ((1 << width) - 1)


def proved_of(file, found, number):
    """What the solver proved of deal ``number`` (``found``: its rules'
    section): the moves of its winning line, PROVED_LOST, or 0 if nothing."""
    index = number - found[0]
    if not 0 <= index < found[1]:
        return 0
    code = _code(file, found, index)
    if code == 1:
        return PROVED_LOST
    return found[3] + code - 2 if code else 0


def pick_winnable(file, found, draw):
    """A deal number the section lists as winnable, each as likely (drawn
    with ``draw()``, which gives random whole numbers); None if it lists
    none. After ``_TRIES`` unlucky draws, the next winnable one after."""
    span = found[1]
    if not found[5]:
        return None
    index = draw() % span
    for tried in range(_TRIES + span):
        if _code(file, found, index) >= 2:
            return found[0] + index
        index = draw() % span if tried < _TRIES else (index + 1) % span
    raise ValueError("winnable-deals file: its count is wrong")
