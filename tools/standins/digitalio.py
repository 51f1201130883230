"""Stand-in for CircuitPython's ``digitalio`` (the speaker enable pin, the
Fruit Jam's buttons: a test presses one by setting its ``value`` False)."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.value = pull == Pull.UP  # a pulled-up button reads high until pressed

    def deinit(self):
        pass
