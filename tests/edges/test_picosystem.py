"""The PicoSystem's edge, set up from its profile (sthelena/boards/picosystem.py)
by sthelena/handheld/setup.py (start.py calls it), under the MicroPython VM, on
stand-ins for the PicoSystem's modules (tools/harness/standins:
board.use("picosystem"), keypad.Keys, pwmio): its keys (keys.py, made by
setup.key_source), its LED saying what the speaker says (rgb_lights.py),
its 240x240 screen with the table drawn from the large sheet, its 4 KB of nvm
(sector_store.py), the main loop (loop.py).
The same edge on CircuitPython's own firmware: tests/board/test_firmware.py."""

import textwrap

import pytest

from tests.helpers.mpvm import EACH_KEY, REPO_ROOT, VM_EXCLUDE, run_micropython

ASSETS = {"assets/sheet-large.bmp": REPO_ROOT / "assets" / "sheet-large.bmp",
          "assets/help.txt": REPO_ROOT / "assets" / "help.txt"}

PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor
board.use("picosystem")
microcontroller.nvm = microcontroller.ByteArray(4096)  # the RP2040's
from sthelena.app.buttons import *
from sthelena.app.sounds import CLICK, ERROR, FANFARE
from sthelena.boards.picosystem import PROFILE
from sthelena.handheld import loop, setup, start
from sthelena.handheld.rgb_lights import RgbLights
def set_up():
    made = start.setup(PROFILE)
    return made.app, made.buttons, made.lights, made.screen
"""


def run(script):
    return run_micropython(PREAMBLE + EACH_KEY + textwrap.dedent(script),
                           packages=("sthelena", "tools/harness/standins"), exclude=VM_EXCLUDE,
                           files=ASSETS).splitlines()


@pytest.mark.vm
def test_the_d_pad_and_a_b_x_y_are_the_handhelds_buttons():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        print(source.keys.key_count, source.keys.value_when_pressed,
              type(source._timer).__name__)
        print(each_key(source, 8))  # Y X A B DOWN RIGHT LEFT UP, as the keys are made
    """)
    assert lines == ["8 False ButtonTimer", "SELECT START A B DOWN RIGHT LEFT UP"]


@pytest.mark.vm
def test_the_led_says_what_the_speaker_says_and_goes_out():
    lines = run("""
        supervisor.set_ticks(1000)
        lights = RgbLights((board.LED_R, board.LED_G, board.LED_B))
        def shown():
            return tuple(pin.duty_cycle for pin in lights._pins)
        print(shown(), lights.lit)
        for sound, name in ((CLICK, "click"), (ERROR, "error"), (FANFARE, "win")):
            lights.play(sound)
            colour = shown()
            lights.tick(1000 + 40)
            still = lights.lit
            lights.tick(1000 + 1600)
            print(name, colour, still, shown(), lights.lit)
    """)
    assert lines[0] == "(0, 0, 0) False"
    click, error, win = (line.split(" ", 1) for line in lines[1:])
    assert click[1] == "(3000, 3000, 3000) True (0, 0, 0) False"  # 60 ms: dim white
    assert error[1] == "(20000, 0, 0) True (0, 0, 0) False"  # 250 ms: red
    assert win[1] == "(0, 16000, 0) True (0, 0, 0) False"  # 1.5 s: green


@pytest.mark.vm
def test_without_the_leds_pwm_the_game_stays_dark_and_plays():
    lines = run("""
        sys.modules["pwmio"] = None  # a firmware without pwmio
        lights = RgbLights((board.LED_R, board.LED_G, board.LED_B))
        lights.play(ERROR)
        lights.tick(10 ** 6)
        print(lights._pins, lights.lit)
    """)
    assert lines == ["None False"]


@pytest.mark.vm
def test_set_up_centres_the_large_table_on_the_square_screen():
    lines = run("""
        app, buttons, lights, screen = set_up()
        root = board.DISPLAY.root_group
        print(board.DISPLAY.width, board.DISPLAY.height, root is screen.root)
        print(screen.scale, screen.x, screen.y, screen.root_group is app.view.group)
        sheet = app.view.status.bitmap
        print(sheet.width, sheet.height, app.view.tile_width, app.view.tile_height)
        print(app.view.places[0].tile_width, app.view.places[0].tile_height,
              app.view.places[0].x, app.view.places[0].y)
        print(app.speaker is lights, app.store.capacity, type(app.store).__name__)
    """)
    assert lines[0] == "240 240 True"
    assert lines[1] == "1 0 24 True"  # the 240x192 table, 24 pixels of baize above and below
    assert lines[2] == "144 156 9 12"  # the large sheet: 9x12 tiles
    assert lines[3] == "9 12 39 0"  # pile 1's card, 36x36, in the second column
    assert lines[4] == "True 4086 SectorStore"  # 4 KB less a frame's head and CRC


@pytest.mark.vm
def test_the_loop_plays_lights_up_saves_and_a_restart_resumes():
    lines = run("""
        import random
        random.seed(3)
        supervisor.STEP = 1
        app, buttons, lights, screen = set_up()
        first = app.cursor
        keypad.push(5)  # RIGHT
        keypad.push(5, False)
        loop.run(app, buttons, iterations=5, lights=lights)
        print("moved", app.cursor != first)
        keypad.push(1)  # X: START, the menu; B back
        keypad.push(1, False)
        loop.run(app, buttons, iterations=5, lights=lights)
        keypad.push(3)
        keypad.push(3, False)
        loop.run(app, buttons, iterations=5, lights=lights)
        legal = list(app.game.legal_moves())
        app.play(legal[0])  # a move: the LED blinks with the click
        print("lit", lights.lit)
        loop.run(app, buttons, iterations=100, lights=lights)
        print("out", lights.lit)
        supervisor.STEP = 100
        loop.run(app, buttons, iterations=700, lights=lights)  # a minute: saved
        print("saved", microcontroller.nvm.writes >= 1)
        played = app.game.notation()
        again = start.setup(PROFILE).app
        print("resumed", again.game.notation() == played)
        start.start(PROFILE, iterations=20)
        print("start ok")
    """)
    assert lines == ["moved True", "lit True", "out False", "saved True", "resumed True",
                     "start ok"]


@pytest.mark.vm
def test_polling_and_the_led_allocate_nothing_while_idle():
    # The VM collects nothing within a call: what a run allocates is what its
    # loop allocated. A run's start takes its bound methods (48 bytes); a loop
    # twice as long must take nothing more, the LED lit or not.
    lines = run("""
        import gc
        app, buttons, lights, screen = set_up()
        loop.run(app, buttons, iterations=10, lights=lights)
        def cost(iterations):
            gc.collect()
            before = gc.mem_alloc()
            loop.run(app, buttons, iterations=iterations, lights=lights)
            return gc.mem_alloc() - before
        lights.play(CLICK)
        print(cost(300) == cost(600) <= 64, lights.lit)
        supervisor.STEP = 1
        lights.play(ERROR)
        print(cost(300) == cost(600) <= 64, lights.lit)
    """)
    assert lines == ["True True", "True False"]


@pytest.mark.vm
def test_a_press_is_drawn_at_once_in_one_refresh_and_a_move_before_the_look_for_the_end():
    # The loop turns the display's auto-refresh off while the app handles a
    # press (no refresh half way), refreshes it at once after, and turns it on
    # again; a move is refreshed once more before the app looks whether the
    # game has ended. Deal 7: pile 4's queen of hearts goes home.
    lines = run("""
        from sthelena.core.game import Game
        app, buttons, lights, screen = set_up()
        app.start(Game.deal(7))
        display = board.DISPLAY
        during = []
        handle = app.handle
        def watched(event):
            during.append(display.auto_refresh)
            handle(event)
        app.handle = watched
        def press(key):
            before = display.refreshes
            keypad.push(key)
            keypad.push(key, False)
            loop.run(app, buttons, iterations=5, lights=lights, display=display)
            return display.refreshes - before
        print("cursor", press(5), press(5), press(5), app.cursor)
        moves = len(app.game.move_stack())
        print("lift", press(2), app.lifted)
        print("quick move", press(2), len(app.game.move_stack()) - moves)
        print(during, display.auto_refresh)
    """)
    assert lines == ["cursor 1 1 1 3", "lift 1 3", "quick move 2 1",
                     "[False, False, False, False, False] True"]


# -- the large sheet and the PicoSystem's screen on the desktop (CPython) --------


def test_the_large_sheet_is_the_generators_and_each_tile_the_small_ones_half_as_large_again(
        tmp_path):
    import subprocess
    import sys

    from tools.build.assets import make_assets

    out = tmp_path / "large.bmp"
    subprocess.run([sys.executable, "-m", "tools.build.assets.make_assets",
                    str(tmp_path / "small.bmp"), "--large", str(out)], cwd=REPO_ROOT, check=True)
    assert out.read_bytes() == (REPO_ROOT / "assets" / "sheet-large.bmp").read_bytes(), \
        "assets/sheet-large.bmp is stale: run python -m tools.build.assets.make_assets"
    small = make_assets.draw()
    large = make_assets.larger(small)
    assert (len(large[0]), len(large)) == (144, 156)
    for tile in (33, 112, 164, 180):  # a letter, a big rank, a big suit, an empty pile
        left, top = tile % 16, tile // 16
        for y in range(12):
            for x in range(9):
                assert large[top * 12 + y][left * 9 + x] == \
                    small[top * 8 + y * 2 // 3][left * 6 + x * 2 // 3]


def test_the_desktops_picosystem_plays_the_large_table_centred(tmp_path, home, sheet):
    from tests.helpers.app_driver import PngFrame, ScreenReader
    from tests.helpers.desktop_helpers import run as desktop
    from sthelena.app.table.sheet import load_sheet
    from sthelena.core.game import Game

    shot, small = tmp_path / "pico.png", tmp_path / "handheld.png"
    proc = desktop(["--board", "picosystem", "--deal", "7", "--keys", "RIGHT RIGHT A",
                    "--shot", shot], home)
    assert proc.returncode == 0, proc.stderr
    frame = PngFrame(shot)
    assert (frame.width, frame.height) == (240, 240)
    reader = ScreenReader(load_sheet(str(REPO_ROOT / "assets" / "sheet-large.bmp")), (0, 24))
    game = Game.deal(7)
    assert [reader.card_at(frame, place, lifted=place == 2) for place in range(20)] == [
        game.top(place) for place in range(20)]
    baize = frame.pixel(0, 0)
    assert all(frame.pixel(x, y) == baize for x in (0, 120, 239) for y in (0, 10, 230, 239))
    # the same position as the handheld shows it, the same cards
    assert desktop(["--deal", "7", "--keys", "RIGHT RIGHT A", "--shot", small],
                   home).returncode == 0
    handheld = ScreenReader(sheet)
    assert [handheld.card_at(PngFrame(small), place, lifted=place == 2)
            for place in range(20)] == [game.top(place) for place in range(20)]


def test_the_desktops_boards_are_named_when_one_is_wrong(home):
    from tests.helpers.desktop_helpers import run as desktop

    from sthelena.boards import catalogue

    proc = desktop(["--board", "picogamer"], home)
    assert proc.returncode == 2
    # every board's profile with a screen of its own size, "handheld" (the PyBadge's),
    # and the Metro RP2350's table without PSRAM
    names = sorted({profile.name for profile in catalogue.profiles() if profile.size}
                   | {"handheld", "metro-rp2350-no-psram"})
    assert {"fruit-jam", "handheld", "picosystem", "pybadge", "pygamer", "sprig"} <= set(names)
    assert proc.stderr.strip() == "sthelena: bad --board 'picogamer': want " + " or ".join(names)


@pytest.mark.vm
def test_its_battery_brightness_and_idle_screen():
    lines = run("""
        import analogio
        supervisor.set_ticks(0)
        app, buttons, lights, screen = set_up()
        print(app.power.has_light, app.power.millivolts)  # no light sensor; 4.0 V
        analogio.set_value(board.BAT_SENSE, 3450 * 65535 // 9900)  # a third of 3.45 V
        supervisor.STEP = 500
        loop.run(app, buttons, iterations=400, lights=lights)  # 200 s: warned, dimmed
        print(app.message, app.power.state, board.DISPLAY.brightness)
        app.power.set_step(1)
        print(board.DISPLAY.brightness)
    """)
    assert lines == ["False 3999", "Battery low: charge soon 1 0.05", "0.05"]
