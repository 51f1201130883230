"""Stand-in for ``adafruit_fruitjam.peripherals``: ``request_display_config``
makes a DVI framebuffer of the size asked for and puts its display at
``supervisor.runtime.display``, as the library does (tools/harness/standins/fruit_jam_dvi.py).
(No ``Peripherals``: the game then plays silently and reads the buttons
through their pins.)"""

import board
from fruit_jam_dvi import COLOR_DEPTH_LUT, VALID_DISPLAY_SIZES, request, requests  # noqa: F401


def request_display_config(width=None, height=None, color_depth=None):
    request(board, width, height, color_depth)
