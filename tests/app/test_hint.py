"""The hint: the board's search for the next move, on CPython (legal, leaves
the game as it was, finds known wins, proves small losses, fits the status
line) and under the MicroPython VM (legal moves, heap and node budgets, the
line kept and the rest let go). How the table shows it:
tests/app/test_hint_table.py; the search's parts and the command:
tests/app/test_hint_search.py."""


import pytest

from tests.helpers.hint_helpers import STUCK, exactly, walked
from tests.helpers.mpvm import VM_EXCLUDE, run_micropython
from sthelena.app.hint.on_table import hint_text
from sthelena.app.hint.search import (HINT_NODES, LOST, NOTHING, PROGRESS, WINNING, hint_begin,
                                      hint_nodes, hint_result, hint_search)
from sthelena.app.table.text_grid import TEXT_COLUMNS
from sthelena.core.game import Game
from sthelena.core.rules import PRESETS
from sthelena.solver.search import solve
from tools.harness.won_games import won_game

PRESET_NAMES = [preset[0] for preset in PRESETS]


def run(game, budget=HINT_NODES, steps=7):
    state = hint_begin(game, budget)
    while not hint_search(state, game, steps):
        pass
    return state


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


# -- under the MicroPython VM -------------------------------------------------------

VM_SCRIPT = """
import gc
import sys
sys.path.append("/lib/standins")
from sthelena.core.game import Game
from sthelena.app.hint.search import (hint_begin, hint_search, hint_result, hint_nodes,
                                      hint_line, HINT_NODES)
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
line = hint_line(state)  # kept by the app for the next hints
for index in range(len(line)):
    game.push(line.move(index))
print("line", len(line), int(game.is_won()))
for index in range(len(line)):
    game.pop()
nodes = hint_nodes(state)
state = None
# --- top level ---
gc.collect()
print("left", gc.mem_alloc() - base, len(line.moves) + 4 * len(line.keys))
"""


@pytest.mark.vm
def test_under_the_vm_the_hint_is_legal_and_within_its_heap_and_node_budgets():
    lines = run_micropython(VM_SCRIPT, packages=("sthelena", "tools/harness/standins"),
                            exclude=VM_EXCLUDE).split("\n")
    legal = [line.split() for line in lines if line.startswith("legal")]
    assert len(legal) == 24
    for _, preset, deal, ok, same, same_history, nodes in legal:
        assert (ok, same, same_history) == ("1", "1", "1"), (preset, deal)
        assert 0 < int(nodes) <= 150  # it searched, within its budget
    heap = [line.split() for line in lines if line.startswith("heap")][0]
    peak, nodes, budget, result = (int(value) for value in heap[1:])
    assert peak <= 32 * 1024, peak  # at most 32 KB while searching
    assert 0 < nodes <= budget and result == 1  # deal 3: a win
    line = [line.split() for line in lines if line.startswith("line")][0]
    assert int(line[1]) > 100 and line[2] == "1"  # the line replays to a won game
    left = [line.split() for line in lines if line.startswith("left")][0]
    kept = int(left[2])
    assert int(left[1]) <= kept + 512, left  # all let go but the line (and its object)
