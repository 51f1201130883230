"""The screen light's steps and the battery's charge as the menu shows them
and the save keeps them: apart from power.py, which works them, because a
board without sensors has no power.py in its game (the Wio Terminal's) while
the menu and the save are every board's."""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

BRIGHTNESS_LEVELS = (0.25, 0.5, 0.75, 1.0)  # the brightness steps; one more step is "auto"
BRIGHTNESS_AUTO = const(4)
BRIGHTNESS_STEPS = const(5)

# The battery (a LiPo cell): millivolts, and the share of its charge left
# there, roughly, at a handheld's small load; between them, in a line.
_CHARGE_MV = (3300, 3500, 3600, 3700, 3800, 3900, 4000, 4100, 4200)
_CHARGE_PERCENT = (0, 10, 20, 40, 60, 75, 87, 96, 100)


def charge_percent(millivolts):
    """The battery's charge left, 0 to 100, at ``millivolts``."""
    points = _CHARGE_MV
    if millivolts <= points[0]:
        return 0
    for index in range(1, len(points)):
        if millivolts < points[index]:
            low = points[index - 1]
            below = _CHARGE_PERCENT[index - 1]
            return below + (_CHARGE_PERCENT[index] - below) * (millivolts - low) // (
                points[index] - low)
    return 100
