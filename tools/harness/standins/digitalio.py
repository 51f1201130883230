"""Stand-in for CircuitPython's ``digitalio`` (the speaker enable pin, the
Fruit Jam's buttons: a test presses one by setting its ``value`` False)."""


class Direction:
    """Where a pin's value goes (the firmware's values are objects, not ints)."""


Direction.INPUT = Direction()
Direction.OUTPUT = Direction()


class Pull:
    """Which way an input is pulled."""


Pull.UP = Pull()
Pull.DOWN = Pull()


class DriveMode:
    """How an output drives its pin."""


DriveMode.PUSH_PULL = DriveMode()
DriveMode.OPEN_DRAIN = DriveMode()


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.value = False

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.value = pull == Pull.UP  # a pulled-up button reads high until pressed

    def deinit(self):
        pass
