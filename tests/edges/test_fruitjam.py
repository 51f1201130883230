"""The Fruit Jam edge under the MicroPython VM, on stand-ins for
its modules (tools/harness/standins: the launcher's display at
``supervisor.runtime.display``, ``usb.core`` devices plugged in and pulled
out, Adafruit's mouse library, the buttons' pins): the screen it takes or
asks for, a mouse's clicks, a mouse unplugged mid-game and plugged in again,
the keyboard, a gamepad, the board's buttons, the ``/saves`` store, leaving
for the launcher; and the one-file build of the app folder playing. The
folder on CircuitPython's own interpreter: tests/board/test_fruitjam_firmware.py."""

import textwrap

import pytest

from tests.helpers.mpvm import REPO_ROOT, run_micropython
from tools.bench import bench_fruitjam
from tools.bench.bench_fruitjam import CLICK

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)

ASSETS = {"assets/" + name: REPO_ROOT / "assets" / name
          for name in ("sheet.bmp", "sheet-fruitjam.bmp", "help.txt", "winnable.bin")}
EXCLUDE = r"^(desktop|solver|handheld)/|^__main__\.py$"

PREAMBLE = """
import os, sys
sys.path.append("/lib/standins")
os.mkdir("/saves")  # Fruit Jam OS's writable folder
import random
random.seed(2026)  # the first deal's number: the same every run
import board, digitalio, supervisor, usb.core
import adafruit_usb_host_mouse
board.use("fruit_jam")
from sthelena.app.buttons import *
from sthelena.app.table.layout import place_x, place_y
from sthelena.fruitjam import device
from sthelena.fruitjam.inputs import LEAVE
""" + CLICK + """
def first_move_by_clicks(jam, mouse):
    # the first card move the game lists: its card clicked, then its place
    move = [m for m in jam.app.game.legal_moves() if m < 240][0]
    click(jam, mouse, move // 20)
    lifted = jam.app.lifted
    click(jam, mouse, move % 20)
    return move, lifted
"""


def run(script, files=None):
    body = PREAMBLE + textwrap.dedent(script)
    return run_micropython(body, packages=("sthelena", "tools/harness/standins"), exclude=EXCLUDE,
                           files=dict(ASSETS, **(files or {}))).splitlines()


def test_the_table_takes_the_launchers_screen_or_asks_for_640x480():
    lines = run("""
        jam = device.FruitJam()
        print(jam.screen.width, jam.screen.height, jam.screen.scale, jam.screen.x, jam.screen.y)
        print(supervisor.runtime.display.root_group is jam.screen.root)
        print(jam.app.hint_nodes, jam.app.hint_slots)
        import adafruit_fruitjam.peripherals as peripherals
        peripherals.request_display_config(320, 240)  # CIRCUITPY_DISPLAY_WIDTH=320, say
        jam = device.FruitJam()
        display = supervisor.runtime.display
        print(peripherals.requests, jam.screen.scale, jam.screen.x, jam.screen.y)
        print(display.framebuffer.width, display.framebuffer.color_depth,
              display.root_group is jam.screen.root, display.auto_refresh)
    """)
    assert lines == ["720 400 3 120 8", "True", "30000 16384",
                     "[(720, 400), (320, 240), (640, 480)] 3 80 48", "640 8 True True"]


def test_mouse_clicks_move_a_card_and_a_right_click_undoes_it():
    lines = run("""
        jam = device.FruitJam()
        mouse = usb.core.plug("mouse")
        device.run(jam, 2)
        game = jam.app.game
        move, lifted = first_move_by_clicks(jam, mouse)
        print(lifted == move // 20)
        print(game.move_stack() == [move], jam.app.lifted)
        mouse.report([2, 0, 0, 0])
        mouse.report([0, 0, 0, 0])
        device.run(jam, 3)
        print(len(game.history))
        print(jam.screen.root[-1] is adafruit_usb_host_mouse.found[0].tilegrid,
              jam.screen.root[-1].x == jam.mouse.x)
    """)
    assert lines == ["True", "True -1", "0", "True True"]


def test_a_mouse_pulled_out_mid_click_is_let_go_and_a_new_one_found():
    lines = run("""
        supervisor.STEP = 5
        jam = device.FruitJam()
        mouse = usb.core.plug("mouse")
        device.run(jam, 2)
        x, y = point_of(jam, 3)
        move_to(jam, mouse, x, y)
        mouse.report([1, 0, 0, 0])  # the button down...
        device.run(jam, 2)
        print(jam.app.lifted)
        usb.core.unplug(mouse)  # ...and the mouse gone
        device.run(jam, 300)  # 1.5 s: the held button let go, no hold event, no error
        print(jam.mouse.mouse, jam.app.lifted, len(jam.app.game.history))
        print(adafruit_usb_host_mouse.found[0].tilegrid not in jam.screen.root)
        again = usb.core.plug("mouse")
        device.run(jam, 200)  # looked for every 2 s
        found = adafruit_usb_host_mouse.found
        print(jam.mouse.mouse is found[-1], len(found))
        again.report([2, 0, 0, 0])  # the new mouse's right click: the card goes back
        again.report([0, 0, 0, 0])
        device.run(jam, 3)
        print(jam.app.lifted, len(jam.app.game.history))
    """)
    assert lines == ["3", "None 3 0", "True", "True 2", "-1 0"]


def test_a_drag_plays_and_a_mouse_pulled_out_mid_drag_puts_the_card_back():
    lines = run("""
        jam = device.FruitJam()
        print(type(jam.screen).__name__, type(jam.app.view).__name__)
        mouse = usb.core.plug("mouse")
        device.run(jam, 2)
        game = jam.app.game

        def drag(source, target, pull_out=False):
            x, y = point_of(jam, source)
            move_to(jam, mouse, x, y)
            mouse.report([1, 0, 0, 0])  # the button down on the card...
            device.run(jam, 2)
            x, y = point_of(jam, target)
            while (jam.mouse.x, jam.mouse.y) != (x, y):  # ...held while it moves
                mouse.report([1, max(-9, min(9, x - jam.mouse.x)),
                              max(-9, min(9, y - jam.mouse.y)), 0])
                device.run(jam, 1)
            print(jam.app.view.dragging == source, jam.app.view._drag.x > 0)
            if pull_out:
                usb.core.unplug(mouse)
            else:
                mouse.report([0, 0, 0, 0])
            device.run(jam, 3)
            if jam.app.screen != 0:  # the stuck screen: back to the table
                jam.app.handle(B)

        move = [m for m in game.legal_moves() if m < 240][0]
        drag(move // 20, move % 20)
        print(game.move_stack() == [move], jam.app.view.dragging)
        move = [m for m in game.legal_moves() if m < 240][0]
        drag(move // 20, move % 20, pull_out=True)
        print(len(game.move_stack()), jam.app.lifted, jam.app.view.dragging, jam.mouse.mouse)
    """)
    assert lines == ["FanScreen FanTableView", "True True", "True -1", "True True",
                     "1 -1 -1 None"]


def test_random_clicks_and_drags_with_the_mouse_pulled_out_and_back_crash_nothing():
    lines = run("""
        supervisor.STEP = 50  # 50 ms a loop: a mouse plugged in is found within 40
        jam = device.FruitJam()
        mouse = usb.core.plug("mouse")
        device.run(jam, 2)
        state = 29
        def rand(n):
            global state
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            return (state >> 8) % n
        plugged = True
        played = dragged = pulled = 0
        for step in range(4000):
            if rand(40) == 0:
                if plugged:
                    usb.core.unplug(mouse)
                    pulled += 1
                else:
                    mouse = usb.core.plug("mouse")
                plugged = not plugged
            elif (plugged and jam.mouse.mouse is not None and rand(10) == 0
                  and jam.app.screen == 0):  # a player's drag, the mouse found
                legal = [m for m in jam.app.game.legal_moves() if m < 240]
                if legal:
                    move = legal[rand(len(legal))]
                    mouse.report([0, 0, 0, 0])  # (every button up first)
                    while mouse.reports:  # (the reports queued all read)
                        device.run(jam, 1)
                    device.run(jam, 2)
                    x, y = point_of(jam, move // 20)
                    move_to(jam, mouse, x, y)
                    mouse.report([1, 0, 0, 0])
                    device.run(jam, 2)
                    for _ in range(rand(6)):  # moved a little, or on to its place
                        mouse.report([1, rand(21) - 10, rand(21) - 10, 0])
                        device.run(jam, 2)
                    if rand(3):
                        x, y = point_of(jam, move % 20)
                        while (jam.mouse.x, jam.mouse.y) != (x, y):
                            mouse.report([1, max(-30, min(30, x - jam.mouse.x)),
                                          max(-30, min(30, y - jam.mouse.y)), 0])
                            device.run(jam, 2)
                    if rand(4) == 0:  # pulled out mid-drag
                        usb.core.unplug(mouse)
                        pulled += 1
                        plugged = False
                    else:
                        mouse.report([0, 0, 0, 0])
            elif plugged:
                held = (0, 1, 1, 1, 2, 4)[rand(6)]
                mouse.report([held, rand(81) - 40, rand(81) - 40, rand(3) - 1])
            game, moves = jam.app.game, len(jam.app.game.move_stack())
            device.run(jam, 1)
            jam.app.leaving = False  # (the menu's last item: stay, and play on)
            while jam.app.hint is not None:
                jam.app.tick(0)
            game = jam.app.game
            total = sum(len(pile) for pile in game.piles) + sum(game.foundations)
            assert total + game.stock_size() == 104, step
            played += len(game.move_stack()) > moves
            dragged += jam.app.view.dragging >= 0
        print(played > 10, dragged > 30, pulled > 20)
    """)
    assert lines == ["True True True"]


def test_keys_of_a_usb_keyboard_and_esc_leaves():
    lines = run("""
        jam = device.FruitJam()
        typed = []
        keyboard = device.KeyboardSource(lambda n: typed.pop(0),
                                         lambda: len(typed) and len(typed[0]))
        jam.sources[1] = keyboard
        typed.append("\\x1b[C\\x1b[Cx")  # right, right, A: pile 3's card lifted
        device.run(jam, 5)
        print(jam.app.cursor, jam.app.lifted)
        typed.append("z\\n")  # B puts it back; Enter: the menu
        device.run(jam, 5)
        print(jam.app.lifted, jam.app.screen)
        typed.append("q")
        device.run(jam)  # returns: Q leaves
        print("left")
        device.leave(jam)
        print(len(supervisor.reloads))
        typed.append("z\\n\\x1b[A")  # back, the menu, its last item (for the mouse alone)
        device.run(jam, 6)
        shown = jam.app.states[jam.app.screen]  # the menu's
        print(shown.labels[shown.item])
        typed.append("x")
        device.run(jam)  # returns: the item leaves too
        print(jam.app.leaving)
    """)
    assert lines == ["2 2", "-1 1", "left", "1", "Back to the launcher", "True"]


def test_a_gamepad_plays_and_one_pulled_out_mid_read_is_no_error():
    lines = run("""
        import keypad

        class Gamepad:
            def __init__(self):
                self.reports = []
            def update(self):
                report = self.reports.pop(0) if self.reports else None
                if report == "gone":
                    raise usb.core.USBError(19)
                self.events = report or ()
                return report is not None
        pad = Gamepad()
        jam = device.FruitJam()
        jam.sources.append(device.GamepadSource(pad, (usb.core.USBError,)))
        pad.reports = [(keypad.Event(7, True),), (keypad.Event(7, False),), "gone",
                       (keypad.Event(0, True),), (keypad.Event(0, False),)]
        device.run(jam, 8)
        print(jam.app.cursor, jam.app.lifted)
        pad.reports = [(keypad.Event(10, True),)]
        device.run(jam)  # HOME leaves
        print("left")
    """)
    assert lines == ["1 1", "left"]


def test_the_boards_buttons_are_a_b_and_start():
    lines = run("""
        supervisor.STEP = 10
        jam = device.FruitJam()
        buttons = [source for source in jam.sources if isinstance(source, device.BoardButtons)]
        pins = buttons[0]._read.pins  # (no Peripherals here: the buttons' own pins)
        def press(button):
            pins[button].value = False
            device.run(jam, 4)  # 40 ms: longer than a bounce
            pins[button].value = True
            device.run(jam, 4)
        press(0)  # A: pile 1's card lifted
        print(jam.app.lifted)
        press(1)  # B: put back
        print(jam.app.lifted)
        press(2)  # START: the menu
        print(jam.app.screen)
        pins[0].value = False  # a bounce shorter than 20 ms counts for nothing
        device.run(jam, 1)
        pins[0].value = True
        device.run(jam, 4)
        print(jam.app.screen, jam.app.states[jam.app.screen].item)
    """)
    assert lines == ["0", "-1", "1", "1 0"]


def test_saves_go_to_two_files_in_turn_and_a_torn_one_leaves_the_other():
    lines = run("""
        from sthelena.fruitjam.store import SavesStore
        store = SavesStore()
        print(store.load())
        print(store.save(b"one"), store.save(b"one"), store.save(b"second"))
        print(sorted(os.listdir("/saves")), SavesStore().load())
        print(store.save(b"3"), os.stat("/saves/sthelena.0")[6])  # in place: the size stays
        print(SavesStore().load())
        for count in range(300):  # the count of saves wraps round
            store.save(b"%d" % count)
        print(SavesStore().load())
        with open("/saves/sthelena.0", "r+b") as file:  # a power cut tore the newer file
            file.seek(9)
            file.write(b"\xff")
        print(SavesStore().load())
        with open("/saves/sthelena.1", "wb") as file:  # and the other was never written
            file.write(b"\xff" * 20)
        print(SavesStore().load())
        jam = device.FruitJam()  # nothing to resume: a new deal
        print(jam.app.resumed)
        move = [m for m in jam.app.game.legal_moves() if m < 240][0]
        jam.app.play(move)
        jam.app.flush()
        again = device.FruitJam()  # the next start: the game as it was left
        print(again.app.resumed, again.app.game.move_stack() == [move])
    """)
    assert lines == ["None", "True False True", "['sthelena.0', 'sthelena.1'] b'second'",
                     "True 11", "b'3'", "b'299'", "b'298'", "None", "False", "True True"]


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    """The committed lib/sthelena_fruitjam.mpy as the MicroPython VM loads it."""
    return bench_fruitjam.vm_mpy_file(str(tmp_path_factory.mktemp("fruitjam")))


def test_the_one_file_build_plays_by_the_mouse_alone_under_the_vm(bundled):
    # As the app folder has it: sthelena_fruitjam.mpy beside code.py, no package.
    script = PREAMBLE.replace("from sthelena.app.buttons import *", "").replace(
        "from sthelena.app.table.layout import place_x, place_y", "").replace(
        "from sthelena.fruitjam import device", "import sthelena_fruitjam as device\n"
        "from sthelena_fruitjam import place_x, place_y").replace(
        "from sthelena.fruitjam.inputs import LEAVE", "") + textwrap.dedent("""
        import gc
        print("sthelena" in sys.modules)
        jam = device.FruitJam()
        mouse = usb.core.plug("mouse")
        device.run(jam, 2)
        move, _ = first_move_by_clicks(jam, mouse)
        print(jam.app.game.move_stack() == [move])
    """)
    lines = run_micropython(script, packages=("tools/harness/standins",), exclude=None,
                            files=dict(ASSETS, **{"sthelena_fruitjam.mpy": bundled})).splitlines()
    assert lines == ["False", "True"]
