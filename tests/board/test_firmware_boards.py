"""Each RP2040 board beside the PicoSystem on its own CircuitPython firmware in
the emulator (tools/harness/emulator), wired from its profile
(tools/harness/board_wiring.py): the Sprig's firmware with its board.DISPLAY
(an ST7735), the Pico's with each screen add-on set up as the game sets it
up (sthelena/handheld/spi_screen.py: busio.SPI, fourwire.FourWire and
adafruit_st7789, with the profile's pins, rotation and offsets). A tiny
code.py draws known rectangles and draws one more when the profile's key is
pressed: the frame must be that picture as the player sees the panel
(upright as its maker draws it, its window only), and the key's GPIO read.
Not the game: its set-up on these boards is tested on its own.

Each run boots the chip to code.py's picture and presses once: some 5 s of
emulated time, 10 to 20 s of real time."""

import importlib.util
import os
import shutil

import pytest

from tests.helpers.app_driver import PngFrame
from tools.harness import board_wiring, emulated
from sthelena.boards import catalogue

pytestmark = pytest.mark.firmware("rp2040/bootrom.bin", emulator=True)

BACKGROUND, RED, GREEN, BLUE = (0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)

# The board's set-up: its own display, or the add-on's as spi_screen.py sets it up.
FIRMWARE_DISPLAY = "display = board.DISPLAY\n"
GAME_DISPLAY = """\
import busio
import adafruit_st7789
from fourwire import FourWire

displayio.release_displays()
spi = busio.SPI(clock=board.{clock}, MOSI=board.{data})
bus = FourWire(spi, command=board.{command}, chip_select=board.{select},
               reset={reset}, baudrate={baudrate})
display = adafruit_st7789.ST7789(bus, width={width}, height={height}, rotation={rotation},
                                 colstart={colstart}, rowstart={rowstart},
                                 backlight_pin={backlight}, auto_refresh=False)
"""
# Rectangles at the picture's corners (x, y, width, height, colour index), and
# the one the key adds.
CODE = """\
import board
import displayio
import keypad
import time
import vectorio

{set_up}
palette = displayio.Palette(4)
palette[0] = 0x000000
palette[1] = 0xFF0000
palette[2] = 0x00FF00
palette[3] = 0x0000FF
group = displayio.Group()
def rectangle(x, y, width, height, colour):
    group.append(vectorio.Rectangle(pixel_shader=palette, x=x, y=y, width=width,
                                    height=height, color_index=colour))
rectangle(0, 0, display.width, display.height, 0)
for x, y, width, height, colour in {corners}:
    rectangle(x, y, width, height, colour)
display.root_group = group
display.refresh()
print("drawn", display.width, display.height)
keys = keypad.Keys((board.{pin},), value_when_pressed=False, pull=True)
while True:
    event = keys.events.get()
    if event and event.pressed:
        rectangle(*{added})
        display.refresh()
        print("pressed")
    time.sleep(0.01)
"""
ADDED = (50, 40, 30, 30, 3)


def corners(width, height):
    return [(0, 0, 20, 10, 1), (width - 10, height - 30, 10, 30, 2)]


def picture(width, height, pressed):
    """The expected picture: ``{(x, y): colour}`` of every pixel."""
    colours = (BACKGROUND, RED, GREEN, BLUE)
    shown = {(x, y): BACKGROUND for y in range(height) for x in range(width)}
    for x0, y0, w, h, colour in corners(width, height) + ([ADDED] if pressed else []):
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                shown[x, y] = colours[colour]
    return shown


def pin_expression(name):
    return "board.%s" % name if name else "None"


def code_py(profile, key_pin):
    screen = profile.screen
    if isinstance(screen, str):
        set_up = FIRMWARE_DISPLAY
        width, height = profile.size
    else:  # as sthelena/handheld/spi_screen.py sets it up from the profile's SpiScreen
        set_up = GAME_DISPLAY.format(
            clock=screen.clock, data=screen.data, command=screen.command, select=screen.select,
            reset=pin_expression(screen.reset), baudrate=screen.baudrate, width=screen.width,
            height=screen.height, rotation=screen.rotation, colstart=screen.colstart,
            rowstart=screen.rowstart, backlight=pin_expression(screen.backlight))
        width, height = screen.width, screen.height
    return CODE.format(set_up=set_up, corners=corners(width, height), pin=key_pin,
                       added=ADDED), (width, height)


def firmware_of(board):
    return pytest.mark.firmware(emulated.firmware_name(board))


# Each board and the key whose press adds the rectangle.
BOARDS = [
    pytest.param("sprig", "L", marks=firmware_of("sprig"), id="sprig"),
    pytest.param("pico-display-2", "Y", marks=firmware_of("pico-display-2"), id="pico-display-2"),
    pytest.param("pico-display", "X", marks=firmware_of("pico-display"), id="pico-display"),
    pytest.param("pico-lcd-1.3", "PRESS", marks=firmware_of("pico-lcd-1.3"), id="pico-lcd-1.3"),
]


@pytest.mark.parametrize("board, word", BOARDS)
def test_the_boards_firmware_shows_code_pys_picture_upright_and_reads_its_key(
        board, word, tmp_path):
    profile = catalogue.named(board)
    key_pin = {key: pin for key, pin, _ in profile.keys.keys}[word]
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    code, (width, height) = code_py(profile, key_pin)
    (drive / "code.py").write_text(code)
    if "adafruit_st7789" in code:  # the library, as the bundle's .py
        library = importlib.util.find_spec("adafruit_st7789").origin
        shutil.copyfile(library, drive / "lib" / os.path.basename(library))
    frames = tmp_path / "frames"
    result = emulated.emulate(str(drive), word, board=board, frames=frames)
    assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
    assert (result["board"], result["screen"]) == (board, [width, height])
    assert "drawn %d %d" % (width, height) in result["console"]
    [press] = result["presses"]
    wiring = board_wiring.wiring(board)
    assert press["gpio"] == wiring["keys"][word] and press["frame_ms"], press
    assert "pressed" in result["console"]  # the firmware read the key's GPIO low
    for name, pressed in (("000-boot.png", False), ("001-%s.png" % word, True)):
        frame = PngFrame(frames / name)
        assert (frame.width, frame.height) == (width, height)
        wrong = [(x, y, frame.pixel(x, y), colour)
                 for (x, y), colour in picture(width, height, pressed).items()
                 if frame.pixel(x, y) != colour]
        assert not wrong, "%s: %d pixels differ, first %s" % (name, len(wrong), wrong[:3])
