"""``bitmaptools`` for the web page: ``readinto`` (how the app loads its
sprite sheets) and ``blit`` (how ``adafruit_display_text``'s labels draw
their glyphs), on the page's Bitmaps (``displayio`` beside this module),
writing their bytes directly: the page's Python is slow and a sheet is
thousands of pixels.
"""

import displayio


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    """Fill ``bitmap`` from ``file``'s rows, as the firmware's does, for the
    page's case only: 4 bits a pixel, the first in a byte's high bits (a
    BMP's), rows padded to whole ``element_size`` elements. Raises EOFError
    when the file is cut short."""
    if bits_per_pixel != 4 or not reverse_pixels_in_element or swap_bytes_in_element:
        raise NotImplementedError("the page reads 4-bit BMP rows only")
    width = bitmap.width
    height = bitmap.height
    row_bits = element_size * 8
    size = (width * 4 + row_bits - 1) // row_bits * element_size
    row = bytearray(size)
    data = bitmap._data
    pixels = bytearray(width)
    for y in range(height):
        if file.readinto(row) != size:
            raise EOFError()
        for x in range(0, width - 1, 2):
            byte = row[x >> 1]
            pixels[x] = byte >> 4
            pixels[x + 1] = byte & 15
        if width & 1:
            pixels[width - 1] = row[width >> 1] >> 4
        at = (height - 1 - y if reverse_rows else y) * width
        data[at:at + width] = pixels
    bitmap.dirty()


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    """Copy the source's region [x1, x2) x [y1, y2) to (x, y) of the
    destination, clipped to it (as Blinka's does, which the desktop draws
    with); pixels of ``skip_source_index``, or over ``skip_dest_index``,
    left alone."""
    if not isinstance(dest_bitmap, displayio.Bitmap) or not isinstance(source_bitmap,
                                                                        displayio.Bitmap):
        raise TypeError("blit takes two Bitmaps")
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    x2 = min(x2, source_bitmap.width)
    y2 = min(y2, source_bitmap.height)
    left = max(x, 0)
    top = max(y, 0)
    right = min(x + x2 - x1, dest_bitmap.width)
    bottom = min(y + y2 - y1, dest_bitmap.height)
    if left >= right or top >= bottom:
        return
    if left + x1 - x < 0 or top + y1 - y < 0:
        raise ValueError("out of range in source bitmap")
    source = source_bitmap._data
    dest = dest_bitmap._data
    source_width = source_bitmap.width
    dest_width = dest_bitmap.width
    span = right - left
    rows = range(top, bottom) if y <= y1 else range(bottom - 1, top - 1, -1)
    for row in rows:
        read = (row + y1 - y) * source_width + left + x1 - x
        at = row * dest_width + left
        if skip_source_index is None and skip_dest_index is None:
            dest[at:at + span] = source[read:read + span]
            continue
        if skip_dest_index is None:  # (a label's glyph into its cleared bitmap: all one value)
            under = dest[at:at + span]
            if min(under) == max(under) == skip_source_index:
                dest[at:at + span] = source[read:read + span]
                continue
        for column in range(span):
            value = source[read + column]
            if value == skip_source_index:
                continue
            if skip_dest_index is not None and dest[at + column] == skip_dest_index:
                continue
            dest[at + column] = value
    dest_bitmap.dirty()
