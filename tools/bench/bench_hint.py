"""The board's hint (``sthelena/app/hint.py``): its heap, speed and answers
(``make bench-hint``); prints figures, passes or fails nothing.

Under the MicroPython VM: the heap while a full-budget hint searches (from
just before ``hint_begin`` to the most in use between two slices, garbage of
the slice included: the VM collects only between top-level calls), the
positions met, positions per second and the longest slice (``HINT_SLICE``
steps, what one pass of the main loop runs).

The board's speed is estimated from the VM's by one ratio: pystone, the
benchmark CircuitPython's developers measured on a Metro M4 Express (the
PyGamer's and PyBadge's chip, a SAMD51 at 120 MHz): 1,521.6 passes a second
(CircuitPython commit "Call background tasks only once per ms", December
2019). The same pystone (CPython's ``Lib/test/pystone.py``, clock from
``time.ticks_ms``) is run in the VM here, read from a Python installation
on this machine (``--pystone PATH`` names one; it is not part of this
project), between the hints, so that both meet the same load on this
shared machine. The board's positions a second are then the VM's times the
board's pystone over the VM's.

On CPython (the same search, move for move): what the hint answers on sample
positions, the positions along winning lines the desktop solver found for
deals 1-8 of st-helena, louis and box-kite, some moves before the win.
"""

import argparse
import glob
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), part)
                for part in ("board", "bench", "assets")]  # the tools' folders
from vm_figures import vm_figures  # noqa: E402
from board_files import VM_EXCLUDE_NOTATION  # noqa: E402

from sthelena.app.hint import (HINT_NODES, HINT_SLICE, LOST, NOTHING, PROGRESS,  # noqa: E402
                               WINNING, hint_begin, hint_result, hint_search)
from sthelena.core.game import Game  # noqa: E402

SAMD51_PYSTONES = 1521.6  # passes/s, CircuitPython on a Metro M4 Express (SAMD51, 120 MHz)
KILOBYTE = 1024

VM_HINT = """
import gc, sys, time
sys.path.append("/lib/standins")
from sthelena.core.game import Game
from sthelena.app.hint import (hint_begin, hint_search, hint_nodes, hint_result,
                               HINT_SLICE)
def walked(deal, preset, steps):
    game = Game.deal(deal, preset)
    seed = deal
    for _ in range(steps):
        moves = [m for m in game.legal_moves() if m < 400]
        if not moves:
            break
        seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
        game.push(moves[seed % len(moves)])
    return game
games = [Game.deal(3), walked(5, "st-helena", 30), walked(7, "louis", 20),
         walked(2, "box-kite", 10), walked(9, "st-helena-pysol", 25)]
try:  # pystone between the hints, so that both see the same load on the machine
    sys.path.append("/bench")
    import pystone
    pystone.time = lambda: time.ticks_ms() / 1000
except ImportError:
    pystone = None
passes = 0
stone_ms = 0
peak = 0
nodes = 0
count = 0
spent = 0
longest = 0
index = 0
# --- top level ---
def slices(slices_a_call):
    global peak, nodes, spent, longest, state, base, count
    for _ in range(slices_a_call):
        count += 1
        start = time.ticks_ms()
        done = hint_search(state, game, HINT_SLICE)
        took = time.ticks_diff(time.ticks_ms(), start)
        spent += took
        if took > longest:
            longest = took
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
        if done:
            return True
    return False
# --- top level ---
for game in games:
    if pystone is not None:
        benchtime, stones = pystone.pystones(2000)
        passes += 2000
        stone_ms += int(benchtime * 1000)
    gc.collect()
    base = gc.mem_alloc()
    state = hint_begin(game)
    done = False
    while not done:
        done = slices(25)
        gc.collect()
    nodes += hint_nodes(state)
    state = None
# --- top level ---
print("hint_heap", peak)
print("hint_nodes", nodes, len(games))
print("hint_ms", spent, longest, count)
print("pystone", passes, stone_ms)
"""


def find_pystone():
    """A pystone.py from a Python installation on this machine, or None."""
    patterns = ("/usr/lib/python3*/test/pystone.py", "/usr/local/lib/python3*/test/pystone.py",
                os.path.expanduser("~/.pyenv/versions/*/lib/python3*/test/pystone.py"),
                os.path.expanduser("~/.pyenv/versions/*/lib/python2*/test/pystone.py"))
    for pattern in patterns:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return None


def vm_args():
    return ["--pkg", os.path.join(ROOT, "sthelena"), "--pkg",
            os.path.join(ROOT, "tools", "standins"),
            "--exclude", VM_EXCLUDE_NOTATION]


def sample_answers(budget):
    """The hint's answers on positions along solver-won lines: {moves left:
    {result: count}}, the number of lines, seconds taken."""
    from sthelena.solver.search import solve

    lines = []
    for preset in ("st-helena", "louis", "box-kite"):
        for deal in range(1, 9):
            result = solve(Game.deal(deal, preset), 5.0)
            if result.result == "win":
                lines.append((preset, deal, result.moves))
    answers = {}
    start = time.perf_counter()
    for left in (10, 20, 40, 80, None):
        counts = answers.setdefault(left, {})
        for preset, deal, moves in lines:
            game = Game.deal(deal, preset)
            for move in moves[:0 if left is None else max(0, len(moves) - left)]:
                game.push(move)
            state = hint_begin(game, budget)
            while not hint_search(state, game, 50):
                pass
            kind = hint_result(state)[0]
            counts[kind] = counts.get(kind, 0) + 1
    return answers, len(lines), time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pystone", help="a pystone.py to run in the VM (default: found)")
    parser.add_argument("--no-samples", action="store_true", help="skip the sample answers")
    args = parser.parse_args()

    pystone = args.pystone or find_pystone()
    extra = []
    if pystone and os.path.isfile(pystone):
        extra = ["--file", "/bench/pystone.py=" + pystone]
    figures = vm_figures(vm_args() + extra, VM_HINT)
    heap = figures["hint_heap"][0]
    nodes, games = figures["hint_nodes"]
    spent, longest, count = figures["hint_ms"]
    rate = nodes * 1000.0 / max(spent, 1)
    print("MicroPython VM, %d hints of %d positions at most (HINT_NODES), %d steps a slice:"
          % (games, HINT_NODES, HINT_SLICE))
    print("  heap while searching (most in use, the slice's garbage included): %d bytes "
          "(%.1f KB; target 8 KB)" % (heap, heap / KILOBYTE))
    print("  positions met: %d in %.2f s: %.0f positions/s; %d slices, %.2f ms each, the "
          "longest %d ms (the machine's load makes it vary)"
          % (nodes, spent / 1000.0, rate, count, spent / max(count, 1), longest))

    passes, stone_ms = figures["pystone"]
    if passes:
        stones = passes * 1000.0 / max(stone_ms, 1)
        ratio = stones / SAMD51_PYSTONES
        board_rate = rate / ratio
        print("pystone in the VM, run between the hints: %d passes/s (%s);" % (stones, pystone))
        print("  on a SAMD51 (Metro M4, CircuitPython): %.1f; the VM is %.1f times the board"
              % (SAMD51_PYSTONES, ratio))
        print("SAMD51 estimate: %.0f positions/s; a whole hint (%d positions) %.1f s; "
              "a slice %.0f ms on average, the longest %.0f ms"
              % (board_rate, HINT_NODES, HINT_NODES / board_rate,
                 spent / max(count, 1) * ratio, longest * ratio))
    else:
        print("no pystone.py found (--pystone PATH): no SAMD51 estimate")

    if args.no_samples:
        return
    answers, lines, seconds = sample_answers(HINT_NODES)
    names = {WINNING: "winning line", PROGRESS: "progress", NOTHING: "nothing", LOST: "lost"}
    print("answers on %d solver-won deals (st-helena, louis, box-kite 1-8), %d positions a "
          "hint, CPython %.1f s:" % (lines, HINT_NODES, seconds))
    for left, counts in answers.items():
        where = "from the deal" if left is None else "%d moves before the win" % left
        print("  %-26s %s" % (where, ", ".join("%s %d" % (names[kind], counts.get(kind, 0))
                                                for kind in (WINNING, PROGRESS, NOTHING, LOST))))


if __name__ == "__main__":
    main()
