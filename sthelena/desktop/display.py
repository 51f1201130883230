"""The desktop's display: Blinka's displayio in a pygame window, scaled up.

Desktop only. ``Display()`` makes the one displayio display of the process
(160x128 as the handheld's, or the Fruit Jam's screen), drawn into an offscreen
surface (which tests and ``--shot`` read) and shown scaled in a window, or in
none for scripted runs. Its class is made at first use, as its base class comes
from a desktop-only module that prints on import.
"""

import contextlib
import io
import os
import sys
import time

from .arguments import CliError, shown

WIDTH = 160  # the PyGamer's and PyBadge's screen
HEIGHT = 128
SCALE = 4  # default window pixels per screen pixel


class WindowError(CliError):
    """No window can be opened (no display): one line for stderr, exit 1."""

    status = 1


def cannot_write(path, error):
    """The CliError for an output file or folder that could not be written."""
    reason = getattr(error, "strerror", None) or error
    return CliError("cannot write %s: %s" % (shown(path), reason))


def no_display(environ=os.environ, platform=sys.platform):
    """The CliError (one line, exit 2) for a window asked for where there is
    no display to open it on, or None. On Linux that is neither
    ``$DISPLAY`` (X) nor ``$WAYLAND_DISPLAY`` set: SDL would then fall back to its
    offscreen driver and the game would run unseen, for ever. A
    ``$SDL_VIDEODRIVER`` given (dummy for the tests, kmsdrm on a console)
    is the user's choice and is not second-guessed; other systems always
    have a display."""
    if not platform.startswith("linux") or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return CliError("no display to open a window on (neither $DISPLAY nor $WAYLAND_DISPLAY is "
                    "set): without one, play a script with --keys \"RIGHT A ...\" --shot "
                    "out.png, or in the terminal with `make play-tty`")


def quiet_import():
    """Import pygame and Blinka's displayio without their greetings on stdout
    (pygame's banner, Blinka's "GENERIC_X86 is not fully supported"): stdout
    stays for what the program itself prints."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        import pygame  # noqa: F401
        import displayio  # noqa: F401
        import blinka_displayio_pygamedisplay  # noqa: F401


_display_class = None


def Display(scale=SCALE, window=True, caption="St. Helena", size=(WIDTH, HEIGHT)):
    """The one display of this process (Blinka allows one): a displayio
    display of ``size`` pixels (the handheld's 160x128 by default) drawn
    into an offscreen surface and shown ``scale`` times larger in a window,
    or in no window if ``window`` is false. CliError if a window is wanted
    and there is no display (``no_display``)."""
    global _display_class
    problem = no_display() if window else None  # before pygame, Blinka or the save are touched
    if problem is not None:
        raise problem
    if _display_class is None:
        _display_class = _make_display_class()
    return _display_class(scale=scale, window=window, caption=caption, size=size)


def _make_display_class():
    """Define the display class; it is made at first use, as its base class
    comes from a module that only the desktop has (and that prints on import)."""
    quiet_import()
    import busdisplay
    import numpy
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    from displayio._area import Area

    class ScaledDisplay(PyGameDisplay):
        """PyGameDisplay drawing into ``frame()``, a surface of the screen's
        size, and showing it scaled by nearest pixel.

        Unlike its base class it redraws only what displayio marks as changed
        (the frame keeps the rest), and only when ``refresh()`` is called from
        the main thread: the edge refreshes after every event and tick, so
        nothing depends on displayio's background thread or pygame's events.
        ``brightness`` (the backlight's, 0.0 to 1.0, which the app's power.py
        sets) dims what the window and the PNGs show; ``frame()`` keeps what
        the screen draws, for the tests' readers.
        """

        def __init__(self, scale, window, caption, size):
            if scale < 1:
                raise ValueError("scale must be 1 or more")
            self.scale = scale
            self.size = size
            self._want_window = window
            self._window = None
            self._frame = pygame.Surface(size)
            self._drawn = False  # did the last refresh change the frame?
            self._light = 1.0  # the backlight
            super().__init__(width=size[0], height=size[1], caption=caption,
                             auto_refresh=False)

        # PyGameDisplay's hooks

        def _initialize(self, init_sequence):
            self._pygame_screen = self._frame  # where the base class would draw
            if self._want_window:
                try:
                    pygame.display.init()
                    pygame.display.set_caption(self._caption)
                    self._window = pygame.display.set_mode((self.size[0] * self.scale,
                                                            self.size[1] * self.scale))
                except pygame.error as error:
                    raise WindowError("cannot open a window (%s); --keys runs need none" % error)

        def _get_refresh_areas(self):
            return busdisplay.BusDisplay._get_refresh_areas(self)

        def _refresh_area(self, area):
            clipped = Area()
            if not self._core.clip_area(area, clipped):
                return True
            width, height = clipped.width(), clipped.height()
            pixels = width * height
            words = (pixels + 1) // 2  # two 16-bit pixels to a 32-bit word
            buffer = memoryview(bytearray(words * 4)).cast("I")
            mask = memoryview(bytearray((pixels // 32 + 1) * 4)).cast("I")
            self._core.fill_area(clipped, mask, buffer)
            # RGB565, high byte first; widen each channel to 8 bits
            packed = buffer.tobytes()[:pixels * 2]
            rgb565 = numpy.frombuffer(packed, dtype=">u2").astype(numpy.uint32)
            red, green, blue = rgb565 >> 11, (rgb565 >> 5) & 63, rgb565 & 31
            rgb = numpy.empty((pixels, 3), dtype=numpy.uint8)
            rgb[:, 0] = (red << 3) | (red >> 2)
            rgb[:, 1] = (green << 2) | (green >> 4)
            rgb[:, 2] = (blue << 3) | (blue >> 2)
            image = pygame.image.frombuffer(rgb.tobytes(), (width, height), "RGB")
            self._frame.blit(image, (clipped.x1, clipped.y1))
            self._drawn = True
            return True

        def _refresh_display(self):
            self._drawn = False
            done = busdisplay.BusDisplay._refresh_display(self)
            if self._drawn:
                self.present()
            self._last_refresh = time.monotonic()
            self._refresh_pending = False
            return done

        def _background(self):
            pass  # refreshes come from the main thread only (see the class)

        @property
        def brightness(self):
            return self._light

        @brightness.setter
        def brightness(self, level):
            if not 0.0 <= level <= 1.0:
                raise ValueError("brightness must be 0.0 to 1.0")
            self._light = level
            self.present()

        # for the edge and tests

        def lit_frame(self):
            """The frame as the backlight shows it: dimmed by ``brightness``."""
            if self._light >= 1.0:
                return self._frame
            level = round(255 * self._light)
            lit = self._frame.copy()
            lit.fill((level, level, level), special_flags=pygame.BLEND_RGB_MULT)
            return lit

        def present(self):
            """Show the frame in the window, scaled and as bright as the
            backlight (after a refresh, or when the window was uncovered)."""
            if self._window is not None:
                pygame.transform.scale(self.lit_frame(), self._window.get_size(), self._window)
                pygame.display.flip()

        def frame(self):
            """The surface of what the screen shows (160x128 as the handheld's)."""
            return self._frame

        def window_surface(self):
            """The window's scaled surface, or None without a window."""
            return self._window

        def pixel(self, x, y):
            """The (r, g, b) of screen pixel (x, y)."""
            return tuple(self._frame.get_at((x, y)))[:3]

        def save_png(self, path, scale=1):
            """Write the frame as the backlight shows it as a PNG, ``scale``
            times larger, whatever the name's extension; CliError if the file
            cannot be written."""
            surface = self.lit_frame()
            if scale != 1:
                surface = pygame.transform.scale(surface, (self.size[0] * scale,
                                                           self.size[1] * scale))
            try:
                with open(path, "wb") as file:
                    pygame.image.save(surface, file, "frame.png")
            except (OSError, pygame.error) as error:
                raise cannot_write(path, error)

    return ScaledDisplay
