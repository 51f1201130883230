"""The core's figures (``make bench``), each beside its goal: under the
MicroPython VM (the board's interpreter family), as differences of
``gc.mem_alloc()`` after ``gc.collect()``, the core merged into one module
and compiled by CircuitPython's mpy-cross, as the board gets its game (a
``.mpy``: no source parsed, no local's name kept): its import
(at most 12 KB), one dealt game (1 KB), a move and its undo (nothing), and
a 600-move playout with undo (its growth should be the history's bytes and
little more); the time of the stuck search the app runs after every move,
over the positions of the solver's winning lines; on CPython, the save
bytes of a 300-move game (under 1 KB).
"""

import os
import sys
import tempfile

from .report import at_most, goal, vm_figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# "# --- top level ---" ends one runPython call: this VM collects garbage only
# between calls, so each figure is read in the part after a collection.
HEAP_SCRIPT = """
import gc
# Every global name is made here, so that the module dict of the script does
# not grow (and count) inside a measured part.
base = imported = dealt = played = before = state = pushes = step = 0
game = legal = move = _ = None
# --- top level ---
base = gc.mem_alloc()
from sthelena_core import Game
# --- top level ---
imported = gc.mem_alloc()
game = Game.deal(1)
# --- top level ---
dealt = gc.mem_alloc()
state = 7
pushes = 0
for step in range(600):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    legal = list(game.legal_moves())
    if not legal or (game.history and (state >> 8) % 5 == 0):
        if not game.history:
            break
        game.pop()
    else:
        game.push(legal[(state >> 8) % len(legal)])
        pushes += 1
legal = None
# --- top level ---
played = gc.mem_alloc()
# Allocation per call, read inside one call (no collection happens there).
move = list(game.legal_moves())[0]
before = gc.mem_alloc()
for _ in range(100):
    game.push(move)
    game.pop()
print("push_pop", (gc.mem_alloc() - before) // 100)
print("import", imported - base)
print("game", dealt - imported)
print("playout", played - dealt, len(game.history), pushes)
"""


def core_heap():
    """HEAP_SCRIPT's figures on the core merged into one module, compiled as
    ``make lib`` compiles the game (CircuitPython's mpy-cross), loaded by the VM."""
    from tools.build import board_mpy, bundle

    problem = board_mpy.mpy_cross_problem(board_mpy.MPY_CROSS)
    if problem:
        sys.exit("make bench: " + problem)
    with tempfile.TemporaryDirectory() as directory:
        compiled = os.path.join(directory, "compiled.mpy")
        board_mpy.compile_module(bundle.merge(bundle.CORE_MODULES), compiled,
                                 name="sthelena_core")
        path = os.path.join(directory, "sthelena_core.mpy")
        with open(compiled, "rb") as source, open(path, "wb") as target:
            target.write(board_mpy.for_micropython(source.read()))
        return vm_figures(["--file", "lib/sthelena_core.mpy=" + path], HEAP_SCRIPT)


# The stuck search (``Game.status()``) on each position of ``positions.txt``.
STUCK_SCRIPT = """
import time
from sthelena.core.game import Game
times = []
for text in open("positions.txt").read().split("\\n"):
    if text:
        game = Game.from_notation(text)
        start = time.ticks_us()
        game.status()
        times.append(time.ticks_diff(time.ticks_us(), start))
times.sort()
print("stuck_search", len(times), sum(times) // len(times), times[len(times) // 2], times[-1])
"""
STUCK_DEALS = range(1, 7)


def stuck_search_times():
    """STUCK_SCRIPT's figures on CircuitPython's 10.x unix port (the game's
    source as a package) over the positions after each move of the
    solver's winning lines of ``STUCK_DEALS``: count, mean, median and
    longest microseconds."""
    import shutil
    import subprocess

    from sthelena.core.game import Game
    from tools.build import circuitpython_builds
    from tools.harness.board_scripts import winning_line

    problem = circuitpython_builds.missing("10.x/circuitpython")
    if problem:
        sys.exit("make bench: " + problem)
    lines = []
    for number in STUCK_DEALS:
        game = Game.deal(number)
        for move in winning_line(game):
            game.push(move)
            lines.append(game.notation())
    with tempfile.TemporaryDirectory() as directory:
        shutil.copytree(os.path.join(ROOT, "sthelena"), os.path.join(directory, "sthelena"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        with open(os.path.join(directory, "positions.txt"), "w") as out:
            out.write("\n".join(lines) + "\n")
        done = subprocess.run([circuitpython_builds.find("10.x/circuitpython"), "-c",
                               STUCK_SCRIPT], cwd=directory, capture_output=True, text=True,
                              env=dict(os.environ, MICROPYPATH=directory))
    if done.returncode:
        sys.exit("make bench: the stuck search's script failed: " + done.stderr.strip())
    return [int(word) for word in done.stdout.split()[1:]]


def save_size():
    """The save bytes of a 300-move game with its whole history."""
    from sthelena.core import save
    from sthelena.core.game import Game
    from sthelena.core.moves import REDEAL

    game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
    step = 0
    while len(game.move_stack()) < 300:
        legal = [m for m in game.legal_moves() if m != REDEAL] or [REDEAL]
        game.push(legal[(step * 7919) % len(legal)])
        step += 1
    return len(save.to_bytes(game))


def main():
    heap = core_heap()
    print("MicroPython VM, the core as the board gets it (one .mpy, CircuitPython's mpy-cross),"
          " gc.mem_alloc differences:")
    at_most("the core's import", heap["import"][0], 12 * 1024, "KB")
    at_most("one dealt game", heap["game"][0], 1024, " bytes")
    goal("allocated by a move and its undo", "%d bytes" % heap["push_pop"][0], "nothing",
         heap["push_pop"][0] == 0)
    growth, history, pushes = heap["playout"]
    print("a 600-step playout with undo (%d pushes): the heap grew %d bytes, for %d bytes of"
          " history" % (pushes, growth, history))
    count, mean, median, longest = stuck_search_times()
    print("the stuck search after each move of the solver's lines (deals %d-%d, %d positions), "
          "CircuitPython's unix port on this machine: mean %.1f ms, median %.1f ms, longest %.1f ms"
          % (STUCK_DEALS[0], STUCK_DEALS[-1], count, mean / 1000, median / 1000, longest / 1000))
    size = save_size()
    goal("save bytes of a 300-move game with its whole history", "%d bytes" % size,
         "under 1 KB", size < 1024)


if __name__ == "__main__":
    from .report import run

    run("bench", main)
