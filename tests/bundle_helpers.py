"""Shared by tools/board/bundle.py's tests (tests/test_bundle.py,
tests/test_bundle_vm.py, tests/test_board_heap.py): the committed drive
modules, and a script run under the MicroPython VM with the board stand-ins
and the game's modules."""

import pathlib
import sys
import textwrap

from mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython

import board_mpy  # noqa: E402

SHEET = REPO_ROOT / "assets" / "sheet.bmp"
COMMITTED = REPO_ROOT / "lib" / "sthelena_board.mpy"
COMMITTED_DRIVE = REPO_ROOT / "lib" / "sthelena_drive.py"


def vm_mpy(directory):
    """The committed game as the MicroPython VM loads it (first byte ``M``:
    tools/board_mpy.for_micropython says why), written into ``directory``."""
    path = pathlib.Path(directory) / "sthelena_board.mpy"
    path.write_bytes(board_mpy.for_micropython(COMMITTED.read_bytes()))
    return path


def run_vm(script, bundles=(), package=False, files=None):
    """Run ``script`` under the VM with the stand-ins, the sprite sheet, and
    either the package or the given one-file modules (name -> path of a
    ``.py`` or ``.mpy``) in /lib."""
    files = dict(files or {})
    files.update(("lib/%s%s" % (name, pathlib.Path(path).suffix), path)
                 for name, path in bundles)
    files["assets/sheet.bmp"] = SHEET
    packages = ("tools/standins", "sthelena") if package else ("tools/standins",)
    return run_micropython(textwrap.dedent(script), packages=packages,
                           exclude=VM_EXCLUDE, files=files).splitlines()
