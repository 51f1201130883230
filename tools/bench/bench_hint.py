"""The board's hint (``sthelena/app/hint/search.py``): what it answers from the
deal, and its heap (``make bench-hint``), the heap beside its goal.

1. Answers (CPython: the same search, position for position, as on the
   board): for each preset, deals A-B from their first position, the share
   answered "wins" and the positions met, median and 90th percentile. For
   box-kite only the deals the desktop solver won count (``assets/winnable.bin``):
   a third of its deals cannot be won. Then the same with the Fruit Jam's
   larger budget (its edge's ``LARGE_HINT_NODES`` and ``LARGE_HINT_SLOTS``).
2. Heap: the most in use while a full hint searches (from just before
   ``hint_begin``, collected every 25 slices, garbage of the slices between
   included), on the MicroPython VM (tools/harness/mpvm) and on CircuitPython's own
   interpreter (``make firmware-vm``, the committed ``lib/sthelena_board.mpy``):
   at most 32 KB (docs/playing.md).

Its seconds: ``make bench-firmware``, on CircuitPython's own firmware.
"""

import argparse
import os
import subprocess
import tempfile

from sthelena.app.hint.on_table import HINT_SLICE
from sthelena.app.hint.search import (HINT_NODES, HINT_SLOTS, LARGE_HINT_NODES,
                                      LARGE_HINT_SLOTS, WINNING, hint_begin, hint_result,
                                      hint_search)
from sthelena.core.game import Game
from sthelena.core.rules import Rules
from sthelena.core.winnable import PROVED_LOST, find_section, proved_of
from tools.build.board_files import VM_EXCLUDE_NOTATION

from .report import at_most, percentile, vm_figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SAYS = {1: "wins", 2: "progress", 3: "nothing", 4: "lost"}
GOAL_HEAP = 32 * 1024

# The heap of a full hint from deal 3 (either VM); SOURCE names where the modules are.
HEAP_SCRIPT = """
import gc
import sys
SOURCE
game = Game.deal(3)
# --- top level ---
gc.collect()
base = gc.mem_alloc()
search = hint_begin(game, HINT_NODES)
peak = gc.mem_alloc() - base
# --- top level ---
def slices(count):
    global peak
    for _ in range(count):
        if hint_search(search, game, SLICE):
            return True
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
    return False
done = slices(25)
# --- top level ---
while not done:
    gc.collect()
    done = slices(25)
# --- top level ---
search = None
# --- top level ---
gc.collect()
print("hint_heap", peak, gc.mem_alloc() - base)
"""

def deals_of(preset, first, last):
    """The deals counted for ``preset``: all, but for box-kite those won."""
    if preset != "box-kite":
        return list(range(first, last + 1))
    with open(os.path.join(ROOT, "assets", "winnable.bin"), "rb") as file:
        found = find_section(file, Rules(preset).to_bits())
        return [deal for deal in range(first, last + 1)
                if proved_of(file, found, deal) not in (0, PROVED_LOST)]


def answers_on_cpython(preset, deals, nodes=HINT_NODES, slots=HINT_SLOTS):
    """{deal: (result, positions)} of the hint from each deal's start, with
    the handheld's budget (or another: the Fruit Jam's)."""
    answers = {}
    for deal in deals:
        game = Game.deal(deal, preset)
        search = hint_begin(game, nodes, slots=slots)
        while not hint_search(search, game, 1000):
            pass
        answers[deal] = (hint_result(search)[0], search.nodes)
    return answers


def print_answers(preset, deals, answers):
    wins = [nodes for result, nodes in answers.values() if result == WINNING]
    every = [nodes for _, nodes in answers.values()]
    kinds = {}
    for result, _ in answers.values():
        kinds[SAYS[result]] = kinds.get(SAYS[result], 0) + 1
    which = "deals %d-%d" % (deals[0], deals[-1]) if preset != "box-kite" else \
        "the %d of deals %d-%d the solver won" % (len(deals), deals[0], deals[-1])
    print("  %-9s %s: wins %d of %d (%.1f%%; %s); positions median %d, 90th percentile %d"
          " (of the wins: %d, %d)"
          % (preset, which, len(wins), len(deals), 100.0 * len(wins) / len(deals),
             ", ".join("%s %d" % item for item in sorted(kinds.items())),
             percentile(every, 0.5), percentile(every, 0.9),
             percentile(wins, 0.5), percentile(wins, 0.9)))


def vm_args():
    return ["--pkg", os.path.join(ROOT, "sthelena"), "--pkg",
            os.path.join(ROOT, "tools", "harness", "standins"), "--exclude", VM_EXCLUDE_NOTATION]


def heap_on_vm():
    source = ('sys.path.append("/lib/standins")\n'
              "from sthelena.core.game import Game\n"
              "from sthelena.app.hint.search import hint_begin, hint_search, HINT_NODES\n")
    script = HEAP_SCRIPT.replace("SOURCE", source).replace("SLICE", str(HINT_SLICE))
    return vm_figures(vm_args(), script)["hint_heap"]


def heap_on_circuitpython():
    """``(peak, left)`` on CircuitPython's interpreter, or None if not built."""
    from tools.harness.firmware_figures import interpreter, lay_out_drive

    path, why = interpreter()
    if path is None:
        return None, why
    with tempfile.TemporaryDirectory() as directory:
        drive = lay_out_drive(directory, "mpy")
        source = ("sys.path[:0] = [%r, %r]\n"
                  "from sthelena_board import Game\n"
                  "from sthelena_hint import hint_begin, hint_search  # (its own .mpy)\n"
                  "HINT_NODES = %d  # (folded in the one-file build)\n"
                  % (os.path.join(drive, "lib"), os.path.join(directory, "standins"), HINT_NODES))
        script = HEAP_SCRIPT.replace("SOURCE", source).replace("SLICE", str(HINT_SLICE))
        script = script.replace("# --- top level ---\n", "")
        proc = subprocess.run([path, "-X", "heapsize=%d" % (1024 * 1024), "-c", script],
                              cwd=drive, capture_output=True, text=True, timeout=600)
        for line in proc.stdout.splitlines():
            if line.startswith("hint_heap"):
                return [int(value) for value in line.split()[1:]], None
        return None, (proc.stderr.strip().splitlines() or ["no output"])[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-200", help="deals A-B (default 1-200)")
    parser.add_argument("--rules", default="st-helena,louis,box-kite",
                        help="presets, comma separated")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    first = int(first)
    last = int(last or first)

    print("Answers from the first position, %d positions a hint (HINT_NODES), on CPython:"
          % HINT_NODES)
    presets = args.rules.split(",")
    deals = {}
    answers = {}
    for preset in presets:
        deals[preset] = deals_of(preset, first, last)
        answers[preset] = answers_on_cpython(preset, deals[preset])
        print_answers(preset, deals[preset], answers[preset])
    print("The same with the Fruit Jam's budget, %d positions a hint and %d slots "
          "(LARGE_HINT_NODES, LARGE_HINT_SLOTS):" % (LARGE_HINT_NODES, LARGE_HINT_SLOTS))
    for preset in presets:
        print_answers(preset, deals[preset], answers_on_cpython(
            preset, deals[preset], LARGE_HINT_NODES, LARGE_HINT_SLOTS))

    peak, left = heap_on_vm()
    print("Heap while a full hint searches (deal 3, collected every 25 slices):")
    at_most("  MicroPython VM (%d bytes left after it)" % left, peak, GOAL_HEAP, "KB")
    found, why = heap_on_circuitpython()
    if found is None:
        print("  CircuitPython's interpreter: not measured (%s)" % why)
    else:
        at_most("  CircuitPython's interpreter, lib/sthelena_board.mpy (%d bytes left after it)"
                % found[1], found[0], GOAL_HEAP, "KB")


if __name__ == "__main__":
    from .report import run

    run("bench-hint", main)
