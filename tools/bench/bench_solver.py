"""The solver's benchmark (``make bench-solver``): deals 1-1000 of each preset.

    python -m tools.bench.bench_solver [--deals A-B] [--rules R[;R...]] [--budget S] [--jobs J]
                                 [--against REV] [--results DIR]
    python -m tools.bench.bench_solver --from DIR [--deals A-B] [--rules ...]

For each rule set it prints the share of deals decided (won or proved lost)
within the budget (10 s), the median, 90th and 99th percentile and slowest
times, the total time, positions searched per second and the peak resident
memory of the solving processes. Times are each deal's own solve, in
processor seconds of the process that solved it (``time.process_time``:
on a machine others share, waiting for a core is left out, which a wall
clock counts); the total's wall-clock seconds (the solver's own
``time.perf_counter``, which its budget is measured on) are printed too.

``--against REV`` times a second revision's solver (a git revision of this
repository, extracted with ``git archive`` into a temporary directory) on
the same deals: each of the J lanes has a process of each solver
(``solver_worker.py``) and hands every deal to both, one after the other
(which goes first alternates), so both see the same load. It prints both
solvers' figures and their ratios (total, slowest, median: this over
REV), whether the two ever contradict each other (one proves a win, the
other a loss), and the issue's goals: total at most half of REV's, the
slowest deal at most 1 s (st-helena, louis) or 2 s (box-kite,
st-helena-pysol), every deal decided, the median no worse. Every win of
either solver is replayed through this tree's ``Game.push`` to a won
position, and a failure is counted.

``--from DIR`` computes one solver's figures from the per-deal lines that
``python -m sthelena stats --results DIR/<rules>.jsonl`` (or ``--results``
here) wrote, without peak memory, which those lines lack.
"""

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

from sthelena.core.game import Game
from sthelena.core.rules import PRESETS, Rules
from sthelena.desktop.solve_commands import parse_range
from tools.bench.report import percentile, tally

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "solver_worker.py")
SLOWEST_TARGET = {"st-helena": 1.0, "louis": 1.0, "box-kite": 2.0, "st-helena-pysol": 2.0}


class Worker:
    """A ``solver_worker.py`` process solving with the tree at ``tree``."""

    def __init__(self, tree):
        self.process = subprocess.Popen([sys.executable, WORKER, tree], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def solve(self, number, rules, budget):
        self.process.stdin.write(json.dumps({"deal": number, "rules": rules,
                                             "budget": budget}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("a solver process ended early (exit %s)" % self.process.wait())
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def replays(number, rules, moves):
    """Whether ``moves`` played from deal ``number`` win (this tree's core)."""
    game = Game.deal(number, rules)
    try:
        for move in moves:
            game.push(move)
    except ValueError:
        return False
    return game.is_won()


def parse_deals(text):
    """The deal numbers of ``A-B`` or of ranges and numbers separated by
    commas (``1-100,941,950``)."""
    numbers = []
    for part in text.split(","):
        first, last = parse_range(part)
        numbers += range(first, last + 1)
    return sorted(set(numbers))


def solve_paired(rules, numbers, budget, jobs, trees):
    """Every deal of ``numbers`` solved by each tree's solver (``trees``: a
    list), in ``jobs`` lanes; a list of row lists, one a tree, in deal order."""
    tasks = queue.Queue()
    for number in numbers:
        tasks.put(number)
    rows = [[] for _ in trees]
    failures = []

    def lane():
        workers = [Worker(tree) for tree in trees]
        try:
            while True:
                try:
                    number = tasks.get_nowait()
                except queue.Empty:
                    return
                order = list(range(len(trees)))
                if number % 2:
                    order.reverse()  # which solver goes first alternates
                for index in order:
                    rows[index].append(workers[index].solve(number, rules, budget))
        except Exception as error:  # noqa: BLE001 (reported by the main thread)
            failures.append(error)
        finally:
            for worker in workers:
                worker.close()

    threads = [threading.Thread(target=lane) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    for row_list in rows:
        row_list.sort(key=lambda row: row["deal"])
    return rows


def read_results(path, numbers):
    """Rows from a ``stats --results`` file (no moves, no memory)."""
    rows = []
    numbers = set(numbers)
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            if row["deal"] in numbers:
                row.setdefault("peak_kb", 0)
                rows.append(row)
    return rows


def write_results(path, rows):
    """The per-deal lines ``stats --results`` writes, in deal order, with
    the processor seconds (``cpu``) too."""
    with open(path, "w") as out:
        for row in rows:
            moves = row["moves"]
            out.write(json.dumps({"deal": row["deal"], "result": row["result"],
                                  "moves": moves if isinstance(moves, int) else len(moves),
                                  "nodes": row["nodes"], "seconds": round(row["seconds"], 4),
                                  "cpu": round(row["cpu"], 4)})
                      + "\n")


def figures(rows, rules=None):
    """The benchmark's figures of one solver's rows (a dict): times in
    processor seconds (wall clock for rows that lack them, as ``stats
    --results`` lines). With ``rules``, each win is replayed and the
    failures counted."""
    times = sorted(row.get("cpu", row["seconds"]) for row in rows)
    count = len(rows)
    decided = sum(row["result"] != "unknown" for row in rows)
    bad = 0
    if rules is not None:
        bad = sum(row["result"] == "win" and not replays(row["deal"], rules, row["moves"])
                  for row in rows)
    return {
        "count": count,
        "won": sum(row["result"] == "win" for row in rows),
        "lost": sum(row["result"] == "loss" for row in rows),
        "unknown": count - decided,
        "decided": decided / count,
        "median": statistics.median(times),
        "p90": percentile(times, 0.9),
        "p99": percentile(times, 0.99),
        "max": times[-1],
        "total": sum(times),
        "wall": sum(row["seconds"] for row in rows),
        "nodes_per_second": sum(row["nodes"] for row in rows) / max(1e-9, sum(times)),
        "peak_mb": max(row["peak_kb"] for row in rows) / 1024.0,
        "bad_replays": bad,
    }


def contradictions(mine, theirs):
    """Deals one solver proved won and the other proved lost."""
    return [a["deal"] for a, b in zip(mine, theirs)
            if {a["result"], b["result"]} == {"win", "loss"}]


HEADER = "%-16s %-8s %5s %5s %5s %8s %8s %7s %7s %7s %8s %7s %8s %6s %6s" % (
    "rules", "solver", "won", "lost", "unkn", "decided", "median", "p90", "p99", "max",
    "total s", "wall s", "nodes/s", "MB", "replay")


def row_text(rules, name, row):
    return "%-16s %-8s %5d %5d %5d %7.1f%% %8.3f %7.3f %7.2f %7.2f %8.1f %7.0f %8.0f %6s %6s" % (
        rules, name, row["won"], row["lost"], row["unknown"], 100 * row["decided"],
        row["median"], row["p90"], row["p99"], row["max"], row["total"], row["wall"],
        row["nodes_per_second"], "%.0f" % row["peak_mb"] if row["peak_mb"] else "-",
        "ok" if not row["bad_replays"] else "%d BAD" % row["bad_replays"])


def verdicts(rules, mine, theirs, name):
    """The goals' lines for one rule set (``theirs`` None: no pairing)."""
    lines = []

    def say(text, met):
        lines.append("%s: %s: %s" % (rules, text, "met" if tally(met) else "NOT MET"))

    say("%d of %d deals decided" % (mine["won"] + mine["lost"], mine["count"]),
        mine["unknown"] == 0)
    slowest = SLOWEST_TARGET.get(rules)
    if slowest:
        say("slowest deal %.2f s (target <= %g s)" % (mine["max"], slowest),
            mine["max"] <= slowest)
    if theirs:
        say("total %.1f s against %s's %.1f s, ratio %.2f (target <= 0.5)" % (
            mine["total"], name, theirs["total"], mine["total"] / theirs["total"]),
            mine["total"] <= 0.5 * theirs["total"])
        say("median %.4f s against %.4f s, ratio %.2f (target <= 1)" % (
            mine["median"], theirs["median"], mine["median"] / theirs["median"]),
            mine["median"] <= theirs["median"])
    say("every win replays", mine["bad_replays"] == 0)
    return lines


def extract(revision):
    """A temporary directory holding ``revision`` of this repository, and the
    revision's short name."""
    name = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", revision], check=True,
                          capture_output=True, text=True).stdout.strip()
    directory = tempfile.mkdtemp(prefix="bench-solver-%s-" % name)
    archive = subprocess.Popen(["git", "-C", ROOT, "archive", revision, "sthelena"],
                               stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", directory], stdin=archive.stdout, check=True)
    if archive.wait():
        raise SystemExit("git archive %s failed" % revision)
    return directory, name


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="A-B, or ranges and numbers: 1-100,941")
    parser.add_argument("--rules", default=";".join(name for name, _ in PRESETS),
                        help="rule sets separated by ;")
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1, help="lanes (processes of each solver)")
    parser.add_argument("--against", metavar="REV",
                        help="also time this git revision's solver, deal by deal")
    parser.add_argument("--from", dest="source", metavar="DIR",
                        help="read stats --results files DIR/<rules>.jsonl instead of solving")
    parser.add_argument("--results", metavar="DIR",
                        help="also write each deal's line to DIR/<rules>.jsonl (as stats "
                             "--results; REV's to DIR/<rules>.REV.jsonl)")
    args = parser.parse_args(argv)
    numbers = parse_deals(args.deals)
    try:
        rule_sets = [str(Rules.parse(rules)) for rules in args.rules.split(";")]
    except ValueError as error:
        parser.error("--rules: %s (rule sets are separated by ;)" % error)
    if args.results:  # made before solving: a run is not lost for want of it
        try:
            os.makedirs(args.results, exist_ok=True)
        except OSError as error:
            parser.error("--results: cannot make the folder %s: %s" % (args.results, error))
    deals = args.deals if len(args.deals) < 40 else "%s... (%d deals)" % (args.deals[:36],
                                                                         len(numbers))
    other = None
    trees = [ROOT]
    if args.against and not args.source:
        other, name = extract(args.against)
        trees.append(other)
    try:
        if args.source:
            print("solver benchmark from the results in %s: deals %s (those present)"
                  % (args.source, deals))
        else:
            print("solver benchmark: deals %s, budget %g s, %d lane(s)%s, %d cores, "
                  "load average %s" % (deals, args.budget, args.jobs,
                                       " against %s" % name if other else "", os.cpu_count(),
                                       " ".join("%.1f" % load for load in os.getloadavg())))
        print(HEADER)
        goals = []
        for rules in rule_sets:
            if args.source:
                runs = [read_results(os.path.join(args.source, rules + ".jsonl"), numbers)]
            else:
                runs = solve_paired(rules, numbers, args.budget, args.jobs, trees)
                if args.results:
                    write_results(os.path.join(args.results, rules + ".jsonl"), runs[0])
                    if other:
                        write_results(os.path.join(args.results, "%s.%s.jsonl" % (rules, name)),
                                      runs[1])
            check = None if args.source else rules
            mine = figures(runs[0], check)
            print(row_text(rules, "this", mine))
            theirs = None
            if other:
                theirs = figures(runs[1], check)
                print(row_text(rules, name, theirs))
                clash = contradictions(runs[0], runs[1])
                print("%-16s ratio    total %.2f, slowest %.2f, median %.2f; contradictions: %s"
                      % (rules, mine["total"] / theirs["total"], mine["max"] / theirs["max"],
                         mine["median"] / theirs["median"],
                         ", ".join(map(str, clash)) or "none"))
                if clash:
                    goals.append("%s: CONTRADICTIONS on deals %s" % (rules, clash))
            sys.stdout.flush()
            goals += verdicts(rules, mine, theirs, other and name)
        print()
        print("\n".join(goals))
    finally:
        if other:
            shutil.rmtree(other)


if __name__ == "__main__":
    from .report import run

    run("bench-solver", main)
