"""The PyPortals' touch screens (sthelena/boards/pyportal.py, pyportal_titano.py):
the board's set-up (sthelena/handheld/setup.py) on the stand-ins
(tools/harness/standins: the board's pins, and a stand-in
``adafruit_touchscreen`` whose readings a test scripts) under the MicroPython
VM, the panel read by sthelena/handheld/touch.py and played through the main
loop; and a game of taps (tools/harness/touch_scripts.py: the menu, the
overview, moves tapped and one dragged, a redeal, undo, redo, a hint) played
on the board's set-up as the panel reports it, every frame drawn (by the web
page's displayio in Python, which draws what Blinka's does) the desktop's
frame of ``code.py --board NAME --keys`` of the same taps, pixel for pixel."""

import textwrap
import zlib

import pytest

from tests.helpers.desktop_helpers import load_png
from tests.helpers.firmware_helpers import board_desktop, desktop_frames
from tests.helpers.mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython
from tools.harness import touch_scripts
from sthelena.boards import catalogue


ASSETS = {"assets/" + name: REPO_ROOT / "assets" / name
          for name in ("sheet.bmp", "sheet-large.bmp", "sheet-fan.bmp", "help.txt",
                       "winnable.bin")}

PAGE_EXCLUDE = r"^(desktop|solver|fruitjam)/|^__main__\.py$"  # (the board's and the page's)
PREAMBLE = """
import sys
# (before /lib, for the stand-in adafruit_touchscreen; after the page's displayio if it is there)
sys.path.insert(1 if sys.path[0].endswith("native") else 0, "/lib/standins")
import board, microcontroller, supervisor, adafruit_touchscreen
board.use(%r)
from sthelena.app.buttons import *
from sthelena.app.screens.common import PLAY, MENU, NOWHERE
from sthelena.boards.%s import PROFILE
from sthelena.handheld import loop, start
supervisor.STEP = 20  # ms a pass of the loop: the panel read at every pass
def reads(points, passes=None):
    adafruit_touchscreen.script(points)
    loop.run(app, source, passes or len(points) + 1, display=display)
"""


def run(script, board="pyportal", profile="pyportal", files=None, page=False):
    """``script`` on the stand-in ``board`` with ``sthelena.boards.<profile>.PROFILE``;
    ``page``: with the web page's displayio, which draws."""
    body = PREAMBLE % (board, profile) + textwrap.dedent(script)
    if page:
        body = 'import sys\nsys.path.insert(0, "/lib/sthelena/web/native")\n' + body
    return run_micropython(body, packages=("sthelena", "tools/harness/standins"),
                           exclude=PAGE_EXCLUDE if page else VM_EXCLUDE,
                           files=dict(ASSETS, **(files or {}))).splitlines()


@pytest.mark.vm
def test_the_pyportal_sets_up_its_panel_its_row_of_controls_and_its_parts():
    lines = run("""
        made = start.setup(PROFILE)
        app, source, display = made.app, made.buttons, made.display
        panel = source.touchscreen
        print(panel.pins, panel.calibration, panel.size)
        print(display is board.DISPLAY, display.width, display.height, display.auto_refresh)
        screen = made.screen
        print(type(screen).__name__, type(app.view).__name__, screen.layout.geometry.card_width)
        controls = source._pointer.controls
        print(controls.band, controls.cell, app.view.on_page == controls.show)
        print(type(app.store).__name__, app.buttons_help, app.hint_label)
        print(type(app.speaker).__name__, type(made.lights).__name__, app.power is not None)
    """)
    assert lines == [
        "(board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU) "
        "((5200, 59000), (5800, 57000)) (320, 240)",
        "True 320 240 True",
        "FanScreen FanTableView 30",  # the Pico Display Pack 2.0's 320x240 table
        "17 63 True",  # the row: down to a lifted card's frame; five controls of 63 pixels
        "NvmStore touch Hint (or tap Hint)",
        "Speaker NeoPixels True"]


@pytest.mark.vm
def test_a_tap_lifts_a_tap_puts_down_a_drag_carries_and_the_row_gives_the_menu():
    lines = run("""
        import random
        random.seed(5)  # (the deal the app picks: the same every run)
        made = start.setup(PROFILE)
        app, source, display = made.app, made.buttons, made.display
        screen = made.screen
        game = app.game
        print(app.screen == PLAY)
        move = [move for move in game.legal_moves() if move < 240][0]
        source_place, target = divmod(move, 20)
        x, y = screen.place_point(source_place)
        reads([(x, y), (x, y), None, None, None])
        print("tap", app.lifted == source_place, app.cursor == source_place)
        to_x, to_y = screen.place_point(target)
        reads([(to_x, to_y), (to_x, to_y), None, None, None])
        print("put", game.move_stack() == [move], app.lifted)
        app.undo()
        app.go(PLAY)
        # Dragged: pressed, moved (the card follows), let go on its place.
        reads([(x, y), (x, y), ((x + to_x) // 2, (y + to_y) // 2)])
        print("carried", app.view.dragging == source_place)
        reads([(to_x, to_y), None, None, None])
        print("dropped", game.move_stack() == [move], app.view.dragging)
        controls = source._pointer.controls
        reads([(10, 8), (12, 8), None, None, None])  # Menu
        print("menu", app.screen == MENU)
        reads([(10, 8), (12, 8), None, None, None])  # Back
        print("back", app.screen == PLAY)
        reads([(controls.left + controls.cell + 9, 8)] * 2 + [None] * 3)  # Undo
        print("undo", game.move_stack() == [])
        reads([(controls.left + 2 * controls.cell + 9, 8)] * 2 + [None] * 3)  # Redo
        print("redo", game.move_stack() == [move])
    """)
    assert lines == ["True", "tap True True", "put True -1", "carried True", "dropped True -1",
                     "menu True", "back True", "undo True", "redo True"]


@pytest.mark.vm
def test_the_panels_noise_makes_no_touch_no_release_and_no_drag():
    # A lone reading is no touch; two far apart are a finger still landing; a
    # reading or two lost mid-touch do not let it go; a finger jittering by
    # several pixels on a card lifts it, and does not drag it (a tap, not a drop).
    lines = run("""
        made = start.setup(PROFILE)
        app, source, display = made.app, made.buttons, made.display
        x, y = made.screen.place_point(0)
        reads([(x, y), None, None, None, None])
        print("blip", app.lifted, app.last_event)
        reads([(x, y), (x + 40, y), None, None, None])
        print("landing", app.lifted, app.last_event)
        reads([(x, y), (x + 2, y + 1), (x - 2, y + 2), None, (x + 5, y - 4), None, (x - 4, y + 5)])
        print("held", app.lifted == 0, app.view.dragging, source._down)
        reads([None, None, None])
        print("let go", app.lifted == 0, app.view.dragging, source._down)
    """)
    assert lines == ["blip -1 15", "landing -1 15", "held True -1 True", "let go True -1 False"]


@pytest.mark.vm
def test_the_panels_polls_allocate_nothing_idle_held_or_dragging():
    # The VM collects no garbage during one call: gc.mem_alloc() grows by
    # exactly what the polls allocated (the stand-in panel allocates nothing:
    # on the board, the library's read makes its few objects).
    lines = run("""
        import gc
        made = start.setup(PROFILE)
        app, source, display = made.app, made.buttons, made.display
        x, y = made.screen.place_point(0)
        def polls(points):
            adafruit_touchscreen.script(points)
            before = gc.mem_alloc()
            now = 0
            for _ in range(len(points)):
                now += 20
                source.poll(now)
            return gc.mem_alloc() - before
        source.poll(0)
        print("idle", polls([None] * 50))
        reads([(x, y), (x, y)])  # (its press, with its drawing, before the polls)
        print("held", polls([(x, y)] * 50))
        reads([(x + 10, y + 10)])  # (the drag's start)
        print("dragging", polls([(x + 10 + step, y + 10) for step in range(0, 400, 8)]))
    """)
    assert lines == ["idle 0", "held 0", "dragging 0"]


# -- a game of taps, frame for frame the desktop's -------------------------------------

FRAMES = """
from sthelena.web.screen import Screen
import binascii
display = board.DISPLAY = Screen(%d, %d)  # (the page's: it draws into display.frame)
record = open("/nvm.bin", "rb").read()
microcontroller.nvm[0:len(record)] = record
made = start.setup(PROFILE)
app, source = made.app, made.buttons
ROWS = %r
WORDS = %r
def compare(index):
    display.refresh()
    frame = display.frame
    width = 4 * display.width
    wrong = 0
    for row in range(display.height):
        if binascii.crc32(frame[width * row:width * (row + 1)]) != ROWS[index][row]:
            wrong += 1
    return wrong
differ = []
if compare(0):
    differ.append(0)
for index, word in enumerate(WORDS, 1):
    reads(word)
    while app.hint is not None:
        loop.run(app, source, 50, display=display)
    if compare(index):
        differ.append(index)
print("differ", differ)
print("moves", len(app.game.move_stack()), app.screen)
"""


def row_checks(path):
    """The CRC-32 of each row of a PNG's pixels as the page's frame has them (RGBA)."""
    width, height, _, data = load_png(path)
    rows = []
    for y in range(height):
        row = data[3 * width * y:3 * width * (y + 1)]
        rows.append(zlib.crc32(b"".join(row[at:at + 3] + b"\xff" for at in range(0, len(row), 3))))
    return rows


@pytest.mark.vm
@pytest.mark.parametrize("name, module, board, size, moves", [
    ("pyportal", "pyportal", "pyportal", (320, 240), 24),
    ("pyportal-titano", "pyportal_titano", "pyportal_titano", (480, 320), 6)],
    ids=["pyportal", "pyportal-titano"])
def test_a_game_of_taps_on_the_board_draws_the_desktops_frames(tmp_path, name, module, board,
                                                               size, moves):
    profile = catalogue.named(name)
    script, player = touch_scripts.tap_script(profile, 21, moves)
    kinds = set(script.kinds)
    assert {"menu: open (Menu)", "overview: open (Piles)", "lift", "put down", "undo (Undo)",
            "redo (Redo)", "hint (Hint)", "a card dragged to its place"} <= kinds
    assert script.moves == moves and (script.redeals or moves < 10)
    save = tmp_path / "record.bin"
    save.write_bytes(script.record)
    (tmp_path / "desktop").mkdir()
    frames = desktop_frames(name, save, script.keys(), tmp_path / "desktop")
    assert len(frames) == len(script.words) + 1
    (tmp_path / "nvm.bin").write_bytes(touch_scripts.nvm_frame(script.record))
    body = FRAMES % (size + ([row_checks(frame) for frame in frames],
                             [touch_scripts.readings(word) for word in script.words]))
    lines = run(body, board, module, files={"nvm.bin": tmp_path / "nvm.bin"}, page=True)
    assert lines == ["differ []", "moves %d 0" % len(player.app.game.move_stack())]


# -- the desktop's TAP words ------------------------------------------------------------


@pytest.mark.parametrize("word, message", [
    ("TAP:12", "bad 'TAP:12': want TAP:X,Y, a touch at screen pixel (X, Y), X 0..319 and "
               "Y 0..239"),
    ("TAP:320,10", "bad 'TAP:320,10': want TAP:X,Y, a touch at screen pixel (X, Y), X 0..319 "
                   "and Y 0..239"),
    ("TAP:-1,5", "bad 'TAP:-1,5': want TAP:X,Y"),
    ("TAPS", "unknown key name 'TAPS'")])
def test_a_malformed_tap_is_one_line_saying_what_is_wanted(word, message):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "code.py", "--board", "pyportal", "--keys",
                           "TAP:5,5 " + word], cwd=REPO_ROOT, capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sthelena: " + message), proc.stderr


def test_the_desktop_taps_the_pyportals_table_as_the_board_does(tmp_path):
    # A tap on a card lifts it, on the Menu control opens the menu: the save
    # the desktop leaves holds the cursor where the card was tapped.
    script, player = touch_scripts.tap_script(catalogue.named("pyportal"), 21, 2)
    save = tmp_path / "save.bin"
    save.write_bytes(script.record)
    board_desktop("pyportal", ["--save", str(save), "--keys", script.keys()])
    from tools.harness import cut_runs

    game = cut_runs.game_of(save.read_bytes())
    assert game.move_stack() == player.app.game.move_stack() and len(game.move_stack()) == 2


@pytest.mark.vm
def test_boot_py_on_a_pyportal_leaves_the_drive_to_the_computer(tmp_path):
    # The board has no SELECT to hold at reset (its profile has no keys):
    # boot.py finds its profile and hands nothing over.
    from tests.edges.test_boot import BOOT, run as run_boot
    from tests.helpers.bundle_helpers import COMMITTED_PROFILES, vm_mpy

    lines = run_boot(BOOT, "pyportal", profiles=vm_mpy(tmp_path, COMMITTED_PROFILES))
    assert lines[0].startswith("CIRCUITPY stays writable from the computer")
    assert lines[1:] == ["remounts []", "readonly True"]
