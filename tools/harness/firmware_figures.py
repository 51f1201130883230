"""The drive image started and played on CircuitPython's own interpreter.

CircuitPython's unix port (circuitpython_builds.py finds it: ``build/``'s, else
the shared builds'; or the path in ``$CIRCUITPYTHON_VM``), built 32-bit,
so its objects are the size they are on a SAMD51, and ``-X heapsize=`` fixes
its heap as a board's is fixed. It runs tools/harness/board_start.py's script on a
drive laid out in a folder: ``code.py``, ``assets/``, the committed
``lib/sthelena_board.mpy``, and the libraries compiled by CircuitPython's own
``mpy-cross`` (as circup installs them) or as ``.py`` (as ``make circuitpy``
copies them). The board's modules are tools/harness/standins, given their own heap
on top of the board's (measured first), since on a board they are firmware.

Desktop only; used by ``make bench-app`` and tests/board/test_board_heap.py.
"""

import os
import shutil
import subprocess
import tempfile

from tools.build import board_libs, circuitpython_builds

from . import board_start
# BOARD_HEAP: the heap the game gets on a PyGamer or PyBadge, as -X heapsize=
from .board_heap import BOARD_HEAP

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

DRIVE_FILES = ("code.py", "assets/sheet.bmp", "assets/help.txt", "assets/winnable.bin",
               "lib/sthelena_board.mpy", "lib/sthelena_board_setup.mpy", "lib/sthelena_hint.mpy",
               "lib/sthelena_profiles.mpy")


def interpreter(areas=False, version="10.x"):
    """``(path, None)`` of CircuitPython's interpreter (``version``: a major of
    circuitpython_builds.VERSIONS), or ``(None, why not)``; ``areas``: the one
    whose heap is in 14 areas (``circuitpython-areas``). ``$CIRCUITPYTHON_VM``
    names another 10.x interpreter to measure."""
    name = "%s/circuitpython%s" % (version, "-areas" if areas else "")
    path = (not areas and version == "10.x" and os.environ.get("CIRCUITPYTHON_VM")
            or circuitpython_builds.find(name))
    for needed in (name, version + "/mpy-cross"):  # (the mpy-cross compiles the libraries)
        why = circuitpython_builds.missing(needed)
        if why and (needed != name or not path):
            return None, why
    return path, None


def lay_out_drive(directory, libraries="mpy", version="10.x", source=None):
    """The drive in ``directory`` (libraries ``"mpy"``, compiled by ``version``'s
    mpy-cross as circup installs them for it, or ``"py"``; or ``source``, a
    drive folder taken as it is: a release's); its path."""
    drive = os.path.join(directory, "CIRCUITPY")
    if source is not None:
        shutil.copytree(source, drive)
    else:
        assemble_drive(drive, libraries, version)
    shutil.copytree(os.path.join(ROOT, "tools", "harness", "standins"),
                    os.path.join(directory, "standins"),
                    ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    return drive


def assemble_drive(drive, libraries, version):
    """The repository's drive files and the libraries into the folder ``drive``."""
    for name in DRIVE_FILES:
        target = os.path.join(drive, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, name), target)
    mpy_cross = circuitpython_builds.find(version + "/mpy-cross")
    for name, path in board_libs.library_files():
        target = os.path.join(drive, "lib", name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if libraries == "py":
            shutil.copyfile(path, target)
            continue
        subprocess.run([mpy_cross, "-o", target[:-3] + ".mpy", "-s", os.path.basename(name),
                        path], check=True, capture_output=True)


def run(drive, board, heap, parts=40):
    """The script on the drive with ``heap`` bytes: ``(figures, None)``, or
    ``(None, the error's last line)`` if it failed (MemoryError, say)."""
    path, why = interpreter()
    if path is None:
        return None, why
    script = board_start.script(board, parts, standins_dir=os.path.join(
        os.path.dirname(drive), "standins"), root=drive + "/", firmware=True)
    proc = subprocess.run([path, "-X", "heapsize=%d" % heap, "-c", script], cwd=drive,
                          capture_output=True, text=True, timeout=600)
    if proc.returncode:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        return None, lines[-1] if lines else "exit status %d" % proc.returncode
    return board_start.figures(proc.stdout), None


def standins_heap(drive, board, parts=40):
    """What the stand-ins and the script's own code keep, read in a run with
    room to spare (the interpreter compiles the whole script first)."""
    found, why = run(drive, board, 4 * BOARD_HEAP, parts)
    if found is None:
        raise RuntimeError("CircuitPython's interpreter failed: %s" % why)
    return found["standins"][0]


def least_heap(drive, board, allowance, parts=40, step=1024):
    """The least heap (bytes, to ``step``) in which the game starts and plays,
    less the stand-ins' ``allowance``: what the game needs at its peak."""
    return bisect_heap(lambda heap: run(drive, board, heap + allowance, parts)[0] is not None,
                       16 * 1024, 2 * BOARD_HEAP, step)


def bisect_heap(works, low, high, step=1024):
    """The least heap (bytes, to ``step``) above ``low`` for which ``works(heap)``,
    bisected (a run needing no more than ``high``); None if it fails in ``high``."""
    if not works(high):
        return None
    while high - low > step:
        middle = (low + high) // 2 // step * step
        if works(middle):
            high = middle
        else:
            low = middle
    return high


def board_figures(board, libraries="mpy", parts=40, peak=True):
    """On CircuitPython's interpreter, for ``board``: figures of a run in a
    board's heap (BOARD_HEAP; ``error`` if it failed), and the least heap it runs in."""
    with tempfile.TemporaryDirectory() as directory:
        drive = lay_out_drive(directory, libraries)
        allowance = standins_heap(drive, board, parts)
        found, why = run(drive, board, BOARD_HEAP + allowance, parts)
        result = {"error": why} if found is None else dict(found)
        result["standins"] = allowance
        if peak:
            result["least_heap"] = least_heap(drive, board, allowance, parts)
        return result


def interpreter_version():
    """``(sys.version of CircuitPython's interpreter, None)``, or ``(None, why not)``."""
    path, why = interpreter()
    if path is None:
        return None, why
    return subprocess.run([path, "-c", "import sys; print(sys.version)"],
                          capture_output=True, text=True).stdout.strip(), None
