"""The desktop's mouse, playing the Fruit Jam: the window's clicks, or a
script's, on the Fruit Jam's screen.

Desktop only. Window pixels are screen pixels ``scale`` times larger;
``BigScreen`` finds the table's pixel under them and ``Pointer`` the app's
event there, as the Fruit Jam's own mouse does (``sthelena.fruitjam.mouse``).
"""

from ..app.buttons import A, B, HOLD, NO_EVENT
from ..app.pointer import Pointer


class DesktopMouse:
    """Mouse buttons on ``screen`` (a BigScreen) as ``app``'s events."""

    def __init__(self, app, screen, scale=1):
        self.app = app
        self.screen = screen
        self.scale = scale  # window pixels a screen pixel
        self._pointer = Pointer()

    def press(self, button, x, y, now_ms):
        """Mouse ``button`` down at screen pixel (x, y): the app's event."""
        return self._pointer.press_on(self.app, self.screen, button, x, y, now_ms)

    def press_in_window(self, button, x, y, now_ms):
        """The same at window pixel (x, y)."""
        return self.press(button, x // self.scale, y // self.scale, now_ms)

    def release(self, button, now_ms):
        self._pointer.release(button, now_ms)

    def due(self, now_ms):
        return self._pointer.due(now_ms)

    def click(self, button, x, y, held=False):
        """A script's click at screen pixel (x, y), handed to the app; a
        held one as A or B held after its press."""
        event = self.press(button, x, y, 0)
        if event != NO_EVENT:
            self.app.handle(event)
            if held and (event == A or event == B):
                self.app.handle(event | HOLD)
        self.release(button, 0)
