"""Stand-in for CircuitPython's ``board`` on a PyBadge, a PyGamer, a PicoSystem,
a Fruit Jam, a Sprig, a Raspberry Pi Pico, a PyPortal, an M5Stack Cardputer, an
Adafruit Metro RP2350 or a Wio Terminal.

A PyBadge by default; ``use(name)`` makes it another board ("pygamer",
"pybadge", "picosystem", "fruit_jam", "sprig", "pico", "pyportal",
"pyportal_pynt", "pyportal_titano", "cardputer", "metro_rp2350", "wio"): its
board id and exactly the pins of that board's firmware that the game or a test
reads (``tools/harness/conformance.py`` checks them against the board's stub).
The handhelds' and the Sprig's ``DISPLAY`` is a 160 x 128 stand-in display,
the PicoSystem's 240 x 240, the PyPortals' and the Wio Terminal's 320 x 240
(the Titano's 480 x 320), the Cardputer's 240 x 135; the Fruit Jam has none
(its launcher leaves a 720 x 400 one at ``supervisor.runtime.display``), nor
the Metro RP2350 (picodvi's 640 x 480, set up at start with a monitor plugged
in, is there), nor the Pico (its add-on's screen is set up by the game, on
``busio`` and ``fourwire``'s stand-ins).
"""

import sys as _sys

from busdisplay import BusDisplay as _BusDisplay


class _Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


_HANDHELD = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
             "LIGHT", "A6", "NEOPIXEL")  # A6: the battery, through a divider by two
_PINS = {
    "pybadge": _HANDHELD,
    "pygamer": _HANDHELD + ("JOYSTICK_X", "JOYSTICK_Y"),
    "picosystem": ("SW_Y", "SW_X", "SW_A", "SW_B", "SW_DOWN", "SW_RIGHT", "SW_LEFT", "SW_UP",
                   "LED_R", "LED_G", "LED_B", "BAT_SENSE"),
    "fruit_jam": ("BUTTON1", "BUTTON2", "BUTTON3",
                  "CKP", "CKN", "D0P", "D0N", "D1P", "D1N", "D2P", "D2N"),  # buttons, DVI
    "sprig": ("BUTTON_W", "BUTTON_A", "BUTTON_S", "BUTTON_D", "BUTTON_I", "BUTTON_J",
              "BUTTON_K", "BUTTON_L"),
    "pico": tuple("GP%d" % number for number in range(29)),
    "cardputer": ("NEOPIXEL",),  # (its keyboard types on the serial input: no pins read)
    "metro_rp2350": ("BUTTON", "CKP", "CKN", "D0P", "D0N", "D1P", "D1N", "D2P", "D2N"),
    "wio": ("SWITCH_UP", "SWITCH_DOWN", "SWITCH_LEFT", "SWITCH_RIGHT", "SWITCH_PRESS",
            "BUTTON_1", "BUTTON_2", "BUTTON_3"),
}
# The PyPortals' (the Pynt's are the same): touch, speaker, NeoPixel, light sensor.
_PYPORTAL = ("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU", "SPEAKER", "SPEAKER_ENABLE",
             "NEOPIXEL", "LIGHT")
_PINS.update({"pyportal": _PYPORTAL, "pyportal_pynt": _PYPORTAL, "pyportal_titano": _PYPORTAL})
_BOARD_IDS = {"pybadge": "pybadge", "pygamer": "pygamer", "picosystem": "pimoroni_picosystem",
              "fruit_jam": "adafruit_fruit_jam", "sprig": "hack_club_sprig",
              "pico": "raspberry_pi_pico", "cardputer": "m5stack_cardputer",
              "metro_rp2350": "adafruit_metro_rp2350", "pyportal": "pyportal",
              "pyportal_pynt": "pyportal_pynt", "pyportal_titano": "pyportal_titano",
              "wio": "seeeduino_wio_terminal"}
_MADE = {}  # pin name -> its one _Pin, as the firmware's pins are singletons
DISPLAY = _BusDisplay(width=160, height=128)
_HANDHELD_DISPLAY = DISPLAY
_PICOSYSTEM_DISPLAY = _BusDisplay(width=240, height=240)
_CARDPUTER_DISPLAY = _BusDisplay(width=240, height=135)
_PYPORTAL_DISPLAY = _BusDisplay(width=320, height=240)  # the Pynt's too
_TITANO_DISPLAY = _BusDisplay(width=480, height=320)
_WIO_DISPLAY = _BusDisplay(width=320, height=240)
board_id = "pybadge"


def use(board_name):
    """Become the PyGamer, the PyBadge, the PicoSystem, the Fruit Jam (its
    launcher's 720 x 400 display at ``supervisor.runtime.display``), the
    Sprig, the Pico or the Wio Terminal."""
    global DISPLAY, board_id
    if board_name not in _PINS:
        raise ValueError(board_name)
    module = globals()
    for names in _PINS.values():
        for name in names + ("A0", "DISPLAY"):
            if name in module:
                del module[name]
    for name in _PINS[board_name]:
        if name not in _MADE:
            _MADE[name] = _Pin(name)
        module[name] = _MADE[name]
    if board_name == "fruit_jam":
        from fruit_jam_dvi import request

        request(_sys.modules[__name__], 720, 400)  # the launcher's screen, as it leaves it
    elif board_name == "picosystem":
        DISPLAY = _PICOSYSTEM_DISPLAY
    elif board_name.startswith("pyportal"):
        module["A0"] = module["SPEAKER"]
        DISPLAY = _TITANO_DISPLAY if board_name == "pyportal_titano" else _PYPORTAL_DISPLAY
    elif board_name == "wio":
        DISPLAY = _WIO_DISPLAY
    elif board_name in ("pybadge", "pygamer", "sprig"):
        if board_name != "sprig":
            module["A0"] = module["SPEAKER"]  # the DAC the speaker is on
        DISPLAY = _HANDHELD_DISPLAY
    elif board_name == "cardputer":
        DISPLAY = _CARDPUTER_DISPLAY
    elif board_name == "metro_rp2350":  # the screen picodvi set up at start (a monitor found)
        from fruit_jam_dvi import request

        request(_sys.modules[__name__], 640, 480)
    board_id = _BOARD_IDS[board_name]


use("pybadge")
