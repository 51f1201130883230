"""The Fruit Jam edge: the DVI screen, the USB mouse, keyboard and gamepad,
the board's buttons, the DAC and ``/saves`` (on a Metro RP2350, the nvm's
flash sector), handed to the app; the main loop; and the way back to Fruit
Jam OS's launcher.

Imported only on CircuitPython, by the app folder's ``code.py``, which
Fruit Jam OS's launcher starts with the folder as its working directory.
"""

import supervisor

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.big_screen.scaled import BigScreen, table_scale
from ..app.buttons import NO_EVENT, TICKS_MASK
from ..app.hint.on_table import LARGE_HINT_NODES, LARGE_HINT_SLOTS
from .inputs import LEAVE, BoardButtons, GamepadSource, KeyboardSource
from .mouse import MouseSource, UsbMouse
from .speaker import Speaker, open_audio
from .store import SavesStore

SHEET_PATH = "assets/sheet.bmp"  # in the app's folder, the working directory
FAN_SHEET_PATH = "assets/sheet-fruitjam.bmp"  # the fanned table's cards
TEXTS_PATH = "assets/help.txt"
WINNABLE_PATH = "assets/winnable.bin"
LEAVE_LABEL = "Back to the launcher"
SCREEN_SIZE = (640, 480)  # asked for when the screen handed over is too small for 3x
# The RP2350's SRAM: gc.mem_free() counts the largest block the port heap could
# still give the gc heap, PSRAM's too (CircuitPython's main.c,
# gc_get_max_new_split), so a figure above this is PSRAM's.
_SRAM = const(520 * 1024)
_BUSY_MS = const(50)  # while a hint searches: its slices run this long between polls


def open_display(dvi=None):
    """The screen: as the launcher (or, on a board without one, the
    firmware at start) left it if the table fits three times larger
    (720x400, 640x480), else 640x480 asked for (the table at 320x240 would
    be only its own size: twice is 256 pixels tall): of Fruit Jam OS's
    library, or set up by picodvi as ``dvi`` (a profile's ``DviScreen``,
    where there is no launcher) says. Without PSRAM, ``dvi``'s screen at
    half its size (the firmware's let go first): the full-size framebuffer,
    never in PSRAM (the HSTX cannot stream from it), would leave the game
    too little of the RP2350's SRAM."""
    import gc

    import framebufferio

    display = supervisor.runtime.display
    # (CircuitPython's gc has mem_free; the type check reads CPython's, which has not)
    free = gc.mem_free()  # type: ignore[attr-defined]
    if dvi is not None and free < _SRAM:  # no PSRAM: too little heap beside the full size
        display = dvi_display(dvi, dvi.width // 2, dvi.height // 2)  # (picodvi doubles it)
    elif display is None or table_scale(display.width, display.height) < 3:
        if dvi is not None:
            display = dvi_display(dvi, dvi.width, dvi.height)
        else:
            from adafruit_fruitjam.peripherals import request_display_config

            request_display_config(*SCREEN_SIZE)
            display = supervisor.runtime.display
    if not isinstance(display, framebufferio.FramebufferDisplay):
        raise RuntimeError("no DVI screen: St. Helena plays on a Fruit Jam's screen")
    display.auto_refresh = True  # (the launcher's screensaver may have left it off)
    return display


def dvi_display(dvi, width, height):
    """A ``width`` x ``height`` picodvi screen at ``dvi``'s colour depth on
    its pins, as the firmware sets one up at start (picodvi_autoconstruct),
    the screens there before let go (their framebuffer freed); put at
    ``supervisor.runtime.display``, as the firmware's is."""
    import board
    import displayio
    import framebufferio
    import picodvi

    displayio.release_displays()
    pins = [getattr(board, name) for name in dvi.pins]
    framebuffer = picodvi.Framebuffer(
        width, height, clk_dp=pins[0], clk_dn=pins[1], red_dp=pins[2], red_dn=pins[3],
        green_dp=pins[4], green_dn=pins[5], blue_dp=pins[6], blue_dn=pins[7],
        color_depth=dvi.color_depth)
    # (circuitpython-stubs' FrameBuffer type names only rgbmatrix's: picodvi's is one too)
    display = framebufferio.FramebufferDisplay(framebuffer)  # type: ignore[arg-type]
    supervisor.runtime.display = display  # where the mouse's library finds the screen
    return display


def find_mouse():
    """A boot mouse plugged in, with the library's pointer, or None."""
    from adafruit_usb_host_mouse import find_and_init_boot_mouse

    return find_and_init_boot_mouse()


class ButtonPins:
    """The three buttons read through their pins (pulled up: low while
    pressed), as bits: where Peripherals, which would hold the pins, is not."""

    def __init__(self):
        import board
        import digitalio

        self.pins = []
        for name in ("BUTTON1", "BUTTON2", "BUTTON3"):
            pin = digitalio.DigitalInOut(getattr(board, name))
            pin.switch_to_input(pull=digitalio.Pull.UP)
            self.pins.append(pin)

    def __call__(self):
        pins = self.pins
        return (not pins[0].value) | (not pins[1].value) << 1 | (not pins[2].value) << 2


def board_buttons(peripherals):
    """The three buttons as A, B and START, read through Peripherals (which
    holds their pins) or, without it, through their pins."""
    if peripherals is not None:
        return BoardButtons(lambda: peripherals.button1 | peripherals.button2 << 1
                            | peripherals.button3 << 2)
    return BoardButtons(ButtonPins())


def gamepad_source():
    """A USB gamepad through relic_usb_host_gamepad, or None without the library."""
    import usb.core

    try:
        from relic_usb_host_gamepad import Gamepad
    except ImportError:
        return None
    return GamepadSource(Gamepad(), (usb.core.USBError, OSError, ValueError))


def big_screen(display):
    """``(screen, sheet)``: the display the app is handed and its text
    sheet. The fanned table (FanScreen) where the screen takes it and its
    sheet is there, else the handheld's table scaled (a folder copied
    without the fan sheet still plays); on a screen picodvi doubles (a Metro
    RP2350 without PSRAM: 320x240), the table big_screen/tables.py fits it
    (the 320x240 fanned one, as the Pico Display Pack 2.0's)."""
    from ..app.big_screen.fan_layout import fits
    from ..app.table.sheet import load_sheet

    if display.width < SCREEN_SIZE[0]:
        from ..app.big_screen.tables import fit_table, table_screen

        return table_screen(display, fit_table(display.width, display.height), "assets")
    if fits(display.width, display.height):
        from ..app.big_screen.fan_table import FanScreen

        try:
            return FanScreen(display, load_sheet(FAN_SHEET_PATH)), load_sheet(SHEET_PATH)
        except OSError:
            pass
    return BigScreen(display), load_sheet(SHEET_PATH)


class FruitJam:
    """Everything the edge made: the screen, the app, the input sources
    (``store``: the saves' place, ``/saves`` unless a test gives another).
    ``dvi``: on a board with the Fruit Jam's chip but not its OS (the Metro
    RP2350: its profile's ``DviScreen``), the screen to set up where the
    firmware has not; such a board has neither the Fruit Jam's three
    buttons nor a launcher to go back to."""

    def __init__(self, store=None, dvi=None):
        import sys

        import audiocore
        import usb.core

        from ..app.game_app import App

        self.screen, sheet = big_screen(open_display(dvi))
        self.peripherals, out = open_audio()
        self.app = App(self.screen, store or SavesStore(), Speaker(out, audiocore.RawSample),
                       sheet, texts=TEXTS_PATH, winnable=WINNABLE_PATH)
        self.app.hint_nodes = LARGE_HINT_NODES  # the larger heap: a larger search
        self.app.hint_slots = LARGE_HINT_SLOTS
        if dvi is None:
            self.app.leave_label = LEAVE_LABEL  # the menu's way back, for the mouse alone
        self.mouse = UsbMouse(find_mouse, usb.core.USBTimeoutError, usb.core.USBError,
                              self.screen)
        runtime = supervisor.runtime
        self.sources = [MouseSource(self.mouse, self.app),
                        KeyboardSource(sys.stdin.read,
                                       lambda: runtime.serial_bytes_available)]
        if dvi is None:
            self.sources.append(board_buttons(self.peripherals))
        gamepad = gamepad_source()
        if gamepad is not None:
            self.sources.append(gamepad)


def run(jam, iterations=None):
    """The main loop: poll every source, hand an event to the app, else
    let it tick; returns on LEAVE, or when the menu's item has set
    ``app.leaving`` (or after ``iterations``, for tests)."""
    ticks_ms = supervisor.ticks_ms
    app = jam.app
    sources = jam.sources
    left = 1 if iterations is None else iterations
    step = 0 if iterations is None else 1
    while left > 0:
        left -= step
        now = ticks_ms()
        event = NO_EVENT
        for source in sources:
            event = source.poll(now)
            if event != NO_EVENT:
                break
        if event == LEAVE:
            return
        if event != NO_EVENT:
            app.handle(event)
            if app.leaving:
                return
        elif app.tick(now):  # a hint searches: slices for a while, then the sources again
            while app.hint is not None and (ticks_ms() - now) & TICKS_MASK < _BUSY_MS:
                app.tick(ticks_ms())


def leave(jam):
    """Save, hand the mouse back, and go back to the launcher (the game
    was started as the next code file for one run only)."""
    jam.app.flush()
    jam.mouse.release()
    supervisor.reload()


def board_store(profile):
    """The store of a board ``profile`` says saves in its flash sector (the
    Metro RP2350, which has no ``/saves``: its ``microcontroller.nvm``, as an
    RP2040's), or None: the Fruit Jam's ``/saves``."""
    if profile is None or profile.store != "sector":  # (boards.profile.SECTOR_STORE)
        return None
    import microcontroller

    from ..core.sector_store import SectorStore

    return SectorStore(microcontroller.nvm)


def main(iterations=None, profile=None):
    """Play St. Helena on the Fruit Jam (the app folder's ``code.py`` calls
    this), or on a board ``profile`` says sets its DVI screen up itself
    (the Metro RP2350: ``code.py`` on CIRCUITPY)."""
    import gc

    dvi = None if profile is None else profile.screen
    jam = FruitJam(board_store(profile), dvi=dvi if hasattr(dvi, "pins") else None)
    gc.collect()
    run(jam, iterations)
    if iterations is None:
        leave(jam)
