"""Keys with a tap and a hold, for boards with fewer buttons than the game
has: ``TapHoldTimer`` is the ``ButtonTimer`` of such a board's keys.

A key numbered ``RIGHT_OR_MENU`` or ``DOWN_OR_PILES`` (``buttons``) gives
nothing as it goes down: let go before ``HOLD_DELAY`` ms, its tap's event
(a step of the cursor: RIGHT, DOWN); held that long, its hold's (START: the
menu; SELECT: every pile); ``DOWN_OR_PILES`` held on as long again, SELECT
held too (a hint). A hold that fell due while the loop was busy (drawing the
screen the first hold opened) is given as the key goes up, as ``ButtonTimer``
gives a late one. The other keys are timed as ``ButtonTimer`` times them.
A module of its own: the boards with eight buttons leave it out.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .buttons import HOLD_DELAY, NO_EVENT, TAP_OR_HOLD, TICKS_MASK, ButtonTimer

_NONE = const(-1)
_TAPPED = b"\x03\x01"  # RIGHT, DOWN
_HELD = b"\x06\x07"  # START, SELECT
_HELD_ON = b"\xff\x0f"  # nothing; SELECT | HOLD


class TapHoldTimer(ButtonTimer):
    """A ``ButtonTimer`` that also times keys with a tap and a hold; see the
    module docstring. Allocates nothing, as ``ButtonTimer``."""

    def __init__(self):
        super().__init__()
        self._holds = 0  # the holds given so far by the key timed

    def down(self, button, now_ms):
        if button < TAP_OR_HOLD:
            return ButtonTimer.down(self, button, now_ms)
        self.held |= 1 << button
        self._timed = button  # its event waits: tapped, or held
        self._wait = HOLD_DELAY
        self._holds = 0
        self._since = now_ms & TICKS_MASK
        return NO_EVENT

    def up(self, button, now_ms):
        if button < TAP_OR_HOLD or button != self._timed:
            return ButtonTimer.up(self, button, now_ms)
        self.held &= ~(1 << button)
        self._timed = _NONE
        key = button - TAP_OR_HOLD
        if (now_ms - self._since) & TICKS_MASK < self._wait:  # let go before its (next) hold
            return NO_EVENT if self._holds else _TAPPED[key]
        if not self._holds:  # held past its hold, read late (the loop was busy drawing)
            return _HELD[key]
        return NO_EVENT if _HELD_ON[key] == 255 else _HELD_ON[key]

    def due(self, now_ms):
        timed = self._timed
        if timed < TAP_OR_HOLD:
            return ButtonTimer.due(self, now_ms)
        if (now_ms - self._since) & TICKS_MASK < self._wait:
            return NO_EVENT
        self._since = now_ms & TICKS_MASK
        key = timed - TAP_OR_HOLD
        self._holds += 1
        if self._holds == 1:
            if _HELD_ON[key] == 255:  # no second hold
                self._timed = _NONE
            return _HELD[key]
        self._timed = _NONE
        return _HELD_ON[key]
