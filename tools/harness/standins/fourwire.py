"""Stand-in for CircuitPython's ``fourwire``: the ``FourWire`` display bus a
screen set up on SPI speaks through (its SPI, pins and baud rate, kept for a
test to read; the commands sent are counted, not decoded)."""


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi = spi_bus
        self.command = command
        self.chip_select = chip_select
        self.reset = reset
        self.baudrate = baudrate
        self.commands = 0

    def send(self, command, data):
        self.commands += 1
