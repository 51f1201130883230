"""Stand-in for CircuitPython's ``neopixel_write``: what was last written to
each pin is kept in ``written`` (pin name -> bytes), for tests to read."""

written = {}


def neopixel_write(digitalinout, buf):
    written[digitalinout.pin.name] = bytes(buf)
