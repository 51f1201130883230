"""The Fruit Jam OS app folder: ``build/fruitjam/sthelena/`` (``make fruitjam``).

    python -m tools.build.fruitjam_app [--out DIR] [--mpy-libraries]

Fruit Jam OS's launcher lists every folder of ``apps/`` (on the drive or the
SD card) that holds a ``code.py``, with the ``title`` and ``icon`` its
``metadata.json`` names, and runs that ``code.py`` with the folder as the
working directory, which is also the first place imports are looked for. So
one folder copied into ``apps/`` installs the game:

- ``code.py``: the repository's, and ``sthelena_profiles.mpy``, every board's
  profile, in which it finds the Fruit Jam's by ``board.board_id``;
- ``metadata.json`` and ``icon.bmp`` (64 x 64, tools/build/assets/make_icon.py);
- ``sthelena_fruitjam.mpy``: the Fruit Jam's modules (tools/build/board_files.py)
  merged into one, as ``tools/build/bundle.py`` merges the handheld's, and
  compiled by CircuitPython's own mpy-cross: the committed
  ``lib/sthelena_fruitjam.mpy`` (``make lib``; stamped with its source's hash
  and checked as ``lib/sthelena_board.mpy`` is, so a stale one is refused).
  The board only loads it: compiling the 110 KB source took about 400 KiB of
  heap at every start. Its format (``.mpy`` version 6) is what CircuitPython
  9 and 10 load; on another, ``code.py`` says so in one line;
- ``assets/``: the sprite sheet, the texts, the table of winnable deals;
- the libraries the game imports (board_libs.FRUIT_JAM_LIBRARIES), as ``.py``
  from the packages requirements-dev.txt pins, compiled at start (with
  ``--mpy-libraries``, by CircuitPython's mpy-cross: the start then needs less
  heap, docs/fruitjam.md, and CircuitPython 9 or 10). ``adafruit_fruitjam`` (the
  screen's modes, the DAC) and the launcher's settings are Fruit Jam OS's
  own, on every drive that has it.

Desktop only.
"""

import argparse
import json
import os
import shutil
import sys

from .assets import make_icon
from .board_libs import FRUIT_JAM_LIBRARIES, LibraryError, library_files
from .board_mpy import MPY_CROSS, mpy_cross_problem
from .bundle import FRUIT_JAM_NAME as BUNDLE_NAME, ROOT, BundleError, merge
from .bundle_modules import HINT_MODULES, HINT_NAME, PROFILES_NAME
from .drive_image import board_mpy_path, check_board_mpy, copy_libraries, fruit_jam_modules

APP_NAME = "sthelena"
TITLE = "St. Helena"
DEFAULT_OUT = os.path.join(ROOT, "build", "fruitjam")
ASSETS = ("sheet.bmp", "sheet-fruitjam.bmp", "help.txt", "winnable.bin")  # the fanned table's too
# A Metro RP2350's drive has the 320x240 fanned table's sheets too (its table without PSRAM).
DRIVE_ASSETS = ASSETS + ("sheet-fan.bmp", "sheet-large.bmp")


def bundle_source(root=ROOT):
    """The source ``sthelena_fruitjam.mpy`` is compiled from."""
    return merge(fruit_jam_modules(), root)


def mpy_path(root=ROOT):
    """The committed game as the folder carries it: ``lib/sthelena_fruitjam.mpy``."""
    return board_mpy_path(root, BUNDLE_NAME)


def check_mpy(root=ROOT):
    """BundleError, saying how to remake it, unless ``mpy_path()`` was made
    by CircuitPython's mpy-cross from the sources as they are."""
    check_board_mpy(root, ((BUNDLE_NAME, fruit_jam_modules()), (HINT_NAME, HINT_MODULES),
                           (PROFILES_NAME, ())))


def checked_libraries(root, mpy_cross):
    """The Fruit Jam's library files, once the committed ``.mpy`` and
    ``mpy_cross`` (None: none) are found fit; BundleError, before anything is
    written, if one is not."""
    check_mpy(root)
    try:
        libraries = library_files(libraries=FRUIT_JAM_LIBRARIES)
    except LibraryError as error:
        raise BundleError(str(error)) from None
    problem = mpy_cross and mpy_cross_problem(mpy_cross)
    if problem:
        raise BundleError(problem)
    return libraries


def build_app(out=DEFAULT_OUT, root=ROOT, mpy_cross=None):
    """Write the app folder ``out``/sthelena (emptied first); its path.
    BundleError, and nothing written, if the committed ``.mpy`` is missing or
    was not made from the sources as they are. With ``mpy_cross``
    (CircuitPython's), the libraries go in compiled too."""
    folder = os.path.join(out, APP_NAME)
    libraries = checked_libraries(root, mpy_cross)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(os.path.join(folder, "assets"))
    shutil.copyfile(os.path.join(root, "code.py"), os.path.join(folder, "code.py"))
    with open(os.path.join(folder, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"title": TITLE, "icon": "icon.bmp"}, file, indent=2)
        file.write("\n")
    with open(os.path.join(folder, "icon.bmp"), "wb") as file:
        file.write(make_icon.icon_bytes())
    shutil.copyfile(mpy_path(root), os.path.join(folder, BUNDLE_NAME + ".mpy"))
    shutil.copyfile(board_mpy_path(root, HINT_NAME), os.path.join(folder, HINT_NAME + ".mpy"))
    shutil.copyfile(board_mpy_path(root, PROFILES_NAME),
                    os.path.join(folder, PROFILES_NAME + ".mpy"))
    for name in ASSETS:
        shutil.copyfile(os.path.join(root, "assets", name), os.path.join(folder, "assets", name))
    copy_libraries(libraries, folder, mpy_cross)
    return folder


def build_drive(out, root=ROOT, mpy_cross=None):
    """Write into ``out`` the CIRCUITPY drive of a board with the Fruit
    Jam's chip but not its OS (the Metro RP2350: boards/metro_rp2350.py),
    where no launcher runs a folder of ``apps/``: ``code.py`` at the top,
    which the firmware runs at start and which finds the board's profile by
    its id; ``assets/`` as the app folder's; and in ``lib/`` (on the import
    path, as on every board) the game, the hint's search, every board's
    profile and the libraries. No ``metadata.json``: ``code.py`` tells an
    app folder by it. The assets are the app folder's and the 320x240 fanned
    table's (DRIVE_ASSETS). BundleError, and nothing written, as ``build_app``."""
    libraries = checked_libraries(root, mpy_cross)
    os.makedirs(os.path.join(out, "assets"))
    os.makedirs(os.path.join(out, "lib"))
    shutil.copyfile(os.path.join(root, "code.py"), os.path.join(out, "code.py"))
    for name in (BUNDLE_NAME, HINT_NAME, PROFILES_NAME):
        shutil.copyfile(board_mpy_path(root, name), os.path.join(out, "lib", name + ".mpy"))
    for name in DRIVE_ASSETS:
        shutil.copyfile(os.path.join(root, "assets", name), os.path.join(out, "assets", name))
    copy_libraries(libraries, os.path.join(out, "lib"), mpy_cross)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="where to write the sthelena folder (default build/fruitjam)")
    parser.add_argument("--mpy-libraries", action="store_true",
                        help="put the libraries in compiled by CircuitPython's mpy-cross "
                        "(%s): less heap and time at start, "
                        "for CircuitPython 9 and 10 only" % os.path.relpath(MPY_CROSS))
    args = parser.parse_args(argv)
    try:
        folder = build_app(args.out, mpy_cross=MPY_CROSS if args.mpy_libraries else None)
    except BundleError as error:
        print("fruitjam_app: %s" % error, file=sys.stderr)
        return 1
    size = os.path.getsize(os.path.join(folder, BUNDLE_NAME + ".mpy"))
    libraries = sorted({name.split("/")[0].split(".")[0]
                        for name, _ in library_files(libraries=FRUIT_JAM_LIBRARIES)})
    print("%s: code.py, metadata.json, icon.bmp, assets/, %s.mpy (%d bytes, for "
          "CircuitPython 9 and 10), %s.mpy (the hint's search) and the libraries %s (as %s); "
          "copy it into the drive's apps/ folder" % (os.path.relpath(folder), BUNDLE_NAME, size,
                                                     HINT_NAME, ", ".join(libraries),
                      ".mpy" if args.mpy_libraries else ".py"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
