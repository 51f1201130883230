"""The buttons, as the app sees them: one stream of events, whichever board
or keyboard they come from.

An event is a button number, or a button number plus ``HOLD`` when the button
has been held down (A held: quick move; B held: redo; SELECT held: a hint).
``NO_EVENT`` means nothing happened.

A board with fewer buttons gives some keys two events, by how long they are
held (``RIGHT_OR_MENU``, ``DOWN_OR_PILES``: the four-button boards' X and Y,
boards/pico_display_2.py): the key's number is then one of those, which
``tap_hold.TapHoldTimer`` turns into the game's events.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
HOLD = const(8)
NO_EVENT = const(-1)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
# Keys with a tap and a hold: let go before HOLD_DELAY, the first event (a step of
# the cursor, which reaches every place: its rows and columns wrap round); held
# that long, the second; DOWN_OR_PILES held on as long again, a hint (SELECT held).
TAP_OR_HOLD = const(16)  # the first of them
RIGHT_OR_MENU = const(16)  # tapped: RIGHT; held: START (the menu)
DOWN_OR_PILES = const(17)  # tapped: DOWN; held: SELECT (every pile); held on: a hint

REPEAT_DELAY = const(400)  # ms a direction is held before it first repeats
REPEAT_EVERY = const(120)  # ms between repeats after that
HOLD_DELAY = const(500)  # ms A, B or SELECT is held before it gives its HOLD event
TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms() wraps at 2**29
_NONE = const(-1)


class ButtonTimer:
    """Turns button downs and ups, with the time, into the app's events.

    A press gives the button's event at once. A direction held repeats (first
    after ``REPEAT_DELAY`` ms, then every ``REPEAT_EVERY`` ms); A, B or SELECT
    held ``HOLD_DELAY`` ms gives one ``A | HOLD``, ``B | HOLD`` or
    ``SELECT | HOLD``. Only the button pressed last is timed, as with a keyboard's
    repeat. Times are ``supervisor.ticks_ms()`` values, which wrap at 2**29;
    differences are taken modulo that. No method allocates: the board's loop
    calls ``due`` many times a second.
    ``up`` returns an event too: a hold that fell due while the loop was busy
    (drawing a screen: ``due`` not asked in time) is given as its button goes
    up, timed by when it went up (keypad's events carry it); and a key with a
    tap and a hold gives its tap as it goes up (``tap_hold.TapHoldTimer``).
    """

    def __init__(self):
        self.held = 0  # bit b set while button b is down
        self._timed = _NONE  # the button whose repeat or hold is pending
        self._since = 0  # when the wait for the next timed event began
        self._wait = 0  # ms from _since to that event

    def down(self, button, now_ms):
        """Button went down at ``now_ms``: its event, at once."""
        self.held |= 1 << button
        if button <= RIGHT:
            self._timed = button
            self._wait = REPEAT_DELAY
        elif button == A or button == B or button == SELECT:
            self._timed = button
            self._wait = HOLD_DELAY
        else:
            self._timed = _NONE
        self._since = now_ms & TICKS_MASK
        return button

    def up(self, button, now_ms):
        """Button went up at ``now_ms``: its pending repeat or hold is
        cancelled; but a hold that fell due before it went up (its ``due``
        not asked in time: the loop was busy drawing) is given now, else
        ``NO_EVENT``."""
        self.held &= ~(1 << button)
        if button != self._timed:
            return NO_EVENT
        self._timed = _NONE
        if button >= A and (now_ms - self._since) & TICKS_MASK >= self._wait:
            return button | HOLD
        return NO_EVENT

    def due(self, now_ms):
        """The repeat or hold event due by ``now_ms``, else ``NO_EVENT``.

        A repeat late by more than a period is given once, not in a burst:
        the next one is timed from now.
        """
        timed = self._timed
        if timed == _NONE or (now_ms - self._since) & TICKS_MASK < self._wait:
            return NO_EVENT
        self._since = now_ms & TICKS_MASK
        if timed >= A:  # A, B or SELECT: one hold event
            self._timed = _NONE
            return timed | HOLD
        self._wait = REPEAT_EVERY
        return timed
