"""Stand-in for CircuitPython's ``supervisor.ticks_ms``: a clock tests set.

``ticks_ms()`` gives the set time, then moves it on by ``STEP`` ms (0: the
clock stands still), wrapping at 2**29 as the board's does.
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
