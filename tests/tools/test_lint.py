"""The linter passes: ruff, with the rules pyproject.toml sets, over the repository's
Python (what ``make lint`` runs), so that CI, which runs the tests, runs it too."""

import subprocess
import sys

from tests.helpers import ROOT


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_make_lint_runs_ruff():
    recipe = (ROOT / "Makefile").read_text().split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "-m ruff check ." in recipe
