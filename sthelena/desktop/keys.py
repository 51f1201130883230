"""The desktop's buttons: the keyboard's keys, and scripts of button names.

Desktop only. ``--keys`` plays a script of button names instead of the
keyboard (for tests, bug reports and screenshots); the window's loop
(``desktop_run``) reads the keyboard through ``KEYS``.
"""

import re

from ..app.buttons import A, B, DOWN, HOLD, LEFT, NAMES, RIGHT, SELECT, START, UP
from ..app.big_screen.pointer import LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON, WHEEL_DOWN, WHEEL_UP
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


# The mouse's words (the Fruit Jam's screen only): CLICK@X,Y at screen pixel
# (X, Y), RIGHT_CLICK, MIDDLE_CLICK and HOLD_CLICK (the left button held) the
# same, and the wheel's steps. Each gives (mouse button, x, y, held).
CLICK_WORDS = {"CLICK": (LEFT_BUTTON, False), "RIGHT_CLICK": (RIGHT_BUTTON, False),
               "MIDDLE_CLICK": (MIDDLE_BUTTON, False), "HOLD_CLICK": (LEFT_BUTTON, True)}
WHEEL_WORDS = {"WHEEL_UP": (WHEEL_UP, 0, 0, False), "WHEEL_DOWN": (WHEEL_DOWN, 0, 0, False)}
CLICK = re.compile(r"([A-Z_]+)@([0-9]{1,4}),([0-9]{1,4})\Z")
# DRAG@X1,Y1:X2,Y2: the left button pressed at (X1, Y1), moved to (X2, Y2), let
# go there; gives (DRAG, x1, y1, x2, y2). Its steps one by one (a frame mid-drag):
# PRESS@X,Y, MOVE@X,Y and RELEASE@X,Y, the left button's; each gives (word, x, y).
DRAG = "DRAG"
DRAG_WORD = re.compile(r"DRAG@([0-9]{1,4}),([0-9]{1,4}):([0-9]{1,4}),([0-9]{1,4})\Z")
LEFT_STEPS = ("PRESS", "MOVE", "RELEASE")

# A touch screen's word (``--board pyportal``...): TAP:X,Y, a touch at screen
# pixel (X, Y), put down and lifted there, as the board's panel reports it: the
# left button's click. Gives (mouse button, x, y, held), as CLICK@X,Y.
TAP_WORD = "TAP:"
TAP = re.compile(r"TAP:([0-9]{1,4}),([0-9]{1,4})\Z")

# WAIT:MS lets the scripted clock run MS milliseconds with nothing pressed (the
# idle screen's dimming, the write policy's minute), as the emulator's word does.
WAIT = re.compile(r"WAIT:([0-9]{1,12})\Z")
WAIT_LIMIT_MS = 3600000  # an hour: the longest one WAIT


# A board's own words (``--board NAME``: its profile's keys, the words the
# emulator's scripts use too), where they are not the game's (a Sprig's A is
# its LEFT; a PicoSystem's X its START): each a ``Press`` of that key for as
# long as a press, a HOLD_ or a LONG_ lasts there, played through the board's
# ButtonTimer. A key named as the game's button keeps the game's word.
PRESS_MS = 80  # the emulator's (tools/harness/emulator/keys.mjs)
HOLD_MS = 700
LONG_MS = 1200  # held on past a four-button board's second hold (Y: a hint)


class Press:
    """A board's key ``key`` (its game event: a button, or a key with a tap
    and a hold) held down ``ms`` milliseconds (``word``, as the script says it)."""

    def __init__(self, word, key, ms):
        self.word = word
        self.key = key
        self.ms = ms

    def __eq__(self, other):
        return isinstance(other, Press) and (other.key, other.ms) == (self.key, self.ms)

    def __repr__(self):
        return self.word


class Typed:
    """A key of a board whose keys type on the serial input (the
    Cardputer's): ``events``, what the board's own reading of the
    characters it types gives (``app.serial_keys``), each handled."""

    def __init__(self, word, events):
        self.word = word
        self.events = events

    def __eq__(self, other):
        return isinstance(other, Typed) and other.events == self.events

    def __repr__(self):
        return self.word


def typed_words(keys):
    """The script words of a ``SerialKeys`` board: each key's word as a
    ``Typed`` of what the board reads of the characters it types."""
    from ..app.serial_keys import SerialKeySource

    words = {}
    for word, text, _ in keys.sequences:
        waiting = [text]

        def read(count, waiting=waiting):
            typed, waiting[0] = waiting[0][:count], waiting[0][count:]
            return typed

        source = SerialKeySource(keys, read, lambda waiting=waiting: len(waiting[0]))
        events = []
        event = source.poll(0)
        while event != -1:  # (NO_EVENT)
            events.append(event)
            event = source.poll(0)
        words[word] = Typed(word, tuple(events))
    return words


def typed_characters(profile):
    """``{character: events}`` of the keys of ``profile`` that type one
    character on the serial input (None for a board without such keys):
    what the window gives for a key typing it."""
    if not hasattr(profile.keys, "sequences"):
        return None
    words = typed_words(profile.keys)
    found = {}
    for word, text, _ in profile.keys.sequences:
        if len(text) == 1:
            found[text] = found[text.upper()] = words[word].events
    return found


def board_words(profile):
    """The script words of ``profile``'s own keys: each key's word, HOLD_ and
    LONG_ of it, as ``Press``es ({} for a board with no keys of its own);
    a board whose keys type on the serial input, ``typed_words``."""
    if hasattr(profile.keys, "sequences"):
        return typed_words(profile.keys)
    keys = getattr(profile.keys, "keys", ())
    words = {}
    for word, _, key in keys:
        if key < len(NAMES) and NAMES[key] == word:
            continue  # the game's own word for it (HOLD_ of it as scripts always meant it)
        for prefix, ms in (("", PRESS_MS), ("HOLD_", HOLD_MS), ("LONG_", LONG_MS)):
            words[prefix + word] = Press(prefix + word, key, ms)
    return words


class Wait:
    """A script's pause: ``ms`` milliseconds of idle ticks."""

    def __init__(self, ms):
        self.ms = ms

    def __eq__(self, other):
        return isinstance(other, Wait) and other.ms == self.ms

    def __repr__(self):
        return "WAIT:%d" % self.ms


def _wait(word):
    """The Wait of a script word, or None if it is not one."""
    match = WAIT.match(word)
    if match is None:
        return None
    ms = int(match.group(1))
    if ms > WAIT_LIMIT_MS:
        raise CliError("bad %s: want at most WAIT:%d" % (word, WAIT_LIMIT_MS))
    return Wait(ms)


def _click(word):
    """The mouse action of a script word, or None if it is not one."""
    if word in WHEEL_WORDS:
        return WHEEL_WORDS[word]
    drag = DRAG_WORD.match(word)
    if drag is not None:
        return (DRAG,) + tuple(int(number) for number in drag.groups())
    match = CLICK.match(word)
    if match is not None and match.group(1) in LEFT_STEPS:
        return match.group(1), int(match.group(2)), int(match.group(3))
    if match is None or match.group(1) not in CLICK_WORDS:
        return None
    button, held = CLICK_WORDS[match.group(1)]
    return button, int(match.group(2)), int(match.group(3)), held


def _tap(word, size):
    """The click of a ``TAP:X,Y`` word on a ``size`` (width, height) screen,
    or None if the word is no TAP; CliError if it is one, malformed or off
    the screen."""
    if not word.startswith(TAP_WORD):
        return None
    match = TAP.match(word)
    width, height = size
    if match is None or int(match.group(1)) >= width or int(match.group(2)) >= height:
        raise CliError("bad %s: want TAP:X,Y, a touch at screen pixel (X, Y), X 0..%d and "
                       "Y 0..%d" % (shown(word), width - 1, height - 1))
    return LEFT_BUTTON, int(match.group(1)), int(match.group(2)), False


def parse_keys(text, mouse=False, words=None, touch=None):
    """Button events from a script: names separated by whitespace, ``#`` to
    the end of a line a comment, case-insensitive; with ``mouse``, the
    mouse's words too (as tuples); ``words``, a board's own (``board_words``:
    they come first); ``touch``, a touch screen's size: ``TAP:X,Y`` too.
    CliError names the first unknown word."""
    events = []
    words = words or {}
    for line in text.splitlines():
        for word in line.split("#", 1)[0].split():
            event = words.get(word.upper()) or SCRIPT_WORDS.get(word.upper())
            if event is None:
                event = _wait(word.upper())
            if event is None and touch:
                event = _tap(word.upper(), touch)
            if event is None and mouse:
                event = _click(word.upper())
            if event is None:
                raise CliError("unknown key name %s: want one of %s WAIT:MS%s%s"
                               % (shown(word), " ".join(
                                   list(words) + [name for name in SCRIPT_WORDS
                                                  if name not in words]),
                                  " CLICK@X,Y RIGHT_CLICK@X,Y MIDDLE_CLICK@X,Y HOLD_CLICK@X,Y "
                                  "DRAG@X1,Y1:X2,Y2 PRESS@X,Y MOVE@X,Y RELEASE@X,Y "
                                  "WHEEL_UP WHEEL_DOWN" if mouse else "",
                                  " TAP:X,Y" if touch else ""))
            events.append(event)
    if len(events) > KEYS_LIMIT:
        raise CliError("too many keys: %d, want at most %d" % (len(events), KEYS_LIMIT))
    return events


def read_keys(argument, mouse=False, words=None, touch=None):
    """The events of a ``--keys`` argument: a script, or ``@FILE`` naming
    one (``mouse``: the mouse's words allowed; ``words``: a board's own;
    ``touch``: a touch screen's size, its TAP words allowed)."""
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
        return parse_keys(text, mouse, words, touch)
    return parse_keys(argument, mouse, words, touch)
