"""The set-up of every board with buttons and a screen: ``build(profile)``
makes what the board's profile describes (``sthelena/boards/``) and the app.

The screen (the firmware's, or one set up on SPI), the table that fits it,
the keys and joystick, the store its flash wants, its lights, speaker and
sensors: each a part the profile picks, made here from the firmware's
``board`` and handed to the app.

Set-up only: on the board this is a module of its own beside the game
(``lib/sthelena_board_setup.mpy``, ``lib/sthelena_full_setup.mpy``: with
``screen``, ``tables`` and the parts' set-up), which ``start.setup`` imports,
and which lets itself go once the board is built: its code takes no heap
while the game plays (1.7 KB measured on the PyGamer's).
"""

import sys

import keypad

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.game_app import App
from ..app.sounds import SampleSpeaker
from .keys import ButtonSource
from .loop import TEXTS_PATH, WINNABLE_PATH, drive_copy
from .screen import open_display, table_for
from ..core.stores import NvmStore


class Handheld:
    """What the set-up made of a board (``build`` sets its fields): the app,
    the keys (``buttons``), the lights (None if none: where the board has no
    speaker they are the app's speaker), the screen the app draws on
    (``screen``: the display, or the table's screen in front of it) and the
    board's own ``display``. No methods of its own: a method would keep this
    module, the set-up, alive as long as the game holds what it made."""

    app: object  # (annotations only: they make nothing on the board)
    buttons: object
    lights: object
    screen: object
    display: object


# The keys' events the firmware keeps till the loop reads them (64 by default, 6
# bytes each on the heap): the loop reads them every 5 ms, and the longest redraw
# (a text screen, 1.5 s on a 320x240 RP2040) sees a few presses at most.
_QUEUED = const(16)


def build(profile, board):
    """Build ``profile``'s parts on ``board`` (the firmware's module, or a
    stand-in) and the app: a ``Handheld``; then let this module go. A
    profile whose wiring settings.toml gives reads it (``settings.py``:
    ValueError naming a key that is wrong or missing)."""
    screen_spec = keys = None
    buttons_help = profile.help
    hint_label = profile.hint_label
    if profile.screen == "settings":  # (profile.FROM_SETTINGS)
        from .settings import read_wiring

        screen_spec, keys, four = read_wiring(board)
        if four:  # A, B, X and Y alone: as the four-button boards'
            buttons_help = "buttons-abxy"
            hint_label = "Hint (or hold Y long)"
    touch = getattr(profile, "touch", None)  # a touch screen: its source needs the app
    buttons = None if touch is not None else key_source(profile, board, keys)
    display = open_display(profile, board, screen_spec)
    screen, sheet = table_for(display)
    lights = make_lights(profile.lights, board)
    speaker = profile.speaker
    if speaker is not None:
        from .speaker import Speaker

        speaker = Speaker(getattr(board, speaker.pin, None), getattr(board, speaker.enable, None))
    if profile.store == "block":  # (profile.BLOCK_STORE)
        store = NvmStore(board_nvm(), copy=drive_copy())
    elif profile.store == "sector":  # (profile.SECTOR_STORE: an RP2040's or RP2350's)
        from ..core.sector_store import SectorStore  # (each store's import first: a game

        store = SectorStore(board_nvm(), copy=drive_copy())  # without it keeps that line)
    else:  # (profile.NVS_STORE: an ESP32-S3's)
        from .nvs_store import NvsStore

        store = NvsStore(board_nvm(), copy=drive_copy())
    app = App(screen, store, speaker or lights or SampleSpeaker(), sheet, texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, sensors=make_sensors(profile.sensors, board),
              lights=lights if speaker else None)
    if buttons_help != App.buttons_help:  # (the class's: the eight buttons' page)
        app.buttons_help = buttons_help
    if hint_label != App.hint_label:
        app.hint_label = hint_label
    if touch is not None:  # (the touch screens' game alone has it)
        from .touch import touch_source

        buttons = touch_source(touch, board, screen, app)
    display.auto_refresh = True
    made = Handheld()
    made.app = app
    made.buttons = buttons
    made.lights = lights
    made.screen = screen
    made.display = display
    sys.modules.pop(__name__, None)  # the set-up's code goes with its last caller
    return made


def board_nvm():
    """The firmware's ``microcontroller.nvm``, which the store saves in;
    OSError for a firmware built without it."""
    import microcontroller

    if microcontroller.nvm is None:
        raise OSError("this board's firmware has no microcontroller.nvm")
    return microcontroller.nvm


def keymap(keys):
    """Each key number's event, for keys given as ``(word, pin or key number,
    event)`` (a profile's): key ``n`` is the ``n``-th."""
    events = bytearray(len(keys))
    for number in range(len(keys)):
        events[number] = keys[number][2]
    return bytes(events)


def key_source(profile, board, keys=None):
    """The buttons (and joystick) of ``profile`` on ``board`` (the firmware's
    module) as a ``ButtonSource``, or the keys typed on the serial input as a
    ``SerialKeySource``; ``keys``: the profile's keys, or the ones
    settings.toml describes for a profile that takes them from there."""
    given = keys or profile.keys
    if not hasattr(given, "keys"):  # typed on the serial input (profile.SerialKeys)
        from ..app.serial_keys import SerialKeySource  # (first: as the stores' imports)
        import supervisor

        runtime = supervisor.runtime
        return SerialKeySource(given, sys.stdin.read, lambda: runtime.serial_bytes_available)
    scanner = keypad.Keys(  # a pin a key, scanned every 10 ms (20 by default): sooner
        [getattr(board, key[1]) for key in given.keys], value_when_pressed=not given.pressed_low,
        pull=True, interval=0.01, max_events=_QUEUED) if hasattr(
        given, "pressed_low") else keypad.ShiftRegisterKeys(
        clock=getattr(board, given.clock), data=getattr(board, given.data),  # the PyGamer's
        latch=getattr(board, given.latch), key_count=given.count, value_when_pressed=True,
        max_events=_QUEUED)
    events = keymap(given.keys)
    timer = None
    if max(events) >= 16:  # a key with a tap and a hold (app.buttons.TAP_OR_HOLD)
        from ..app.tap_hold import TapHoldTimer

        timer = TapHoldTimer()
    stick = profile.joystick
    if stick is None:
        return ButtonSource(scanner, keymap=events, timer=timer)
    import analogio

    return ButtonSource(scanner, analogio.AnalogIn(getattr(board, stick.x)),
                        analogio.AnalogIn(getattr(board, stick.y)), events, timer)


def make_lights(spec, board):
    """The lights a profile names (``Pixels``, ``RgbLed``, or None: none)."""
    if spec is None:
        return None
    if hasattr(spec, "count"):
        from .parts import NeoPixels  # (a board without lights or sensors: not in its game)

        return NeoPixels(getattr(board, spec.pin, None), spec.count)
    from .rgb_lights import RgbLights

    return RgbLights([getattr(board, name, None) for name in spec.pins], spec.lit_low)


def make_sensors(spec, board):
    """The app's sensors from a profile's ``Sensors`` (None: the board has none)."""
    if spec is None:
        return None
    from .parts import BoardSensors

    return BoardSensors(spec.light and getattr(board, spec.light, None),
                        spec.battery and getattr(board, spec.battery, None), spec.battery_ratio)
