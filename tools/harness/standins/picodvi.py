"""Stand-in for CircuitPython's ``picodvi``: a DVI ``Framebuffer`` of the
sizes and colour depths the RP2350 offers (its pins are taken and not
checked). Its buffer is not allocated: the firmware keeps it outside the
heap."""

# Framebuffer_RP2350.c's preflight: full resolution at 1 to 8 bits; the sizes it
# doubles (or quadruples) at 8, 16 or 32.
_MODES = {(320, 240): (8, 16, 32), (360, 200): (8, 16, 32), (160, 120): (8, 16, 32),
          (180, 100): (8, 16, 32), (640, 480): (1, 2, 4, 8), (720, 400): (1, 2, 4, 8)}


class Framebuffer:
    def __init__(self, width, height, *, clk_dp, clk_dn, red_dp, red_dn,
                 green_dp, green_dn, blue_dp, blue_dn, color_depth=8):
        if color_depth not in _MODES.get((width, height), ()):
            raise ValueError("Invalid width, height or color_depth")
        self.width = width
        self.height = height
        self.color_depth = color_depth

    def deinit(self):
        pass
