"""Two more boards' profiles set up by sthelena/handheld/setup.py under the
MicroPython VM, on the stand-ins (tools/harness/standins): the Hack Club
Sprig (sthelena/boards/sprig.py: W A S D and I J K L, the 160x128 table, the
RP2040's sector store) and a Pico with Pimoroni's Pico Display Pack 2.0
(sthelena/boards/pico_display_2.py: four keys, X and Y each with a tap and a
hold, its 320x240 ST7789 set up on SPI by Adafruit's driver, a common-anode
RGB LED). The profile is imported as its module: the VM has no importlib for
sthelena.boards.catalogue."""

import textwrap

import pytest

from tests.helpers.mpvm import EACH_KEY, REPO_ROOT, VM_EXCLUDE, run_micropython

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)

ASSETS = {"assets/sheet.bmp": REPO_ROOT / "assets" / "sheet.bmp",
          "assets/sheet-large.bmp": REPO_ROOT / "assets" / "sheet-large.bmp",
          "assets/sheet-fan.bmp": REPO_ROOT / "assets" / "sheet-fan.bmp",
          "assets/help.txt": REPO_ROOT / "assets" / "help.txt"}

PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor
board.use(%r)
microcontroller.nvm = microcontroller.ByteArray(4096)  # the RP2040's
from sthelena.app.buttons import *
from sthelena.boards.%s import PROFILE
from sthelena.handheld import loop, setup, start
def trace(source, begin, stop):
    found = []
    for now in range(begin, stop):
        event = source.poll(now)
        if event != NO_EVENT:
            found.append("%%d:%%s%%s" %% (now, NAMES[event & 7], "+HOLD" if event & HOLD else ""))
    supervisor.set_ticks(stop)  # a key's next move comes then (its event's timestamp)
    return " ".join(found) or "-"
"""


def run(script, board, profile, files=None):
    """Run ``script`` on the stand-in ``board`` with ``sthelena.boards.<profile>.PROFILE``
    (the libraries, Adafruit's screen drivers with them, in the VM's /lib)."""
    body = PREAMBLE % (board, profile) + EACH_KEY + textwrap.dedent(script)
    return run_micropython(body, packages=("sthelena", "tools/harness/standins"),
                           exclude=VM_EXCLUDE, files=files).splitlines()


# -- the Sprig -------------------------------------------------------------------------


def test_the_sprigs_eight_keys_play_as_a_gamepads():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        print(source.keys.key_count, source.keys.value_when_pressed, source._x is None,
              type(source._timer).__name__)
        print(each_key(source, 8))  # W A S D I J K L, as the profile lists them
        supervisor.set_ticks(1000)
        keypad.push(7)  # L held: A, then the quick move
        print(trace(source, 1000, 2000))
        keypad.push(7, False)
        keypad.push(5)  # J held: every pile, then a hint
        print(trace(source, 2000, 3000))
    """, "sprig", "sprig")
    assert lines == ["8 False True ButtonTimer", "UP LEFT DOWN RIGHT START SELECT B A",
                     "1000:A 1500:A+HOLD", "2000:SELECT 2500:SELECT+HOLD"]


def test_the_sprig_sets_up_the_small_table_with_the_sector_store_and_resumes():
    lines = run("""
        import random
        random.seed(3)
        supervisor.STEP = 1
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        display = board.DISPLAY
        print(display.width, display.height, made.screen is display is made.display,
              display.root_group is app.view.group)
        sheet = app.view.status.bitmap
        print(sheet.width, sheet.height, app.view.tile_width, app.view.tile_height)
        print(type(app.store).__name__, app.store.capacity, made.lights is None)
        print(app.buttons_help, app.hint_label)
        first = app.cursor
        keypad.push(3)  # D: RIGHT
        keypad.push(3, False)
        loop.run(app, buttons, iterations=5)
        print("moved", app.cursor != first)
        supervisor.STEP = 100
        loop.run(app, buttons, iterations=700)  # a minute: saved, appended
        print("saved", microcontroller.nvm.writes >= 1, microcontroller.nvm.erases)
        played = app.game.notation()
        print("resumed", start.setup(PROFILE).app.game.notation() == played)
    """, "sprig", "sprig", files=ASSETS)
    assert lines == ["160 128 True True", "96 104 6 8",  # the PyBadge's table and sheet
                     "SectorStore 4086 True",  # 4 KB less a frame's head and CRC
                     "buttons-sprig Hint (or hold J)", "moved True", "saved True 0",
                     "resumed True"]


# -- a Pico with a Pico Display Pack 2.0 -------------------------------------------------


def test_the_pico_displays_four_keys_tap_and_hold():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        print(source.keys.key_count, source.keys.value_when_pressed, source._x is None,
              type(source._timer).__name__)  # X and Y have a tap and a hold
        print(each_key(source, 4))  # A B X Y, each tapped
        supervisor.set_ticks(1000)
        keypad.push(2)  # X held: nothing as it goes down, the menu at 500 ms
        print(trace(source, 1000, 1499), "|", trace(source, 1499, 2500))
        keypad.push(2, False)
        print(trace(source, 2500, 3000))  # let go after its hold: no tap
        keypad.push(3)  # Y held: every pile at 500 ms, a hint at 1000 ms
        print(trace(source, 3000, 5000))
        keypad.push(3, False)
        keypad.push(3)  # Y tapped after 300 ms: DOWN as it goes up
        print(trace(source, 5000, 5300))
        keypad.push(3, False)
        print(trace(source, 5300, 6000))
        keypad.push(2)  # X tapped
        print(trace(source, 6000, 6100))
        keypad.push(2, False)
        print(trace(source, 6100, 7000))
        keypad.push(0)  # A held: A, then the quick move, as on every board
        print(trace(source, 7000, 8000))
        keypad.push(0, False)
        keypad.push(1)  # B held: B, then redo
        print(trace(source, 8000, 9000))
        keypad.push(1, False)
    """, "pico", "pico_display_2")
    assert lines == ["4 False True TapHoldTimer", "A B RIGHT DOWN", "- | 1500:START", "-",
                     "3500:SELECT 4000:SELECT+HOLD", "-", "5300:DOWN", "-", "6100:RIGHT",
                     "7000:A 7500:A+HOLD", "8000:B 8500:B+HOLD"]


def test_the_pico_displays_y_held_through_a_redraw_is_a_hint():
    # Y's first hold opens every pile (the overview: 1.5 s to draw on the
    # RP2040); let go after its second hold fell due, read only then, it is
    # the hint; X held and let go before the loop reads it, the menu.
    lines = run("""
        supervisor.set_ticks(1000)
        source = setup.key_source(PROFILE, board)
        keypad.push(3)  # Y
        first = trace(source, 1000, 1501)  # its hold at 1500: the overview drawn...
        supervisor.set_ticks(2200)
        keypad.push(3, False)  # ... while Y goes up at 2200
        print(first, "|", trace(source, 3000, 3100))
        supervisor.set_ticks(4000)
        keypad.push(2)  # X held 600 ms, read only after it went up
        supervisor.set_ticks(4600)
        keypad.push(2, False)
        print(trace(source, 5000, 5100))
        supervisor.set_ticks(6000)
        keypad.push(2)  # X tapped (300 ms), read late: its tap
        supervisor.set_ticks(6300)
        keypad.push(2, False)
        print(trace(source, 7000, 7100))
    """, "pico", "pico_display_2")
    assert lines == ["1500:SELECT | 3000:SELECT+HOLD", "5000:START", "7000:RIGHT"]


def test_the_pico_displays_polls_allocate_nothing_waiting_for_a_tap_or_a_hold():
    # The VM collects no garbage during one call: gc.mem_alloc() grows by
    # exactly what the polls allocated.
    lines = run("""
        import gc
        source = setup.key_source(PROFILE, board)
        source.poll(0)
        def polls(now, stop):
            before = gc.mem_alloc()
            while now < stop:
                source.poll(now)
                now += 1
            return gc.mem_alloc() - before
        print("idle", polls(1, 2000))
        keypad.push(3)  # Y held through its two holds
        print("held", polls(2000, 4000))
        keypad.push(3, False)
        keypad.push(2)
        keypad.push(2, False)  # X tapped
        print("tapped", polls(4000, 5000))
    """, "pico", "pico_display_2")
    assert lines == ["idle 0", "held 0", "tapped 0"]


def test_the_pico_display_sets_up_its_spi_screen_keys_and_led():
    lines = run("""
        made = start.setup(PROFILE)
        app, display = made.app, made.display
        bus = display.bus
        print(type(display).__name__, display.width, display.height, display.rotation,
              display.backlight_pin, display.auto_refresh)
        print(bus.spi.clock, bus.spi.MOSI, bus.command, bus.chip_select, bus.reset)
        print(display.root_group is not None, made.screen.root_group is app.view.group)
        print(type(app.store).__name__, app.store.capacity, app.speaker is made.lights)
        print(app.buttons_help, app.hint_label)
        print([pin.duty_cycle for pin in made.lights._pins])  # common anode: dark while high
        app.speaker.play(2)  # FANFARE: green
        print([pin.duty_cycle for pin in made.lights._pins])
        print(made.buttons.keys.key_count)
    """, "pico", "pico_display_2", files=ASSETS)
    assert lines == ["ST7789 320 240 270 board.GP20 True",
                     "board.GP18 board.GP19 board.GP16 board.GP17 None",
                     "True True", "SectorStore 4086 True",
                     "buttons-abxy Hint (or hold Y long)",
                     "[65535, 65535, 65535]", "[65535, 49535, 65535]", "4"]
