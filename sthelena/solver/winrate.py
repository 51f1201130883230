"""Win rates: a range of deals solved (in worker processes if asked), and
the win rate with a 95% Wilson interval, unknowns counted as losses for the
lower bound and as wins for the upper. The ``stats`` command
(``sthelena.desktop.solve_commands``) prints them.
"""

import json
import math
import time

from ..core.game import Game
from .search import LOSS, UNKNOWN, WIN, solve

DEFAULT_BUDGET = 10.0
Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson(successes, trials, z=Z95):
    """The Wilson score interval ``(low, high)`` for ``successes`` out of
    ``trials`` (``(0.0, 1.0)`` for no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    scale = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / scale
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rate_interval(won, lost, unknown):
    """``(rate, low, high)``: the rate over decided deals (None if none is
    decided) and a 95% interval over all deals, unknowns counted as losses
    for ``low`` and as wins for ``high``."""
    count = won + lost + unknown
    decided = won + lost
    rate = won / decided if decided else None
    return rate, wilson(won, count)[0], wilson(won + unknown, count)[1]


def solve_deal(task):
    """``(number, result, moves, nodes, seconds)`` for ``(number, rules, budget)``
    (a top-level function, so worker processes can run it)."""
    number, rules, budget = task
    result = solve(Game.deal(number, rules), budget=budget)
    return number, result.result, len(result.moves), result.nodes, result.seconds


def solve_deals(first, last, rules, budget, jobs=1, progress=None):
    """Solve deals ``first``..``last``; yields ``solve_deal``'s tuples, in
    order of completion. ``jobs`` > 1 spreads them over worker processes."""
    tasks = [(number, str(rules), budget) for number in range(first, last + 1)]
    if jobs == 1:
        for task in tasks:
            yield solve_deal(task)
        return
    import multiprocessing

    # Fresh worker processes, not forks: a fork of a process with threads (a
    # test run's, a window's) can deadlock in the child on a lock held by a thread.
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for item in pool.imap_unordered(solve_deal, tasks, chunksize=1):
            yield item


def run_stats(first, last, rules, budget, jobs=1, stream=None, results=None):
    """Counts and figures (a dict) for deals ``first``..``last``; a progress
    line on ``stream`` (stderr) when it is a terminal. ``results``, a file,
    gets a JSON line a deal: deal, result, moves (their number), nodes,
    seconds."""
    counts = {WIN: 0, LOSS: 0, UNKNOWN: 0}
    nodes = 0
    solve_seconds = 0.0
    start = time.perf_counter()
    total = last - first + 1
    show = stream is not None and stream.isatty()
    for done, (number, result, length, node_count, seconds) in enumerate(
            solve_deals(first, last, rules, budget, jobs), 1):
        if results is not None:
            results.write(json.dumps({"deal": number, "result": result, "moves": length,
                                      "nodes": node_count, "seconds": round(seconds, 4)}) + "\n")
            results.flush()
        counts[result] += 1
        nodes += node_count
        solve_seconds += seconds
        if show:
            stream.write("\r%d/%d deals: %d won, %d lost, %d unknown "
                         % (done, total, counts[WIN], counts[LOSS], counts[UNKNOWN]))
            stream.flush()
    if show:
        stream.write("\n")
    rate, low, high = win_rate_interval(counts[WIN], counts[LOSS], counts[UNKNOWN])
    return {
        "rules": str(rules), "deals": [first, last], "count": total, "budget": budget,
        "won": counts[WIN], "lost": counts[LOSS], "unknown": counts[UNKNOWN],
        "win_rate": rate, "interval": [low, high], "nodes": nodes,
        "solve_seconds": round(solve_seconds, 2),
        "seconds": round(time.perf_counter() - start, 2), "jobs": jobs,
    }


def stats_text(figures):
    rate = figures["win_rate"]
    low, high = figures["interval"]
    return "\n".join((
        "rules %s, deals %d-%d (%d), budget %g s a deal" % (
            figures["rules"], figures["deals"][0], figures["deals"][1], figures["count"],
            figures["budget"]),
        "won %d, lost %d, unknown %d" % (figures["won"], figures["lost"], figures["unknown"]),
        "win rate %s, 95%% Wilson interval %.1f%%-%.1f%% (unknowns as losses / as wins)" % (
            "-" if rate is None else "%.1f%% of decided deals" % (100 * rate),
            100 * low, 100 * high),
        "%d positions searched in %.1f s (%d jobs, %.1f s wall)" % (
            figures["nodes"], figures["solve_seconds"], figures["jobs"], figures["seconds"]),
    ))
