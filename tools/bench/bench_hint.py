"""The board's hint (``sthelena/app/hint/search.py``): what it answers from the
deal, how long that takes on a SAMD51, and its heap (``make bench-hint``);
prints figures, passes or fails nothing.

1. Answers (CPython: the same search, position for position, as on the
   board): for each preset, deals A-B from their first position, the share
   answered "wins" and the positions met, median and 90th percentile. For
   box-kite only the deals the desktop solver won count (``assets/winnable.bin``):
   a third of its deals cannot be won. Then the same with the Fruit Jam's
   larger budget (its edge's ``LARGE_HINT_NODES`` and ``LARGE_HINT_SLOTS``).
2. SAMD51 seconds, measured: the same hints run on MicroPython's qemu port,
   an emulated Cortex-M4 (``make qemu-m4 MICROPYTHON=DIR``), with qemu
   counting instructions (``-icount shift=0``: the guest's clock advances
   1 ns an instruction). Calibration: pystone (CPython's ``Lib/test/pystone.py``
   from a Python on this machine) is run the same way; a SAMD51 at 120 MHz
   running CircuitPython does 1,521.6 pystone passes a second (CircuitPython
   commit "Call background tasks only once per ms", December 2019, Metro M4
   Express), so a second in the emulator is (its pystones / 1,521.6)
   seconds on the board. Assumed: the hint's mix of bytecodes costs the two
   interpreters alike, relative to pystone. Also the longest slice
   (``HINT_SLICE`` steps, one pass of the main loop) and the answers, which
   must be CPython's.
3. Heap: the most in use while a full hint searches (from just before
   ``hint_begin``, collected every 25 slices, garbage of the slices between
   included), on the MicroPython VM (tools/mpvm) and on CircuitPython's own
   interpreter (``make firmware-vm``, the committed ``lib/sthelena_board.mpy``).

Without the emulator the seconds are estimated from the VM's speed and its
pystone (part 4), and said to be estimates.
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), part)
                for part in ("board", "bench", "assets")]  # the tools' folders
from bench_solver import percentile  # noqa: E402
from board_files import VM_EXCLUDE_NOTATION  # noqa: E402
from bundle import CORE_MODULES, merge  # noqa: E402
from vm_figures import vm_figures  # noqa: E402

from sthelena.app.hint.on_table import HINT_MS, HINT_SLICE  # noqa: E402
from sthelena.app.hint.search import (HINT_NODES, HINT_SLOTS, LARGE_HINT_NODES,  # noqa: E402
                                      LARGE_HINT_SLOTS, WINNING, hint_begin, hint_result,
                                      hint_search)
from sthelena.core.game import Game  # noqa: E402
from sthelena.core.rules import Rules  # noqa: E402
from sthelena.core.winnable import PROVED_LOST, find_section, proved_of  # noqa: E402

SAMD51_PYSTONES = 1521.6  # passes/s, CircuitPython on a Metro M4 Express (SAMD51, 120 MHz)
QEMU_FIRMWARE = os.path.join(ROOT, "build", "qemu", "firmware.elf")
HINT_MODULES = CORE_MODULES + ("sthelena.app.hint.keys", "sthelena.app.hint.moves",
                               "sthelena.app.hint.line", "sthelena.app.hint.search")
SAYS = {1: "wins", 2: "progress", 3: "nothing", 4: "lost"}
CHUNK = 20  # deals a qemu run
KILOBYTE = 1024

# Run on the emulator after the merged modules: PRESET, DEALS, SLICE given.
QEMU_HINTS = """
import time
for deal in DEALS:
    game = Game.deal(deal, PRESET)
    start = time.ticks_us()
    search = hint_begin(game, HINT_NODES)
    begun = time.ticks_diff(time.ticks_us(), start)
    total = begun
    longest = 0
    done = False
    while not done:
        start = time.ticks_us()
        done = hint_search(search, game, SLICE)
        took = time.ticks_diff(time.ticks_us(), start)
        total += took
        if took > longest:
            longest = took
    print("deal", deal, hint_result(search)[0], search.nodes, total, longest, begun)
"""

QEMU_PYSTONE = """
import time
def time_now():
    return time.ticks_ms() / 1000
"""

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

# Part 4 (no emulator): positions a second in the VM and its pystone.
VM_SPEED = """
import sys, time
sys.path.append("/lib/standins")
from sthelena.core.game import Game
from sthelena.app.hint.search import hint_begin, hint_search
try:
    sys.path.append("/bench")
    import pystone
    pystone.time = lambda: time.ticks_ms() / 1000
    benchtime, stones = pystone.pystones(5000)
    print("pystone", 5000, int(benchtime * 1000))
except ImportError:
    print("pystone", 0, 0)
nodes = 0
start = time.ticks_ms()
for deal in (1, 2, 3):
    game = Game.deal(deal)
    search = hint_begin(game, 3000)
    while not hint_search(search, game, 50):
        pass
    nodes += search.nodes
print("speed", nodes, time.ticks_diff(time.ticks_ms(), start))
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


def qemu_runs(firmware, preset, deals, jobs):
    """{deal: (result, positions, µs, longest slice µs, hint_begin µs)} on the emulator."""
    from qemu_m4 import run_on_qemu

    source = merge(HINT_MODULES, public_constants=None)
    chunks = [deals[index:index + CHUNK] for index in range(0, len(deals), CHUNK)]

    def run(chunk):
        script = "%s\nPRESET = %r\nDEALS = %r\nSLICE = %d\n%s" % (
            source, preset, chunk, HINT_SLICE, QEMU_HINTS)
        return run_on_qemu(firmware, script, timeout=3600)

    found = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for output in pool.map(run, chunks):
            for line in output.splitlines():
                if line.startswith("deal "):
                    deal, *values = (int(value) for value in line.split()[1:])
                    found[deal] = tuple(values)
    return found


def qemu_pystones(firmware, path):
    """Pystone passes a second on the emulator (its clock: instructions)."""
    from qemu_m4 import run_on_qemu

    with open(path) as file:
        source = file.read().replace("from time import time", "")
    source = source.replace("__name__ == '__main__'", "False")  # (its own main: not run)
    script = QEMU_PYSTONE + source.replace("time()", "time_now()") + \
        "\nbenchtime, stones = pystones(20000)\nprint('pystone', int(benchtime * 1000))\n"
    for line in run_on_qemu(firmware, script, timeout=600).splitlines():
        if line.startswith("pystone"):
            return 20000 * 1000.0 / max(int(line.split()[1]), 1)
    raise RuntimeError("pystone printed nothing on the emulator")


def print_seconds(preset, answers, runs, scale):
    """The emulator's figures in SAMD51 time; on the board a hint gives up
    at HINT_MS (30 s): the wins after that are not the board's."""
    seconds = [min(runs[deal][2] / 1e6 * scale, HINT_MS / 1000.0) for deal in runs]
    wins = [runs[deal][2] / 1e6 * scale for deal in runs if runs[deal][0] == WINNING]
    in_time = [second for second in wins if second <= HINT_MS / 1000.0]
    same = all(answers[deal] == runs[deal][:2] for deal in runs)
    print("  %-9s wins within %d s on a SAMD51: %d of %d (%.1f%%; %d more later); seconds a hint"
          " (cut at %d): median %.1f, 90th percentile %.1f;\n            of the wins within"
          " it: median %.1f, longest %.1f; longest slice %.0f ms, hint_begin %.0f ms;"
          " answers as on CPython: %s"
          % (preset, HINT_MS // 1000, len(in_time), len(runs), 100.0 * len(in_time) / len(runs),
             len(wins) - len(in_time), HINT_MS // 1000, percentile(seconds, 0.5),
             percentile(seconds, 0.9), percentile(in_time, 0.5), max(in_time) if in_time else 0,
             max(runs[deal][3] for deal in runs) / 1e3 * scale,
             max(runs[deal][4] for deal in runs) / 1e3 * scale, "yes" if same else "NO"))


def vm_args():
    return ["--pkg", os.path.join(ROOT, "sthelena"), "--pkg",
            os.path.join(ROOT, "tools", "standins"), "--exclude", VM_EXCLUDE_NOTATION]


def heap_on_vm():
    source = ('sys.path.append("/lib/standins")\n'
              "from sthelena.core.game import Game\n"
              "from sthelena.app.hint.search import hint_begin, hint_search, HINT_NODES\n")
    script = HEAP_SCRIPT.replace("SOURCE", source).replace("SLICE", str(HINT_SLICE))
    return vm_figures(vm_args(), script)["hint_heap"]


def heap_on_circuitpython():
    """``(peak, left)`` on CircuitPython's interpreter, or None if not built."""
    from firmware_figures import interpreter, lay_out_drive

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
    parser.add_argument("--jobs", type=int, default=2, help="emulators at once (default 2)")
    parser.add_argument("--qemu-firmware", default=QEMU_FIRMWARE,
                        help="MicroPython's qemu firmware (make qemu-m4)")
    parser.add_argument("--pystone", help="a pystone.py (default: found on this machine)")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    first = int(first)
    last = int(last or first)
    pystone = args.pystone or find_pystone()

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

    emulated = os.path.isfile(args.qemu_firmware) and pystone is not None
    if emulated:
        stones = qemu_pystones(args.qemu_firmware, pystone)
        scale = stones / SAMD51_PYSTONES
        print("Emulated Cortex-M4 (MicroPython's qemu port, -icount shift=0): pystone %.0f "
              "passes per emulated second;\n  a SAMD51 (CircuitPython, 120 MHz) does %.1f: an "
              "emulated second is %.1f s on the board. %d steps a slice (HINT_SLICE):"
              % (stones, SAMD51_PYSTONES, scale, HINT_SLICE))
        for preset in presets:
            runs = qemu_runs(args.qemu_firmware, preset, deals[preset], args.jobs)
            print_seconds(preset, answers[preset], runs, scale)
    else:
        why = "no pystone.py on this machine (--pystone PATH)" if pystone is None else \
            "%s is not built: make qemu-m4 MICROPYTHON=DIR" % os.path.relpath(
                args.qemu_firmware, ROOT)
        print("SAMD51 seconds not measured (%s); an estimate from the VM follows." % why)

    peak, left = heap_on_vm()
    print("Heap while a full hint searches (deal 3, collected every 25 slices):")
    print("  MicroPython VM: %d bytes (%.1f KB; target <= 32 KB), %d left after it"
          % (peak, peak / KILOBYTE, left))
    found, why = heap_on_circuitpython()
    if found is None:
        print("  CircuitPython's interpreter: not measured (%s)" % why)
    else:
        print("  CircuitPython's interpreter (lib/sthelena_board.mpy): %d bytes (%.1f KB), "
              "%d left after it" % (found[0], found[0] / KILOBYTE, found[1]))

    if not emulated:
        extra = ["--file", "/bench/pystone.py=" + pystone] if pystone else []
        figures = vm_figures(vm_args() + extra, VM_SPEED)
        nodes, spent = figures["speed"]
        passes, stone_ms = figures["pystone"]
        rate = nodes * 1000.0 / max(spent, 1)
        print("MicroPython VM: %.0f positions/s" % rate)
        if passes:
            ratio = passes * 1000.0 / max(stone_ms, 1) / SAMD51_PYSTONES
            print("  SAMD51 estimate (pystone: the VM is %.1f times the board): %.0f "
                  "positions/s, a full hint %.0f s" % (ratio, rate / ratio,
                                                       HINT_NODES * ratio / rate))


if __name__ == "__main__":
    main()
