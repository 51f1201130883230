"""The desktop's buttons: the keyboard's keys, and scripts of button names.

Desktop only. ``--keys`` plays a script of button names instead of the
keyboard (for tests, bug reports and screenshots); the window's loop
(``desktop_run``) reads the keyboard through ``KEYS``.
"""

from ..app.buttons import A, B, DOWN, HOLD, LEFT, NAMES, RIGHT, SELECT, START, UP
from .arguments import CliError, shown

KEYS_LIMIT = 10000  # the most button names one --keys script may hold
KEY_FILE_LIMIT = 1 << 20  # bytes of a --keys @FILE

# The keyboard: pygame key constant name -> button. Esc or closing the window quits.
KEYS = {
    "K_UP": UP,
    "K_DOWN": DOWN,
    "K_LEFT": LEFT,
    "K_RIGHT": RIGHT,
    "K_x": A,
    "K_z": B,
    "K_RETURN": START,
    "K_KP_ENTER": START,
    "K_SPACE": SELECT,
}

# Script words: the button names, a held A (the quick move), a held B (redo) and
# a held SELECT (a hint).
SCRIPT_WORDS = dict((name, index) for index, name in enumerate(NAMES))
for _word in ("HOLD_A", "A+HOLD"):
    SCRIPT_WORDS[_word] = A | HOLD
for _word in ("HOLD_B", "B+HOLD"):
    SCRIPT_WORDS[_word] = B | HOLD
for _word in ("HOLD_SELECT", "SELECT+HOLD"):
    SCRIPT_WORDS[_word] = SELECT | HOLD


def parse_keys(text):
    """Button events from a script: names separated by whitespace, ``#`` to
    the end of a line a comment, case-insensitive. CliError names the first
    unknown word."""
    events = []
    for line in text.splitlines():
        for word in line.split("#", 1)[0].split():
            event = SCRIPT_WORDS.get(word.upper())
            if event is None:
                raise CliError("unknown key name %s: want one of %s"
                               % (shown(word), " ".join(SCRIPT_WORDS)))
            events.append(event)
    if len(events) > KEYS_LIMIT:
        raise CliError("too many keys: %d, want at most %d" % (len(events), KEYS_LIMIT))
    return events


def read_keys(argument):
    """The events of a ``--keys`` argument: a script, or ``@FILE`` naming one."""
    if argument.startswith("@"):
        path = argument[1:]
        try:
            with open(path, "rb") as file:
                data = file.read(KEY_FILE_LIMIT + 1)
            if len(data) > KEY_FILE_LIMIT:
                raise ValueError("over %d bytes" % KEY_FILE_LIMIT)
            text = data.decode("utf-8")
        except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            raise CliError("cannot read key file %s: %s"
                           % (shown(path), getattr(error, "strerror", None) or error))
        return parse_keys(text)
    return parse_keys(argument)
