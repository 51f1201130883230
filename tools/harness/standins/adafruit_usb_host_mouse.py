"""Stand-in for Adafruit's ``adafruit_usb_host_mouse``: ``find_and_init_boot_mouse``
finds a stand-in mouse plugged in (``usb.core.plug("mouse")``) and gives a
``BootMouse`` with the attributes the library's has (``device``,
``endpoint``, ``buffer``, ``tilegrid``, ``was_attached``, ``release()``)."""

import array

import displayio
import usb.core

found = []  # every BootMouse made, for tests


class BootMouse:
    def __init__(self, device, tilegrid):
        self.device = device
        self.interface = 0
        self.endpoint = 0x81
        self.buffer = array.array("b", [0] * 4)
        self.was_attached = [0]
        self.tilegrid = tilegrid
        self.released = False

    def release(self):
        self.released = True
        if not self.device.is_kernel_driver_active(0):
            self.device.attach_kernel_driver(0)


def find_and_init_boot_mouse(cursor_image="mouse_cursor.bmp", scale=1):
    for device in usb.core.find(find_all=True):
        if device.kind == "mouse":
            device.detach_kernel_driver(0)
            tilegrid = None
            if cursor_image is not None:
                bitmap = displayio.Bitmap(8, 14, 2)
                palette = displayio.Palette(2)
                tilegrid = displayio.TileGrid(bitmap, pixel_shader=palette)
            mouse = BootMouse(device, tilegrid)
            found.append(mouse)
            return mouse
    return None
