"""The solver's commands, ``solve`` and ``stats``, and win rates.

``python -m sthelena solve POSITION | --deal N [--rules R] [--budget S] [--json]``
settles one position; ``python -m sthelena stats --rules R --deals A-B
[--budget S] [--jobs J] [--json]`` solves a range of deals and gives the
win rate with a 95% Wilson interval, unknowns counted as losses for the
lower bound and as wins for the upper. Desktop only (argparse, json,
multiprocessing); ``cli.build_parser`` registers the commands.
"""

import json
import math
import sys
import time

from .game import Game
from .solver import LOSS, UNKNOWN, WIN, solve

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


def parse_range(text):
    """``(first, last)`` from ``A-B`` (or one number); ValueError if bad."""
    from .cli import CliError, deal_number

    first, dash, last = text.strip().partition("-")
    if not first or (dash and not last):
        raise CliError("bad deal range %r: want A-B, e.g. 1-2000" % text)
    first = deal_number(first)
    last = deal_number(last) if dash else first
    if last < first:
        raise CliError("bad deal range %r: %d is below %d" % (text, last, first))
    return first, last


def parse_budget(text):
    from .cli import CliError

    try:
        budget = float(text)
    except ValueError:
        budget = -1.0
    if not budget > 0 or math.isinf(budget):
        raise CliError("bad budget %r: want seconds above 0, e.g. 10 or 0.5" % text)
    return budget


def parse_jobs(text):
    from .cli import CliError

    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise CliError("bad jobs %r: want a whole number 1 or more" % text)
    return jobs


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


# -- the commands -------------------------------------------------------------


def _cmd_solve(args, out):
    from .cli import CliError, _deal, _position

    budget = parse_budget(args.budget)
    if args.deal is not None:
        if args.position is not None:
            raise CliError("give a POSITION or --deal N, not both")
        game = _deal(args.deal, args.rules)
    elif args.position is None:
        raise CliError("give a POSITION or --deal N")
    else:
        game = _position(args.position, args.rules)
    result = solve(game, budget=budget)
    if args.json:
        out.append(json.dumps(result.as_dict()))
        return
    if result.result == WIN:
        out.append("win in %d moves (%d positions, %.2f s)"
                   % (len(result.moves), result.nodes, result.seconds))
        out.append(" ".join(result.names()))
    elif result.result == LOSS:
        out.append("loss: proved lost, every reachable position searched (%d positions, %.2f s)"
                   % (result.nodes, result.seconds))
    else:
        out.append("unknown: the budget ran out (%d positions, %.2f s)"
                   % (result.nodes, result.seconds))


def _cmd_stats(args, out):
    from .cli import CliError, parse_rules

    rules = parse_rules(args.rules)
    first, last = parse_range(args.deals)
    budget = parse_budget(args.budget)
    jobs = parse_jobs(args.jobs)
    results = None
    if args.results:
        try:
            results = open(args.results, "w")
        except OSError as error:
            raise CliError("cannot write %s: %s" % (args.results, error.strerror))
    try:
        figures = run_stats(first, last, rules, budget, jobs, sys.stderr, results)
    finally:
        if results is not None:
            results.close()
    out.append(json.dumps(figures) if args.json else stats_text(figures))


def add_commands(commands):
    """Register ``solve`` and ``stats`` on the CLI's subparsers."""
    from .rules import DEFAULT

    command = commands.add_parser("solve", help="win (with the moves), loss (proved) or unknown")
    command.add_argument("position", metavar="POSITION", nargs="?",
                         help="notation line, deal number, or - for stdin")
    command.add_argument("--deal", metavar="N", help="deal number (instead of POSITION)")
    command.add_argument("--rules", metavar="RULES",
                         help="rules for a deal number (default %s)" % DEFAULT)
    command.add_argument("--budget", metavar="SECONDS", default=str(DEFAULT_BUDGET),
                         help="give up (unknown) after this long (default %g)" % DEFAULT_BUDGET)
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=_cmd_solve)

    command = commands.add_parser("stats", help="win rate over a range of deals")
    command.add_argument("--rules", metavar="RULES", default=DEFAULT,
                         help="rules (default %s)" % DEFAULT)
    command.add_argument("--deals", metavar="A-B", required=True, help="deal numbers A to B")
    command.add_argument("--budget", metavar="SECONDS", default=str(DEFAULT_BUDGET),
                         help="seconds a deal (default %g)" % DEFAULT_BUDGET)
    command.add_argument("--jobs", metavar="J", default="1", help="worker processes (default 1)")
    command.add_argument("--results", metavar="FILE",
                         help="write each deal's result to FILE (JSON lines)")
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=_cmd_stats)
