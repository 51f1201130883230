"""The Fruit Jam's DVI screen for the stand-ins (not a firmware module):
a framebuffer of the size asked for (``picodvi``, ``framebufferio``: stand-ins
too), its display put at ``supervisor.runtime.display``, each request kept in
``requests``. ``adafruit_fruitjam.peripherals.request_display_config`` asks for
one, and ``board.use("fruit_jam")`` for the launcher's; a module of its own, so
that neither of those two imports the other back."""

import displayio
import framebufferio
import picodvi
import supervisor

VALID_DISPLAY_SIZES = {(360, 200), (720, 400), (320, 240), (640, 480)}
COLOR_DEPTH_LUT = {360: 16, 320: 16, 720: 8, 640: 8}
requests = []


def request(pins, width, height, color_depth=None):
    """A display of ``width`` x ``height`` on the DVI pins of ``pins`` (the
    board module)."""
    if (width, height) not in VALID_DISPLAY_SIZES:
        raise ValueError("Invalid display size")
    requests.append((width, height))
    displayio.release_displays()
    framebuffer = picodvi.Framebuffer(width, height, clk_dp=pins.CKP, clk_dn=pins.CKN,
                                      red_dp=pins.D0P, red_dn=pins.D0N,
                                      green_dp=pins.D1P, green_dn=pins.D1N,
                                      blue_dp=pins.D2P, blue_dn=pins.D2N,
                                      color_depth=color_depth or COLOR_DEPTH_LUT[width])
    supervisor.runtime.display = framebufferio.FramebufferDisplay(framebuffer)
