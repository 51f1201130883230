"""What CircuitPython leaves the game on an RP2350 without PSRAM (the Metro
RP2350's chip), with and without the DVI screen's framebuffer: read from
CircuitPython's sources, as tools/harness/board_heap.py reads a built
firmware's link map (desktop only; no RP2350 firmware is built here).

The layout (adafruit/circuitpython at the shared builds' commit):

- ports/raspberrypi/link-rp2350.ld: RAM is 512 KiB from 0x20000000, then
  SCRATCH_Y (4 KiB); the port heap runs from the end of the static data
  (``_ld_cp_dynamic_mem_start``) to ``_ld_cp_dynamic_mem_end`` =
  ``__StackTop``, the end of SCRATCH_Y (0x20081000), the stack at its top
  (24 KiB, CIRCUITPY_DEFAULT_STACK_SIZE, and the exceptions' 1 KiB).
- The static data's size is the one figure a build would give: taken as the
  RP2040 Pico's here (``__bss_end__`` of ../shared/circuitpython/rp2040/
  raspberry_pi_pico/firmware.elf, 44,768 bytes). The RP2350's build holds
  more (its USB host stack, HSTX), so the heap below is at most this.
- ports/raspberrypi/common-hal/picodvi/Framebuffer_RP2350.c: the framebuffer
  is ``port_malloc``'d, and never in PSRAM (the HSTX cannot stream from it):
  ``width * color_depth / 8`` bytes a line, and a table of DMA commands,
  two words a transfer at full resolution and four where picodvi doubles
  the pixels (320x240 and 360x200, at 8, 16 or 32 bits, to the 640x480 and
  720x400 modes), (front porch + sync + back porch + 2 x active lines + 1)
  transfers a frame. The firmware makes it at start
  (``picodvi_autoconstruct`` in board_init) when a monitor answers on the DVI
  connector's I2C: 640x480 at 8 bits by default, 720x400 on a 1080p monitor.
- Then, as on every board (board_heap.supervisor_allocations), the
  terminal's tiles (a 6x12 font: 106 x 40 on 640x480, two bytes a tile), USB's
  descriptors, the Python stack and the gc heap's first area; the gc heap
  grows into what the port heap has left.
"""

from .board_heap import (FIRST_AREA, GC_BLOCK, GLYPH, PYSTACK, STACK, PortHeap, gc_area_size,
                         gc_pool, vm_heapsize)

RAM_START = 0x20000000
STACK_TOP = 0x20081000  # __StackTop: SCRATCH_Y's end (link-rp2350.ld)
STATIC = 0x2000AEE0 - RAM_START  # the RP2040 Pico build's __bss_end__: a lower bound here
# Each DVI mode's lines of blanking and active lines (Framebuffer_RP2350.c's MODE_ constants).
VERTICAL = {640: (10, 2, 133, 480), 720: (3, 4, 218, 400)}
USB = (18, 224, 480, 160)  # the descriptors board_heap.supervisor_allocations lists


def framebuffer_bytes(width, height, color_depth=8):
    """What picodvi takes from the port heap for a mode, at full resolution
    or doubled (320x240 in the 640x480 mode): the pixels and the DMA
    commands."""
    pitch_words = (width * color_depth // 8 + 3) // 4
    mode = 640 if 640 % width == 0 else 720
    front, sync, back, active = VERTICAL[mode]
    commands = (front + sync + back + 2 * active + 1) * (2 if mode == width else 4)
    return pitch_words * height * 4 + commands * 4


def gc_heap(screen=None):
    """The bytes the gc heap holds once grown as far as the port heap lets
    it (a heap filled with small objects, as board_heap's ``full``), with
    ``screen`` ((width, height, colour depth) of the DVI screen picodvi set
    up at start) or without one."""
    port = PortHeap(RAM_START + STATIC, STACK_TOP - STACK)
    sizes = []
    if screen is not None:
        width, height, depth = screen
        sizes.append(framebuffer_bytes(width, height, depth))
        tiles = (width // GLYPH[0]) * (height // GLYPH[1])
        sizes.append(tiles * (2 if tiles > 255 else 1))
    sizes += list(USB) + [PYSTACK, FIRST_AREA]
    for size in sizes:
        address = port.take(size)
    pools = [gc_pool(address, address + FIRST_AREA)]
    while port.fit() >= gc_area_size(1):
        grown = gc_area_size(sum(pools) // GC_BLOCK)
        size = min(port.fit(), max(grown, gc_area_size(1)))
        address = port.take(size)
        pools.append(gc_pool(address + 36, address + size))  # (board_heap.AREA_STRUCT)
    return sum(pools)


# The figures: with the 640x480 screen the firmware sets up, and with none.
WITH_SCREEN = gc_heap((640, 480, 8))
WITHOUT_SCREEN = gc_heap()
METRO_HEAP = vm_heapsize(WITH_SCREEN)  # as CircuitPython's unix port's -X heapsize=
# With the 320x240 screen the game sets up without PSRAM (the profile's DviScreen.small),
# picodvi doubling it to 640x480: as if it had been there from the start (the firmware's
# 640x480 one, let go first, leaves its blocks free to the gc heap's next areas).
SMALL = (320, 240, 8)
WITH_SMALL_SCREEN = gc_heap(SMALL)
METRO_SMALL_HEAP = vm_heapsize(WITH_SMALL_SCREEN)


if __name__ == "__main__":
    print("RP2350 without PSRAM: the gc heap grown full, with picodvi's 640x480x8 screen "
          "%d bytes (-X heapsize=%d); with none %d; the screen takes %d"
          % (WITH_SCREEN, METRO_HEAP, WITHOUT_SCREEN, framebuffer_bytes(640, 480)))
    print("with the game's 320x240x8 screen (doubled to 640x480) %d bytes (-X heapsize=%d); "
          "the screen takes %d" % (WITH_SMALL_SCREEN, METRO_SMALL_HEAP, framebuffer_bytes(*SMALL)))
