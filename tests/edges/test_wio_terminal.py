"""The Seeed Wio Terminal (sthelena/boards/wio_terminal.py: the 5-way switch
the d-pad and A, the top buttons 1, 2 and 3 B, START and SELECT, the 320x240
fanned table at ``board.DISPLAY``, the SAMD51's 8 KB block store, a firmware
without vectorio) set up and played by the board's own code under the
MicroPython VM, on the stand-ins (tools/harness/standins: ``board.use("wio")``);
its frames, drawn pixel for pixel as the desktop draws them
(tests/helpers/board_frames.py), those of the desktop's ``--board
wio-terminal`` for the same presses. Its heap: tests/board/test_wio_heap.py."""

import textwrap

import pytest

from tests.helpers import board_frames
from tests.helpers.mpvm import EACH_KEY, VM_EXCLUDE, run_micropython
from sthelena.app.screens.common import OVERVIEW
from sthelena.boards import catalogue
from tools.harness import board_scripts

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)

BOARD = "wio-terminal"
# Deal 10's solver's line: MOVES card moves of it take a redeal (on the stuck screen).
DEAL, MOVES = 10, 12

PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor
board.use("wio")
from sthelena.app.buttons import *
from sthelena.boards.wio_terminal import PROFILE
from sthelena.handheld import loop, setup, start
"""


def run(script, files=None):
    """``script`` on the stand-in Wio Terminal, vectorio left out as its firmware has none."""
    return run_micropython(PREAMBLE + EACH_KEY + textwrap.dedent(script),
                           packages=("sthelena", "tools/harness/standins"),
                           exclude=VM_EXCLUDE + r"|(^|/)vectorio\.py$",
                           files=files).splitlines()


@pytest.fixture(scope="module")
def profile():
    return catalogue.named(BOARD)


def test_the_switch_and_the_three_buttons_are_its_keys():
    lines = run("""
        made_with = []
        Keys = keypad.Keys
        class Recorded(Keys):  # (the stand-in keeps neither the pins nor the pull)
            def __init__(self, pins, **options):
                made_with.append((pins, options))
                Keys.__init__(self, pins, **options)
        keypad.Keys = Recorded
        source = setup.key_source(PROFILE, board)
        pins, options = made_with[0]
        print(source.keys.key_count, options["value_when_pressed"], options["pull"],
              source._x is None)
        print(" ".join(repr(pin) for pin in pins))
        print(each_key(source, 8))
    """)
    # Each key joins its pin to ground, pulled up (as Seeed's own code reads them).
    assert lines == ["8 False True True",
                     "board.SWITCH_UP board.SWITCH_DOWN board.SWITCH_LEFT board.SWITCH_RIGHT "
                     "board.SWITCH_PRESS board.BUTTON_1 board.BUTTON_2 board.BUTTON_3",
                     "UP DOWN LEFT RIGHT A B START SELECT"]


def test_it_sets_up_the_small_fanned_table_without_vectorio_and_the_block_store():
    lines = run("""
        supervisor.STEP = 1
        made = start.setup(PROFILE)
        app = made.app
        print(made.display is board.DISPLAY, made.display.width, made.display.height,
              type(made.screen).__name__, made.screen.geometry.card_width)
        print(type(app.view.group[0]).__name__, "vectorio" in sys.modules)
        print(type(app.store).__name__, app.store.capacity, app.buttons_help, app.hint_label)
        keypad.push(7)  # button 3: every pile
        keypad.push(7, False)
        loop.run(app, made.buttons, iterations=3)
        print(app.screen)
    """, files=board_frames.ASSETS)
    assert lines == ["True 320 240 FanScreen 30", "Group False",
                     "NvmStore 8182 buttons-wio Hint (or hold button 3)", str(OVERVIEW)]


def test_its_frames_are_the_desktops_for_a_legal_game_with_the_menu_and_a_hint(
        profile, tmp_path):
    script = board_scripts.game_script(profile, DEAL, MOVES)
    # (the menu opened and closed, the overview, lifts, quick moves, a redeal on
    # the stuck screen, a move taken back and given again; a hint before the last menu)
    words = script.words[:-2] + [board_scripts.key_words(profile)[board_scripts.HINT]] \
        + script.words[-2:]
    assert {"BUTTON_1", "BUTTON_2", "BUTTON_3", "PRESS", "HOLD_PRESS", "HOLD_BUTTON_1",
            "HOLD_BUTTON_3", "UP", "DOWN", "LEFT", "RIGHT"} <= set(words)
    assert script.redeals == 1 and script.moves == MOVES
    board, last = board_frames.board_digests(profile, "wio", script.record, words, tmp_path)
    desktop = board_frames.desktop_digests(profile, script.record, words, tmp_path)
    assert len(board) == len(desktop) == len(words) + 1
    assert [index for index in range(len(board)) if board[index] != desktop[index]] == []
    assert len(set(board)) >= len(words) // 2  # (each press drew)
    assert last == "FanScreen Group False"
