"""A game of taps on the PyPortal (tools/harness/touch_scripts.py: the menu
and the overview by the row of controls, 24 moves of the solver's line tapped
and one dragged, a redeal, undo, redo, a hint, the menu) played on
CircuitPython's own 10.x interpreter at the PyPortal's heap, read from its
firmware's link map (tools/harness/board_heap.py), the drive as the board
has it and the panel's readings through the stand-in adafruit_touchscreen
(tools/harness/touch_play.py): the game plays to where the desktop's does,
and the full hint runs with room to spare. The Titano's the same at its
heap: the PyPortal's link map (the same chip and build but for the screen),
its terminal's tiles those of its 480x320 screen."""

import pytest

from tools.harness import board_heap, touch_play, touch_scripts
from tools.harness.heap_play import FREE_GOAL
from sthelena.app.screens.common import PLAY
from sthelena.boards import catalogue

DEAL, MOVES = 21, 24


def test_the_pyportals_heap_is_its_link_maps():
    heap = board_heap.HEAPS["pyportal"]
    # SAMD51J20: 256 KB of RAM, the static data below the port heap, the stack above.
    assert heap.port_heap == 0x2003FFF8 - board_heap.STACK - 0x20003D18 == 220_896
    assert (heap.top, heap.full, heap.vm_heapsize) == (212_736, 204_416, 210_816)


@pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross", "pyportal/firmware.elf")
@pytest.mark.parametrize("name, board", [("pyportal", "pyportal"),
                                         ("pyportal-titano", "pyportal_titano")])
def test_a_game_of_taps_plays_on_circuitpython_in_the_pyportals_heap(name, board):
    # (the Titano's heap: the PyPortal's link map, its terminal the 480x320 screen's)
    assert board_heap.heap_of_firmware(board) == board_heap.HEAPS[board]._replace(
        source="")  # (the committed addresses are the shared firmware's)
    script, player = touch_scripts.tap_script(catalogue.named(name), DEAL, MOVES)
    found, why = touch_play.run(board, script)
    assert found is not None, why
    assert found["moves"] == [len(player.app.game.move_stack()), PLAY]
    assert found["heap"][0] == board_heap.HEAPS[board].vm_heapsize + found["standins"][0]
    kept, least_free = found["play"]
    searching, least_searching, compact = found["searching"]
    assert 0 < kept < searching and compact == 0  # the hint's full search, not the compact one
    assert least_searching >= FREE_GOAL and least_free > least_searching
