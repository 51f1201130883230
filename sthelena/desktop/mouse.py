"""The desktop's mouse, playing the Fruit Jam: the window's clicks and drags,
or a script's, on the Fruit Jam's screen; and a touch screen's board's
(``--board pyportal``...) touches, its row of controls in front.

Desktop only. Window pixels are screen pixels ``scale`` times larger; the
screen (a FanScreen, or a BigScreen) finds the place under them and
``DragPointer`` the app's event there, as the Fruit Jam's own mouse does
(``sthelena.fruitjam.mouse``).
"""

from ..app.buttons import A, B, HOLD, NO_EVENT
from ..app.big_screen.drag import DragPointer
from ..app.big_screen.pointer import LEFT_BUTTON

DRAG_STEP = 8  # screen pixels between the moves a script's drag reports


class DesktopMouse:
    """Mouse buttons on ``screen`` (a BigScreen) as ``app``'s events."""

    def __init__(self, app, screen, scale=1, pointer=None):
        self.app = app
        self.screen = screen
        self.scale = scale  # window pixels a screen pixel
        self._pointer = pointer or DragPointer()  # (a touch screen's: its TouchPointer)

    def press(self, button, x, y, now_ms):
        """Mouse ``button`` down at screen pixel (x, y): the app's event."""
        return self._pointer.press_on(self.app, self.screen, button, x, y, now_ms)

    def press_in_window(self, button, x, y, now_ms):
        """The same at window pixel (x, y)."""
        return self.press(button, x // self.scale, y // self.scale, now_ms)

    def move_in_window(self, x, y, now_ms):
        """The pointer moved to window pixel (x, y) (a dragged card follows)."""
        self._pointer.move_on(self.app, self.screen, x // self.scale, y // self.scale, now_ms)

    def release(self, button, now_ms, x=-1, y=-1):
        """Mouse ``button`` up at screen pixel (x, y): the app's event (a drop)."""
        return self._pointer.release_on(self.app, self.screen, button, x, y, now_ms)

    def release_in_window(self, button, x, y, now_ms):
        return self.release(button, now_ms, x // self.scale, y // self.scale)

    def due(self, now_ms):
        return self._pointer.due(now_ms)

    def _handle(self, event):
        if event != NO_EVENT:
            self.app.handle(event)

    def click(self, button, x, y, held=False):
        """A script's click at screen pixel (x, y), handed to the app; a
        held one as A or B held after its press."""
        event = self.press(button, x, y, 0)
        self._handle(event)
        if held and (event == A or event == B):
            self.app.handle(event | HOLD)
        self._handle(self.release(button, 0, x, y))

    def left_step(self, step, x, y):
        """A script's step of a drag by the left button at screen pixel (x,
        y): "PRESS", "MOVE" or "RELEASE"."""
        if step == "PRESS":
            self._handle(self.press(LEFT_BUTTON, x, y, 0))
        elif step == "MOVE":
            self._pointer.move_on(self.app, self.screen, x, y, 0)
        else:
            self._handle(self.release(LEFT_BUTTON, 0, x, y))

    def drag(self, x, y, to_x, to_y):
        """A script's drag: the left button pressed at screen pixel (x, y),
        the pointer moved to (to_x, to_y) in steps of DRAG_STEP pixels, and
        let go there."""
        self._handle(self.press(LEFT_BUTTON, x, y, 0))
        steps = max(1, max(abs(to_x - x), abs(to_y - y)) // DRAG_STEP)
        for step in range(1, steps + 1):
            self._pointer.move_on(self.app, self.screen, x + (to_x - x) * step // steps,
                                  y + (to_y - y) * step // steps, 0)
        self._handle(self.release(LEFT_BUTTON, 0, to_x, to_y))
