"""No tracebacks, anywhere: the command line (``python -m sthelena``) fuzzed
over its arguments and standard input, and one named test per hole found.

The rule every run keeps: exit status 0 or 2, never an exception; on 2,
exactly one line on stderr and nothing on stdout. The fuzz runs ``main``
in-process (fast), over standard streams of bytes in a strict or forgiving
encoding as a real process has; a few subprocess runs check the real entry
point, the locale's encodings and the exit codes.

The subcommands and their options are read from the parser itself, so a
subcommand added later is fuzzed too.
"""

import argparse
import io
import os
import subprocess
import sys
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from sthelena.desktop import cli, arguments
from sthelena.core.game import Game
from tests.helpers import ROOT

DEAL_7 = Game.deal(7).notation()
HUGE = "9" * 5000  # past int()'s 4,300 digits

# (encoding, errors) of the standard streams: a UTF-8 locale (Python's
# default), PYTHONIOENCODING=utf-8 or =ascii (strict).
ENCODINGS = [("utf-8", "surrogateescape"), ("utf-8", "strict"), ("ascii", "strict")]


def subcommands():
    """Each subcommand's name -> (its positionals' count, its options:
    option string -> whether it takes a value), from the parser."""
    parser = cli.build_parser()
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                positionals = [a for a in sub._actions if not a.option_strings]
                options = dict((string, a.nargs != 0) for a in sub._actions
                               for string in a.option_strings)
                found[name] = (positionals, options)
    return found


COMMANDS = subcommands()

# Values for any argument: valid ones (small, so runs stay quick: perft
# depths of 3 at most), odd ones, and invalid UTF-8 as argv carries it
# (surrogate escapes).
VALUES = [
    "", " ", "-", "--", "0", "1", "2", "3", "-1", "8", "99", "4294967295", "4294967296",
    "1_0", "+3", " 3 ", "\u0663", "3.0", "0x10", "1e3", HUGE, "0" * 5000 + "7", "-" + HUGE,
    "é", "\udcff", "7\udcff", "\u2028", "st-helena", "louis", "box-kite", "st-helena,wrap=true",
    "napoleon", "st-helena,redeals=" + HUGE, ",", "=", "st-helena,", DEAL_7,
    DEAL_7.replace("r0", "r9"), DEAL_7[:-3], DEAL_7 + " x", "4-KH", "3-7", "redeal", "deal",
    "KS-AS", "13-1", "1-1", "--json", "--rules", "--deal", "-h", "x" * 3000,
]


def values():
    return st.one_of(st.sampled_from(VALUES), st.text(max_size=8))


@st.composite
def argvs(draw):
    """An argv: mostly a subcommand with a value for each positional and a
    few options, shuffled or cut now and then; sometimes anything."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.lists(values(), max_size=5))
    name = draw(st.sampled_from(sorted(COMMANDS)))
    positionals, options = COMMANDS[name]
    argv = [name] + [draw(values()) for _ in positionals]
    for option in draw(st.lists(st.sampled_from(sorted(options)), max_size=3)):
        argv.append(option)
        if options[option]:
            argv.append(draw(values()))
    if name == "play":
        argv += draw(st.lists(values(), max_size=3))
    if draw(st.integers(0, 4)) == 0:
        argv = draw(st.permutations(argv))
    return argv


STDINS = st.one_of(
    st.sampled_from([b"", b"\n", DEAL_7.encode(), DEAL_7.encode() + b"\n", b"7", b"7\n",
                     b"\xff\xfe", DEAL_7.encode()[:20] + b"\xc3(" + DEAL_7.encode()[20:],
                     "é\n".encode(), b"4-KH\nundo\nmoves\nshow\nhelp\n\xff\nquit\n",
                     b"x" * (arguments.INPUT_LIMIT + 1)]),
    st.binary(max_size=40),
    st.lists(st.sampled_from(["4-KH", "undo", "3-7", "é", "redeal", "?", ""]), max_size=6)
    .map(lambda lines: "\n".join(lines).encode()))


def run_in_process(argv, stdin_bytes, encoding, errors):
    """``cli.main(argv)`` with the standard streams over bytes, as a
    process has them: (status, stdout text, stderr text)."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    streams = (io.TextIOWrapper(io.BytesIO(stdin_bytes), encoding=encoding, errors=errors),
               io.TextIOWrapper(out_bytes, encoding=encoding, errors=errors),
               io.TextIOWrapper(err_bytes, encoding=encoding, errors="backslashreplace"))
    sys.stdin, sys.stdout, sys.stderr = streams
    here = os.getcwd()
    try:
        with tempfile.TemporaryDirectory() as scratch:  # (a fuzzed --results file lands here)
            os.chdir(scratch)
            status = cli.main(list(argv))
    finally:
        os.chdir(here)
        sys.stdin, sys.stdout, sys.stderr = saved
    streams[1].flush()
    streams[2].flush()
    return (status, out_bytes.getvalue().decode(encoding, "replace"),
            err_bytes.getvalue().decode(encoding, "replace"))


def check_outcome(status, out, err):
    """The rule: 0, or 2 with one line on stderr and nothing on stdout."""
    assert status in (0, 2), (status, out, err)
    if status == 2:
        assert out == ""
        assert err.count("\n") == 1 and err.endswith("\n") and err.startswith("sthelena: "), err
        assert len(err) < 400, err
    else:
        assert err == ""


def test_the_fuzz_covers_every_subcommand():
    assert {"deal", "moves", "play", "show", "perft", "tty"} <= set(COMMANDS)


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argvs(), STDINS, st.sampled_from(ENCODINGS))
def test_fuzz_arguments_and_stdin(argv, stdin_bytes, encoding):
    check_outcome(*run_in_process(argv, stdin_bytes, *encoding))


# -- the real entry point, in child processes --------------------------------


def run_module(argv, stdin=b"", env=None, **options):
    """``python -m sthelena ARGV`` (argv items as str or bytes), stdin bytes:
    (status, stdout bytes, stderr bytes)."""
    environment = dict(os.environ)
    for name in ("PYTHONIOENCODING", "PYTHONUTF8"):
        environment.pop(name, None)
    environment.update(env or {})
    done = subprocess.run([sys.executable, "-m", "sthelena"] + list(argv), cwd=ROOT,
                          input=stdin, capture_output=True, env=environment, timeout=60,
                          **options)
    return done.returncode, done.stdout, done.stderr


def check_one_line(result, words):
    status, out, err = result
    assert (status, out) == (2, b""), result
    assert err.count(b"\n") == 1 and err.startswith(b"sthelena: "), err
    assert b"Traceback" not in err
    assert words.encode() in err, err


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([b"deal", b"moves", b"perft", b"-", b"7", b"\xff", b"9" * 5000,
                                 b"1_0", b"99", b"--rules", b"louis", b"\xc3("]),
                min_size=1, max_size=4),
       st.sampled_from([b"", b"\xff\n", DEAL_7.encode()]),
       st.sampled_from([{}, {"PYTHONIOENCODING": "utf-8"}, {"PYTHONIOENCODING": "ascii"},
                        {"LC_ALL": "C"}]))
def test_fuzz_the_real_entry_point(argv, stdin, env):
    status, out, err = run_module(argv, stdin, env)
    check_outcome(status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


# -- one test per hole the fuzzing found ---------------------------------------


def test_deal_number_of_thousands_of_digits():
    # int() refuses over 4,300 digits: it was a traceback
    check_one_line(run_module(["deal", HUGE]), "bad deal number of 5000 digits: want 0..4294967295")
    check_one_line(run_module(["moves", "0" * 5000 + "4294967296"]), "bad deal number 4294967296")


@pytest.mark.parametrize("env, encoding", [
    ({"PYTHONIOENCODING": "utf-8"}, "utf-8"), ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    ({"LC_ALL": "C"}, "utf-8"), ({"LC_ALL": "C.UTF-8"}, "utf-8")])
def test_stdin_that_is_not_text_in_any_locale(env, encoding):
    # strict locales raised UnicodeDecodeError; forgiving ones let the bytes through
    stdin = DEAL_7.encode()[:10] + b"\xff" + DEAL_7.encode()[10:]
    check_one_line(run_module(["moves", "-"], stdin, env),
                   "standard input is not %s text: byte 0xff at offset 10" % encoding)


def test_tty_lines_that_are_not_text_are_refused_and_play_goes_on():
    stdin = b"\xff\n" + "é".encode() + b"\n4-KH\nundo\nquit\n"
    status, out, err = run_module(["tty", "--deal", "7"], stdin, {"PYTHONIOENCODING": "ascii"})
    assert (status, err) == (0, b"")
    assert out.count(b"standard input is not ascii text: byte 0x") == 2
    assert b"undid 4-KH" in out  # the game went on


@pytest.mark.parametrize("depth, words", [
    ("8", "bad depth 8: want 0..7"),  # each depth more is some 8 times longer
    ("1000", "bad depth 1000: want 0..7"),  # RecursionError
    ("1_0", "bad depth '1_0': want a whole number 0..7"),  # int() took it as 10: for ever
    ("\u0663", "bad depth"), ("+3", "bad depth '+3'"), ("3.0", "bad depth '3.0'"),
    (HUGE, "bad depth of 5000 digits: want 0..7")])
def test_perft_depth_is_bounded_and_ascii(capsys, depth, words):
    status = cli.main(["perft", "7", depth])
    out, err = capsys.readouterr()
    check_outcome(status, out, err)
    assert status == 2 and words in err


def test_perft_depth_takes_blanks_and_leading_zeros(capsys):
    assert cli.main(["perft", "7", " 002 "]) == 0
    assert capsys.readouterr().out == "82\n"


@pytest.mark.parametrize("number", ["1_0", "+7", "\u0667", "7.0", "0x7"])
def test_deal_numbers_are_ascii_digits_only(capsys, number):
    status = cli.main(["deal", number])
    out, err = capsys.readouterr()
    check_outcome(status, out, err)
    assert status == 2 and "want a whole number 0..4294967295" in err


def test_long_arguments_are_cut_in_the_message(capsys):
    # one line still, but not 5,000 characters of it
    for argv in (["play", "7", HUGE], ["deal", "7", "--rules", "st-helena,redeals=" + HUGE],
                 ["tty", "--deal", "x" * 3000]):
        status = cli.main(argv)
        out, err = capsys.readouterr()
        check_outcome(status, out, err)
        assert status == 2 and "characters)" in err


def test_many_long_arguments_still_make_one_short_line(capsys):
    # Found by the fuzz: three unknown 5,000-digit words, each cut, still
    # made a 420-character line; the line itself is cut, keeping the hint.
    status = cli.main(["play", "", "", "--json", HUGE, HUGE, HUGE])
    out, err = capsys.readouterr()
    check_outcome(status, out, err)
    assert status == 2 and len(err) < 400 and err.endswith("(try: sthelena --help)\n")


def test_usage_errors_are_one_line(capsys):
    status = cli.main(["deal"])
    out, err = capsys.readouterr()
    check_outcome(status, out, err)
    assert err == ("sthelena: the following arguments are required: N "
                   "(try: sthelena deal --help)\n")


def test_stdout_on_a_full_disk():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "sthelena", "deal", "7"], cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 2
    assert done.stderr == b"sthelena: cannot write standard output: No space left on device\n"


def test_stdout_closed():
    done = subprocess.run(["sh", "-c", 'exec >&-; "$0" -m sthelena deal 7', sys.executable],
                          cwd=ROOT, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 2
    assert done.stderr == b"sthelena: standard output is closed\n"


def test_stdin_closed_is_empty(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    status = cli.main(["moves", "-"])
    out, err = capsys.readouterr()
    check_outcome(status, out, err)
    assert status == 2 and "bad position" in err
    assert cli.main(["tty", "--deal", "7"]) == 0  # at once: end of input


def test_stdin_is_bounded():
    check_one_line(run_module(["moves", "-"], b"7" + b" " * arguments.INPUT_LIMIT),
                   "standard input too long: over 65536 bytes")
    # a tty line that long is refused whole, and the game goes on
    status, out, err = run_module(["tty", "--deal", "7"],
                                  b"x" * (3 * arguments.INPUT_LIMIT) + b"\n4-KH\nquit\n")
    assert (status, err) == (0, b"")
    assert out.count(b"too long") == 1 and b"bad move" not in out


def test_read_input_decodes_bytes_strictly():
    def stream(data, encoding="utf-8", errors="surrogateescape"):
        return io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors=errors)

    assert arguments.read_input(stream("é\nx\n".encode()), line=True) == "é\n"
    assert arguments.read_input(stream(b"ab")) == "ab"
    assert arguments.read_input(None) == ""
    assert arguments.read_input(io.StringIO("text")) == "text"
    with pytest.raises(arguments.CliError, match="not utf-8 text: byte 0xff at offset 1"):
        arguments.read_input(stream(b"a\xff"))
