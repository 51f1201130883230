"""``vectorio`` for the web page: the one shape the game draws, the table's
baize (a ``Rectangle``), which is also what ``adafruit_displayio_layout``'s
GridLayout imports. The page's screen draws TileGrids, so a rectangle is
one here: a bitmap of its size, every pixel its ``color_index`` (a byte a
pixel: the baize's 160 x 128 is 20 KB, which a page has room for), so the
canvas shows what the desktop's window and the board show."""

import displayio


class Rectangle(displayio.TileGrid):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width and height must be at least 1")
        bitmap = displayio.Bitmap(width, height, color_index + 1)
        bitmap.fill(color_index)
        super().__init__(bitmap, pixel_shader=pixel_shader, x=x, y=y)
        self.color_index = color_index
