"""The solver's benchmark (``make bench-solver``): deals 1-1000 of each preset.

    python tools/bench_solver.py [--deals A-B] [--rules R[;R...]] [--budget S] [--jobs J]

For each rule set it prints the share of deals decided (won or proved lost)
within 1 s and within the budget (10 s), the median and 90th percentile
times, positions searched per second, and the peak resident memory of the
processes that solved, then whether the targets are met: at least 99.5%
decided within the budget for every preset, and a median under 0.05 s for
st-helena. Times are each deal's own search time (``time.perf_counter``
in the process that solved it); with ``--jobs 2`` on a machine others are
using too, they include waiting for a core, so they are if anything slow.
"""

import argparse
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sthelena.rules import PRESETS, Rules  # noqa: E402
from sthelena.winrate import parse_range, solve_deal  # noqa: E402

DECIDED_TARGET = 0.995
MEDIAN_TARGET = 0.05  # seconds, for st-helena


def _solve(task):
    """``solve_deal``'s tuple and this process's peak resident memory (KB)."""
    return solve_deal(task) + (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,)


def bench(rules, first, last, budget, jobs):
    tasks = [(number, rules, budget) for number in range(first, last + 1)]
    start = time.perf_counter()
    if jobs == 1:
        rows = [_solve(task) for task in tasks]
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            rows = list(pool.imap_unordered(_solve, tasks, chunksize=1))
    wall = time.perf_counter() - start
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
    args = parser.parse_args(argv)
    first, last = parse_range(args.deals)
    print("solver benchmark: deals %d-%d, budget %g s, %d job(s), %d cores, load average %s"
          % (first, last, args.budget, args.jobs, os.cpu_count(),
             " ".join("%.1f" % load for load in os.getloadavg())))
    print("%-18s %6s %6s %6s %8s %9s %9s %9s %9s %10s %8s"
          % ("rules", "won", "lost", "unknwn", "<=1 s", "<=budget", "median s", "p90 s",
             "nodes/s", "peak MB", "wall s"))
    verdicts = []
    for rules in args.rules.split(";"):
        rules = str(Rules.parse(rules))
        row = bench(rules, first, last, args.budget, args.jobs)
        print("%-18s %6d %6d %6d %7.1f%% %8.1f%% %9.3f %9.3f %9.0f %10.0f %8.0f" % (
            rules, row["won"], row["lost"], row["unknown"], 100 * row["decided_1s"],
            100 * row["decided"], row["median"], row["p90"], row["nodes_per_second"],
            row["peak_mb"], row["wall"]))
        sys.stdout.flush()
        verdicts.append("%s: %.1f%% decided within %g s (target >= 99.5%%): %s" % (
            rules, 100 * row["decided"], args.budget,
            "met" if row["decided"] >= DECIDED_TARGET else "NOT MET"))
        if rules == "st-helena":
            verdicts.append("st-helena: median %.3f s (target < %.2f s): %s" % (
                row["median"], MEDIAN_TARGET,
                "met" if row["median"] < MEDIAN_TARGET else "NOT MET"))
    print()
    print("\n".join(verdicts))


if __name__ == "__main__":
    main()
