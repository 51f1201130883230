"""The Wio Terminal's game (``lib/sthelena_wio.mpy``, its profile's) on
CircuitPython's own interpreter (the unix port, 10.x) at the Wio Terminal's
heap, read from its firmware's link map (tools/harness/board_heap.py): the
drive started as its ``code.py`` starts it, with the stand-ins for its board
but vectorio, which its firmware lacks; a legal game of its own keys with
the menu and the overview played, then a hint asked for mid-game, which must
get the full search (not the compact one a short heap falls back to) and
leave at least 8 KB free while it runs (tools/harness/board_game_heap.py)."""

import pytest

from sthelena.boards import catalogue
from tools.harness import board_game_heap, board_heap, board_scripts
from tools.harness.firmware_sessions import make_app
from tools.harness.heap_play import FREE_GOAL

pytestmark = pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross", "wio/firmware.elf")

DEALS = (3, 10)  # each a hint's search to its end: a winning line, a best line
MOVES = 40


def moves_after(record, events):
    """The moves the game holds after ``events``, played on the desktop's App."""
    app = make_app(record)
    for event in events:
        app.handle(event)
        while app.hint is not None:
            app.tick(0)
    return len(app.game.move_stack())


@pytest.mark.parametrize("deal", DEALS)
def test_a_game_and_a_full_hint_fit_the_wio_terminals_heap(deal):
    profile = catalogue.named("wio-terminal")
    assert profile.game == "sthelena_wio"
    heap = board_heap.heap_of_firmware("seeeduino_wio_terminal")
    assert heap == board_heap.HEAPS["seeeduino_wio_terminal"]._replace(source="")
    script = board_scripts.game_script(profile, deal, MOVES)
    assert script.kinds[:2] == ["menu: open", "menu: close"] and script.moves == MOVES
    events = [event for given in script.events for event in given]
    allowance, [(found, why)] = board_game_heap.board_run(
        profile, "wio", script.record, events, heap.vm_heapsize)
    assert found is not None, why
    assert 0 < allowance < 64 * 1024  # (the stand-ins' code and the script's)
    live, free, held = found["in_play"]
    assert held == moves_after(script.record, events)  # every press did as on the desktop
    full, result, least, most, message = found["hint"]
    assert full == 1, found  # the full search's buffers
    assert result > 0 and message.startswith(("Wins", "+", "Lost")), found  # ran to its end
    assert least >= FREE_GOAL, found
    assert live < most < heap.full
