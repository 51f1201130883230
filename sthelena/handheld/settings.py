"""A screen and buttons the player wired up, read from CIRCUITPY's
settings.toml (``STHELENA_BOARD = "spi"``: boards/spi.py): the driver, the
size, rotation and offsets, the pins, and the buttons. docs/board.md gives
an example. A key that is wrong or missing stops the game with one line
that names it (ValueError), before any pin is touched.

``STHELENA_BUTTONS`` names each button's pin, ``NAME=PIN`` apart by spaces:
A and B, and either the d-pad (UP DOWN LEFT RIGHT) with START and SELECT
(or X and Y, their names on many boards), or X and Y alone, played as the
four-button boards play them (``app.buttons.RIGHT_OR_MENU``,
``DOWN_OR_PILES``).
"""

import os

from ..app.buttons import (A, B, DOWN, DOWN_OR_PILES, LEFT, RIGHT, RIGHT_OR_MENU, SELECT,
                           START, UP)
from ..boards.profile import Keys, SpiScreen

DRIVERS = ("st7789", "st7735r", "ili9341")
_PREFIX = "STHELENA_"
_EVENTS = {"UP": UP, "DOWN": DOWN, "LEFT": LEFT, "RIGHT": RIGHT, "A": A, "B": B,
           "START": START, "SELECT": SELECT, "X": START, "Y": SELECT}


def _setting(name, getenv, default=None):
    try:
        value = getenv(_PREFIX + name)
    except ValueError as error:  # (a line CircuitPython cannot read: a quote left open...)
        raise ValueError("settings.toml: %s%s: %s: write it as %s%s = \"...\""
                         % (_PREFIX, name, error, _PREFIX, name))
    if value is None or value == "":
        if default is None:
            raise ValueError("settings.toml has no %s%s: docs/board.md says what to write"
                             % (_PREFIX, name))
        return default
    return str(value)  # (CircuitPython 9 reads a number written bare as an int)


def _number(name, getenv, default=None, choices=None):
    value = _setting(name, getenv, default)
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0 or choices is not None and number not in choices:
        raise ValueError("settings.toml: %s%s = %r: want %s" % (
            _PREFIX, name, value, "one of " + ", ".join(str(choice) for choice in choices)
            if choices else "a whole number"))
    return number


def _pin(name, board, getenv, optional=False):
    value = _setting(name, getenv, "" if optional else None)
    if not value:
        return None
    if not hasattr(board, value):
        raise ValueError("settings.toml: %s%s = \"%s\": this board has no pin %s: want a "
                         "name dir(board) lists, as \"GP16\"" % (_PREFIX, name, value, value))
    return value


def read_buttons(text, board):
    """The ``Keys`` of ``STHELENA_BUTTONS``'s text, and whether they are the
    four-button boards' A, B, X and Y; ValueError naming what is wrong."""
    given = {}
    for part in text.split():
        name, _, pin = part.partition("=")
        name = name.upper()
        if name not in _EVENTS or not pin or name in given:
            raise ValueError("settings.toml: STHELENA_BUTTONS: %r: want NAME=PIN, NAME one of %s,"
                             " each once" % (part, " ".join(_EVENTS)))
        if not hasattr(board, pin):
            raise ValueError("settings.toml: STHELENA_BUTTONS: %s: this board has no pin %s: "
                             "want a name dir(board) lists, as A=GP12" % (part, pin))
        given[name] = pin
    pad = [name for name in ("UP", "DOWN", "LEFT", "RIGHT") if name in given]
    four = not pad and "START" not in given and "SELECT" not in given
    wanted = ("A", "B", "X", "Y") if four else ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
    missing = [name for name in wanted if name not in given]
    if not four:
        missing += [name for name, other in (("START", "X"), ("SELECT", "Y"))
                    if name not in given and other not in given]
    both = [name + " and " + other for name, other in (("START", "X"), ("SELECT", "Y"))
            if name in given and other in given]  # (one button's two names)
    if missing or both:
        raise ValueError("settings.toml: STHELENA_BUTTONS needs A, B and either X and Y alone,"
                         " or UP, DOWN, LEFT, RIGHT, START (or X) and SELECT (or Y): %s"
                         % (" ".join(missing) + " missing" if missing
                            else " and ".join(both) + " given: give one name of each"))
    keys = []
    for name in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "X", "Y"):
        if name in given:
            event = _EVENTS[name]
            if four and name == "X":
                event = RIGHT_OR_MENU
            elif four and name == "Y":
                event = DOWN_OR_PILES
            keys.append((name, given[name], event))
    return keys, four


def read_wiring(board, getenv=os.getenv):
    """``(SpiScreen, Keys, four buttons or not)`` as settings.toml describes
    them; ValueError, one line naming the key, for one wrong or missing."""
    driver = _setting("DRIVER", getenv)
    if driver not in DRIVERS:
        raise ValueError("settings.toml: STHELENA_DRIVER = \"%s\": want one of %s"
                         % (driver, ", ".join(DRIVERS)))
    screen = SpiScreen(
        driver, _number("WIDTH", getenv), _number("HEIGHT", getenv),
        clock=_pin("SPI_CLOCK", board, getenv), data=_pin("SPI_DATA", board, getenv),
        select=_pin("CS", board, getenv), command=_pin("DC", board, getenv),
        reset=_pin("RESET", board, getenv, True), backlight=_pin("BACKLIGHT", board, getenv, True),
        rotation=_number("ROTATION", getenv, 0, (0, 90, 180, 270)),
        colstart=_number("COLSTART", getenv, 0), rowstart=_number("ROWSTART", getenv, 0),
        baudrate=_number("BAUDRATE", getenv, 24000000))
    if screen.width < 160 or screen.height < 128:
        raise ValueError("settings.toml: STHELENA_WIDTH and STHELENA_HEIGHT are %d x %d: the "
                         "table needs at least 160 x 128" % (screen.width, screen.height))
    pressed = _setting("PRESSED", getenv, "low")
    if pressed not in ("low", "high"):
        raise ValueError("settings.toml: STHELENA_PRESSED = \"%s\": want \"low\" (a button "
                         "to ground, pulled up) or \"high\"" % pressed)
    keys, four = read_buttons(_setting("BUTTONS", getenv), board)
    used: list = []  # (each pin given once: the firmware refuses a pin taken, no key named)
    for name, pin in (("SPI_CLOCK", screen.clock), ("SPI_DATA", screen.data), ("CS", screen.select),
                      ("DC", screen.command), ("RESET", screen.reset),
                      ("BACKLIGHT", screen.backlight)) + tuple(
                          ("BUTTONS' " + key[0], key[1]) for key in keys):
        pin = pin and getattr(board, pin)  # (one pin may have two names: A0 is GP26)
        for other, taken in used:
            if pin is taken:
                raise ValueError("settings.toml: %s%s and %s%s are one pin: give each its own"
                                 % (_PREFIX, other, _PREFIX, name))
        if pin:
            used.append((name, pin))
    return screen, Keys(tuple(keys), pressed_low=pressed == "low"), four
