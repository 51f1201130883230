"""A resistive touch screen (the PyPortal's, the Titano's) as one stream of
the app's events, as the handhelds' buttons are (``keys.ButtonSource``): the
main loop polls it the same way (loop.run).

The panel is read by Adafruit's ``adafruit_touchscreen`` (the set-up makes
its ``Touchscreen`` from the board's profile: ``touch_source``), and a
touch goes down, moves and goes up as the mouse's left button does on the
fanned table: ``app.big_screen.touch.TouchPointer`` (the mouse's drag and
drop, with the row of controls in front) turns them into the app's events.

A resistive panel is noisy: a finger landing or lifting reads points that
wander, the pressure dips for a read or two in a drag, and a finger at
rest jitters by a few pixels. So a touch counts only once two reads in a
row agree (``_LANDED`` pixels apart at most), it ends only after
``_LIFTED`` reads in a row find nothing, at the last point it was seen
steady, it moves only once it is ``_DRAGGED`` pixels from where it
landed (a tap on a card, jittering, lifts it: it does not drag it and
put it back), and then by ``_STEADY`` pixels or more.

The panel is read every ``_READ_MS``: each read takes a few ADC samples,
and the library makes a few small objects each time (it opens the pins
for every read): the one allocation of the idle loop, kept to that pace.
This module's own code allocates nothing.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.buttons import TICKS_MASK
from ..app.big_screen.pointer import LEFT_BUTTON

_READ_MS = const(20)  # the panel is read this often at most
_LANDED = const(12)  # pixels (across plus down) two first reads may differ by: a touch
_LIFTED = const(3)  # reads in a row that find no touch: it is let go
_DRAGGED = const(12)  # pixels from where a touch landed before it moves at all
_STEADY = const(6)  # pixels a moving touch goes before the move counts


class TouchSource:
    """``touchscreen`` (a ``Touchscreen``: its ``touch_point`` is (x, y,
    pressure) in screen pixels, or None) as ``app``'s events through
    ``pointer`` (a TouchPointer) on ``screen`` (the app's FanScreen).
    ``poll(now_ms)`` gives the next event or ``NO_EVENT``, as the keys'
    ``ButtonSource.poll`` does; a drag moves the card it carries itself."""

    def __init__(self, touchscreen, pointer, screen, app):
        self.touchscreen = touchscreen
        self._pointer = pointer
        self._screen = screen
        self._app = app
        self._read_at = 0  # when the panel was last read
        self._down = False  # a touch is held
        self._reads = 0  # landing: touched reads so far; held: untouched reads in a row
        self._x = 0  # the touch's point: its last read, landing; its last steady point, held
        self._y = 0
        self._moving = False  # the touch held has gone _DRAGGED from where it landed

    def poll(self, now_ms):
        """The next event for the app, or ``NO_EVENT``."""
        if (now_ms - self._read_at) & TICKS_MASK >= _READ_MS:
            self._read_at = now_ms
            point = self.touchscreen.touch_point
            if point is None:
                event = self._untouched(now_ms)
            else:
                event = self._touched(point[0], point[1], now_ms)
            if event >= 0:
                return event
        return self._pointer.due(now_ms)  # (a card held still: the quick move)

    def _touched(self, x, y, now_ms):
        """A read that found a touch at (x, y): its press once it has
        landed, or the card it drags moved."""
        pointer = self._pointer
        if not self._down:
            if self._reads and abs(x - self._x) + abs(y - self._y) <= _LANDED:
                self._down = True
                self._moving = False
                self._reads = 0
                self._x = x
                self._y = y
                return pointer.press_on(self._app, self._screen, LEFT_BUTTON, x, y, now_ms)
            self._reads = 1  # the first read of a touch, or it was still landing
            self._x = x
            self._y = y
            return -1
        self._reads = 0
        if abs(x - self._x) + abs(y - self._y) >= (_STEADY if self._moving else _DRAGGED):
            self._moving = True
            self._x = x
            self._y = y
            pointer.move_on(self._app, self._screen, x, y, now_ms)
        return -1

    def _untouched(self, now_ms):
        """A read that found no touch: the touch let go once ``_LIFTED``
        reads in a row found none."""
        if not self._down:
            self._reads = 0
            return -1
        self._reads += 1
        if self._reads < _LIFTED:
            return -1
        self._down = False
        self._reads = 0
        return self._pointer.release_on(self._app, self._screen, LEFT_BUTTON, self._x, self._y,
                                        now_ms)


def touch_source(spec, board, screen, app):
    """A profile's touch screen (``Touch``) on ``board``, read by Adafruit's
    ``adafruit_touchscreen``, and the row of controls drawn on ``screen``
    (the app's FanScreen), as the app's events: a ``TouchSource``. (Set-up
    only, but here rather than in setup.py: the boards with buttons, whose
    set-up that is too, have no use for it.)"""
    from adafruit_touchscreen import Touchscreen

    from ..app.big_screen.touch import TouchControls, TouchPointer

    panel = Touchscreen(getattr(board, spec.left), getattr(board, spec.right),
                        getattr(board, spec.down), getattr(board, spec.up),
                        calibration=spec.calibration, size=(spec.width, spec.height))
    return TouchSource(panel, TouchPointer(TouchControls(screen, app)), screen, app)
