"""The mouse on the fanned table (fan_table.py): clicks as pointer.py says,
and drag and drop.

A left press on a place picks its top card up (A, as a click: the cursor
goes there and the card is lifted, its legal places marked). Moved more
than ``DRAG_START`` pixels with the button held, the card leaves its pile
and follows the pointer (``FanTableView.begin_drag``); let go on another
place it is put down there (A there: played if legal, else the reason on
the status line and the card back on its pile); let go on its own pile,
the status line or off the places, it goes back (B). A click and a click
(lift, put down), the double click (the quick move) and the held click
stay as on the scaled table. On the other screens (menu, help...) the
scaled table's pointer answers.

Points are screen pixels: the screen is a ``FanScreen`` (its ``layout``
finds the place under a point); on any other screen this is pointer.py's
``Pointer`` as it stands.
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..buttons import A, B, START, NO_EVENT
from .fan_layout import STATUS_LINE
from .pointer import Pointer, on_place, LEFT_BUTTON, RIGHT_BUTTON, WHEEL_UP, WHEEL_DOWN
from ..screens.common import PLAY, NOWHERE

DRAG_START = const(4)  # pixels the pointer moves, the button held, before the card follows


def fan_pointed(app, layout, button, x, y):
    """The app's event for mouse ``button`` pressed at screen pixel (x, y)
    of the fanned table (``layout``: its FanLayout); the cursor goes to the
    place under the pointer first."""
    if button == RIGHT_BUTTON:
        return B
    if button == WHEEL_UP or button == WHEEL_DOWN:
        return NO_EVENT  # the table has no scroll
    place = layout.place_at(x, y)
    if place == STATUS_LINE:
        return START if button == LEFT_BUTTON else NO_EVENT
    return on_place(app, button, place)


class DragPointer(Pointer):
    """The mouse's presses, moves and releases as the app's events, with
    drag and drop on a FanScreen; see the module docstring."""

    def __init__(self):
        super().__init__()
        self._pressed = NOWHERE  # the place a left press is picking a card up from
        self._from_x = 0  # where that press was
        self._from_y = 0

    def press_on(self, app, screen, button, x, y, now_ms):
        """Mouse ``button`` went down at screen pixel (x, y): the app's event."""
        self._pressed = NOWHERE
        layout = getattr(screen, "layout", None)
        if layout is None or app.screen != PLAY:
            return Pointer.press_on(self, app, screen, button, x, y, now_ms)
        lifted = app.lifted
        event = fan_pointed(app, layout, button, x, y)
        if event == A and button == LEFT_BUTTON and lifted == NOWHERE:
            self._pressed = app.cursor  # this press lifts the card: it may be dragged
            self._from_x = x
            self._from_y = y
        return self.timed(event, button, now_ms)

    def move_on(self, app, screen, x, y, now_ms):
        """The pointer is at screen pixel (x, y): a card picked up by the
        left button held follows it, once it has moved far enough.
        Allocates nothing once the card follows."""
        pressed = self._pressed
        if pressed == NOWHERE:
            return
        view = app.view
        if view.dragging == NOWHERE:
            if abs(x - self._from_x) + abs(y - self._from_y) < DRAG_START:
                return
            if app.screen != PLAY or app.lifted != pressed:  # a hold or a key moved it
                self._pressed = NOWHERE
                return
            self._timer.up(A, now_ms)  # a drag, not a hold: no quick move
            view.begin_drag(pressed, self._from_x, self._from_y)
            app.go(PLAY)  # the pile without the card it carries
        view.drag_to(x, y)

    def release_on(self, app, screen, button, x, y, now_ms):
        """Mouse ``button`` went up at screen pixel (x, y) (-1, -1: the
        mouse is gone): the app's event (a card dragged is dropped there)."""
        self.release(button, now_ms)
        if button != LEFT_BUTTON:
            return NO_EVENT
        self._pressed = NOWHERE
        view = app.view
        source = getattr(view, "dragging", NOWHERE)
        if source == NOWHERE:
            return NO_EVENT
        view.end_drag()
        if app.screen != PLAY or app.lifted != source:  # the game moved on meanwhile
            if app.screen == PLAY:
                app.go(PLAY)
            return NO_EVENT
        place = screen.layout.place_at(x, y)
        if place < 0 or place == source:
            return B  # not dropped on another place: it goes back
        if app.cursor != place:
            app.cursor = place
            app.changed()
        return A  # put down there: played, or the reason why not and it goes back
