"""The Fruit Jam's USB mouse: its pointer on the screen, its buttons as the
app's events (``sthelena.app.big_screen.pointer`` says what a click does where).

Adafruit's ``adafruit_usb_host_mouse`` finds a boot mouse, takes it from
the firmware and makes its pointer (a TileGrid of the library's arrow). The
reports are read here, not by the library's ``update``, to tell a mouse
that has nothing to say (a timeout) from one that was unplugged (any other
USB error): that one is let go, its held buttons released, and a mouse is
looked for again every ``RESCAN_MS``.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.buttons import TICKS_MASK
from ..app.big_screen.drag import DragPointer
from ..app.big_screen.pointer import WHEEL_UP, WHEEL_DOWN

RESCAN_MS = const(2000)  # how often an absent mouse is looked for
_READ_MS = const(10)  # how long a read waits for a report
_RELEASED = const(8)  # a change code: button | _RELEASED when it goes up


class UsbMouse:
    """Reads a boot mouse found by ``find()`` (the library's
    ``find_and_init_boot_mouse``, or a stand-in); ``errors`` are the USB
    module's (timeout, any). ``change(now_ms)`` gives one button change a
    call, the pointer moved meanwhile: a button number (pointer.LEFT_BUTTON
    ...), that | ``_RELEASED``, a wheel step, or -1."""

    def __init__(self, find, timeout_error, usb_error, screen):
        self._find = find
        self._timeout_error = timeout_error
        self._usb_error = usb_error
        self.screen = screen  # the BigScreen: its size, and where the pointer is drawn
        self.mouse = None
        self._looked = -1  # when a mouse was last looked for (-1: look now)
        self._buttons = 0  # buttons down, as given
        self._reported = 0  # ...as the last report had them
        self.x = screen.width // 2
        self.y = screen.height // 2

    def change(self, now_ms):
        if self.mouse is None and self._reported == self._buttons:
            if self._looked < 0 or (now_ms - self._looked) & TICKS_MASK >= RESCAN_MS:
                self._looked = now_ms & TICKS_MASK
                self._look()
            return -1
        if self._reported == self._buttons:
            wheel = self._read()
            if wheel:
                return WHEEL_UP if wheel > 0 else WHEEL_DOWN
        changed = self._reported ^ self._buttons
        for button in range(3):
            if changed >> button & 1:
                self._buttons ^= 1 << button
                return button if self._buttons >> button & 1 else button | _RELEASED
        return -1

    def _look(self):
        try:
            mouse = self._find()
        except (self._usb_error, OSError, ValueError, RuntimeError):  # half-way in, or gone again
            mouse = None
        if mouse is None:
            return
        self.mouse = mouse
        if mouse.tilegrid is not None:
            mouse.tilegrid.x = self.x
            mouse.tilegrid.y = self.y
            self.screen.add_layer(mouse.tilegrid)

    def _read(self):
        """Read a report if one is there: the pointer moved, the buttons
        it holds noted; the wheel's step (0: none)."""
        mouse = self.mouse
        if mouse is None:
            return 0
        try:
            count = mouse.device.read(mouse.endpoint, mouse.buffer, timeout=_READ_MS)
        except self._timeout_error:
            return 0
        except (self._usb_error, OSError):  # unplugged
            self.lose()
            return 0
        report = mouse.buffer
        self._reported = report[0] & 7
        self.x = max(0, min(self.screen.width - 1, self.x + report[1]))
        self.y = max(0, min(self.screen.height - 1, self.y + report[2]))
        if mouse.tilegrid is not None:
            mouse.tilegrid.x = self.x
            mouse.tilegrid.y = self.y
        return report[3] if count > 3 else 0

    def lose(self):
        """Let the mouse go: its pointer taken off the screen, its buttons released."""
        mouse = self.mouse
        self.mouse = None
        self._reported = 0
        if mouse is not None and mouse.tilegrid is not None:
            self.screen.remove_layer(mouse.tilegrid)
        self._looked = -1

    def release(self):
        """Hand the mouse back to the firmware (leaving the game)."""
        if self.mouse is not None:
            try:
                self.mouse.release()
            except (self._usb_error, OSError, RuntimeError):
                pass  # gone meanwhile: nothing to hand back


class MouseSource:
    """The mouse as app events: clicks and drags where the pointer is, on
    the table the screen shows (``drag.DragPointer``)."""

    def __init__(self, mouse, app):
        self.mouse = mouse
        self.app = app
        self._pointer = DragPointer()
        self._x = mouse.x  # where the pointer was last told to the pointer
        self._y = mouse.y

    def poll(self, now_ms):
        mouse = self.mouse
        change = mouse.change(now_ms)
        if mouse.x != self._x or mouse.y != self._y:  # a dragged card follows
            self._x = mouse.x
            self._y = mouse.y
            self._pointer.move_on(self.app, mouse.screen, mouse.x, mouse.y, now_ms)
        if change < 0:
            return self._pointer.due(now_ms)
        if change & _RELEASED:
            plugged = mouse.mouse is not None  # pulled out: a card dragged goes back
            return self._pointer.release_on(self.app, mouse.screen, change & 7,
                                            mouse.x if plugged else -1,
                                            mouse.y if plugged else -1, now_ms)
        return self._pointer.press_on(self.app, mouse.screen, change, mouse.x, mouse.y, now_ms)
