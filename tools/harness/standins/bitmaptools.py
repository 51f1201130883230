"""Stand-in for CircuitPython's ``bitmaptools.readinto`` (what the sheet
loader uses), with the firmware's meaning of its arguments: rows of
``bitmap.width`` pixels, each row the smallest whole number of
``element_size``-byte elements; with ``reverse_pixels_in_element`` the first
pixel of a byte is in its high bits (as in a BMP); ``reverse_rows`` fills the
bitmap from the bottom row up.
"""


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    if bits_per_pixel not in (1, 2, 4, 8, 16, 32):
        raise ValueError("bits_per_pixel not supported by the stand-in")
    width = bitmap.width
    height = bitmap.height
    row_bits = element_size * 8
    size = (width * bits_per_pixel + row_bits - 1) // row_bits * element_size
    mask = (1 << bits_per_pixel) - 1
    value_mask = (1 << bitmap.bits_per_value) - 1
    row = bytearray(size)
    for y in range(height):
        if file.readinto(row) != size:
            raise EOFError()
        if swap_bytes_in_element and element_size > 1:
            for at in range(0, size, element_size):
                row[at:at + element_size] = bytes(reversed(row[at:at + element_size]))
        y_draw = height - 1 - y if reverse_rows else y
        at = y_draw * width
        for x in range(width):
            if bits_per_pixel < 8:
                per_byte = 8 // bits_per_pixel
                slot = x % per_byte
                if reverse_pixels_in_element:
                    slot = per_byte - 1 - slot
                value = row[x // per_byte] >> (slot * bits_per_pixel) & mask
            else:
                step = bits_per_pixel // 8
                value = 0
                for byte in range(step):
                    value |= row[x * step + byte] << (8 * byte)
            bitmap[at + x] = value & value_mask


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    """Copy the source's region [x1, x2) x [y1, y2) to (x, y) of the
    destination, clipped to it, as the firmware's does (what
    ``adafruit_display_text``'s bitmap_label draws its glyphs with). Pixels
    of ``skip_source_index`` in the source, or over ``skip_dest_index`` in the
    destination, are left alone. Allocates nothing."""
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    if not (0 <= x1 <= x2 <= source_bitmap.width and 0 <= y1 <= y2 <= source_bitmap.height):
        raise ValueError("out of range in source bitmap")
    if not (0 <= x < dest_bitmap.width and 0 <= y < dest_bitmap.height):
        raise ValueError("out of range in destination bitmap")
    source_width = source_bitmap.width
    dest_width = dest_bitmap.width
    for row in range(y2 - y1):
        to_y = y + row
        if to_y >= dest_bitmap.height:
            break
        for column in range(x2 - x1):
            to_x = x + column
            if to_x >= dest_width:
                break
            value = source_bitmap[(y1 + row) * source_width + x1 + column]
            if value == skip_source_index:
                continue
            at = to_y * dest_width + to_x
            if skip_dest_index is not None and dest_bitmap[at] == skip_dest_index:
                continue
            dest_bitmap[at] = value
