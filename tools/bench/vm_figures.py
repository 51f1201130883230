"""Run a benchmark script in the MicroPython VM and read the figures it prints.

Shared by ``bench.py`` and ``bench_app.py``: the script prints lines of
``name value value...``; the result maps each name to its list of ints.
"""

import os
import subprocess
import sys

from tools.build.board_libs import LibraryError, runner_files

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "harness", "mpvm", "run.mjs")


def vm_figures(runner_args, script, libraries=None):
    """``script`` run by ``node run.mjs RUNNER_ARGS -``; exits with the VM's
    error output if it fails. The board's libraries are in the VM's /lib: as
    ``.py`` from the pinned packages, unless ``libraries`` gives other runner
    arguments for them."""
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
    """A VM script's printed lines (``NAME INT...``) as ``{name: [ints]}``."""
    figures = {}
    for line in output.splitlines():
        name, *values = line.split()
        figures[name] = [int(value) for value in values]
    return figures
