"""Stand-in for CircuitPython's ``busio``: the ``SPI`` bus a screen the game
sets up is driven on (its pins, as given; nothing is sent)."""


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        self.clock = clock
        self.MOSI = MOSI
        self.MISO = MISO

    def deinit(self):
        pass
