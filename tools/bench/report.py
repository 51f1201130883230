"""What the benchmarks share: how a goal's verdict is printed, the section
each bench saves for docs/figures.md (``section``: what it prints, stamped
with the commit, the date and the machine, as build/figures/NAME.md; ``make
figures`` assembles them), the figures' units and percentiles, and a
MicroPython VM script's printed figures."""

import contextlib
import datetime
import io
import math
import os
import platform
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "harness", "mpvm", "run.mjs")
FRAGMENTS = os.path.join(ROOT, "build", "figures")
_verdicts = []


def stamp():
    """``Measured at COMMIT[ + uncommitted changes], DATE, on MACHINE.``"""
    def git(*args):
        run = subprocess.run(["git"] + list(args), cwd=ROOT, capture_output=True, text=True)
        return run.stdout.strip() if not run.returncode else ""

    commit = git("rev-parse", "--short", "HEAD") or "an unknown commit"
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += " + uncommitted changes"
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        with open("/proc/cpuinfo") as file:
            model = next((line.split(":", 1)[1].strip() for line in file
                          if line.startswith("model name")), model)
    return "Measured at %s, %s, on %s %s, %d CPUs (%s)." % (
        commit, datetime.date.today().isoformat(), platform.system(), platform.machine(),
        os.cpu_count() or 1, model)


class _Tee(io.StringIO):
    def __init__(self, out):
        super().__init__()
        self.out = out

    def write(self, text):
        self.out.write(text)
        return super().write(text)

    def flush(self):
        self.out.flush()

    def reconfigure(self, **options):  # (line buffering: each figure as it comes)
        self.out.reconfigure(**options)


@contextlib.contextmanager
def section(name, folder=None):
    """What the bench ``make NAME`` prints inside, saved (unless it fails) as
    ``folder``/NAME.md (build/figures/): the stamp, the goals' count, and the
    printed lines."""
    stamped = stamp()  # (the code measured: the commit as the run begins)
    tee = _Tee(sys.stdout)
    del _verdicts[:]
    with contextlib.redirect_stdout(tee):
        yield
    folder = folder or FRAGMENTS
    os.makedirs(folder, exist_ok=True)
    met = sum(_verdicts)
    verdict = ("%d of %d goals met." % (met, len(_verdicts)) if _verdicts
               else "No goal checked.")
    with open(os.path.join(folder, name + ".md"), "w") as file:
        file.write("%s %s\n\n```\n%s```\n" % (stamped, verdict, tee.getvalue()))


def run(name, main):
    """``main()`` as ``make NAME`` runs it, its section saved; exits with its status."""
    with section(name):
        status = main()
    sys.exit(status)


def goal(what, measured, wanted, met):
    """Print a goal's line: ``WHAT: MEASURED; goal WANTED: met`` (or ``NOT
    MET``), counted in the section's verdict."""
    print("%s: %s; goal %s: %s" % (what, measured, wanted, "met" if met else "NOT MET"))
    return tally(met)


def tally(met):
    """Count a goal's verdict in the section's (a bench printing its own lines)."""
    _verdicts.append(bool(met))
    return met


def at_most(what, value, limit, unit=""):
    """The goal ``value <= limit``, in ``unit`` (``"KB"``: bytes shown as KB)."""
    if unit == "KB":
        return goal(what, kb(value), "<= " + kb(limit), value <= limit)
    return goal(what, "%g%s" % (value, unit), "<= %g%s" % (limit, unit), value <= limit)


def kb(count):
    return "%.1f KB" % (count / 1024)


def percentile(values, share):
    """The least of ``values`` that ``share`` of them are at most (the nearest
    rank: the 90th percentile of 20 is the 18th smallest); 0 for none."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else 0


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
        sys.exit("MicroPython VM failed (run `npm ci --prefix tools/harness/mpvm`):\n"
                 + proc.stderr)
    return parse_figures(proc.stdout)


def parse_figures(output):
    """Printed lines (``NAME INT...``) as ``{name: [ints]}``."""
    figures = {}
    for line in output.splitlines():
        name, *values = line.split()
        figures[name] = [int(value) for value in values]
    return figures
