"""Benchmarks that print figures (``make bench``); nothing here passes or fails.

1. Heap under the MicroPython VM (the board's interpreter family), measured
   as differences of ``gc.mem_alloc()`` after ``gc.collect()``: importing the
   core modules the board needs, one dealt game, and a 600-move playout with
   undo (its growth should be the history bytes and little more).
   Targets: import <= 12 KB, game <= 1 KB. The import is measured twice: the
   package's modules, and the core merged into one module by
   ``tools/build/bundle.py --core-only`` (how the board gets it).
2. Legal-move generations per second on CPython.
3. Save bytes of a 300-move game.
"""

import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools.build.board_files import VM_EXCLUDE

from .vm_figures import vm_figures

# "# --- top level ---" ends one runPython call: this VM collects garbage only
# between calls, so each figure is read in the part after a collection.
HEAP_SCRIPT = """
import gc
# Every global name is made here, so that the module dict of the script does
# not grow (and count) inside a measured part.
base = imported = dealt = played = before = state = pushes = step = 0
game = legal = move = m = _ = None
# --- top level ---
base = gc.mem_alloc()
from sthelena.core.game import Game
from sthelena.core import save
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
before = gc.mem_alloc()
for _ in range(100):
    for m in game.legal_moves():
        pass
print("generation", (gc.mem_alloc() - before) // 100)
print("import", imported - base)
print("game", dealt - imported)
print("playout", played - dealt, len(game.history), pushes)
"""


PACKAGE_IMPORTS = """from sthelena.core.game import Game
from sthelena.core import save
"""
BUNDLE_IMPORTS = """from sthelena_core import Game
import sthelena_core as save
"""


def micropython_heap(core_path=None):
    """The figures of HEAP_SCRIPT run on the package, or with ``core_path``
    on the one-file core in /lib instead."""
    if core_path:
        assert PACKAGE_IMPORTS in HEAP_SCRIPT
        code = ["--file", "lib/sthelena_core.py=" + core_path]
        script = HEAP_SCRIPT.replace(PACKAGE_IMPORTS, BUNDLE_IMPORTS)
    else:
        code = ["--pkg", os.path.join(ROOT, "sthelena"), "--exclude", VM_EXCLUDE]
        script = HEAP_SCRIPT
    return vm_figures(code, script)


def core_bundle_heap():
    """HEAP_SCRIPT's figures on the core merged into one module, and the
    module's size; or None and the reason it cannot be built."""
    from tools.build import bundle

    try:
        source = bundle.merge(bundle.CORE_MODULES)
    except bundle.BundleError as error:
        return None, str(error)
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "sthelena_core.py")
        size = bundle.write_module(path, source)
        return micropython_heap(path), size


def generations_per_second(seconds=2.0):
    from sthelena.core.game import Game

    positions = []
    for number in range(20):
        game = Game.deal(number, "st-helena-pysol")
        for step in range(40):
            legal = list(game.legal_moves())
            if not legal:
                break
            game.push(legal[(step * 31 + number) % len(legal)])
            positions.append(Game.from_notation(game.notation()))
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in positions:
            for _ in game.legal_moves():
                pass
        count += len(positions)
    return count / (time.perf_counter() - start), len(positions)


def save_size():
    from sthelena.core import save
    from sthelena.core.game import Game
    from sthelena.core.moves import REDEAL

    game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
    step = 0
    while len(game.move_stack()) < 300:
        legal = [m for m in game.legal_moves() if m != REDEAL] or [REDEAL]
        game.push(legal[(step * 7919) % len(legal)])
        step += 1
    return len(save.to_bytes(game)), len(game.history)


def main():
    heap = micropython_heap()
    print("MicroPython VM heap (gc.mem_alloc differences, bytes):")
    core, size = core_bundle_heap()
    if core is None:
        print("  core import, one-file build: cannot be built: %s" % size)
    else:
        print("  core import as the board gets it, one-file build (%d bytes of source):"
              " %6d   target <= 12288%s"
              % (size, core["import"][0], "" if core["import"][0] <= 12288 else "  NOT MET"))
    print("  core import as the package's modules (game, save and what they import):"
          " %6d   (copying sthelena/ instead)" % heap["import"][0])
    print("  one dealt game:                                    %6d   target <= 1024"
          % heap["game"][0])
    growth, history, pushes = heap["playout"]
    print("  600-step playout with undo: growth %d bytes; history %d bytes (%d pushes)"
          % (growth, history, pushes))
    print("  allocated per push + pop: %d bytes; per legal_moves() listing: %d bytes"
          % (heap["push_pop"][0], heap["generation"][0]))
    rate, count = generations_per_second()
    print("CPython %s: %.0f legal-move generations per second (over %d positions)"
          % (sys.version.split()[0], rate, count))
    size, history = save_size()
    print("Save bytes of a 300-move game: %d (history in memory: %d bytes)" % (size, history))


if __name__ == "__main__":
    main()
