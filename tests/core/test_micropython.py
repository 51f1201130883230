"""The core under a real MicroPython VM, compared with CPython.

The board runs CircuitPython, which shares MicroPython's bytearray (no pop,
insert, remove or reverse), integer and library limits; CPython alone would
not catch code that leans on what the firmware lacks.
"""

import subprocess
import sys

import pytest

from tests.helpers.mpvm import REPO_ROOT, run_micropython
from tests.helpers import ROOT

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)

SCRIPT = (ROOT / "tests" / "helpers" / "portable_checks.py").read_text()


def run_cpython(script):
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO_ROOT, check=True).stdout


def test_same_deals_playouts_and_round_trips_under_micropython_and_cpython():
    under_micropython = run_micropython(SCRIPT)
    under_cpython = run_cpython(SCRIPT)
    lines = under_micropython.splitlines()
    assert lines[-1] == "ok"
    assert sum(line.startswith("deal ") for line in lines) == 4 * 5
    assert sum(line.startswith("playout ") for line in lines) == 5
    assert lines == under_cpython.splitlines()


def test_the_micropython_vm_is_really_micropython_and_lacks_bytearray_pop():
    out = run_micropython("import sys\nprint(sys.implementation.name, "
                          "hasattr(bytearray(), 'pop'))\n")
    assert out.split() == ["micropython", "False"]


def test_status_and_errors_under_micropython():
    script = """
from sthelena.core.game import Game, IllegalMoveError, STATUS_NAMES
from sthelena.core.notation import NotationError
from sthelena.core import save
game = Game.deal(3)
try:
    game.push(0)
except IllegalMoveError as error:
    print("illegal", error)
try:
    Game.from_notation("st-helena r0 KKKK/AAAA -")
except NotationError as error:
    print("notation", error)
try:
    save.from_bytes(save.to_bytes(game)[:-3])
except save.SaveError as error:
    print("save", error)
print("status", STATUS_NAMES[game.status()])
"""
    assert run_micropython(script).splitlines() == run_cpython(script).splitlines()
    assert "illegal move 0\n" in run_cpython(script)


ALLOCATION_SCRIPT = """
import gc
from sthelena.core.game import CYCLING, PLAYING, Game
game = Game.deal(5)
while not any(m // 20 < 12 <= m % 20 for m in game.legal_moves() if m < 400):
    game.push(next(m for m in game.legal_moves() if m < 400))
move = next(iter(game.legal_moves()))
def per_call(action, count=50):
    action()
    before = gc.mem_alloc()
    for _ in range(count):
        action()
    return gc.mem_alloc() - before
def push_pop():
    game.push(move)
    game.pop()
print("push_pop", per_call(push_pop))
print("status", per_call(game.status), game.status() == PLAYING)
# No foundation play open, so status() searches: its two lists (two hashes a
# position, the table that finds them) are made, and nothing else.
def lists():
    seen = [0] * (2 * 300 + 4)
    slots = [0] * 512
print("lists", per_call(lists, 5))
def searches(game):
    for m in game.legal_moves():
        if m // 20 < 12 <= m % 20:
            return False
    return True
number = 7
game = Game.deal(number)
step = 0
while not (searches(game) and game.status() == PLAYING):
    legal = [m for m in game.legal_moves() if m < 400]
    if not legal or step > 200:  # stuck or long: try the next deal
        number += 1
        game = Game.deal(number)
        step = 0
        continue
    game.push(legal[step * 7 % len(legal)])
    step += 1
legal = None
print("status_searching", per_call(game.status, 5), game.status() == PLAYING)
# A stuck position: the search meets every position it can reach.
game = Game.from_notation("st-helena,build=any,spaces=none,redeals=0 r0 AAAA/JJKK "
                          "KHQH/QSKS/-/-/-/-/-/-/-/-/-/- -")
print("status_stuck", per_call(game.status, 5), game.status() == CYCLING)
"""


def test_a_move_and_its_undo_allocate_nothing_on_the_board_and_the_search_its_lists():
    # This VM does not collect garbage during a call, so gc.mem_alloc() grows
    # by exactly what the loop allocated: a per-move cost would show here.
    lines = run_micropython(ALLOCATION_SCRIPT).split("\n")
    assert lines[0] == "push_pop 0"
    assert lines[1] == "status 0 True"  # the usual case: a foundation play is there
    lists = int(lines[2].split()[1])
    assert lists > 0
    assert lines[3] == "status_searching %d True" % lists  # its lists, nothing per step
    assert lines[4] == "status_stuck %d True" % lists
