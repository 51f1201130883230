"""Stand-in for CircuitPython's ``board`` on a PyBadge, a PyGamer or a Fruit Jam.

A PyBadge by default; ``use("pygamer")`` adds the joystick pins, as the
PyGamer's firmware has them, and ``use("pybadge")`` takes them away again;
``use("fruit_jam")`` gives the Fruit Jam's board id and buttons.
``DISPLAY`` is a 160 x 128 stand-in display.
"""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Display:
    """The built-in display: its size, ``root_group`` and refresh knobs."""

    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
A0 = SPEAKER
DISPLAY = Display()

_JOYSTICK = (Pin("JOYSTICK_X"), Pin("JOYSTICK_Y"))
board_id = "pybadge"


_FRUIT_JAM = (Pin("BUTTON1"), Pin("BUTTON2"), Pin("BUTTON3"))
_DVI = ("CKP", "CKN", "D0P", "D0N", "D1P", "D1N", "D2P", "D2N")  # the Fruit Jam's DVI pins


def use(board_name):
    """Become the PyGamer (joystick pins), the PyBadge (none) or the Fruit
    Jam (three buttons; its launcher's 720 x 400 display at
    ``supervisor.runtime.display``)."""
    global JOYSTICK_X, JOYSTICK_Y, BUTTON1, BUTTON2, BUTTON3, board_id
    module = globals()
    if board_name == "pygamer":
        JOYSTICK_X, JOYSTICK_Y = _JOYSTICK
    elif board_name in ("pybadge", "fruit_jam"):
        for name in ("JOYSTICK_X", "JOYSTICK_Y"):
            if name in module:
                del module[name]
    else:
        raise ValueError(board_name)
    if board_name == "fruit_jam":
        import supervisor
        from adafruit_fruitjam.peripherals import request_display_config

        BUTTON1, BUTTON2, BUTTON3 = _FRUIT_JAM
        for name in _DVI:
            module[name] = Pin(name)
        request_display_config(720, 400)  # the launcher's screen, as it leaves it
        board_name = "adafruit_fruit_jam"
    board_id = board_name
