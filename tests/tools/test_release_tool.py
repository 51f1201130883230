"""The release tool's own edges, with no CircuitPython build at hand
(tests/board/test_release.py tests the release it makes): what it says when
something is missing, and that copying the drive's files needs none of the
development environment's heavy packages."""

import re

from tools.build import board_libs, circuitpython_builds, release
from tests.helpers import ROOT


def test_without_the_builds_make_release_says_what_is_missing_in_one_line(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(circuitpython_builds, "BUILD", str(tmp_path / "build"))
    monkeypatch.setenv(circuitpython_builds.VARIABLE, str(tmp_path / "shared"))
    out = tmp_path / "dist"
    out.mkdir()
    (out / "kept.txt").write_text("an earlier release")
    assert release.main(["--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("release: CircuitPython's 10.x/mpy-cross is in neither ")
    assert str(tmp_path / "shared" / "10.x" / "mpy-cross") in captured.err
    assert (out / "kept.txt").is_file()  # nothing written, nothing lost


def test_copying_the_drive_needs_only_the_boards_libraries():
    # make circuitpy and make fruitjam run from an environment holding the
    # libraries' pinned packages alone: no pygame, numpy or playwright.
    pins = board_libs.pins()
    assert pins and all(re.fullmatch(r"(adafruit-)?circuitpython-[a-z0-9-]+==[0-9.]+", pin)
                        for pin in pins), pins
    makefile = (ROOT / "Makefile").read_text()
    for target in ("circuitpy", "fruitjam"):
        rule = re.search(r"^%s: (.*)\n\t(.*)" % target, makefile, re.M)
        assert rule.group(1) == "$(DRIVE_STAMP)", rule.group(0)
        assert rule.group(2).startswith("$(DRIVE_VENV)/bin/python "), rule.group(0)
    recipe = re.search(r"^\$\(DRIVE_STAMP\):.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert "--no-deps" in recipe and "-m tools.build.board_libs --pins" in recipe, recipe
    assert "-r requirements-dev.txt" not in recipe, recipe
