"""Stand-in for Adafruit's ``adafruit_touchscreen``, as far as the game uses
it: ``Touchscreen(x1, x2, y1, y2, calibration=..., size=...)`` keeps its
pins and settings (``made``: every one made, for tests), and its
``touch_point`` is what a test scripts: ``touch(x, y)`` puts a finger at
screen pixel (x, y) (a pressure the library would report with it), ``lift()``
takes it off, ``script(points)`` gives one reading per read (None: no touch),
after which the last one stays. ``reads`` counts the readings taken."""

made = []
_PRESSURE = 40000
_points = []  # the readings script() gave, read from _next on (no list is changed while read)
_next = 0
_at = None
reads = 0


def touch(x, y):
    """A finger at screen pixel (x, y) from the next read on."""
    script([(x, y)])


def lift():
    """No finger from the next read on."""
    script([None])


def script(points):
    """One reading a read: each ``(x, y)`` or None, then the last stays."""
    global _next
    _points.clear()
    _next = 0
    for point in points:
        _points.append(None if point is None else (point[0], point[1], _PRESSURE))


class Touchscreen:
    def __init__(self, x1_pin, x2_pin, y1_pin, y2_pin, *, x_resistance=None, samples=4,
                 z_threshold=10000, calibration=None, size=None, invert_pressure=True):
        self.pins = (x1_pin, x2_pin, y1_pin, y2_pin)
        self.calibration = calibration
        self.size = size
        made.append(self)

    @property
    def touch_point(self):
        global _at, _next, reads
        reads += 1
        if _next < len(_points):
            _at = _points[_next]
            _next += 1
        return _at
