"""What each handheld's firmware leaves the game: its gc heap, read from the
firmware's link map. The one place the tests and the benches take
a board's heap from.

CircuitPython 10 lays a board's RAM out as (main.c, supervisor/shared/port.c,
py/gc.c; ports/atmel-samd and ports/raspberrypi):

    static data (.data, .bss) | the port heap (TLSF) ...  | the stack

The stack is the top 24 KiB and a 1 KiB reserve for exceptions
(CIRCUITPY_DEFAULT_STACK_SIZE, CIRCUITPY_EXCEPTION_STACK_SIZE). The port heap
is all between the end of the static data and the stack's limit: a TLSF
allocator, with its control block at the bottom. Before code.py runs, the
supervisor takes from it, in this order, what ``supervisor_allocations``
lists: the display bus's three pins, the terminal's tiles, USB's
descriptors, the Python stack (pystack) and the gc heap's first area, 8 KiB
(CIRCUITPY_HEAP_START_SIZE). When that area is full, the gc heap grows by
another area taken from the port heap: as large as the whole heap so far, or
as an allocation needs, or all that is left (gc_try_add_heap).

``gc.mem_free()`` adds to the free bytes of the areas the largest area the
port heap could still give (rounded down as TLSF does: to 8 KiB near
128-256 KiB). So at the top of code.py, ``gc.mem_free() + gc.mem_alloc()``
is ``Heap.top``. What the gc heap holds once grown until the port heap is
spent is ``Heap.full``: each area loses 1/33 to its tables, and up to 1/16
more to TLSF's size classes, so it depends on how the heap grew; this is
a heap filled with small objects (as PROBE fills it). The interpreter of
the tests (CircuitPython's unix port, one area of ``-X heapsize=`` bytes)
holds as much with ``Heap.vm_heapsize``.

Desktop only. ``python3 -m tools.harness.board_heap`` prints the figures
(``ELF BOARD``: read from that firmware; ``--emulate``: PROBE's on the
emulated PicoSystem); tests/board/test_board_heap_figures.py checks them against
the firmware where it is built.
"""

import os
import subprocess
import sys
from collections import namedtuple

from tools.build import circuitpython_builds

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

STACK = 24 * 1024 + 1024  # the stack and the exceptions' reserve, below the stack's top
# Each port's symbols for the bottom of the port heap and the top of the stack.
PORT_SYMBOLS = {"atmel-samd": ("_ebss", "_estack"),
                "raspberrypi": ("_ld_cp_dynamic_mem_start", "_ld_cp_dynamic_mem_end")}
# A board's port, screen (the terminal's size) and firmware (circuitpython_builds' name).
BOARDS = {
    "pygamer": ("atmel-samd", (160, 128), "pygamer/firmware.elf"),
    "pybadge": ("atmel-samd", (160, 128), "pybadge/firmware.elf"),
    "pimoroni_picosystem": ("raspberrypi", (240, 240), "picosystem/firmware.elf"),
    "pyportal": ("atmel-samd", (320, 240), "pyportal/firmware.elf"),
    # (the Titano's firmware is the PyPortal's build but for its screen: its terminal's)
    "pyportal_titano": ("atmel-samd", (480, 320), "pyportal/firmware.elf"),
    "seeeduino_wio_terminal": ("atmel-samd", (320, 240), "wio/firmware.elf"),
}
GLYPH = (6, 12)  # the terminal's built-in font
PYSTACK = 2048  # CIRCUITPY_PYSTACK_SIZE
FIRST_AREA = 8 * 1024  # CIRCUITPY_HEAP_START_SIZE


def supervisor_allocations(screen):
    """What the supervisor takes from the port heap before code.py, in
    order, as ``(what, bytes asked)``: found by walking the port heap of the
    PicoSystem's firmware on the emulated RP2040 at the top of code.py, each
    block named by the static variable pointing to it. The same code runs on
    a SAMD51; only the terminal's tiles follow the screen."""
    columns, rows = screen[0] // GLYPH[0], screen[1] // GLYPH[1]
    tiles = columns * rows
    return [
        ("the display bus's data/command pin", 12),
        ("the display bus's chip select pin", 12),
        ("the display bus's reset pin", 12),
        ("the terminal's tiles (%d x %d)" % (columns, rows), tiles * (2 if tiles > 255 else 1)),
        ("USB's device descriptor", 18),
        ("USB's configuration descriptor", 224),
        ("USB's interface names", 480),
        ("USB's HID report descriptor", 160),
        ("the Python stack (pystack)", PYSTACK),
        ("the gc heap's first area", FIRST_AREA),
    ]


# --- TLSF (lib/tlsf/tlsf.c), 32-bit --------------------------------------

HEADER = 4  # a block's size word
BLOCK_MIN = 12
CONTROL_STRUCT = 36  # sizeof(control_t)


def _sl_log2(pool):
    return 3 if pool <= 16 * 1024 else 4 if pool <= 256 * 1024 else 5


def tlsf_control(pool):
    """Bytes TLSF's control block takes at the bottom of a pool of ``pool``."""
    sl_log2 = _sl_log2(pool)
    first_levels = pool.bit_length() - (sl_log2 + 2) + 1
    return CONTROL_STRUCT + 4 * first_levels + 4 * first_levels * (1 << sl_log2)


def tlsf_block(pool, size):
    """The block TLSF gives for ``size`` bytes: aligned to 4, and above 64
    bytes rounded up to its size class (it searches a class above)."""
    size = max((size + 3) & ~3, BLOCK_MIN)
    if size >= 1 << (_sl_log2(pool) + 2):
        step = 1 << (size.bit_length() - 1 - _sl_log2(pool))
        size = (size + step - 1) & ~(step - 1)
    return size


def tlsf_fit(pool, free):
    """The most a free block of ``free`` bytes is sure to give (tlsf_fit_size)."""
    if free < 1 << (_sl_log2(pool) + 2):
        return (free + 3) & ~3
    step = (1 << (free.bit_length() - 1)) >> _sl_log2(pool)
    return free & ~(step - 1)


# --- the gc heap (py/gc.c: finalisers and the selective collect table on) ---

GC_BLOCK = 16
AREA_STRUCT = 36  # sizeof(mp_state_mem_area_t), at the start of each added area


def gc_pool(start, end):
    """The pool bytes of a gc area over ``start``..``end`` (gc_setup_area)."""
    end &= ~(GC_BLOCK - 1)
    blocks = (end - start - 1) * 8 // (2 + 1 + 1 + 8 * GC_BLOCK)
    return blocks // 4 * 4 * GC_BLOCK


def gc_area_size(blocks):
    """The bytes of an added area of ``blocks`` blocks (compute_heap_size)."""
    blocks = (blocks + 3) // 4 * 4
    size = AREA_STRUCT + blocks // 4 + 1 + 2 * ((blocks + 7) // 8) + blocks * GC_BLOCK + GC_BLOCK
    return (size + GC_BLOCK - 1) // GC_BLOCK * GC_BLOCK


def vm_heapsize(pool):
    """The least ``-X heapsize=`` whose one area holds ``pool`` bytes."""
    size = pool * 132 // 128
    while gc_pool(0, size) < pool:
        size += 1
    return size


Heap = namedtuple("Heap", "board port_heap top largest full vm_heapsize source")


class PortHeap:
    """A TLSF pool from ``bottom`` to ``top`` handing out blocks one after
    another from its one free block, as it does while nothing is freed."""

    def __init__(self, bottom, top):
        self.size = top - bottom
        self.free = (self.size - tlsf_control(self.size) - 2 * HEADER) & ~3
        self.address = bottom + tlsf_control(self.size) + HEADER  # the next block's data

    def fit(self):
        """The largest block it is sure to give now."""
        return tlsf_fit(self.size, self.free)

    def take(self, size):
        """A block for ``size`` bytes: its address."""
        address, block = self.address, tlsf_block(self.size, size)
        self.free -= block + HEADER
        self.address += block + HEADER
        return address


def heap_from_layout(board, bottom, top):
    """The figures (a Heap) of a board whose port heap runs from ``bottom``
    to the stack's top ``top`` (addresses from its link map)."""
    port = PortHeap(bottom, top - STACK)
    for _, size in supervisor_allocations(BOARDS[board][1]):
        address = port.take(size)
    first = gc_pool(address, address + FIRST_AREA)  # the last one taken
    avail = port.fit()
    largest = max(b for b in range(0, avail // GC_BLOCK + 1, 4) if gc_area_size(b) <= avail)
    # Grown as a heap filled with small objects grows (gc_try_add_heap),
    # until not even an area of one block fits.
    pools = [first]
    while port.fit() >= gc_area_size(1):
        grown = gc_area_size(sum(pools) // GC_BLOCK)
        size = min(port.fit(), max(grown, gc_area_size(1)))
        address = port.take(size)
        pools.append(gc_pool(address + AREA_STRUCT, address + size))
    full = sum(pools)
    return Heap(board, port.size, first + avail, largest * GC_BLOCK, full, vm_heapsize(full), "")


def link_symbols(elf, names):
    """The addresses of ``names`` in ``elf`` (binutils' nm, which reads an ARM
    ELF's symbols as well as arm-none-eabi-nm), or raise OSError."""
    out = subprocess.run(["nm", elf], capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in names:
            found[parts[2]] = int(parts[0], 16)
    missing = set(names) - set(found)
    if missing:
        raise OSError("%s has no symbol %s" % (elf, ", ".join(sorted(missing))))
    return found


def heap_of_firmware(board, elf=None):
    """The figures read from a built firmware's link map (``elf``, by
    default the board's that circuitpython_builds finds)."""
    port, _, built = BOARDS[board]
    symbols = link_symbols(elf or circuitpython_builds.find(built), PORT_SYMBOLS[port])
    bottom, top = (symbols[name] for name in PORT_SYMBOLS[port])
    return heap_from_layout(board, bottom, top)


# --- the figures --------------------------------------------------------

SAMD51_BUILD = ("make firmware-samd51 (CircuitPython 10.3.0-alpha.4-53-gcd3da4a5d8, "
                "GCC 13.2.1, LTO and ulab off)")
# Each board's link map (bottom of the port heap, top of the stack) and its figures.
LAYOUTS = {
    "pygamer": (0x20002FBC, 0x2002FFF8, SAMD51_BUILD + ": _ebss, _estack"),
    "pybadge": (0x20002FC4, 0x2002FFF8, SAMD51_BUILD + ": _ebss, _estack"),
    "pimoroni_picosystem": (
        0x2000AF9C, 0x20041000,
        "make firmware-rp2040: _ld_cp_dynamic_mem_start, _ld_cp_dynamic_mem_end; on the emulated"
        " RP2040 a one-line code.py read gc.mem_free() 187,072 + gc.mem_alloc() 1,088 at its"
        " top, one bytearray of 174,647 bytes, and 180,608 bytes held when filled"),
}
LAYOUTS["pyportal"] = (0x20003D18, 0x2003FFF8, SAMD51_BUILD.replace(
    "make firmware-samd51", 'BOARDS="pyportal" tools/build/circuitpython/firmware_samd51.sh')
    + ": _ebss, _estack (SAMD51J20: 256 KB of RAM)")
LAYOUTS["pyportal_titano"] = LAYOUTS["pyportal"][:2] + (
    "the PyPortal's link map (the same chip, the same build but for the screen: no Titano "
    "firmware is built here), the terminal's tiles those of its 480x320 screen",)
# The Wio Terminal's: the same build of its own board (BOARDS=seeeduino_wio_terminal).
LAYOUTS["seeeduino_wio_terminal"] = (
    0x20002FC0, 0x2002FFF8, "tools/build/circuitpython/firmware_samd51.sh, BOARDS="
    "seeeduino_wio_terminal (CircuitPython 10.3.0-alpha.4-53-gcd3da4a5d8, GCC 13.2.1, LTO and "
    "ulab off): _ebss, _estack")
HEAPS = {board: heap_from_layout(board, bottom, top)._replace(source=source)
         for board, (bottom, top, source) in LAYOUTS.items()}
# The heap the tests and benches give the game on CircuitPython's unix port:
# the smaller of the PyGamer's and the PyBadge's.
BOARD_HEAP = min(HEAPS["pygamer"].vm_heapsize, HEAPS["pybadge"].vm_heapsize)
# The Wio Terminal's (its own game, sthelena_wio, on the 320x240 table): its
# tests' heap.
WIO_HEAP = HEAPS["seeeduino_wio_terminal"].vm_heapsize


# A code.py that reads the gc heap first thing, then the largest one
# allocation (bisected to 16 bytes) and what the heap holds when filled.
PROBE = """import gc
top = (gc.mem_free(), gc.mem_alloc())
import time
time.sleep(2)  # the emulated USB console connects: what is printed before is lost
low, high = 1024, 512 * 1024
while high - low > 16:
    middle = (low + high) // 2
    try:
        block = bytearray(middle)
        low = middle
    except MemoryError:
        high = middle
    block = None
    gc.collect()
chain, size = None, 4096
while size >= 16:
    try:
        chain = (chain, bytearray(size))
    except MemoryError:
        size //= 2
while True:  # the last blocks, one at a time
    try:
        chain = (chain,)
    except MemoryError:
        break
gc.collect()
print("heap", top[0], top[1], low, gc.mem_alloc(), gc.mem_free())
print("probed")
"""


def emulated_heap(folder):
    """The PicoSystem's firmware on the emulated RP2040 (tools/harness/emulated.py)
    running PROBE from a drive made in ``folder``: ``{"free", "alloc"}`` at the
    top of code.py, ``"largest"`` one bytearray, ``"filled"`` (gc.mem_alloc()
    with the heap filled; ``"left"`` its mem_free, 0 when all is spent)."""
    from . import emulated

    drive = os.path.join(folder, "CIRCUITPY")
    os.makedirs(drive, exist_ok=True)
    with open(os.path.join(drive, "code.py"), "w") as out:
        out.write(PROBE)
    result = emulated.emulate(drive, ready="probed", boot_ms=60000)
    for line in result["console"].splitlines():
        if line.startswith("heap "):
            names = ("free", "alloc", "largest", "filled", "left")
            return dict(zip(names, (int(word) for word in line.split()[1:])))
    raise RuntimeError("the probe printed no figures: %s" % result["console"][-500:])


def describe(heap):
    return ("%s: port heap %d bytes; gc heap at the top of code.py %d (mem_free + mem_alloc),"
            " one allocation at most %d; grown to the full %d, as -X heapsize=%d"
            % (heap.board, heap.port_heap, heap.top, heap.largest, heap.full, heap.vm_heapsize))


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(describe(heap_of_firmware(sys.argv[2], sys.argv[1])))
    elif sys.argv[1:] == ["--emulate"]:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            print("the PicoSystem's firmware, emulated:", emulated_heap(folder))
    else:
        for heap in HEAPS.values():
            print(describe(heap))
            print("  from " + heap.source)
        print("BOARD_HEAP (the tests' and benches'): %d bytes" % BOARD_HEAP)
