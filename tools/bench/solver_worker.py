"""One solver process for tools/bench/bench_solver.py: solves deals with the
solver of the source tree it is given, so two revisions can be timed side by
side.

    python tools/bench/solver_worker.py TREE

TREE is a checkout's root (its ``sthelena`` package is the one imported).
Reads a JSON line a deal, ``{"deal", "rules", "budget"}``, and writes one
back: ``{"deal", "result", "moves" (core move numbers), "nodes", "seconds"
(the solver's own time), "peak_kb" (this process's peak resident
memory)}``. It uses only ``Game.deal`` and ``solve(game, budget=...)``,
which every revision of the solver has.
"""

import json
import resource
import sys


def main():
    sys.path.insert(0, sys.argv[1])
    from sthelena.core.game import Game
    from sthelena.solver.search import solve

    for line in sys.stdin:
        task = json.loads(line)
        result = solve(Game.deal(task["deal"], task["rules"]), budget=task["budget"])
        sys.stdout.write(json.dumps({
            "deal": task["deal"], "result": result.result, "moves": list(result.moves),
            "nodes": result.nodes, "seconds": result.seconds,
            "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
