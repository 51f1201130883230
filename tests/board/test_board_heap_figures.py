"""The boards' heaps (tools/harness/board_heap.py) are those of the firmware:
the committed link-map addresses are the built firmware's, the model of the
port heap and the gc heap gives on the emulated PicoSystem exactly what
CircuitPython's own code.py reads there, and the tests' heap on
CircuitPython's unix port holds what a PyGamer's holds. Each check needs
a build (tools/build/circuitpython_builds.py finds them: build/'s, else the
shared builds'), which its ``firmware`` marker names: it is skipped, saying
which, where that is not there."""

import os
import subprocess

import pytest

from tools.harness import board_heap, firmware_figures
from tools.build import circuitpython_builds


def built(board):
    """The path of the board's firmware (its ``firmware`` marker's build)."""
    return circuitpython_builds.find(board_heap.BOARDS[board][2])


@pytest.mark.parametrize("board", [pytest.param(board, marks=pytest.mark.firmware(
    board_heap.BOARDS[board][2])) for board in sorted(board_heap.BOARDS)])
def test_the_figures_are_those_of_the_firmwares_link_map(board):
    elf = built(board)
    port = board_heap.BOARDS[board][0]
    symbols = board_heap.link_symbols(elf, board_heap.PORT_SYMBOLS[port])
    bottom, top, _ = board_heap.LAYOUTS[board]
    assert [symbols[name] for name in board_heap.PORT_SYMBOLS[port]] == [bottom, top], (
        "the firmware was built anew: put its addresses in board_heap.LAYOUTS")
    assert board_heap.heap_of_firmware(board) == board_heap.HEAPS[board]._replace(source="")


def test_the_figures_are_the_documented_ones():
    pygamer, pybadge, pico = (board_heap.HEAPS[board]
                              for board in ("pygamer", "pybadge", "pimoroni_picosystem"))
    # A port heap is what lies between the static data and the stack.
    assert pygamer.port_heap == 0x2002FFF8 - board_heap.STACK - 0x20002FBC == 158_780
    assert (pygamer.top, pybadge.top, pico.top) == (147_200, 147_136, 188_160)
    assert (pygamer.full, pybadge.full, pico.full) == (145_856, 148_288, 180_608)
    assert board_heap.BOARD_HEAP == pygamer.vm_heapsize == 150_416  # the smaller of the two
    with open(os.path.join(board_heap.ROOT, "docs", "board.md")) as docs:
        text = docs.read()
    for figure in ("147,200", "145,856", "150,416"):
        assert figure in text, figure


def test_the_model_of_tlsf_is_the_allocators():
    # tlsf_size() of lib/tlsf/tlsf.c, compiled 32-bit, for these pools.
    sizes = {16_000: 396, 120_000: 852, 158_780: 920, 195_684: 920, 300_000: 1_752}
    assert {pool: board_heap.tlsf_control(pool) for pool in sizes} == sizes
    # Its blocks on the emulated RP2040 (12-byte pins, a 18-byte descriptor
    # given 20) and the areas it gave the gc heap there (8,240 asked, 8,704 given).
    pool = 195_684
    assert [board_heap.tlsf_block(pool, size) for size in (12, 18, 1600, 8240, 16432, 520)] == [
        12, 20, 1600, 8704, 17408, 544]
    assert board_heap.tlsf_fit(pool, 181_956) == 180_224


@pytest.mark.firmware("picosystem/firmware.uf2", "rp2040/bootrom.bin", emulator=True)
def test_on_the_emulated_picosystem_the_model_reads_what_the_firmware_does(tmp_path):
    pico = board_heap.HEAPS["pimoroni_picosystem"]
    found = board_heap.emulated_heap(str(tmp_path))
    assert found["free"] + found["alloc"] == pico.top, found
    assert found["filled"] == pico.full and found["left"] == 0, found
    assert 0 <= pico.largest - found["largest"] < 16, found  # bisected to 16 bytes


FIRMWARE, _ = firmware_figures.interpreter()


@pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
def test_the_tests_heap_holds_on_the_unix_port_what_a_pygamer_holds():
    proc = subprocess.run(
        [FIRMWARE, "-X", "heapsize=%d" % board_heap.BOARD_HEAP, "-c",
         "import gc; print(gc.mem_free() + gc.mem_alloc())"],
        capture_output=True, text=True, check=True)
    assert int(proc.stdout) == board_heap.HEAPS["pygamer"].full
