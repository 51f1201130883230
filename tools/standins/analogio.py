"""Stand-in for CircuitPython's ``analogio.AnalogIn``: 0..65535, 32768 at rest.

Tests move the PyGamer's joystick with ``set_value(pin, value)``.
"""

_values = {}


def set_value(pin, value):
    _values[pin.name] = value


class AnalogIn:
    def __init__(self, pin):
        self._name = pin.name
        _values.setdefault(pin.name, 32768)
        self.reference_voltage = 3.3

    @property
    def value(self):
        return _values[self._name]

    def deinit(self):
        pass
