"""Stand-in for CircuitPython's ``supervisor``: a clock tests set, and ``runtime``.

``ticks_ms()`` gives the set time, then moves it on by ``STEP`` ms (0: the
clock stands still), wrapping at 2**29 as the board's does. ``runtime``
holds the display a Fruit Jam's launcher leaves (720 x 400, or None after
``runtime.display = None``) and the serial console's waiting characters
(``runtime.serial_bytes_available``), and whether USB is connected
(``runtime.usb_connected``); ``reload()`` is counted in ``reloads``.
"""

STEP = 0
_now = 0


def set_ticks(now):
    global _now
    _now = now & 0x1FFFFFFF


def ticks_ms():
    global _now
    now = _now
    _now = (now + STEP) & 0x1FFFFFFF
    return now


class _Runtime:
    def __init__(self):
        self.display = None
        self.serial_bytes_available = 0
        self.usb_connected = False


runtime = _Runtime()
reloads = []


def reload():
    reloads.append(True)
