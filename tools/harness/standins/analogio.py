"""Stand-in for CircuitPython's ``analogio.AnalogIn``: 0..65535, 32768 at rest
(the joystick centred, the light sensor half lit) but for the battery pins,
the PyGamer's and PyBadge's A6 and the PicoSystem's BAT_SENSE, which read a
charged battery's 4.0 V (halved, or divided by three, by their dividers).

Tests move the joystick, the light and the battery with ``set_value(pin, value)``.
"""

_values = {}
_AT_REST = {"A6": 4000 * 65535 // 6600, "BAT_SENSE": 4000 * 65535 // 9900}


def set_value(pin, value):
    _values[pin.name] = value


class AnalogIn:
    def __init__(self, pin):
        self._name = pin.name
        _values.setdefault(pin.name, _AT_REST.get(pin.name, 32768))
        self.reference_voltage = 3.3

    @property
    def value(self):
        return _values[self._name]

    def deinit(self):
        pass
