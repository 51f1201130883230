"""The Cardputer's game (``lib/sthelena_cardputer.mpy``, its profile's) on
CircuitPython's own interpreter (the unix port, 10.x) at the heap measured on
an ESP32-S3 without PSRAM (tools/harness/serial_play.py's CARDPUTER_HEAP,
which says where the figure comes from): the drive started as its
``code.py`` starts it, with the stand-ins for its board; a legal game of its
own keys with the menu and the overview played, then a hint asked for
mid-game, which must get the full search (not the compact one a short heap
falls back to) and leave at least 8 KB free while it runs
(tools/harness/board_game_heap.py, as tests/board/test_wio_heap.py)."""

import pytest

from sthelena.boards import catalogue
from tools.harness import board_game_heap, board_scripts, serial_play
from tools.harness.firmware_sessions import make_app
from tools.harness.heap_play import FREE_GOAL

pytestmark = pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")

DEALS = (3, 10)  # each a hint's search to its end: a winning line, a best line
MOVES = 40


@pytest.mark.parametrize("deal", DEALS)
def test_a_game_and_a_full_hint_fit_the_cardputers_heap(deal):
    profile = catalogue.named("cardputer")
    assert profile.game == "sthelena_cardputer"  # (its own game: lib/sthelena_cardputer.mpy)
    heap = board_game_heap.game_heapsize("m5stack_cardputer")
    assert heap == serial_play.CARDPUTER_HEAP
    script = board_scripts.game_script(profile, deal, MOVES)
    assert script.kinds[:2] == ["menu: open", "menu: close"] and script.moves == MOVES
    assert {"ENTER", "C", "R"} <= set(script.words)  # (its own keys: a hold is a key)
    events = [event for given in script.events for event in given]
    allowance, [(found, why)] = board_game_heap.board_run(
        profile, "cardputer", script.record, events, heap)
    assert found is not None, why
    assert 0 < allowance < 64 * 1024  # (the stand-ins' code and the script's)
    live, free, held = found["in_play"]
    app = make_app(script.record)  # every press did as on the desktop
    for event in events:
        app.handle(event)
        while app.hint is not None:
            app.tick(0)
    assert held == len(app.game.move_stack())
    full, result, least, most, message = found["hint"]
    assert full == 1, found  # the full search's buffers
    assert result > 0 and message.startswith(("Wins", "+", "Lost")), found  # ran to its end
    assert least >= FREE_GOAL, found
    assert live < most < heap
