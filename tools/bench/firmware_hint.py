"""The hint on the firmware (``make bench-firmware``'s parts ``hint`` and
``hint40``; desktop only): a code.py of this bench's sets the game up as
code.py does (``SET_UP``: the PicoSystem's profile, its game), starts each
deal (with some of the solver's moves played first), asks for a hint as
SELECT held does and runs the app's ticks until it answers, printing its
time, the least heap free meanwhile and what it says.
"""

import os
import shutil
import statistics
from concurrent.futures import ThreadPoolExecutor

from tools.harness import emulated
from tools.harness.firmware_heap import CONSOLE, SET_UP, SINCE_RESET

from .report import goal, percentile, spread

GOAL_HINT = (3.0, 10.0)  # s: median, p90 (docs/playing.md's)

# The hint from each deal's position, to its answer.
HINT_CODE = SINCE_RESET + SET_UP + """
start_hint, Game, app = game.start_hint, game.Game, made.app
""" + CONSOLE + """
for number, moves in DEALS:
    game = Game.deal(number, "st-helena")
    for move in moves:
        game.push(move)
    app.hint_line = None  # (as a new deal forgets it: the last deal's line is no goal here)
    app.start(game)
    made.display.refresh()  # the new deal drawn before the clock starts, not while it runs
    gc.collect()
    begun = since_reset()
    start_hint(app)
    least = gc.mem_free()
    ticks = 0
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
        ticks += 1
        if not ticks & 63:  # (mem_free walks the whole heap: not at every tick, or it is timed)
            least = min(least, gc.mem_free())
    print("hint", number, since_reset() - begun, least, app.message)
print("bench done")
"""


def hint_run(drive, work, deals):
    """The hint on the firmware from each of ``deals`` (``(number, moves
    played first)``): its printed lines, split."""
    folder = os.path.join(work, "hint-%d-%d" % (deals[0][0], len(deals[0][1])))
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write("DEALS = %r\n" % (tuple(deals),) + HINT_CODE)
    result = emulated.emulate(folder, ready="bench done", boot_ms=40 * 1000 * len(deals))
    return [line.split(" ", 4) for line in result["console"].splitlines()
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


def bench_hint(drive, work, first, last, moved=0, jobs=2):
    """The hint from st-helena deals ``first``-``last``, after ``moved`` of the
    solver's moves, in ``jobs`` emulators at once (two: a half of the deals each)."""
    deals = [(number, solver_moves(number, moved)) for number in range(first, last + 1)]
    with ThreadPoolExecutor(jobs) as pool:
        lines = [line for part in pool.map(lambda part: hint_run(drive, work, part),
                                           [deals[0::2], deals[1::2]][:len(deals)])
                 for line in part]
    times = [int(line[2]) / 1000 for line in lines]
    wins = sum(line[4].startswith("Wins") for line in lines)
    median, p90 = statistics.median(times), percentile(times, 0.9)
    goal("the hint from %s, st-helena deals %d-%d" % (
        "the deal's first position" if not moved else "%d of the solver's moves in" % moved,
        first, last), "%s; %d of %d answered with a winning line; least free while searching"
        " %.1f KB" % (spread(times, " s"), wins, len(lines),
                      min(int(line[3]) for line in lines) / 1024),
        "median <= %g s, p90 <= %g s" % GOAL_HINT, median <= GOAL_HINT[0] and p90 <= GOAL_HINT[1])
