"""Stand-in for ``adafruit_fruitjam.peripherals``: ``request_display_config``
makes a DVI framebuffer of the size asked for (``picodvi``,
``framebufferio``: stand-ins too) and puts its display at
``supervisor.runtime.display``, as the library does. (No ``Peripherals``:
the game then plays silently and reads the buttons through their pins.)"""

import board
import displayio
import framebufferio
import picodvi
import supervisor

VALID_DISPLAY_SIZES = {(360, 200), (720, 400), (320, 240), (640, 480)}
COLOR_DEPTH_LUT = {360: 16, 320: 16, 720: 8, 640: 8}
requests = []


def request_display_config(width=None, height=None, color_depth=None):
    if (width, height) not in VALID_DISPLAY_SIZES:
        raise ValueError("Invalid display size")
    requests.append((width, height))
    displayio.release_displays()
    framebuffer = picodvi.Framebuffer(width, height, clk_dp=board.CKP, clk_dn=board.CKN,
                                      red_dp=board.D0P, red_dn=board.D0N,
                                      green_dp=board.D1P, green_dn=board.D1N,
                                      blue_dp=board.D2P, blue_dn=board.D2N,
                                      color_depth=color_depth or COLOR_DEPTH_LUT[width])
    supervisor.runtime.display = framebufferio.FramebufferDisplay(framebuffer)
