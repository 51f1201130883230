"""Reading the desktop programs' arguments and standard input, and their
one error path: ``python -m sthelena`` (cli.py) and ``python code.py``
(desktop.py) both use these.

Every bad input (a usage error, a number out of its bounds, a malformed
position, bytes that are not text, a path that cannot be written) is a
CliError: ``guarded`` prints it as one line on stderr and returns exit
status 2, with nothing on stdout.

Desktop only: this module uses argparse, which the board does not have.
"""

import argparse
import re
import sys

from ..core.deal import DEAL_LIMIT
from ..core.game import Game
from ..core.rules import DEFAULT, Rules
from ..core.version import RELEASE_VERSION

PROG = "sthelena"
VERSION_LINE = "%s %s" % (PROG, RELEASE_VERSION)  # what --version prints (code.py prints it too)
NUMBER = re.compile(r"-?[0-9]+\Z")
INPUT_LIMIT = 1 << 16  # bytes of a POSITION read from stdin, or of a tty line
SHOWN_LIMIT = 100  # characters of a bad argument quoted back in a message
LINE_LIMIT = 360  # characters in an error's one line, however many long words it holds


class CliError(Exception):
    """Something wrong with the command line's input: one line for stderr
    and exit status ``status`` (2, bad input)."""

    status = 2


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors raise CliError (one line, exit
    2, see guarded) instead of printing the usage and exiting; subcommands'
    parsers are of this class too."""

    def error(self, message):
        raise CliError("%s (try: %s --help)" % (message, self.prog))


def add_version(parser):
    """``--version``: print VERSION_LINE and exit 0 (parse_args returns None)."""
    parser.add_argument("--version", action="version", version=VERSION_LINE,
                        help="print the version (%s) and exit" % VERSION_LINE)


def parse_args(parser, argv):
    """The parsed arguments, or None if argparse printed --help or
    --version; CliError for a usage error."""
    try:
        return parser.parse_args(argv)
    except SystemExit:  # only --help and --version exit: errors go to Parser.error
        return None


def guarded(run, *args):
    """``run(*args)``'s exit status (0 for None). A CliError raised by it is
    printed as one line on stderr and gives the error's status: the one
    error path of the command line and of the desktop edge."""
    try:
        return run(*args) or 0
    except CliError as error:
        print_error(error)
        return error.status


def print_error(error):
    """``error`` on stderr as one line: ``sthelena: ...``."""
    if sys.stderr is not None:
        sys.stderr.write("%s: %s\n" % (PROG, one_line(error)))
        sys.stderr.flush()


def one_line(error):
    """An error's message as one line of sensible length: blanks squeezed,
    and any long word (an argument echoed back, e.g. 5,000 digits) cut."""
    words = str(error).split()
    for index, word in enumerate(words):
        if len(word) > SHOWN_LIMIT + 20:
            end = word[-1] if word[-1] in ":;," else ""  # the sentence's punctuation stays
            words[index] = "%s (%d characters)%s" % (_cut(word.rstrip(end)), len(word), end)
    line = " ".join(words)
    if len(line) > LINE_LIMIT:  # many long words: the start, and the end's hint, stay
        line = line[:LINE_LIMIT - 80] + " ... " + line[-75:]
    return line


def shown(text):
    """``text`` quoted for a message: escaped (so it stays one printable
    line, whatever bytes it came from) and cut short if long."""
    if len(text) > SHOWN_LIMIT:
        return "%r (%d characters)" % (_cut(text), len(text))
    return repr(text)


def _cut(text):
    """Long ``text``'s start and end (a path's file name stays)."""
    return text[:SHOWN_LIMIT * 3 // 5] + "..." + text[-(SHOWN_LIMIT * 2 // 5):]


def whole_number(text, what, low, high):
    """The whole number ``text`` holds (ASCII digits, maybe a minus sign and
    blanks around), if it is in low..high; CliError saying what is wanted
    otherwise."""
    digits = text.strip()
    if not NUMBER.match(digits):
        raise CliError("bad %s %s: want a whole number %d..%d" % (what, shown(text), low, high))
    significant = digits.lstrip("-").lstrip("0")
    if len(significant) > len(str(high)) + 10:  # too long for int() or for a message
        raise CliError("bad %s of %d digits: want %d..%d" % (what, len(significant), low, high))
    number = int(significant or "0") * (-1 if digits.startswith("-") else 1)
    if not low <= number <= high:
        raise CliError("bad %s %d: want %d..%d" % (what, number, low, high))
    return number


def read_input(stream, what="standard input", line=False):
    """All the text of ``stream`` (standard input), or one line of it, at
    most INPUT_LIMIT bytes; "" at its end or if it is closed. Decoded here
    from its bytes, so that bytes that are not text in its encoding are a
    CliError whatever the locale's error handler says."""
    if stream is None:
        return ""
    source = getattr(stream, "buffer", stream)  # tests' StringIO has no bytes below
    try:
        data = source.readline(INPUT_LIMIT + 1) if line else source.read(INPUT_LIMIT + 1)
        if len(data) > INPUT_LIMIT:
            newline = b"\n" if isinstance(data, bytes) else "\n"
            rest = data
            while line and rest and not rest.endswith(newline):
                rest = source.readline(INPUT_LIMIT)  # the rest of the long line goes too
            raise CliError("%s too long: over %d bytes%s"
                           % (what, INPUT_LIMIT, " in a line" if line else ""))
    except OSError as error:  # EIO, say: the terminal gone
        raise CliError("cannot read %s: %s" % (what, error.strerror or error))
    if isinstance(data, str):
        return data
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise CliError("%s is not %s text: byte 0x%02x at offset %d"
                       % (what, encoding, data[error.start], error.start))


def parse_rules(text):
    """The Rules ``text`` names; CliError if none."""
    try:
        return Rules.parse(text)
    except ValueError as error:
        raise CliError("bad rules %s: %s" % (shown(text), error))


def deal_number(number_text):
    """The deal number ``number_text`` names; CliError if it is not 0..DEAL_LIMIT-1."""
    return whole_number(number_text, "deal number", 0, DEAL_LIMIT - 1)


def parse_notation(text):
    """The game a notation line holds; CliError if it holds none."""
    try:
        return Game.from_notation(text)
    except ValueError as error:
        raise CliError("bad position: %s" % error)


def game_of_deal(number_text, rules_text):
    """The deal a number names, under ``rules_text`` (default st-helena)."""
    number = deal_number(number_text)
    return Game.deal(number, parse_rules(rules_text if rules_text is not None else DEFAULT))


def game_of_position(text, rules_text, stdin=None):
    """The game a POSITION argument names."""
    if text == "-":
        text = read_input(stdin or sys.stdin)
    if NUMBER.match(text.strip()):
        return game_of_deal(text, rules_text)
    if rules_text is not None:
        raise CliError("--rules applies only to a deal number; "
                       "a notation line names its own rules")
    return parse_notation(text)


def add_position_or_deal(command):
    """A command's POSITION (optional) or ``--deal N``, and ``--rules`` (``solve``, ``hint``)."""
    command.add_argument("position", metavar="POSITION", nargs="?",
                         help="notation line, deal number, or - for stdin")
    command.add_argument("--deal", metavar="N", help="deal number (instead of POSITION)")
    command.add_argument("--rules", metavar="RULES",
                         help="rules for a deal number (default %s)" % DEFAULT)


def game_of_position_or_deal(args):
    """The game ``add_position_or_deal``'s arguments name: one of the two, not both."""
    if args.deal is not None:
        if args.position is not None:
            raise CliError("give a POSITION or --deal N, not both")
        return game_of_deal(args.deal, args.rules)
    if args.position is None:
        raise CliError("give a POSITION or --deal N")
    return game_of_position(args.position, args.rules)

