"""Stand-in for CircuitPython's ``vectorio``: what ``adafruit_displayio_layout``'s
GridLayout imports (its divider lines are ``vectorio.Rectangle`` shapes; this
game draws none). Nothing is drawn; a shape goes into one Group as a layer.
"""

from displayio import _Layer


class Rectangle(_Layer):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width and height must be at least 1")
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.color_index = color_index
        if x:
            self.x = x
        if y:
            self.y = y
