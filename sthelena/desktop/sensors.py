"""The desktop's stand-ins for a handheld's light sensor, battery and USB
(the app's ``sensors``, see ``sthelena/app/power.py``).

Desktop only. The window has no light sensor and the computer's battery is
not the game's: the light is a room's (half the sensor's range, so
"auto" brightness has something to follow) and the battery is what
``--battery VOLTS`` says, or none. Tests set ``light_level`` and
``millivolts`` as they like.
"""

ROOM_LIGHT = 32768  # of the sensor's 0..65535
BATTERY_VOLTS = (2.5, 4.5)  # what --battery takes: a LiPo cell's range, and some


class DesktopSensors:
    """The app's ``sensors`` on the desktop: set values, read back."""

    def __init__(self, millivolts=-1, light_level=ROOM_LIGHT, usb=False):
        self.millivolts = millivolts
        self.light_level = light_level
        self.usb = usb

    def light(self):
        return self.light_level

    def battery_mv(self):
        return self.millivolts

    def on_usb(self):
        return self.usb
