"""Stand-in for CircuitPython's ``pwmio``: a ``PWMOut`` whose duty cycle a
test reads back (the PicoSystem's LED)."""


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if not 0 <= duty_cycle <= 65535:
            raise ValueError("duty_cycle must be 0 to 65535")
        self.pin = pin
        self.duty_cycle = duty_cycle
        self.frequency = frequency

    def deinit(self):
        pass
