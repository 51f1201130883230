"""docs/architecture.md is what the code draws (tools/docs/architecture.py):
its pictures of the parts and of the tools come from every import
of the repository, and every call of its button press's path is in the code."""

import subprocess
import sys

import pytest

from tools.docs import architecture


def test_the_page_is_what_the_code_draws():
    run = subprocess.run([sys.executable, "-m", "tools.docs.architecture", "--check"],
                         capture_output=True, text=True, cwd=architecture.ROOT)
    assert run.returncode == 0, run.stderr


def test_the_press_path_is_the_codes():
    assert architecture.check_press() == []


@pytest.fixture(scope="module")
def drawn():
    return architecture.drawn()


def test_the_parts_picture_holds_every_part_and_the_apps_packages(drawn):
    lines = drawn["parts"]
    arrows = [line.split() for line in lines if "-->" in line or "-.->" in line]
    ends = {words[0] for words in arrows} | {words[-1] for words in arrows}
    assert {"core", "app", "app_table", "app_hint", "app_screens", "app_big_screen",
            "handheld", "fruitjam", "web", "desktop", "solver", "code_py"} <= ends
    assert not [words for words in arrows if words[0] == "core"]  # the core imports only itself
    assert '  code_py -.->|"lib/sthelena_board.mpy"| handheld' in lines


def test_a_drift_is_seen(drawn):
    # A page whose picture is not the code's fails the check; one without markers is refused.
    page = architecture.DOC.read_text(encoding="utf-8")
    drifted = page.replace("  solver --> core\n", "", 1)
    assert drifted != page
    assert architecture.rewrite(drifted, drawn) == page
    try:
        architecture.rewrite("no markers", drawn)
    except ValueError as error:
        assert "no block" in str(error)
    else:
        raise AssertionError("a page without markers was accepted")


def test_a_wrong_press_step_is_seen(monkeypatch):
    step = architecture.PRESS[0]
    monkeypatch.setattr(architecture, "PRESS", ((step[0], step[1], "no_such_call") + step[3:],))
    assert architecture.check_press() == ["%s: %s does not use no_such_call" % step[:2]]
