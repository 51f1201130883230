"""Stand-in for CircuitPython's ``busdisplay``: the ``BusDisplay`` a board's
built-in screen is (``board.DISPLAY``): its size, ``root_group`` and refresh
knobs. The firmware makes it from a display bus and the panel's start-up
commands; a stand-in is made without them (``width`` and ``height`` only),
or, for a screen the game sets up, by Adafruit's driver library as the
firmware's is (its bus, commands and settings kept for a test to read), and
counts its refreshes (``refreshes``)."""


class BusDisplay:
    def __init__(self, display_bus=None, init_sequence=b"", *, width, height, rotation=0,
                 colstart=0, rowstart=0, backlight_pin=None, auto_refresh=True, **settings):
        self.bus = display_bus
        self.init_sequence = init_sequence
        self.width = width
        self.height = height
        self.rotation = rotation
        self.colstart = colstart
        self.rowstart = rowstart
        self.backlight_pin = backlight_pin
        self.settings = settings  # the driver's other knobs (its commands, colour order...)
        self.root_group = None
        self.auto_refresh = auto_refresh
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
