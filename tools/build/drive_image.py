"""The drive image from the merged modules: the committed ``lib/`` and a
CIRCUITPY tree (``bundle.py --lib`` and ``bundle.py --out DIR`` run these).

Desktop only. ``bundle.merge`` makes each game's one module; this writes
them where the board loads them (``lib/*.mpy``, compiled by CircuitPython's
mpy-cross), checks that the committed ones are what the sources make, and
copies a tree with the board's libraries.
"""

import os
import shutil
import subprocess

from . import board_files, board_mpy
from .board_libs import LibraryError, library_files
from .bundle_imports import BundleError
from .bundle_merge import ROOT, merge, write_module
from .bundle_modules import (BUNDLE_NAME, BUNDLES, CORE_MODULES, DRIVE_MODULES, DRIVE_NAME,
                             ABSENT, EXTERNAL,
                             FRUIT_JAM_NAME, FULL_NAME, HINT_MODULES, HINT_NAME, PROFILES_NAME,
                             TOUCH_NAME,
                             TREE_FILES)
from .profiles_module import profiles_source


def lib_path(root=ROOT, name=BUNDLE_NAME, suffix=".py"):
    """Where the repository keeps a committed module of the drive's ``lib/``."""
    return os.path.join(root, "lib", name + suffix)


def board_mpy_path(root=ROOT, name=BUNDLE_NAME):
    """The committed game as the board loads it: ``lib/sthelena_board.mpy``
    (``name``: another game's, ``sthelena_full``, or the profiles')."""
    return lib_path(root, name, ".mpy")


def fruit_jam_modules():
    """The Fruit Jam's modules, the core's first (as the handheld's bundle
    lists them), then the rest in the folders' order: merge orders them by
    their imports. Read from the folders (board_files), so a module added to
    ``app/`` or ``fruitjam/`` is in it; but the hint's search, which its folder
    carries as the handhelds' drive does (``sthelena_hint.mpy``)."""
    others = [board_files.module_name(path) for path in board_files.board_files(
        board_files.ON_FRUIT_JAM, board_files.NOT_ON_FRUIT_JAM)]
    searching = set(HINT_MODULES) - set(BUNDLES[0][1])  # (what the game has too stays)
    return CORE_MODULES + tuple(name for name in others
                                if name not in CORE_MODULES and name not in searching)


def compiled_bundles():
    """``(name, modules)`` of every module compiled into ``lib/``: the
    handhelds' games (BUNDLES), the profiles (made from ``sthelena/boards/``,
    not merged from modules: ``()``) and the Fruit Jam's game."""
    return BUNDLES + ((PROFILES_NAME, ()), (FRUIT_JAM_NAME, fruit_jam_modules()))


def bundle_source(name, modules, root=ROOT):
    """The source of the compiled module ``name``: ``modules`` merged, or the profiles'."""
    if name == PROFILES_NAME:
        return profiles_source(root=root)
    return merge(modules, root, external=EXTERNAL.get(name), absent=ABSENT.get(name, ()))


_HOLDS = {BUNDLE_NAME: "the PyGamer and PyBadge's modules",
          FULL_NAME: "every other handheld's modules", FRUIT_JAM_NAME: "the Fruit Jam's modules",
          BUNDLE_NAME + "_setup": "the PyGamer's and PyBadge's set-up",
          FULL_NAME + "_setup": "every other handheld's set-up",
          TOUCH_NAME: "the PyPortals' modules (a touch screen)",
          TOUCH_NAME + "_setup": "the PyPortals' set-up",
          "sthelena_wio": "the Wio Terminal's modules",
          "sthelena_wio_setup": "the Wio Terminal's set-up",
          "sthelena_cardputer": "the Cardputer's modules (its keyboard, its NVS store)",
          "sthelena_cardputer_setup": "the Cardputer's set-up",
          PROFILES_NAME: "every board's profile",
          HINT_NAME: "the hint's search, every board's"}


def check_board_mpy(root=ROOT, bundles=None):
    """BundleError unless each committed ``.mpy`` (of ``bundles``, default
    all of them) was made from the sources as they are."""
    for name, modules in compiled_bundles() if bundles is None else bundles:
        problem = board_mpy.stale(board_mpy_path(root, name), bundle_source(name, modules, root))
        if problem:
            raise BundleError("%s: run `%s` and commit it" % (problem, board_mpy.BUILD_COMMAND))


def write_lib(root=ROOT, mpy_cross=board_mpy.MPY_CROSS):
    """Write the drive's committed ``lib/`` modules; lines saying what was written."""
    lines = []
    for name, modules in compiled_bundles():
        path = board_mpy_path(root, name)
        try:
            size = board_mpy.compile_module(bundle_source(name, modules, root), path, mpy_cross,
                                            name)
        except RuntimeError as error:
            raise BundleError(str(error)) from None
        lines.append("%s: %d bytes (%s, one module, compiled)"
                     % (os.path.relpath(path), size, _HOLDS[name]))
        source = lib_path(root, name)
        if os.path.exists(source):  # the board would import a .py before the .mpy beside it
            os.remove(source)
            lines.append("%s: removed (the board imports a .py first)" % os.path.relpath(source))
    size = write_module(lib_path(root, DRIVE_NAME), merge(DRIVE_MODULES, root))
    lines.append("%s: %d bytes (the drive's module)"
                 % (os.path.relpath(lib_path(root, DRIVE_NAME)), size))
    return lines


def copy_libraries(libraries, folder, mpy_cross=None):
    """The libraries' files (``(name, path)``, library_files) into ``folder``;
    with ``mpy_cross`` (CircuitPython's) their ``.py`` compiled, as circup
    installs them. BundleError if it cannot compile them."""
    if mpy_cross:
        problem = board_mpy.mpy_cross_problem(mpy_cross)
        if problem:
            raise BundleError(problem)
    for name, path in libraries:
        target = os.path.join(folder, *name.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mpy_cross and name.endswith(".py"):
            target = target[:-3] + ".mpy"
            run = subprocess.run([mpy_cross, "-o", target, path], capture_output=True, text=True)
            if run.returncode:
                raise BundleError("mpy-cross failed on %s: %s" % (name, run.stderr.strip()))
        else:
            shutil.copyfile(path, target)


def build_tree(out, root=ROOT, mpy_cross=None):
    """Write the CIRCUITPY tree into ``out``; the game's ``.mpy`` size in bytes.
    With ``mpy_cross`` (CircuitPython's), the libraries go in compiled, as
    circup installs them; else as their ``.py``."""
    on_drive = BUNDLES + ((PROFILES_NAME, ()),)
    check_board_mpy(root, on_drive)
    try:
        libraries = library_files()
    except LibraryError as error:
        raise BundleError(str(error)) from None
    copy_libraries(libraries, os.path.join(out, "lib"), mpy_cross)
    for name in TREE_FILES:
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            raise BundleError("%s is missing%s" % (name, ": run `python -m tools.build.assets.make_assets`"
                                                   if name.endswith(".bmp") else ""))
        os.makedirs(os.path.join(out, os.path.dirname(name)), exist_ok=True)
        shutil.copyfile(path, os.path.join(out, name))
    write_module(os.path.join(out, "lib", DRIVE_NAME + ".py"), merge(DRIVE_MODULES, root))
    for name, _ in on_drive:
        shutil.copyfile(board_mpy_path(root, name), os.path.join(out, "lib", name + ".mpy"))
    return os.path.getsize(board_mpy_path(root))
