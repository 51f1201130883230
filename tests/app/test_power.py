"""A handheld's screen light, idle screen, battery and lights (sthelena/app/power.py,
the handhelds' BoardSensors and NeoPixels, sthelena/handheld/parts.py): the app with
scripted time on CPython, the PyGamer's and PyBadge's edge set up from their profiles
on stand-ins under the MicroPython VM."""

import textwrap

import pytest

from tests.helpers.app_driver import MemoryStore, PngFrame, make_app, press, shown_state
from tests.helpers.desktop_helpers import load_png, run as run_desktop
from tests.helpers.mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython
from sthelena.app import power
from sthelena.app.screens import menu
from sthelena.app.buttons import A, HOLD, RIGHT
from sthelena.app.power_levels import charge_percent
from sthelena.app.power import (DARK_MS, DIM_MS, EMPTY_WARNING, LOW_WARNING, SCREEN_AWAKE,
                                SCREEN_DARK, SCREEN_DIM)
from sthelena.app.screens.common import PLAY
from sthelena.app.sounds import ERROR, FANFARE, HINT_FOUND
from sthelena.desktop.sensors import DesktopSensors


class Lights:
    def __init__(self):
        self.shown = []

    def play(self, sound):
        self.shown.append(sound)


@pytest.fixture
def handheld(display, sheet):
    """An App as a handheld's edge makes it: sensors (a charged battery) and lights."""
    sensors = DesktopSensors(millivolts=4000)
    app = make_app(display, sheet, store=MemoryStore(), deal=5, sensors=sensors,
                   lights=Lights())
    app.sensors = sensors  # (for the tests)
    yield app
    display.brightness = 1.0


def idle(app, start, stop, every=250):
    """Idle ticks from ``start`` to ``stop`` ms."""
    for now in range(start, stop + 1, every):
        app.tick(now)


def test_the_screen_dims_after_a_minute_goes_dark_after_five_and_a_press_only_wakes_it(
        handheld, display):
    app = handheld
    press(app, "RIGHT A")  # a card lifted, unsaved
    app.tick(0)
    assert display.brightness == 1.0 and app.power.state == SCREEN_AWAKE
    idle(app, 0, DIM_MS - 250)
    assert display.brightness == 1.0
    written = app.store.saves  # the write policy's minute
    idle(app, DIM_MS - 250, DIM_MS)
    assert app.power.state == SCREEN_DIM and 0 < display.brightness <= 0.05
    idle(app, DIM_MS, DARK_MS - 250)
    assert app.power.state == SCREEN_DIM
    idle(app, DARK_MS - 250, DARK_MS)
    assert app.power.state == SCREEN_DARK and display.brightness == 0.0
    assert not app._dirty and app.store.saves <= written + 1  # saved, within the policy
    before = (app.game.notation(), app.cursor, app.lifted, app.screen, app.message)
    app.handle(A)  # wakes, and does nothing else
    assert display.brightness == 1.0 and app.power.state == SCREEN_AWAKE
    app.tick(DARK_MS + 100)
    app.handle(A | HOLD)  # the waking press's hold goes with it (no quick move)
    app.tick(DARK_MS + 500)
    assert (app.game.notation(), app.cursor, app.lifted, app.screen, app.message) == before
    app.handle(RIGHT)  # the next press acts
    assert app.cursor != before[1]


def test_after_the_waking_press_the_next_one_acts(handheld):
    app = handheld
    idle(app, 0, DIM_MS)
    assert app.power.state == SCREEN_DIM
    cursor = app.cursor
    app.handle(RIGHT)  # wakes
    assert app.cursor == cursor
    app.handle(RIGHT)  # pressed again (or held on: a direction repeats)
    assert app.cursor != cursor
    idle(app, DIM_MS, 2 * DIM_MS + 1000)
    app.handle(A)  # wakes
    app.handle(A | HOLD)  # ...held on: no quick move
    assert app.lifted < 0 and app.cursor != cursor
    app.handle(A)  # a new press lifts the card
    assert app.lifted == app.cursor


def test_a_move_keeps_the_screen_awake(handheld):
    app = handheld
    idle(app, 0, DIM_MS - 1000)
    legal = [move for move in app.game.legal_moves() if move < 400]
    app.play(legal[0])  # (as a script plays, without a press)
    idle(app, DIM_MS - 1000, DIM_MS + 1000)
    assert app.power.state == SCREEN_AWAKE


def test_a_hint_searching_keeps_the_screen_lit_and_the_minute_starts_when_it_ends(
        display, sheet):
    sensors = DesktopSensors()
    screen = power.Power(display, sensors)

    class App:
        def flush(self):
            pass

    app = App()
    for now in range(0, 3 * DIM_MS, 1000):
        screen.tick(now, True, app)  # busy: a hint searches
    assert screen.state == SCREEN_AWAKE
    ended = 3 * DIM_MS
    for now in range(ended, ended + DIM_MS - 1000, 1000):
        screen.tick(now, False, app)
    assert screen.state == SCREEN_AWAKE
    screen.tick(ended + DIM_MS, False, app)
    assert screen.state == SCREEN_DIM
    display.brightness = 1.0


def test_brightness_is_a_menu_setting_with_auto_and_is_saved(handheld, display, sheet):
    app = handheld
    press(app, "START")
    labels = shown_state(app).labels
    row = labels.index("Brightness: 100%")
    assert row >= menu._MENU_ITEMS and labels[row + 1] == "Lights: on"
    assert labels[row + 2] == "Battery: 87%"  # 4.0 V
    press(app, "UP " * (len(labels) - row))  # up from the top wraps to the bottom
    assert shown_state(app).item == row
    press(app, "LEFT")
    assert shown_state(app).labels[row] == "Brightness: 75%" and display.brightness == 0.75
    press(app, "RIGHT RIGHT")
    assert shown_state(app).labels[row] == "Brightness: auto"
    app.sensors.light_level = 0  # a dark room
    app.tick(10000)
    assert display.brightness == pytest.approx(0.15)
    app.sensors.light_level = 65535
    app.tick(11000)  # read every two seconds
    assert display.brightness == pytest.approx(0.15)
    app.tick(12000)
    assert display.brightness == 1.0
    press(app, "DOWN A")  # lights off (A or LEFT/RIGHT)
    assert shown_state(app).labels[row + 1] == "Lights: off" and not app.lights_on
    press(app, "DOWN A")  # the battery's line only says
    assert app.screen != PLAY and shown_state(app).labels[row + 2] == "Battery: 87%"
    app.save_now()
    again = make_app(display, sheet, store=MemoryStore(app.store.data),
                     sensors=DesktopSensors(light_level=0), lights=Lights())
    assert again.power.step == power.BRIGHTNESS_AUTO and not again.lights_on
    assert display.brightness == pytest.approx(0.15)


def test_a_board_without_sensors_or_lights_has_no_such_menu_items(display, sheet):
    app = make_app(display, sheet, deal=5)
    press(app, "START")
    power_items = ("Brightness", "Lights", "Battery")
    assert not [label for label in shown_state(app).labels if label.startswith(power_items)]
    assert app.power is None
    press(app, "B")
    app.tick(DARK_MS * 2)  # no idle steps either
    assert display.brightness == 1.0


def test_the_lights_show_what_the_sounds_say_unless_switched_off(handheld):
    app = handheld
    app.sound_on = False  # the lights do not follow the sound's switch
    app.error("x")  # an illegal move's
    app.sound(FANFARE)
    app.sound(HINT_FOUND)
    assert app.lights.shown[-3:] == [ERROR, FANFARE, HINT_FOUND]
    app.lights_on = False
    count = len(app.lights.shown)
    app.error("y")
    assert len(app.lights.shown) == count


def test_the_battery_warns_once_when_low_and_saves_when_nearly_empty(handheld):
    app = handheld
    sensors = app.sensors
    sensors.millivolts = 3450
    writes = app.store.saves
    for second in range(0, 120, 10):  # read every 10 s, a running mean of the readings
        app.tick(second * 1000)
    assert app.power.warned == 1 and app.message == LOW_WARNING
    assert app.speaker.played[-1] == ERROR
    app.say("")
    for second in range(120, 240, 10):
        app.tick(second * 1000)
    assert app.message == ""  # once
    press(app, "RIGHT")  # a change not yet written
    sensors.millivolts = 3300
    for second in range(240, 360, 10):
        app.tick(second * 1000)
    assert app.message == EMPTY_WARNING and not app._dirty
    assert app.store.saves == writes + 1
    sensors.usb = True  # plugged in: charging; the warnings may come again later
    app.tick(370000)
    assert not app.power.warned
    press(app, "START")  # (dimmed: this press only wakes it)
    app.tick(371000)
    app.tick(372000)
    press(app, "START")
    battery = shown_state(app).labels[-1]
    assert battery.startswith("Battery: ") and battery.endswith(", on USB")


def test_charge_is_read_from_a_lipo_cells_voltage():
    assert charge_percent(3000) == 0 and charge_percent(4300) == 100
    levels = [charge_percent(mv) for mv in range(3200, 4300, 5)]
    assert levels == sorted(levels) and levels[0] == 0 and levels[-1] == 100
    assert charge_percent(3700) == 40 and charge_percent(3750) == 50


PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import gc, board, keypad, analogio, microcontroller, supervisor, neopixel_write
board.use(%r)
if board.board_id == "pygamer":
    from sthelena.boards.pygamer import PROFILE
else:
    from sthelena.boards.pybadge import PROFILE
from sthelena.app.buttons import *
from sthelena.handheld import loop, start
"""


def run(script, board="pygamer"):
    body = PREAMBLE % board + textwrap.dedent(script)
    return run_micropython(body, packages=("sthelena", "tools/harness/standins"),
                           exclude=VM_EXCLUDE,
                           files={"assets/sheet.bmp": REPO_ROOT / "assets" / "sheet.bmp"}
                           ).splitlines()


@pytest.mark.vm
@pytest.mark.parametrize("board", ["pygamer", "pybadge"])
def test_on_the_board_the_sensors_pixels_and_idle_steps_allocate_nothing(board):
    lines = run("""
        supervisor.set_ticks(0)
        supervisor.STEP = 1
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        display = board.DISPLAY
        pixels = neopixel_write.written
        print("dark at start", pixels["NEOPIXEL"] == bytes(15))
        app.error("test")  # an illegal move's buzz: red, then dark again
        print("red", pixels["NEOPIXEL"][:3] == bytes((0, 12, 0)))
        loop.run(app, buttons, iterations=400, lights=app.lights)
        print("out", pixels["NEOPIXEL"] == bytes(15))
        app.say("")
        app.power.set_step(4)  # auto, following the light sensor
        analogio.set_value(board.LIGHT, 0)
        loop.run(app, buttons, iterations=2100, lights=app.lights)
        print("auto", display.brightness)
        analogio.set_value(board.A6, 3450 * 65535 // 6600)  # a battery at 3.45 V
        supervisor.STEP = 500
        loop.run(app, buttons, iterations=400, lights=app.lights)
        print("low", app.message, app.power.state, microcontroller.nvm.writes)
        app.say("")
        # Idle through dim and dark, the sensors read all along: nothing allocated.
        before = middle = 0
        before = gc.mem_alloc()
        loop.run(app, buttons, iterations=1, lights=app.lights)
        middle = gc.mem_alloc()
        loop.run(app, buttons, iterations=1001, lights=app.lights)
        print("idle_alloc", (gc.mem_alloc() - middle) - (middle - before))
        print("dark", display.brightness, app.power.state)
    """, board=board)
    assert lines == ["dark at start True", "red True", "out True", "auto 0.15",
                     "low " + LOW_WARNING + " 1 1", "idle_alloc 0", "dark 0.0 2"]


def test_the_desktop_dims_its_frame_waits_in_scripts_and_takes_a_battery(
        tmp_path, home, reader):
    frames = tmp_path / "frames"
    save = tmp_path / "save"
    done = run_desktop(["--deal", "5", "--keys", "RIGHT WAIT:61000 WAIT:240000 A RIGHT",
                        "--frames", frames, "--save", save, "--battery", "3.45"], home)
    assert done.returncode == 0, done.stderr
    lit = [sum(load_png(frames / ("frame-%04d.png" % index))[3]) for index in range(6)]
    # Lit; dimmed after a minute (saved by then); dark after five; lit again by A,
    # which does nothing else (the battery's warning, from ten seconds in, is still
    # there); then RIGHT moves the cursor.
    assert lit[1] > 10 * lit[2] > 0 == lit[3] and lit[4] > 10 * lit[2] and lit[4] != lit[5]
    assert save.exists()
    woken = PngFrame(frames / "frame-0004.png")
    assert reader.text_at(woken, 2, 0, len(LOW_WARNING)) == LOW_WARNING
    assert reader.text_at(PngFrame(frames / "frame-0005.png"), 2, 0, 4) != LOW_WARNING[:4]
    shot = tmp_path / "low.png"
    done = run_desktop(["--deal", "5", "--keys", "WAIT:15000", "--shot", shot,
                        "--battery", "3.45"], home)
    assert done.returncode == 0, done.stderr
    assert reader.text_at(PngFrame(shot), 2, 0, len(LOW_WARNING)) == LOW_WARNING
