"""No tracebacks from ``python code.py`` either (sthelena/desktop/window.py): its
arguments fuzzed in-process up to where the window would open, and the
output files (--shot, --frames, --save) that cannot be written, in child
processes: exit status 2, one line on stderr, nothing on stdout, and the
game still saved when it was played."""

import argparse
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from sthelena.desktop import window as desktop, keys as desktop_keys
from sthelena.core.game import Game
from tests.helpers import ROOT

HUGE = "9" * 5000


class Reached(Exception):
    """The arguments were all accepted: the display would open now."""


def accepted_or_refused(argv, capsys):
    """``desktop.main(argv)`` up to the display: ("accepted", "") or
    (status, stderr), checking the rule on the way."""
    real = desktop.Display

    def display(**options):
        raise Reached()

    desktop.Display = display
    try:
        status = desktop.main([str(arg) for arg in argv])
    except Reached:
        out, err = capsys.readouterr()
        assert (out, err) == ("", "")
        return "accepted", ""
    finally:
        desktop.Display = real
    out, err = capsys.readouterr()
    assert status in (0, 2), (status, out, err)
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("sthelena: "), err
        assert len(err) < 400
    return status, err


def at(places, argument):
    """An argument with ``{name}`` for a place: that place's path instead."""
    prefix, brace, rest = str(argument).partition("{")
    if not brace or not rest.endswith("}"):
        return argument
    return prefix + str(places / rest[:-1])


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """Paths of every kind an argument may name."""
    base = tmp_path_factory.mktemp("places")
    (base / "folder").mkdir()
    (base / "file").write_text("A B\n")
    (base / "keys.txt").write_text("RIGHT A # a comment\nB\n")
    (base / "latin1.txt").write_bytes(b"A \xe9\n")
    (base / "long.txt").write_bytes(b"A " * (desktop_keys.KEY_FILE_LIMIT // 2 + 1))
    (base / "many.txt").write_text("A\n" * (desktop_keys.KEYS_LIMIT + 1))
    return base


PLACES = ["folder", "file", "keys.txt", "latin1.txt", "long.txt", "many.txt", "missing",
          "missing/deeper", "file/under", "folder/new"]
VALUES = ["", " ", "0", "1", "4", "10", "11", "16", "17", "-1", "1_0", "\u0663", HUGE,
          "A", "a b", "HOLD_A", "JUMP", "\udcff", "é", "st-helena", "louis,wrap=true",
          "napoleon", Game.deal(3).notation(), "nonsense", "4294967296", "3.7", "inf",
          "WAIT:100", "fruit-jam"]


@st.composite
def desktop_argvs(draw):
    options = {}
    for action in desktop.build_parser()._actions:
        for string in action.option_strings:
            options[string] = action.nargs != 0
    argv = []
    for option in draw(st.lists(st.sampled_from(sorted(options)), max_size=5)):
        argv.append(option)
        if options[option]:
            kind = draw(st.integers(0, 2))
            if kind == 0:
                argv.append(("@" if option == "--keys" else "") + "{%s}"
                            % draw(st.sampled_from(PLACES)))
            else:
                argv.append(draw(st.one_of(st.sampled_from(VALUES), st.text(max_size=6))))
    return argv


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(desktop_argvs())
def test_fuzz_the_desktops_arguments(capsys, places, argv):
    argv = [at(places, arg) for arg in argv]
    before = sorted(places.rglob("*"))
    accepted_or_refused(argv, capsys)
    assert sorted(places.rglob("*")) == before  # checking the arguments writes nothing


# -- one test per hole the fuzzing found ---------------------------------------


@pytest.mark.parametrize("argv, words", [
    (["--keys", "A", "--scale", "0"], "bad --scale 0: want 1..10"),
    # A window larger than any screen.
    (["--keys", "A", "--scale", "11"], "bad --scale 11: want 1..10"),
    # int() would take it.
    (["--keys", "A", "--scale", "1_0"], "bad --scale '1_0': want a whole number 1..10"),
    (["--keys", "A", "--scale", HUGE], "bad --scale of 5000 digits"),
    # A 16-gigapixel PNG.
    (["--keys", "A", "--shot-scale", "100000"], "bad --shot-scale 100000: want 1..16"),
    (["--keys", "A", "--deal", HUGE], "bad deal number of 5000 digits"),
    (["--keys", "JUMP" * 2000], "unknown key name 'JUMPJUMP"),
    (["--keys", "WAIT:3600001"], "bad WAIT:3600001: want at most WAIT:3600000"),
    (["--keys", "WAIT:" + HUGE], "unknown key name 'WAIT:999"),
    (["--keys", "A", "--battery", "4.6"], "bad --battery '4.6': want volts from 2.5 to 4.5"),
    (["--keys", "A", "--battery", "nan"], "bad --battery 'nan': want volts"),
    (["--keys", "A", "--battery", "3,7"], "bad --battery '3,7': want volts"),
    (["--keys", "A", "--battery", "3.7", "--board", "fruit-jam"], "the Fruit Jam has no battery"),
    (["--bogus"], "unrecognized arguments: --bogus (try: code.py --help)"),
])
def test_bad_numbers_and_words(capsys, argv, words):
    status, err = accepted_or_refused(argv, capsys)
    assert status == 2 and words in err


@pytest.mark.parametrize("argument, words", [
    ("@{missing}", "cannot read key file"), ("@{folder}", "Is a directory"),
    ("@", "cannot read key file ''"), ("@{latin1.txt}", "invalid continuation byte"),
    ("@{long.txt}", "over 1048576 bytes"),  # @/dev/zero read for ever
    ("@{many.txt}", "too many keys: 10001, want at most 10000"),
])
def test_key_files_that_cannot_be_played(capsys, places, argument, words):
    status, err = accepted_or_refused(["--keys", at(places, argument)], capsys)
    assert status == 2 and words in err


@pytest.mark.parametrize("option, place, words", [
    ("--shot", "missing/shot.png", "no folder"),  # was a traceback, and no save
    ("--shot", "folder", "it is a folder"),
    ("--frames", "file", "it is a file, not a folder"),  # was a traceback, and no save
    ("--frames", "file/under", "no folder"),
    ("--save", "missing/save", "no folder"),  # was "could not save" at exit, status 0
    ("--save", "folder", "it is a folder"),
    ("--shot", "", "want a path"),
])
def test_output_paths_checked_before_the_run(capsys, places, option, place, words):
    status, err = accepted_or_refused(["--keys", "A", option, places / place if place else ""],
                                      capsys)
    assert status == 2 and words in err


def test_shot_onto_the_save_file(capsys, places):
    # the save would have replaced the picture, without a word
    status, err = accepted_or_refused(["--keys", "A", "--shot", places / "game",
                                       "--save", places / "folder" / ".." / "game"], capsys)
    assert status == 2 and "it is the --save file" in err


def test_frames_folder_parents_are_made(capsys, places):
    assert accepted_or_refused(["--keys", "A", "--frames", places / "new" / "a" / "b"],
                               capsys)[0] == "accepted"


def test_every_option_is_fuzzed():
    names = set()
    for action in desktop.build_parser()._actions:
        if not isinstance(action, argparse._HelpAction):
            names.update(action.option_strings)
    assert {"--deal", "--rules", "--position", "--keys", "--shot", "--shot-scale", "--frames",
            "--save", "--no-save", "--scale", "--sound"} <= names


# -- output that fails while written: reported once the game is saved ----------


def run(args, home):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(home), USERPROFILE=str(home))
    return subprocess.run([sys.executable, "code.py"] + [str(arg) for arg in args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("option", ["--shot", "--frames"])
def test_output_that_cannot_be_written_still_saves_the_game(tmp_path, option):
    # a name too long for the file system: nothing checks that before the write
    home, save = tmp_path / "home", tmp_path / "save"
    home.mkdir()
    done = run(["--deal", 7, "--keys", "RIGHT A", "--save", save, option, tmp_path / ("x" * 300)],
               home)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("sthelena: cannot write '%s" % str(tmp_path)[:20])
    assert done.stderr.endswith("xxxxxxxx' (%d characters): File name too long\n"
                                % len(str(tmp_path / ("x" * 300))))
    assert save.stat().st_size > 0  # the game is saved all the same
    assert sorted(os.listdir(tmp_path)) == ["home", "save"]


def test_bad_output_path_is_refused_before_the_game_starts(tmp_path):
    home, save = tmp_path / "home", tmp_path / "save"
    home.mkdir()
    done = run(["--deal", 7, "--keys", "RIGHT A", "--save", save,
                "--shot", tmp_path / "missing" / "shot.png"], home)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "sthelena: bad --shot '%s': no folder '%s'\n" % (
        tmp_path / "missing" / "shot.png", tmp_path / "missing")
    assert sorted(os.listdir(tmp_path)) == ["home"]  # nothing played, nothing written
