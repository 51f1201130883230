"""The solver's commands on the command line, ``solve`` and ``stats``.

``python -m sthelena solve POSITION | --deal N [--rules R] [--budget S] [--json]``
settles one position; ``python -m sthelena stats --rules R --deals A-B
[--budget S] [--jobs J] [--json]`` solves a range of deals and gives the
win rate (``sthelena.solver.winrate``). ``cli.build_parser`` registers them.
"""

import json
import math
import sys

from ..core.rules import DEFAULT
from ..solver.search import LOSS, WIN, solve
from ..solver.winrate import DEFAULT_BUDGET, run_stats, stats_text
from .arguments import (CliError, add_position_or_deal, deal_number, game_of_position_or_deal,
                        parse_rules)


def parse_range(text):
    """``(first, last)`` from ``A-B`` (or one number); ValueError if bad."""
    first, dash, last = text.strip().partition("-")
    if not first or (dash and not last):
        raise CliError("bad deal range %r: want A-B, e.g. 1-2000" % text)
    first = deal_number(first)
    last = deal_number(last) if dash else first
    if last < first:
        raise CliError("bad deal range %r: %d is below %d" % (text, last, first))
    return first, last


def parse_budget(text):
    try:
        budget = float(text)
    except ValueError:
        budget = -1.0
    if not budget > 0 or math.isinf(budget):
        raise CliError("bad budget %r: want seconds above 0, e.g. 10 or 0.5" % text)
    return budget


def parse_jobs(text):
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise CliError("bad jobs %r: want a whole number 1 or more" % text)
    return jobs


# -- the commands -------------------------------------------------------------


def _cmd_solve(args, out):
    budget = parse_budget(args.budget)
    game = game_of_position_or_deal(args)
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


def add_solver_commands(commands):
    """Register ``solve`` and ``stats`` on the CLI's subparsers."""
    command = commands.add_parser("solve", help="win (with the moves), loss (proved) or unknown")
    add_position_or_deal(command)
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
