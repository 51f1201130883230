"""Every command the README and docs/ give (in ```sh blocks) is checked, so
that no page's commands go stale:

- ``make TARGET [VAR=...]``: the target exists and ``make -n`` accepts it;
- set-up and test commands (the venv, pip, npm, pytest): they are what the
  Makefile's recipes run, which CI runs (``.ci/run`` calls ``make test``);
- ``python -m sthelena ...``: run, when the line gives plain values; when it
  shows a usage (``[--deal N]``, ``POSITION | --deal N``), every option it
  names is in that command's ``--help``;
- ``python code.py ...``, the tools' modules (``python -m tools.build.bundle
  ...``) and a tool's script: the same, on their ``--help`` where they take
  options, else the module or script must exist and compile;
- shell scripts: they exist and ``bash -n`` reads them;
- ``circup``, ``git``, ``cp``: commands of other programs, not run here.
A command that fits none of these fails the test: a page may not give a
command nothing checks.
"""

import re
import shlex
import subprocess
import sys

import pytest

from tests.helpers import ROOT

PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
OTHER_PROGRAMS = ("circup", "git", "cp", "rsync", "cd")
PYTHONS = ("python", "python3", ".venv/bin/python", "$(PY)")


def commands():
    """``(page, line)`` for each command line of each ```sh block."""
    found = []
    for page in PAGES:
        block = False
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                block = line.strip() == "```sh" if not block else False
                continue
            if block:
                command = line.split(" #", 1)[0].strip()
                if found and found[-1][0] == page.name and found[-1][1].endswith("\\"):
                    found[-1] = (page.name, found[-1][1][:-1].rstrip() + " " + command)
                elif command:
                    found.append((page.name, command))
    return found


def makefile():
    return (ROOT / "Makefile").read_text()


def recipes():
    """The Makefile's recipe lines, with its variables put in."""
    text = makefile().replace("$(PY)", ".venv/bin/python").replace("$(VENV)", ".venv")
    return [line.strip() for line in text.splitlines() if line.startswith("\t")]


def usage(command):
    """Whether the line shows a usage rather than plain values: brackets, a
    bar, or a placeholder in capitals (``POSITION``, ``N``, ``DIR``)."""
    return bool(re.search(r"[\[|]|\.\.\.|\b[A-Z][A-Z0-9_]*\b", command))


def options(command):
    return set(re.findall(r"(--[a-z][a-z-]*)", command))


def help_text(argv):
    done = subprocess.run(argv + ["--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, (argv, done.stderr)
    return done.stdout


def check_python(command, words):
    """A Python command: ``-m sthelena``, ``code.py``, a tool's module
    (``-m tools.build.bundle``) or a tool's script."""
    rest = words[1:]
    if rest[:2] == ["-m", "venv"]:
        assert "$(PYTHON) -m venv $(VENV)" in makefile()
        return "set-up"
    if rest[:2] == ["-m", "pytest"]:
        assert any(recipe == " ".join([".venv/bin/python"] + rest) for recipe in recipes()), \
            "not the Makefile's test command"
        return "the Makefile's"
    if rest[:2] == ["-m", "sthelena"]:
        argv = [sys.executable, "-m", "sthelena"] + [word for word in rest[2:3]
                                                      if not word.startswith(("-", "["))]
    elif rest[:1] == ["-m"] and rest[1].startswith("tools."):
        module = ROOT.joinpath(*rest[1].split(".")).with_suffix(".py")
        assert module.is_file(), "no module %s (%s)" % (rest[1], module.relative_to(ROOT))
        compile(module.read_text(), str(module), "exec")
        argv = [sys.executable, "-m", rest[1]]
        if not options(command) and not usage(command):
            return "exists"
    else:
        script = ROOT / rest[0]
        assert script.is_file(), "%s does not exist" % rest[0]
        compile(script.read_text(), str(script), "exec")
        argv = [sys.executable, str(script)]
        if not options(command) and not usage(command):
            return "exists"
    if usage(command) or not argv[-1:] or rest[:2] != ["-m", "sthelena"]:
        text = help_text(argv)
        missing = options(command) - set(re.findall(r"--[a-z][a-z-]*", text))
        assert not missing, "%s not in %s --help" % (sorted(missing), " ".join(rest[:3]))
        return "help"
    done = subprocess.run([sys.executable] + rest, cwd=ROOT, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return "run"


def check(command):
    words = shlex.split(command.replace("$(", "(").replace("~", "/home"))
    program = words[0]
    if program == "make":
        targets = [word for word in words[1:] if "=" not in word]
        declared = set(re.findall(r"^([a-z][a-z0-9-]*):", makefile(), re.M))
        assert set(targets) <= declared, sorted(set(targets) - declared)
        done = subprocess.run(["make", "-n"] + targets, cwd=ROOT, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return "make -n"
    if program in PYTHONS:
        return check_python(command, words)
    if program.endswith("/pip") or program in ("npm", "apt-get"):
        assert any(words[1] in recipe and words[-1] in recipe for recipe in recipes()), \
            "not what the Makefile runs"
        return "set-up"
    if program.endswith(".sh"):
        assert (ROOT / program).is_file(), program
        done = subprocess.run(["bash", "-n", str(ROOT / program)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return "bash -n"
    if program in OTHER_PROGRAMS:
        return "another program's"
    raise AssertionError("nothing checks this command")


@pytest.mark.parametrize("page, command", commands())
def test_each_command_a_page_gives_is_checked(page, command):
    assert check(command)


def test_the_pages_give_commands():
    found = commands()
    assert len(found) >= 10
    assert ("README.md", "make test") in found and ("README.md", "make play") in found
