"""The edges a newcomer meets first, each one line and a clean exit, never a
traceback: ``python3 code.py`` outside the virtual environment (no Blinka,
no pygame), ``--version`` everywhere, ``make play`` with no display,
``make serve-web`` on a busy or a bad port, and the Fruit Jam's page showing
commands that run."""

import os
import re
import runpy
import signal
import socket
import subprocess
import sys
import types

import pytest

from tools.build import serve_site
import sthelena
from sthelena.desktop import cli, display, window
from tests.helpers.desktop_helpers import ROOT

VERSION_LINE = "sthelena %s\n" % sthelena.__version__
NO_WINDOW = ("sthelena: this Python has no module %r, which the window needs: run `make play`, "
             "or `python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt` and "
             "then `.venv/bin/python code.py`\n")
NO_DISPLAY = ("sthelena: no display to open a window on (neither $DISPLAY nor $WAYLAND_DISPLAY "
              "is set): without one, play a script with --keys \"RIGHT A ...\" --shot out.png, "
              "or in the terminal with `make play-tty`\n")


def outside_the_venv(*args):
    """``python3 code.py ARGS`` as a Python without the venv's packages runs
    it: -S leaves out every site-packages folder (Blinka, displayio, pygame)."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/")}
    return subprocess.run([sys.executable, "-S", "code.py"] + list(args), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_python_outside_has_no_displayio():
    done = subprocess.run([sys.executable, "-S", "-c", "import displayio"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "No module named 'displayio'" in done.stderr


@pytest.mark.parametrize("args", [[], ["--board", "fruit-jam", "--deal", "7"]])
def test_outside_the_venv_code_py_says_what_to_run(args):
    done = outside_the_venv(*args)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", NO_WINDOW % "displayio")


def test_outside_the_venv_code_py_knows_its_version():
    done = outside_the_venv("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, VERSION_LINE, "")
    assert re.match(r"\d+\.\d+\.\d+\Z", sthelena.__version__)


def test_in_the_venv_code_py_and_the_command_line_know_the_version(capsys):
    done = subprocess.run([sys.executable, "code.py", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, VERSION_LINE, "")
    assert window.main(["--version"]) == 0  # the window's own parser, with or without others
    assert capsys.readouterr() == (VERSION_LINE, "")
    assert window.main(["--deal", "7", "--version"]) == 0
    assert capsys.readouterr() == (VERSION_LINE, "")
    assert cli.main(["--version"]) == 0  # python -m sthelena --version
    assert capsys.readouterr() == (VERSION_LINE, "")


def run_code_py_with(monkeypatch, error):
    """code.py's desktop branch run in-process, the window's ``main`` raising
    ``error``: its exit status."""
    def main():
        raise error

    monkeypatch.setitem(sys.modules, "sthelena.desktop.window", types.SimpleNamespace(main=main))
    monkeypatch.setattr(sys, "argv", ["code.py"])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_path(str(ROOT / "code.py"), run_name="__main__")
    return stopped.value.code


def test_a_package_missing_later_gets_the_same_line(monkeypatch, capsys):
    # pygame is imported when the display is made, after the window's module
    assert run_code_py_with(monkeypatch, ModuleNotFoundError("no pygame", name="pygame")) == 2
    assert capsys.readouterr() == ("", NO_WINDOW % "pygame")


def test_an_import_error_of_the_games_own_is_not_hidden(monkeypatch):
    error = ImportError("cannot import name 'X'", name="sthelena.app.game_app")
    with pytest.raises(ImportError, match="cannot import name 'X'"):
        run_code_py_with(monkeypatch, error)


# -- no display: the window is refused, scripts still run ----------------------


def headless(home):
    """The environment of a machine with no display, as the user left it."""
    env = dict(os.environ, HOME=str(home), USERPROFILE=str(home), SDL_AUDIODRIVER="dummy")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is Linux's")
def test_with_no_display_make_play_says_how_to_play_headless(home):
    done = subprocess.run([sys.executable, "code.py"], cwd=ROOT, env=headless(home),
                          capture_output=True, text=True, timeout=60)  # was: for ever
    assert (done.returncode, done.stdout, done.stderr) == (2, "", NO_DISPLAY)
    assert os.listdir(home) == []  # refused before the save is read or backed up


def test_with_no_display_keys_and_shot_still_play(home, tmp_path):
    shot = tmp_path / "out.png"
    done = subprocess.run([sys.executable, "code.py", "--deal", "7", "--keys", "RIGHT A",
                           "--shot", str(shot)], cwd=ROOT, env=headless(home),
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert shot.stat().st_size > 0


@pytest.mark.parametrize("environ, platform, refused", [
    ({}, "linux", True),
    ({"DISPLAY": ""}, "linux", True),  # set but empty: no display either
    ({"DISPLAY": ":0"}, "linux", False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
    ({"SDL_VIDEODRIVER": "dummy"}, "linux", False),  # the tests' own, and the user's choice
    ({"SDL_VIDEODRIVER": "kmsdrm"}, "linux", False),
    ({}, "darwin", False),
    ({}, "win32", False),
])
def test_no_display_is_told_only_on_linux_with_nothing_set(environ, platform, refused):
    problem = display.no_display(environ, platform)
    assert (problem is not None) == refused
    if refused:
        assert "sthelena: %s\n" % problem == NO_DISPLAY


# -- make serve-web: a busy port, a bad one --------------------------------------


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>\n")
    return str(tmp_path)


def serve(site, port, **options):
    return subprocess.Popen([sys.executable, "-u", "-m", "tools.build.serve_site",
                             "--directory", site, "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)


def test_serve_web_on_a_busy_port_says_which_to_use(site):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out, err = serve(site, port).communicate(timeout=60)
    assert (out, err) == ("", "serve_site: port %d is in use (another server, or make serve-web "
                          "running already): PORT=%d make serve-web\n" % (port, port + 1))


@pytest.mark.parametrize("port", ["abc", "70000", "-1", ""])
def test_serve_web_on_a_bad_port_says_what_is_wanted(site, capsys, port):
    assert serve_site.main(["--directory", site, "--port", port]) == 2
    assert capsys.readouterr() == ("", "serve_site: bad port %r: want a whole number 1..65535 "
                                   "(or 0: any free port), e.g. PORT=8001 make serve-web\n"
                                   % port)


def test_serve_web_still_serves_and_stops_on_ctrl_c(site):
    server = serve(site, 0)
    line = server.stdout.readline()
    assert re.match(r"St\. Helena: http://127\.0\.0\.1:\d+/ \(Ctrl\+C stops\)\n\Z", line), line
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=60)
    assert (server.returncode, out, err) == (0, "", "")


# -- the docs ------------------------------------------------------------------


def test_the_fruit_jams_page_shows_code_py_run_by_the_venvs_python():
    text = (ROOT / "docs" / "fruitjam.md").read_text(encoding="utf-8")
    assert re.findall(r"(?<![/\w])python3? code\.py", text) == []  # a Python without Blinka
    assert ".venv/bin/python code.py --board fruit-jam" in text
