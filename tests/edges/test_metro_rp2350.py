"""The Metro RP2350 (sthelena/boards/metro_rp2350.py): the Fruit Jam's game
from CIRCUITPY's lib/, as the release's drive lays it out
(tools/build/fruitjam_app.build_drive), started by code.py's find of its
profile, on CircuitPython's own interpreter with the board's modules stood
in: its screen as picodvi leaves it or as the game sets it up on the
profile's pins, a legal move by the USB mouse and the menu by the keyboard,
the game saved in the nvm's flash sector and resumed from it;
with PSRAM (a heap above the RP2350's SRAM) at 640x480, and without it at
the heap an RP2350 leaves beside picodvi's 320x240 framebuffer
(tools/harness/rp2350_heap.py), where the game plays the 320x240 fanned
table, a full hint's search included."""

import pytest

from tests.helpers.firmware_helpers import board_desktop, desktop_frames, pixels, pixels_differing
from tests.helpers.metro_frames import board_frames
from tools.bench.bench_fruitjam import CLICK, TEST_HEAP
from tools.bench.bench_metro import PRELUDE, lay_out, run
from tools.harness import rp2350_heap

needs_firmware = pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
PSRAM_HEAP = 780 * 1024  # above the RP2350's SRAM: only a board with PSRAM has that much

PLAY = PRELUDE + """
profile, line = namespace["find_profile"](board)
import sthelena_fruitjam as device
from sthelena_fruitjam import place_x, place_y
print(device.__file__.split("/")[-1], profile.name, profile.screen.width, profile.screen.pins[0])
if NO_SCREEN:  # no monitor answered at start: the firmware set no screen up
    supervisor.runtime.display = None
random.seed(2026)
jam = device.FruitJam(device.board_store(profile), dvi=profile.screen)
display = supervisor.runtime.display
print(jam.screen.width, jam.screen.height, type(jam.screen).__name__,
      " ".join(type(source).__name__ for source in jam.sources[:2]),
      any(type(source).__name__ == "BoardButtons" for source in jam.sources), jam.app.leave_label)
mouse = usb.core.plug("mouse")
device.run(jam, 2)
""" + CLICK + """
move = [m for m in jam.app.game.legal_moves() if m < 240][0]
click(jam, mouse, move // 20)
click(jam, mouse, move % 20)
print("moved", jam.app.game.move_stack() == [move])
runtime = supervisor.runtime
for count in (1, 3, 1):  # Enter: the menu; the arrow down (ESC [ B); z: closed (B)
    runtime.serial_bytes_available = count
    device.run(jam, 1)
    runtime.serial_bytes_available = 0
    device.run(jam, 2)
    print("screen", jam.app.screen)
"""

SAVE_AND_RESUME = """
# Saved in the nvm (no /saves), and resumed by the game started again on it;
# the Fruit Jam (no profile) keeps its /saves.
jam.app.flush()
print("saved", type(jam.app.store).__name__, bytes(microcontroller.nvm[0:3]),
      device.board_store(None))
del jam
gc.collect()
jam = device.FruitJam(device.board_store(profile), dvi=profile.screen)
print("resumed", jam.app.resumed, jam.app.game.move_stack() == [move])
"""


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return lay_out(str(tmp_path_factory.mktemp("metro")))


@needs_firmware
@pytest.mark.parametrize("no_screen", [False, True])
def test_the_metro_plays_the_fruit_jams_game_from_lib_by_mouse_and_keyboard(drive, no_screen):
    # A Metro with PSRAM: gc.mem_free() above the RP2350's 520 KB of SRAM (its
    # 8 MB; here 780 KiB, enough to tell). Without a screen at start, the
    # game sets picodvi up on the profile's pins (the stand-in: 640x480 at 8 bits).
    proc = run(drive, PLAY.replace("NO_SCREEN", str(no_screen)) + SAVE_AND_RESUME, PSRAM_HEAP,
               typed="\r\x1b[Bz")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [
        "sthelena_fruitjam.mpy metro-rp2350 640 CKP",
        # the mouse and the keyboard (and a gamepad's, if its library loads); neither the
        # Fruit Jam's three buttons nor a launcher to go back to
        "640 480 FanScreen MouseSource KeyboardSource False None",
        "moved True", "screen 1", "screen 1", "screen 0",  # (MENU 1, PLAY 0)
        "saved SectorStore b'St4' None", "resumed True True"]


HINT = """
jam.app.handle(device.SELECT)
jam.app.handle(device.SELECT | device.HOLD)  # the full hint, mid-game
print("hint", jam.app.hint.slots)
least = gc.mem_free()
while jam.app.hint is not None:
    jam.app.tick(0)
    least = min(least, gc.mem_free())
gc.collect()
print("least free", least, "after", gc.mem_free())
"""


@needs_firmware
def test_without_psram_the_game_plays_the_320x240_fanned_table_in_the_heap_left(drive):
    # An RP2350 without PSRAM: picodvi's 640x480 framebuffer (316,048 bytes,
    # never in PSRAM) would leave the gc heap 120,576 bytes, short of the Fruit
    # Jam's table in play. The game lets the firmware's screen go and sets
    # picodvi up at 320x240 (doubled to the same 640x480 mode): 94,496 bytes,
    # the gc heap then 341,632 bytes. Played in that heap (and the stand-ins'
    # own), the firmware's 640x480 screen there at start: the 320x240 fanned
    # table by the mouse and the keyboard, and a full hint's search.
    from sthelena.app.hint.on_table import LARGE_HINT_SLOTS

    assert rp2350_heap.WITH_SCREEN < 124 * 1024 < 330 * 1024 < rp2350_heap.WITH_SMALL_SCREEN
    standins = run(drive, PRELUDE + "gc.collect()\nprint(gc.mem_alloc())\n", TEST_HEAP)
    assert standins.returncode == 0, standins.stderr
    heap = rp2350_heap.METRO_SMALL_HEAP + int(standins.stdout.split()[-1])
    proc = run(drive, PLAY.replace("NO_SCREEN", "False") + HINT + SAVE_AND_RESUME, heap,
               typed="\r\x1b[Bz")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    print(lines[7])  # the least free during the hint (pytest -s shows it)
    assert lines[:7] + lines[8:] == [
        "sthelena_fruitjam.mpy metro-rp2350 640 CKP",
        "320 240 FanScreen MouseSource KeyboardSource False None",
        "moved True", "screen 1", "screen 1", "screen 0", "hint %d" % LARGE_HINT_SLOTS,
        "saved SectorStore b'St4' None", "resumed True True"]
    assert int(lines[7].split()[2]) >= 8 * 1024


def test_the_desktops_metro_without_psram_draws_the_pico_display_packs_table(tmp_path):
    # --board metro-rp2350-no-psram: the 320x240 table the Metro plays without
    # PSRAM, the Pico Display Pack 2.0's, pixel for pixel (a card picked up and
    # put back by the keys; the mouse's clicks are tests/app/test_fan_drag.py's).
    frames = {}
    for board in ("metro-rp2350-no-psram", "pico-display-2"):
        folder = tmp_path / board
        board_desktop(board, ["--deal", "7", "--keys", "RIGHT DOWN A LEFT A B", "--frames",
                              str(folder)])
        frames[board] = sorted(folder.iterdir())
    metro, pico = frames.values()
    assert len(metro) == 7 == len(pico) and pixels(metro[0])[0] == (320, 240)
    assert [pixels_differing(one, other) for one, other in zip(metro, pico)] == [0] * 7


@pytest.fixture(scope="module")
def deal_seven_save(tmp_path_factory):
    """Deal 7 just dealt, as the desktop's --board metro-rp2350 saves it."""
    save = tmp_path_factory.mktemp("metro-save") / "save.bin"
    board_desktop("metro-rp2350-no-psram", ["--deal", "7", "--keys", "", "--save", str(save)])
    return save


@pytest.mark.parametrize("board, free, size", [
    ("metro-rp2350", PSRAM_HEAP, (640, 480)),
    # without PSRAM: what the heap holds beside the firmware's 640x480 screen at start
    ("metro-rp2350-no-psram", rp2350_heap.WITH_SCREEN, (320, 240))])
def test_the_boards_frames_are_the_desktops_pixel_for_pixel(deal_seven_save, tmp_path, board,
                                                             free, size):
    # The Fruit Jam's edge set up as the Metro sets it up (its profile, on the
    # stand-ins: tests/helpers/metro_frames.py), a move clicked, undone by the
    # right button, dragged, and the menu opened, its last item chosen (the
    # Metro's has no way out) and closed by the keyboard; each frame drawn by
    # Blinka, and the desktop's of the same words.
    words, frames, line = board_frames(deal_seven_save.read_bytes(), free, tmp_path / "board")
    assert line == "FanScreen %d %d None True" % size  # (no launcher: no way out in the menu)
    assert [word.split("@")[0] for word in words] == [
        "CLICK", "CLICK", "RIGHT_CLICK", "DRAG", "START", "UP", "B"]
    folder = tmp_path / "desktop"
    folder.mkdir()
    theirs = desktop_frames(board, deal_seven_save, " ".join(words), folder)
    assert len(frames) == len(theirs) == len(words) + 1 and pixels(frames[0])[0] == size
    assert [pixels_differing(mine, desktop) for mine, desktop in zip(frames, theirs)] == \
        [0] * len(frames)
