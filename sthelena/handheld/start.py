"""One set-up for every board with buttons and a screen: ``start(profile)``
builds what the board's profile describes (``sthelena/boards/``) and plays.

The screen (the firmware's, or one set up on SPI), the table that fits it,
the keys and joystick, the store its flash wants, its lights, speaker and
sensors: each a part the profile picks, made here from the firmware's
``board`` and handed to the app. ``code.py`` finds the profile by the
board's id (or settings.toml's ``STHELENA_BOARD``) and calls ``start``.

Imported only on CircuitPython, from the drive's ``lib/sthelena_board.mpy``
(the PyGamer's and PyBadge's, lean) or ``lib/sthelena_full.mpy`` (every
other board: every table and part).
"""

from ..app.sounds import SampleSpeaker
from .keys import key_source
from .loop import TEXTS_PATH, WINNABLE_PATH, drive_copy, play
from .parts import BoardSensors, NeoPixels
from .screen import open_display, table_for
from .stores import NvmStore


class Handheld:
    """What ``setup`` made of a board: the app, the keys (``buttons``), the
    lights (None if none: where the board has no speaker they are the app's
    speaker), the screen the app draws on (``screen``: the display, or the
    table's screen in front of it) and the board's own ``display``."""

    def __init__(self, app, buttons, lights, screen, display):
        self.app = app
        self.buttons = buttons
        self.lights = lights
        self.screen = screen
        self.display = display


def setup(profile, board=None):
    """Build ``profile``'s parts on ``board`` (the firmware's module, or a
    stand-in) and the app: a ``Handheld``. A profile whose wiring
    settings.toml gives reads it (``settings.py``: ValueError naming a key
    that is wrong or missing)."""
    from ..app.game_app import App

    if board is None:
        import board
    screen_spec = keys = None
    buttons_help = profile.help
    hint_label = profile.hint_label
    if profile.screen == "settings":  # (profile.FROM_SETTINGS)
        from .settings import read_wiring

        screen_spec, keys, four = read_wiring(board)
        if four:  # A, B, X and Y alone: as the four-button boards'
            buttons_help = "buttons-abxy"
            hint_label = "Hint (or hold Y long)"
    buttons = key_source(profile, board, keys)
    display = open_display(profile, board, screen_spec)
    screen, sheet = table_for(display)
    lights = make_lights(profile.lights, board)
    speaker = profile.speaker
    if speaker is not None:
        from .speaker import Speaker

        speaker = Speaker(getattr(board, speaker.pin), getattr(board, speaker.enable))
    if profile.store == "block":  # (profile.BLOCK_STORE)
        store = NvmStore(copy=drive_copy())
    else:
        from .sector_store import SectorStore

        store = SectorStore(copy=drive_copy())
    app = App(screen, store, speaker or lights or SampleSpeaker(), sheet, texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, sensors=make_sensors(profile.sensors, board),
              lights=lights if speaker else None)
    if buttons_help != App.buttons_help:  # (the class's: the eight buttons' page)
        app.buttons_help = buttons_help
    if hint_label != App.hint_label:
        app.hint_label = hint_label
    display.auto_refresh = True
    return Handheld(app, buttons, lights, screen, display)


def make_lights(spec, board):
    """The lights a profile names (``Pixels``, ``RgbLed``, or None: none)."""
    if spec is None:
        return None
    if hasattr(spec, "count"):
        return NeoPixels(getattr(board, spec.pin), spec.count)
    from .rgb_lights import RgbLights

    return RgbLights([getattr(board, name) for name in spec.pins], spec.lit_low)


def make_sensors(spec, board):
    """The app's sensors from a profile's ``Sensors`` (None: the board has none)."""
    if spec is None:
        return None
    return BoardSensors(spec.light and getattr(board, spec.light),
                        spec.battery and getattr(board, spec.battery), spec.battery_ratio)


def start(profile, iterations=None, board=None):
    """Play St. Helena on the board ``profile`` describes (``code.py``
    calls this); ``iterations`` bounds the loop for tests."""
    made = setup(profile, board)
    play(made.app, made.buttons, made.screen, iterations, made.lights, made.display)
