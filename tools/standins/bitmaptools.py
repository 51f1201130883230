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
