"""Shared by tools/build/bundle.py's tests (tests/tools/test_bundle.py,
tests/tools/test_bundle_vm.py, tests/board/test_board_heap.py): the committed drive
modules, and a script run under the MicroPython VM with the board stand-ins
and the game's modules."""

import pathlib
import textwrap

from tests.helpers.mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython
from tools.build import board_mpy

SHEET = REPO_ROOT / "assets" / "sheet.bmp"
COMMITTED = REPO_ROOT / "lib" / "sthelena_board.mpy"
COMMITTED_DRIVE = REPO_ROOT / "lib" / "sthelena_drive.py"
COMMITTED_FULL = REPO_ROOT / "lib" / "sthelena_full.mpy"  # every other handheld's game
COMMITTED_PROFILES = REPO_ROOT / "lib" / "sthelena_profiles.mpy"  # every board's profile
COMMITTED_FRUIT_JAM = REPO_ROOT / "lib" / "sthelena_fruitjam.mpy"  # the Fruit Jam's app folder's
COMMITTED_HINT = REPO_ROOT / "lib" / "sthelena_hint.mpy"  # the hint's search, every board's
COMMITTED_SETUP = REPO_ROOT / "lib" / "sthelena_board_setup.mpy"  # the PyGamer's, PyBadge's set-up
COMMITTED_FULL_SETUP = REPO_ROOT / "lib" / "sthelena_full_setup.mpy"  # every other's


def module_names(folder, suffixes=(".py",)):
    """The dotted names of the modules (and packages) in ``folder``, as an
    import from it would name them."""
    names = set()
    for suffix in suffixes:
        for path in pathlib.Path(folder).rglob("*" + suffix):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.add(".".join(parts))
    return names


def imports_of(path, package=""):
    """The modules ``path``'s import statements name (a relative one read in
    ``package``), lazy ones inside functions too."""
    import ast

    for node in ast.walk(ast.parse(pathlib.Path(path).read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            yield base


def vm_mpy(directory, committed=COMMITTED):
    """The committed game (or another committed ``.mpy``: the hint's search)
    as the MicroPython VM loads it (first byte ``M``: for_micropython in
    tools/build/board_mpy.py says why), written into ``directory``."""
    path = pathlib.Path(directory) / committed.name
    path.write_bytes(board_mpy.for_micropython(committed.read_bytes()))
    return path


def run_vm(script, bundles=(), package=False, files=None):
    """Run ``script`` under the VM with the stand-ins, the sprite sheet, and
    either the package or the given one-file modules (name -> path of a
    ``.py`` or ``.mpy``) in /lib."""
    files = dict(files or {})
    files.update(("lib/%s%s" % (name, pathlib.Path(path).suffix), path)
                 for name, path in bundles)
    files["assets/sheet.bmp"] = SHEET
    packages = ("tools/harness/standins", "sthelena") if package else ("tools/harness/standins",)
    return run_micropython(textwrap.dedent(script), packages=packages,
                           exclude=VM_EXCLUDE, files=files).splitlines()
