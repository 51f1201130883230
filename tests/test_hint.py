"""The hint (issue 11, part 3): the board's search for the next move, and how
the table shows it. CPython here; the same search under the MicroPython VM
(legal moves, heap and node budgets) at the end."""

import random
import sys

import pytest

from app_driver import ScreenReader, cursor_colour_around, make_app, press, rgb
from conftest import ROOT
from mpvm import run_micropython
from sthelena.app import game_app, menu
from sthelena.app.buttons import B, SELECT, HOLD
from sthelena.app.hint import (HINT_NODES, LOST, NOTHING, PROGRESS, WINNING, hint_begin,
                               hint_depth, hint_nodes, hint_result, hint_search, hint_text)
from sthelena.app.layout import place_x, place_y
from sthelena.app.table import TEXT_COLUMNS
from sthelena.game import Game
from sthelena.rules import PRESETS
from sthelena.solver import solve

sys.path.insert(0, str(ROOT / "tools"))
from won_games import won_game  # noqa: E402

PRESET_NAMES = [preset[0] for preset in PRESETS]
# Pile 1: AAAA, pile 2 JJKK, 3 KHQH, 4 QSKS; any-suit building, no spaces,
# no redeal: only moves that undo each other (the core's CYCLING example).
STUCK = ("st-helena,build=any,spaces=none,redeals=0 r0 AAAA/JJKK "
         "KHQH/QSKS/-/-/-/-/-/-/-/-/-/- -")
_ORANGE = 0xFF8C00  # the target mark's colour (table.py)


def close(colour, expected, slack=8):
    """Colours survive the display's RGB565 round trip only approximately."""
    wanted = ((expected >> 16) & 255, (expected >> 8) & 255, expected & 255)
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


def walked(preset, seed, most=80):
    """A position of ``preset`` some random card moves into deal ``seed``
    (a redeal only when no card move is left)."""
    game = Game.deal(seed, preset)
    rng = random.Random(seed)
    for _ in range(rng.randrange(most)):
        moves = [move for move in game.legal_moves() if move < 400] \
            or list(game.legal_moves())
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def run(game, budget=HINT_NODES, steps=7):
    state = hint_begin(game, budget)
    while not hint_search(state, game, steps):
        pass
    return state


def exactly(game):
    return game.notation(), bytes(game.history)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_hint_is_legal_and_leaves_the_game_as_it_was(preset):
    for seed in range(1, 13):
        game = walked(preset, seed)
        before = exactly(game)
        state = run(game, budget=300)
        assert exactly(game) == before, seed
        result, move = hint_result(state)
        assert result in (WINNING, PROGRESS, NOTHING, LOST)
        assert hint_nodes(state) <= 300
        if move >= 0:
            assert move in list(game.legal_moves()), (seed, move)
            assert result in (WINNING, PROGRESS)
        else:
            assert result in (NOTHING, LOST)
        if result == LOST:  # proved: the desktop solver finds no win either
            assert solve(game, 5.0).result != "win", seed


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_known_short_win_is_found_and_its_first_move_wins(preset):
    for seed in range(6):
        notation, line = won_game(seed, preset, cards_out=14)
        game = Game.from_notation(notation)
        state = run(game)
        result, move = hint_result(state)
        assert result == WINNING, seed
        assert game.is_legal(move)
        # The rest is still winnable: a second hint after the move wins too.
        game.push(move)
        assert hint_result(run(game))[0] == WINNING


def test_a_winnable_position_is_never_called_lost():
    for seed in range(20):
        notation, _ = won_game(seed, "st-helena", cards_out=30 + seed * 3)
        assert hint_result(run(Game.from_notation(notation), budget=400))[0] != LOST


def test_a_small_lost_position_is_proved_lost():
    game = Game.from_notation(STUCK)
    state = run(game)
    assert hint_result(state) == (LOST, -1)
    assert hint_nodes(state) > 0 and hint_nodes(state) < 50  # it did search
    assert hint_text(LOST, -1, 0, game) == "Lost from here (proved)"


def test_a_budget_cut_search_is_no_proof():
    # Deal 1 from the start: far more positions than a budget of 40.
    state = run(Game.deal(1), budget=40)
    assert hint_nodes(state) == 40
    assert hint_result(state)[0] in (PROGRESS, NOTHING)


def test_the_hint_texts_fit_the_status_line():
    game = Game.from_notation(won_game(3, "st-helena", cards_out=40)[0])
    for move in game.legal_moves():
        for result in (WINNING, PROGRESS):
            text = hint_text(result, move, 96, game)
            assert len(text) <= TEXT_COLUMNS, text
    for text in ("Thinking... B: stop", hint_text(NOTHING, -1, 0, game)):
        assert len(text) <= TEXT_COLUMNS


# -- on the table ---------------------------------------------------------------

def status_line(display, reader):
    return reader.text_at(display, 2, 0, TEXT_COLUMNS).rstrip()


def finish(app):
    ticks = 0
    while app.tick(ticks * 10):
        ticks += 1
    return ticks


def target_marked(display, place):
    """Whether the orange mark shows at the bottom right of ``place``."""
    left = place_x(place) + 12
    top = place_y(place) + 16
    return any(close(rgb(display, left + x, top + y), _ORANGE)
               for x in range(12) for y in range(8))


@pytest.fixture
def reader(sheet):
    return ScreenReader(sheet)


def test_select_held_shows_a_winning_hint_on_the_table(display, sheet, reader):
    notation, line = won_game(4, "st-helena", cards_out=12)
    app = make_app(display, sheet, position=notation)
    before = exactly(app.game)
    app.handle(SELECT)  # the overview comes up at once, as always
    assert app.screen == game_app.OVERVIEW
    app.handle(SELECT | HOLD)
    assert app.screen == game_app.PLAY and app.hint is not None
    assert finish(app) > 1  # it ran in slices, from the idle tick
    display.refresh()
    assert exactly(app.game) == before and app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: "), text
    source, target = app.cursor, app.hint_target
    assert app.game.is_legal(source * 20 + target)
    card = app.game.top(source)
    assert reader.card_at(display, source) == card
    assert close(cursor_colour_around(display, source), 0xFFE000)  # the cursor frame
    assert target_marked(display, target)
    assert not any(target_marked(display, place) for place in range(20) if place != target)
    # The next press clears the mark and the words.
    press(app, "LEFT")
    display.refresh()
    assert not target_marked(display, target)
    assert not status_line(display, reader).startswith("Wins")


def test_b_stops_a_running_hint_and_the_game_is_as_it_was(display, sheet, reader):
    game = walked("st-helena", 3)
    app = make_app(display, sheet, position=game.notation())
    before = exactly(app.game)
    cursor = app.cursor
    press(app, "START " + "UP " * (menu._MENU_ITEMS - menu._HINT) + "A")  # the menu's Hint item
    assert app.screen == game_app.PLAY and app.hint is not None
    app.tick(1000)
    for _ in range(30):
        app.tick(1100)
    assert hint_depth(app.hint) > 0  # mid-search: moves pushed
    app.tick(1300)  # past a blink: the thinking indicator
    display.refresh()
    assert status_line(display, reader) == "Thinking... B: stop"
    app.handle(SELECT | HOLD)  # a hold while thinking changes nothing
    assert app.hint is not None
    app.handle(B)
    display.refresh()
    assert app.hint is None
    assert exactly(app.game) == before  # push and pop balanced, nothing undone
    assert app.cursor == cursor
    assert "Thinking" not in status_line(display, reader)
    assert not app.tick(2000)  # idle again


def test_b_held_to_stop_a_hint_does_not_redo(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A B B")  # a move (the stuck screen), undone
    assert app.redo  # redo would play it again
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    app.tick(0)
    press(app, "B HOLD_B")  # B stops the hint; its hold does nothing more
    assert app.hint is None and exactly(app.game) == before


def test_another_press_stops_the_hint_and_acts(display, sheet):
    app = make_app(display, sheet, deal=2026)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    for _ in range(10):
        app.tick(0)
    press(app, "RIGHT")
    assert app.hint is None and exactly(app.game) == before
    assert app.cursor != 0  # the press moved the cursor too


def test_a_hold_of_select_elsewhere_does_nothing(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "START SELECT HOLD_SELECT")  # in the menu
    assert app.hint is None and app.screen == game_app.MENU


def test_flush_stops_a_hint_before_saving(display, sheet):
    app = make_app(display, sheet, deal=2026)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    for _ in range(10):
        app.tick(0)
    app.flush()
    assert app.hint is None and exactly(app.game) == before


def test_a_lost_position_says_so_and_marks_nothing(display, sheet, reader):
    app = make_app(display, sheet, position=STUCK)
    assert app.screen == game_app.STUCK
    press(app, "B SELECT HOLD_SELECT")  # back to the table, and a hint
    finish(app)
    display.refresh()
    assert status_line(display, reader) == "Lost from here (proved)"
    assert app.hint_target == -1


# -- under the MicroPython VM -------------------------------------------------------

VM_SCRIPT = """
import gc
import sys
sys.path.append("/lib/standins")
from sthelena.game import Game
from sthelena.app.hint import hint_begin, hint_search, hint_result, hint_nodes, HINT_NODES
PRESETS = ("st-helena", "st-helena-pysol", "louis", "box-kite")
# Random positions: every hint legal, the game unchanged.
seed = 1
for preset in PRESETS:
    for deal in range(1, 7):
        game = Game.deal(deal, preset)
        for step in range((deal * 37) % 70):
            moves = [m for m in game.legal_moves() if m < 400]
            if not moves:
                break
            seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
            game.push(moves[seed % len(moves)])
            if not list(game.legal_moves()):  # a dead end: the position before it
                game.pop()
                break
        key = game.position_key()
        history = bytes(game.history)
        state = hint_begin(game, 150)
        while not hint_search(state, game, 9):
            pass
        result, move = hint_result(state)
        legal = move < 0 or move in list(game.legal_moves())
        print("legal", preset, deal, int(legal), int(game.position_key() == key),
              int(bytes(game.history) == history), hint_nodes(state))
# The heap: a full-budget hint from a deal, in slices with a collection
# between them (as the board collects when it needs to).
game = Game.deal(3)
# --- top level ---
gc.collect()
base = gc.mem_alloc()
state = hint_begin(game)
peak = gc.mem_alloc() - base
# --- top level ---
def slices(count):
    global peak
    for _ in range(count):
        if hint_search(state, game, 4):
            return True
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
    return False
done = slices(100)
# --- top level ---
while not done:
    gc.collect()
    done = slices(100)
# --- top level ---
print("heap", peak, hint_nodes(state), HINT_NODES, hint_result(state)[0])
"""


def test_under_the_vm_the_hint_is_legal_and_within_its_heap_and_node_budgets():
    lines = run_micropython(VM_SCRIPT, packages=("sthelena", "tools/standins"),
                            exclude=r"(^|/)(__main__|cli|desktop|solver)\w*\.py$").split("\n")
    legal = [line.split() for line in lines if line.startswith("legal")]
    assert len(legal) == 24
    for _, preset, deal, ok, same, same_history, nodes in legal:
        assert (ok, same, same_history) == ("1", "1", "1"), (preset, deal)
        assert 0 < int(nodes) <= 150  # it searched, within its budget
    heap = [line.split() for line in lines if line.startswith("heap")][0]
    peak, nodes, budget = int(heap[1]), int(heap[2]), int(heap[3])
    assert peak <= 8192, peak  # at most 8 KB while searching
    assert 0 < nodes <= budget


def test_on_the_board_select_held_runs_a_hint_in_the_loop_and_b_stops_it():
    from test_device import run_with_sheet

    lines = run_with_sheet("""
        import gc
        import random
        from sthelena.game import Game
        random.seed(7)
        supervisor.STEP = 1
        app, buttons = device.setup()
        app.start(Game.deal(1))  # not the random deal: one that is not stuck at the start
        before = app.game.position_key()
        history = bytes(app.game.history)
        keypad.push(3)  # SELECT: the overview at once, then held: a hint
        device.run(app, buttons, iterations=520)
        keypad.push(3, False)
        print("started", app.hint is not None, app.screen)
        device.run(app, buttons, iterations=250)  # 250 ms: past a blink
        print("searching", app.hint is not None, app.message)
        keypad.push(0)  # B
        device.run(app, buttons, iterations=3)
        keypad.push(0, False)
        print("stopped", app.hint is None, app.game.position_key() == before,
              bytes(app.game.history) == history)
        keypad.push(3)
        device.run(app, buttons, iterations=520)
        keypad.push(3, False)
        passes = 0
        while app.hint is not None and passes < 30000:
            device.run(app, buttons, iterations=100)
            passes += 100
        print("done", app.hint is None, app.game.position_key() == before,
              app.message[:5], app.game.is_legal(app.cursor * 20 + app.hint_target))
        device.run(app, buttons, iterations=10)
        # --- top level ---
        gc.collect()
        idle = gc.mem_alloc()
        device.run(app, buttons, iterations=1000)
        short = gc.mem_alloc() - idle
        # --- top level ---
        gc.collect()
        idle = gc.mem_alloc()
        device.run(app, buttons, iterations=3000)
        print("idle", gc.mem_alloc() - idle - short)  # (run's bound methods: per call)
    """)
    assert lines[0] == "started True 0"  # screen 0: the table
    assert lines[1] == "searching True Thinking... B: stop"  # past 200 ms
    assert lines[2] == "stopped True True True"
    done = lines[3].split()
    assert done[:3] == ["done", "True", "True"] and done[-1] == "True"
    assert done[3] == "Wins:" or done[3].startswith("+"), lines[3]  # a move, its kind
    assert lines[4] == "idle 0"  # nothing allocated while idle, once the hint is over


def test_a_key_script_runs_the_hint_to_its_end(display, sheet, reader):
    from sthelena.desktop_keys import parse_keys
    from sthelena.desktop_run import run_script

    events = parse_keys("SELECT hold_select")
    assert events == [SELECT, SELECT | HOLD]
    app = make_app(display, sheet, deal=7)
    run_script(app, display, events)
    assert app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: ") or text.startswith("+"), text
    assert app.game.is_legal(app.cursor * 20 + app.hint_target)


def test_the_windows_loop_runs_a_hint_between_its_looks_at_the_keys(display, sheet, reader):
    import pygame

    from sthelena.desktop_run import run_interactive

    app = make_app(display, sheet, deal=7)
    press(app, "SELECT HOLD_SELECT")
    looks = []
    times = iter(range(0, 10 ** 8))  # a clock 1 ms on at each look

    def clock():
        now = next(times)
        if app.hint is None and not looks:
            looks.append(now)
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return now / 1000

    class Window:  # the desktop display's two calls the loop makes
        refresh = display.refresh

        def present(self):
            pass

    run_interactive(app, Window(), clock=clock)
    assert looks and app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: ") or text.startswith("+"), text
