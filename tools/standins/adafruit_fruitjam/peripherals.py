"""Stand-in for ``adafruit_fruitjam.peripherals``: ``request_display_config``
puts a display of the size asked for at ``supervisor.runtime.display``, as
the library does with a DVI framebuffer. (No ``Peripherals``: the game then
plays silently and reads the buttons through their pins.)"""

import board
import supervisor

VALID_DISPLAY_SIZES = {(360, 200), (720, 400), (320, 240), (640, 480)}
requests = []


def request_display_config(width=None, height=None, color_depth=None):
    if (width, height) not in VALID_DISPLAY_SIZES:
        raise ValueError("Invalid display size")
    requests.append((width, height))
    supervisor.runtime.display = board.Display(width, height)
