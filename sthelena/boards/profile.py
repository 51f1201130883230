"""What a board's profile is made of: small classes of named fields, plain
data, nothing that reads the board.

A profile says everything the game needs to know of one board: which
firmware it is (its board ids, or pins only it has), its screen, its keys
and the game event each gives, its store, lights, speaker and sensors, the
help page for its buttons, and which of the drive's games it loads. The
set-up (``sthelena/handheld/start.py``) builds the board's parts from it;
the desktop plays the same board from it (``--board NAME``); the build
makes its module lists and the release its list of boards from the
profiles. One module a board in this folder, each with its ``PROFILE``.

On the board the profiles are one module, ``lib/sthelena_profiles.mpy``,
written by ``make lib`` from this folder (tools/build/profiles_module.py):
``code.py`` finds this board's profile in it and lets the others go.
"""

# The stores (``Profile.store``): the SAMD51's nvm is one 8 KB flash block that
# every write erases; the RP2040's one 4 KB sector whose erased bytes are
# programmed in place, so saves are appended (core/stores.py, sector_store.py).
BLOCK_STORE = "block"
SECTOR_STORE = "sector"

# ``Profile.screen`` for a board whose firmware sets its screen up.
BOARD_DISPLAY = "DISPLAY"
# ``Profile.screen`` and ``Profile.keys`` of the profile whose wiring the player
# writes in settings.toml (boards/spi.py; handheld/settings.py reads it).
FROM_SETTINGS = "settings"


class Profile:
    """One board. ``name``: the profile's name (also the desktop's ``--board``
    and settings.toml's ``STHELENA_BOARD``); ``title``: the board as players
    call it. Found by ``board_ids`` (any id if empty) and ``pins`` (each
    one the board must have), or, ``chosen_in_settings``, only when
    settings.toml's ``STHELENA_BOARD`` names it. ``screen``: BOARD_DISPLAY,
    a ``SpiScreen`` or FROM_SETTINGS; ``size``: the screen's pixels (the
    desktop's window; the board reads its own display). ``keys``: ``Keys``,
    ``ShiftRegisterKeys`` or FROM_SETTINGS; ``joystick``: a ``Joystick`` or
    None. ``store``: BLOCK_STORE or SECTOR_STORE. ``lights``, ``speaker``,
    ``sensors``: ``Pixels``/``RgbLed``, ``DacSpeaker``, ``Sensors`` or
    None. ``help``: the section of assets/help.txt that says its buttons;
    ``hint_label``: the menu's hint item, naming the button that asks for
    one. ``game``: the drive's module it plays (``lib/NAME.mpy``);
    ``libraries``: the bundle's libraries it needs beyond every board's;
    ``install``: how a player puts CircuitPython on it (the release's words:
    the board's bootloader and the drive it shows). ``touch``: a ``Touch``
    screen, played by taps (then ``keys`` is None: it has no buttons).
    ``lacks``: the modules the game could use that the board's firmware is
    built without (the game draws without them; the desktop plays the board
    without them too; tests/board/test_firmware_modules.py reads them from
    the firmware)."""

    def __init__(self, name, title, game, screen, size, keys, board_ids=(), pins=(),
                 chosen_in_settings=False, joystick=None, store=SECTOR_STORE, lights=None,
                 speaker=None, sensors=None, help="buttons", hint_label="Hint (or hold SELECT)",
                 libraries=(), install="", touch=None, lacks=()):
        self.name = name
        self.title = title
        self.game = game
        self.screen = screen
        self.size = size
        self.keys = keys
        self.board_ids = board_ids
        self.pins = pins
        self.chosen_in_settings = chosen_in_settings
        self.joystick = joystick
        self.store = store
        self.lights = lights
        self.speaker = speaker
        self.sensors = sensors
        self.help = help
        self.hint_label = hint_label
        self.libraries = libraries
        self.install = install
        self.touch = touch
        self.lacks = lacks


class SpiScreen:
    """A screen the game sets up on SPI with one of Adafruit's drivers
    (``driver``: "st7789", "st7735r" or "ili9341", the library
    ``adafruit_<driver>``): ``width`` x ``height`` as the player sees it,
    the driver's ``rotation``, ``colstart``/``rowstart`` (where the panel
    sits in the controller's memory), the pins (``clock``, ``data`` its
    MOSI, ``select`` CS, ``command`` DC, ``reset`` and ``backlight`` or
    None) and the bus's ``baudrate``."""

    def __init__(self, driver, width, height, clock, data, select, command, reset=None,
                 backlight=None, rotation=0, colstart=0, rowstart=0, baudrate=62500000):
        self.driver = driver
        self.width = width
        self.height = height
        self.clock = clock
        self.data = data
        self.select = select
        self.command = command
        self.reset = reset
        self.backlight = backlight
        self.rotation = rotation
        self.colstart = colstart
        self.rowstart = rowstart
        self.baudrate = baudrate


class Keys:
    """Buttons, a pin each: ``keys`` are ``(word, pin, event)``: the word the
    scripts and the help use for it, its pin's name, and its game event
    (``app.buttons``: a button, or a key with a tap and a hold). Each pin is
    pulled up and reads low while pressed (``pressed_low``; else pulled down,
    high while pressed)."""

    def __init__(self, keys, pressed_low=True):
        self.keys = keys
        self.pressed_low = pressed_low


class ShiftRegisterKeys:
    """Buttons read through a shift register (the PyGamer's and PyBadge's):
    ``keys`` are ``(word, key number, event)``, ``count`` the register's
    keys; ``clock``, ``data`` and ``latch`` its pins' names."""

    def __init__(self, count, keys, clock, data, latch):
        self.count = count
        self.keys = keys
        self.clock = clock
        self.data = data
        self.latch = latch


class Joystick:
    """An analog stick as the d-pad: its two axes' pins (x grows to the
    right, y downwards)."""

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Pixels:
    """NeoPixels on ``pin``, ``count`` of them, lit with the sounds."""

    def __init__(self, pin, count):
        self.pin = pin
        self.count = count


class RgbLed:
    """An RGB LED's three pins (red, green, blue), lit by PWM with the
    sounds; ``lit_low``: a common anode's, on while its pin is low."""

    def __init__(self, pins, lit_low=False):
        self.pins = pins
        self.lit_low = lit_low


class DacSpeaker:
    """A speaker on the DAC's ``pin``, switched on through ``enable``."""

    def __init__(self, pin, enable):
        self.pin = pin
        self.enable = enable


class Sensors:
    """A light sensor's pin and the battery's, or None, and the divider
    the battery is read through (``battery_ratio``)."""

    def __init__(self, light=None, battery=None, battery_ratio=2):
        self.light = light
        self.battery = battery
        self.battery_ratio = battery_ratio


# ``Profile.store`` of an ESP32-S3: its nvm (8 KB) is one blob in the flash's NVS
# partition, which the firmware reads whole for any read and, for any write,
# erases and writes whole again (ports/espressif/common-hal/nvm/ByteArray.c), and
# which reads as zeros until first written (handheld/nvs_store.py).
NVS_STORE = "nvs"


class SerialKeys:
    """Keys read as characters from the serial input (the Cardputer's
    keyboard, which its firmware types there): ``sequences`` are ``(word,
    characters, event)``: the key as the help and the scripts say it, what
    the firmware types for it, and its game event (a hold's event comes at
    once: the serial input tells no key going up). ``holds_after_press``:
    the hold events given after their button's press (SELECT held: the
    app's hint follows a SELECT pressed on the table)."""

    def __init__(self, sequences, holds_after_press=()):
        self.sequences = sequences
        self.holds_after_press = holds_after_press


class DviScreen:
    """A DVI screen the game sets up with ``picodvi`` where the firmware
    has not (the Metro RP2350 has no launcher to hand one over): ``width``
    x ``height`` at ``color_depth`` bits, on the HSTX pins ``pins``, named as
    picodvi.Framebuffer's keywords are, in their order (clk_dp, clk_dn,
    red_dp, red_dn, green_dp, green_dn, blue_dp, blue_dn)."""

    def __init__(self, width, height, pins, color_depth=8):
        self.width = width
        self.height = height
        self.pins = pins
        self.color_depth = color_depth
class Touch:
    """A resistive touch screen, read by Adafruit's ``adafruit_touchscreen``:
    its four pins as that library names them (``left`` its x1, ``right`` x2,
    ``down`` y1, ``up`` y2), the ``calibration`` (the raw readings at the
    screen's edges, ``((left, right), (top, bottom))``) and the screen's
    ``width`` x ``height`` in pixels, which the library scales the readings
    to."""

    def __init__(self, left, right, down, up, calibration, width, height):
        self.left = left
        self.right = right
        self.down = down
        self.up = up
        self.calibration = calibration
        self.width = width
        self.height = height
