"""Stand-in for CircuitPython's ``digitalio`` (the speaker enable pin)."""


class Direction:
    INPUT = 0
    OUTPUT = 1


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

    def deinit(self):
        pass
