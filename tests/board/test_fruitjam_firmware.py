"""The Fruit Jam's app folder as ``make fruitjam`` builds it, run from its own
directory on CircuitPython's own interpreter (``make firmware-vm``; skipped
where it is not built: the ``firmware`` marker) in a fixed heap, as the
launcher runs it: the game loaded from its ``.mpy``, played by the stand-in
mouse, a hint's full search, the save; the folder of before (the game as
``.py``) failing to import there; ``code.py``'s line for a ``.mpy`` of
another version."""

import pytest

from tools.bench import bench_fruitjam
from tools.bench.bench_fruitjam import CLICK

needs_firmware = pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
# The heap the folder plays in below, the hint's full search included: it was
# bisected to 280 KiB (docs/fruitjam.md), 40 KiB more for what changes. The
# folder before, the game as .py compiled at start, needed 398 KiB for this
# play with the hint's compact search, 464 KiB with its full one.
FRUIT_JAM_TEST_HEAP = 320 * 1024

ON_CIRCUITPYTHON = """
import sys
sys.path.insert(0, STANDINS)  # before the folder: its mouse library needs a real USB host
import board, supervisor, usb.core, random
board.use("fruit_jam")
random.seed(2026)
import sthelena_fruitjam as device
from sthelena_fruitjam import place_x, place_y
print(device.__file__)
jam = device.FruitJam(device.SavesStore(SAVES_PATH))
print(jam.screen.scale, type(jam.app.speaker).__name__)
mouse = usb.core.plug("mouse")
device.run(jam, 2)
""" + CLICK + """
move = [m for m in jam.app.game.legal_moves() if m < 240][0]
click(jam, mouse, move // 20)
click(jam, mouse, move % 20)
print(jam.app.game.move_stack() == [move])
usb.core.unplug(mouse)
device.run(jam, 3)
print(jam.mouse.mouse)
jam.app.handle(device.SELECT)
jam.app.handle(device.SELECT | device.HOLD)
print(jam.app.hint.slots)  # the full search's table, not the compact one's
while jam.app.hint is not None:
    jam.app.tick(0)
print(jam.app.message.split(":")[0])
jam.app.flush()
print(device.SavesStore(SAVES_PATH).load() is not None)
"""


@needs_firmware
@pytest.mark.parametrize("mpy_libraries", [False, True])
def test_on_circuitpython_the_app_folder_loads_its_mpy_and_plays_by_the_mouse(tmp_path,
                                                                              mpy_libraries):
    # The folder as make fruitjam builds it (and with --mpy-libraries), run as
    # the launcher runs it (the folder the working directory) on
    # CircuitPython's own interpreter (10.x, unix port), the Fruit Jam's
    # modules stood in, in a fixed heap: the game loaded from its .mpy, a move
    # by clicks, the mouse lost, a hint with the Fruit Jam's budget (its full
    # search), the save.
    from pathlib import Path

    from sthelena.app.hint.on_table import LARGE_HINT_SLOTS

    folder = bench_fruitjam.lay_out_app(str(tmp_path), mpy_libraries=mpy_libraries)
    sources = sorted(path.name for path in Path(folder).rglob("*.py"))
    assert sources == ["code.py"] if mpy_libraries else "sthelena_fruitjam.py" not in sources
    proc = bench_fruitjam.run_in_folder(folder, ON_CIRCUITPYTHON, FRUIT_JAM_TEST_HEAP)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == ["sthelena_fruitjam.mpy", "3 Speaker", "True", "None",
                                        str(LARGE_HINT_SLOTS), "Wins", "True"]


@needs_firmware
def test_on_circuitpython_the_folder_of_before_does_not_start_in_that_heap(tmp_path):
    # The same folder with the game as .py, as it was: compiling it at start
    # needs more than the whole play with the .mpy.
    folder = bench_fruitjam.lay_out_app(str(tmp_path), source=True)
    proc = bench_fruitjam.run_in_folder(folder, ON_CIRCUITPYTHON, FRUIT_JAM_TEST_HEAP)
    assert "MemoryError" in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    assert "sthelena_fruitjam.py" not in proc.stdout.splitlines()  # not even imported


@needs_firmware
def test_on_circuitpython_an_mpy_of_another_version_gets_code_pys_one_line(tmp_path):
    # The folder's code.py started as the launcher starts it, its game's .mpy
    # of version 5 (CircuitPython 7 and 8): CircuitPython's own refusal, told.
    folder = bench_fruitjam.lay_out_app(str(tmp_path))
    game = tmp_path / "sthelena" / "sthelena_fruitjam.mpy"
    data = bytearray(game.read_bytes())
    data[1] = 5
    game.write_bytes(bytes(data))
    proc = bench_fruitjam.run_in_folder(folder, """
import sys
sys.path.insert(0, STANDINS)
import board
board.use("fruit_jam")
namespace = {"__name__": "code"}
exec(open("code.py").read(), namespace)
namespace["start_on_board"](board)
""", FRUIT_JAM_TEST_HEAP)
    assert proc.returncode == 0 and proc.stderr == "", proc.stdout + proc.stderr
    version = proc.stdout.split("(this is ")[-1].split(")")[0]
    assert version.split(".")[0] == "10"
    assert proc.stdout == (
        "St. Helena needs CircuitPython 9 or 10 (this is %s): its sthelena_fruitjam.mpy is "
        "compiled for those: put Fruit Jam OS's CircuitPython 10 on the board\n" % version)
