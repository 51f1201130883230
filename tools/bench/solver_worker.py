"""One solver process for tools/bench/bench_solver.py: solves deals with the
solver of the source tree it is given, so two revisions can be timed side by
side.

    python tools/bench/solver_worker.py TREE

TREE is a checkout's root (its ``sthelena`` package is the one imported).
Reads a JSON line a deal, ``{"deal", "rules", "budget"}``, and writes one
back: ``{"deal", "result", "moves" (core move numbers), "nodes", "seconds"
(the solver's own time, wall clock), "cpu" (this process's processor time
for the solve: on a machine others share, what waiting for a core leaves
out), "peak_kb" (this process's peak resident memory)}``. It uses only
``Game.deal`` and ``solve(game, budget=...)``, which every revision of the
solver has.
"""

import json
import resource
import sys
import time


def main():
    sys.path.insert(0, sys.argv[1])
    from sthelena.core.game import Game
    from sthelena.solver.search import solve

    for line in sys.stdin:
        task = json.loads(line)
        game = Game.deal(task["deal"], task["rules"])
        cpu = time.process_time()
        result = solve(game, budget=task["budget"])
        cpu = time.process_time() - cpu
        sys.stdout.write(json.dumps({
            "deal": task["deal"], "result": result.result, "moves": list(result.moves),
            "nodes": result.nodes, "seconds": result.seconds, "cpu": cpu,
            "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
