"""The solver's benchmark (``make bench-solver``): deals 1-1000 of each preset.

    python tools/bench/bench_solver.py [--deals A-B] [--rules R[;R...]] [--budget S] [--jobs J]
                                 [--results DIR]
    python tools/bench/bench_solver.py --from DIR [--deals A-B] [--rules ...]

For each rule set it prints the share of deals decided (won or proved lost)
within 1 s and within the budget (10 s), the median and 90th percentile
times, positions searched per second, and the peak resident memory of the
processes that solved, then whether the targets are met: at least 99.5%
decided within the budget for every preset, and a median under 0.05 s for
st-helena. Times are each deal's own search time (``time.perf_counter``
in the process that solved it); with ``--jobs 2`` on a machine others are
using too, they include waiting for a core, so they are if anything slow.

``--from DIR`` computes the same figures from the per-deal lines that
``python -m sthelena stats --results DIR/<rules>.jsonl`` wrote (the same
measurements, made once), without peak memory, which those lines lack.
"""

import argparse
import json
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from sthelena.core.rules import PRESETS, Rules  # noqa: E402
from sthelena.desktop.solve_commands import parse_range  # noqa: E402
from sthelena.solver.winrate import solve_deal  # noqa: E402

DECIDED_TARGET = 0.995
MEDIAN_TARGET = 0.05  # seconds, for st-helena


def _solve(task):
    """``solve_deal``'s tuple and this process's peak resident memory (KB)."""
    return solve_deal(task) + (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,)


def _read_results(path, first, last):
    """Rows as ``_solve`` makes them from a ``stats --results`` file (no memory)."""
    rows = []
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            if first <= row["deal"] <= last:
                rows.append((row["deal"], row["result"], row["moves"], row["nodes"],
                             row["seconds"], 0))
    return rows


def _write_results(path, rows):
    """The per-deal lines ``stats --results`` writes, in deal order."""
    with open(path, "w") as out:
        for row in sorted(rows):
            out.write(json.dumps({"deal": row[0], "result": row[1], "moves": row[2],
                                  "nodes": row[3], "seconds": round(row[4], 4)}) + "\n")


def bench(rules, first, last, budget, jobs, source=None, results=None):
    tasks = [(number, rules, budget) for number in range(first, last + 1)]
    start = time.perf_counter()
    if source:
        rows = _read_results(os.path.join(source, rules + ".jsonl"), first, last)
    elif jobs == 1:
        rows = [_solve(task) for task in tasks]
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:  # see winrate.solve_deals
            rows = list(pool.imap_unordered(_solve, tasks, chunksize=1))
    wall = time.perf_counter() - start
    if results and not source:
        _write_results(os.path.join(results, rules + ".jsonl"), rows)
    times = sorted(row[4] for row in rows)
    decided = [row for row in rows if row[1] != "unknown"]
    count = len(rows)
    return {
        "rules": rules, "count": count,
        "won": sum(row[1] == "win" for row in rows),
        "lost": sum(row[1] == "loss" for row in rows),
        "unknown": count - len(decided),
        "decided_1s": sum(row[4] <= 1.0 for row in decided) / count,
        "decided": len(decided) / count,
        "median": statistics.median(times),
        "p90": times[min(count - 1, int(0.9 * count))],
        "nodes_per_second": sum(row[3] for row in rows) / max(1e-9, sum(times)),
        "peak_mb": max(row[5] for row in rows) / 1024.0,
        "wall": wall,
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--rules", default=";".join(name for name, _ in PRESETS),
                        help="rule sets separated by ;")
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--from", dest="source", metavar="DIR",
                        help="read stats --results files DIR/<rules>.jsonl instead of solving")
    parser.add_argument("--results", metavar="DIR",
                        help="also write each deal's line to DIR/<rules>.jsonl "
                             "(as stats --results)")
    args = parser.parse_args(argv)
    first, last = parse_range(args.deals)
    if args.source:
        print("solver benchmark from the results in %s: deals %d-%d (those present)"
              % (args.source, first, last))
    else:
        print("solver benchmark: deals %d-%d, budget %g s, %d job(s), %d cores, load average %s"
              % (first, last, args.budget, args.jobs, os.cpu_count(),
                 " ".join("%.1f" % load for load in os.getloadavg())))
    print("%-18s %6s %6s %6s %8s %9s %9s %9s %9s %10s %8s"
          % ("rules", "won", "lost", "unknwn", "<=1 s", "<=budget", "median s", "p90 s",
             "nodes/s", "peak MB", "wall s"))
    verdicts = []
    for rules in args.rules.split(";"):
        rules = str(Rules.parse(rules))
        row = bench(rules, first, last, args.budget, args.jobs, args.source, args.results)
        print("%-18s %6d %6d %6d %7.1f%% %8.1f%% %9.3f %9.3f %9.0f %10s %8s" % (
            rules, row["won"], row["lost"], row["unknown"], 100 * row["decided_1s"],
            100 * row["decided"], row["median"], row["p90"], row["nodes_per_second"],
            "%.0f" % row["peak_mb"] if row["peak_mb"] else "-",
            "-" if args.source else "%.0f" % row["wall"]))
        sys.stdout.flush()
        verdicts.append("%s: %.1f%% of %d deals decided within the budget (target >= 99.5%% "
                        "in 10 s): %s" % (rules, 100 * row["decided"], row["count"],
            "met" if row["decided"] >= DECIDED_TARGET else "NOT MET"))
        if rules == "st-helena":
            verdicts.append("st-helena: median %.3f s (target < %.2f s): %s" % (
                row["median"], MEDIAN_TARGET,
                "met" if row["median"] < MEDIAN_TARGET else "NOT MET"))
    print()
    print("\n".join(verdicts))


if __name__ == "__main__":
    main()
