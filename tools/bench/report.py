"""What the benchmarks share: how a goal's verdict is printed (the line
``tools/bench/figures.py`` lists under a section's goals), the figures' units
and percentiles, and a MicroPython VM script's printed figures."""

import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "harness", "mpvm", "run.mjs")


def goal(what, measured, wanted, met):
    """Print a goal's line: ``WHAT: MEASURED; goal WANTED: met`` (or ``NOT
    MET``); ``figures.py`` reads these lines as the section's goals."""
    print("%s: %s; goal %s: %s" % (what, measured, wanted, "met" if met else "NOT MET"))
    return met


def at_most(what, value, limit, unit=""):
    """The goal ``value <= limit``, in ``unit`` (``"KB"``: bytes shown as KB)."""
    if unit == "KB":
        return goal(what, kb(value), "<= " + kb(limit), value <= limit)
    return goal(what, "%g%s" % (value, unit), "<= %g%s" % (limit, unit), value <= limit)


def kb(count):
    return "%.1f KB" % (count / 1024)


def percentile(values, share):
    """The value below which ``share`` of ``values`` lie (0 for none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0


def spread(values, unit=""):
    """``median M, p90 P, longest L`` of ``values``."""
    return "median %.1f%s, p90 %.1f%s, longest %.1f%s" % (
        statistics.median(values), unit, percentile(values, 0.9), unit, max(values), unit)


def vm_figures(runner_args, script, libraries=None):
    """``script`` run by the MicroPython VM (``node run.mjs RUNNER_ARGS -``),
    its printed lines ``NAME INT...`` as ``{name: [ints]}``; exits with the
    VM's errors if it fails. The board's libraries are in the VM's /lib: as
    ``.py`` from the pinned packages, unless ``libraries`` gives other runner
    arguments for them."""
    from tools.build.board_libs import LibraryError, runner_files

    if libraries is None:
        try:
            libraries = runner_files(unused=True)
        except LibraryError as error:
            sys.exit(str(error))
    proc = subprocess.run(["node", RUNNER] + libraries + list(runner_args) + ["-"],
                          input=script, capture_output=True, text=True)
    if proc.returncode:
        sys.exit("MicroPython VM failed (run `npm ci --prefix tools/harness/mpvm`):\n" + proc.stderr)
    return parse_figures(proc.stdout)


def parse_figures(output):
    """Printed lines (``NAME INT...``) as ``{name: [ints]}``."""
    figures = {}
    for line in output.splitlines():
        name, *values = line.split()
        figures[name] = [int(value) for value in values]
    return figures
