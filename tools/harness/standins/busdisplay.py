"""Stand-in for CircuitPython's ``busdisplay``: the ``BusDisplay`` a board's
built-in screen is (``board.DISPLAY``): its size, ``root_group`` and refresh
knobs. The firmware makes it from a display bus and the panel's start-up
commands; a stand-in is made without them (``width`` and ``height`` only),
and counts its refreshes (``refreshes``)."""


class BusDisplay:
    def __init__(self, display_bus=None, init_sequence=b"", *, width, height):
        self.bus = display_bus
        self.width = width
        self.height = height
        self.rotation = 0
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
