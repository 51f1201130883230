"""``vectorio`` for the web page: what ``adafruit_displayio_layout``'s
GridLayout imports (its divider lines are ``Rectangle`` shapes). The game
draws none, and the page's screen draws no shapes, so making one says so
rather than showing something else than the desktop."""


class Rectangle:
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        raise NotImplementedError("the page's displayio draws no vectorio shapes")
