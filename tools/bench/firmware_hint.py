"""The hint on the firmware, and pystone there (``make bench-firmware``'s
parts ``hint``, ``hint40`` and ``pystone``; desktop only).

A code.py of this bench's sets the game up as the PicoSystem does, starts
each deal (with some of the solver's moves played first), asks for a hint
as SELECT held does and runs the app's ticks until it answers, printing its
time, the least heap free meanwhile, the positions searched and what it says.
"""

import os
import shutil
import statistics
from concurrent.futures import ThreadPoolExecutor

from tools.harness import emulated

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

GOAL_HINT = (3.0, 10.0)  # s: median, p90 (issue 44)
SINCE_RESET = """
import gc, supervisor
def since_reset():  # supervisor.ticks_ms() starts at 0x1FFF0000 at reset
    return (supervisor.ticks_ms() - 0x1FFF0000) & 0x1FFFFFFF
"""

# The hint from each deal's first position, to its answer.
HINT_CODE = SINCE_RESET + """
from sthelena_picosystem import picosystem_setup, start_hint, Game
app, buttons, lights, screen = picosystem_setup()
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass  # what is printed before the console is up is lost
for number, moves in DEALS:
    game = Game.deal(number, "st-helena")
    for move in moves:
        game.push(move)
    app.hint_line = None  # (as a new deal forgets it: the last deal's line is no goal here)
    app.start(game)
    screen.display.refresh()  # the new deal drawn before the clock starts, not while it runs
    gc.collect()
    begun = since_reset()
    start_hint(app)
    search = app.hint
    least = gc.mem_free()
    ticks = 0
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
        ticks += 1
        if not ticks & 63:  # (mem_free walks the whole heap: not at every tick, or it is timed)
            least = min(least, gc.mem_free())
    positions = 0 if search is None else search.nodes
    print("hint", number, since_reset() - begun, least, positions, app.message)
print("bench done")
"""

# CPython's pystone on the firmware, for the chip's speed against a SAMD51's.
PYSTONE_CODE = SINCE_RESET + """
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass
import pystone
pystone.time = lambda: supervisor.ticks_ms() / 1000
benchtime, stones = pystone.pystones(2000)
print("pystone", 2000, int(benchtime * 1000))
print("bench done")
"""


def figures(values):
    """Median, p90 and the largest of ``values``."""
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))], ordered[-1])


def hint_run(drive, work, deals):
    """The hint on the firmware from each of ``deals`` (``(number, moves
    played first)``): its printed lines."""
    folder = os.path.join(work, "hint-%d-%d" % (deals[0][0], len(deals[0][1])))
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write("DEALS = %r\n" % (tuple(deals),) + HINT_CODE)
    result = emulated.emulate(folder, ready="bench done", boot_ms=40 * 1000 * len(deals))
    return [line.split(" ", 5) for line in result["console"].splitlines()
            if line.startswith("hint ")]


def solver_moves(number, count):
    """The first ``count`` moves of the solver's winning line for st-helena deal ``number``."""
    from sthelena.core.game import Game
    from sthelena.solver.search import solve

    if not count:
        return ()
    result = solve(Game.deal(number), budget=60)
    if result.result != "win":
        raise RuntimeError("the solver did not win deal %d: %s" % (number, result.result))
    return tuple(result.moves[:count])


def bench_pystone(drive, work):
    """Pystone passes a second on the emulated RP2040, or None without a pystone.py."""
    from .bench_hint import SAMD51_PYSTONES, find_pystone

    source = find_pystone()
    if source is None:
        print("pystone: no pystone.py on this machine (a Python installation's test/pystone.py)")
        return None
    folder = os.path.join(work, "pystone")
    shutil.copytree(drive, folder)
    shutil.copyfile(source, os.path.join(folder, "pystone.py"))
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(PYSTONE_CODE)
    result = emulated.emulate(folder, ready="bench done", boot_ms=120000)
    line = [line.split() for line in result["console"].splitlines() if line.startswith("pystone")]
    if not line:
        raise RuntimeError("pystone printed nothing: %s" % result["console"][-500:])
    passes = int(line[0][1]) * 1000 / max(int(line[0][2]), 1)
    print("pystone on the emulated RP2040: %.0f passes a second (CircuitPython on a SAMD51: %.1f, "
          "%.2f times as many)" % (passes, SAMD51_PYSTONES, SAMD51_PYSTONES / passes))
    return passes


def bench_hint(drive, work, first, last, pystones=None, moved=0):
    """The hint from st-helena deals ``first``-``last``, after ``moved`` of the solver's moves."""
    deals = [(number, solver_moves(number, moved)) for number in range(first, last + 1)]
    halves = [deals[0::2], deals[1::2]]
    with ThreadPoolExecutor(2) as pool:
        lines = [line for part in pool.map(lambda part: hint_run(drive, work, part), halves)
                 for line in part]
    times = [int(line[2]) / 1000 for line in lines]
    wins = sum(1 for line in lines if line[5].startswith("Wins"))
    median, p90, longest = figures(times)
    rates = [int(line[4]) / (int(line[2]) / 1000) for line in lines if int(line[2])]
    where = "the deal's first position" if not moved else "%d moves in (the solver's)" % moved
    print("hint from %s, st-helena deals %d-%d: %d answered, %d with a winning line; s median "
          "%.1f (goal %.0f), p90 %.1f (goal %.0f), longest %.1f; positions a second median %.0f "
          "(%d in all); least free while searching %.1f KB"
          % (where, first, last, len(lines), wins, median, GOAL_HINT[0], p90, GOAL_HINT[1],
             longest, statistics.median(rates), sum(int(line[4]) for line in lines),
             min(int(line[3]) for line in lines) / 1024))
    if pystones:
        from .bench_hint import SAMD51_PYSTONES

        print("  at pystone's ratio a SAMD51 would search %.0f positions a second"
              % (statistics.median(rates) * SAMD51_PYSTONES / pystones))
    for line in sorted(lines, key=lambda line: int(line[1])):
        print("  deal %3s  %6.1f s  %5s positions  %s" % (line[1], int(line[2]) / 1000, line[4],
                                                         line[5]))

