"""The Fruit Jam OS app folder: ``build/fruitjam/sthelena/`` (``make fruitjam``).

    python tools/board/fruitjam_app.py [--out DIR]

Fruit Jam OS's launcher lists every folder of ``apps/`` (on the drive or the
SD card) that holds a ``code.py``, with the ``title`` and ``icon`` its
``metadata.json`` names, and runs that ``code.py`` with the folder as the
working directory, which is also the first place imports are looked for. So
one folder copied into ``apps/`` installs the game:

- ``code.py``: the repository's (it picks the Fruit Jam edge by ``board.board_id``);
- ``metadata.json`` and ``icon.bmp`` (64 x 64, tools/assets/make_icon.py);
- ``sthelena_fruitjam.py``: the Fruit Jam's modules (tools/board/board_files.py)
  merged into one, as ``tools/board/bundle.py`` merges the handheld's. It
  stays ``.py``: the Fruit Jam compiles it at start in its large heap, so it
  runs on any CircuitPython 10 with no ``.mpy`` version to match;
- ``assets/``: the sprite sheet, the texts, the table of winnable deals;
- the libraries the game imports (board_libs.FRUIT_JAM_LIBRARIES), as ``.py``
  from the packages requirements-dev.txt pins. ``adafruit_fruitjam`` (the
  screen's modes, the DAC) and the launcher's settings are Fruit Jam OS's
  own, on every drive that has it.

Desktop only.
"""

import argparse
import json
import os
import shutil
import sys

sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), part)
                for part in ("board", "bench", "assets")]  # the tools' folders
import board_files  # noqa: E402
from board_libs import FRUIT_JAM_LIBRARIES, LibraryError, library_files  # noqa: E402
from bundle import CORE_MODULES, ROOT, BundleError, merge, write_module  # noqa: E402
import make_icon  # noqa: E402

APP_NAME = "sthelena"
BUNDLE_NAME = "sthelena_fruitjam"
TITLE = "St. Helena"
DEFAULT_OUT = os.path.join(ROOT, "build", "fruitjam")
ASSETS = ("sheet.bmp", "help.txt", "winnable.bin")


def fruit_jam_modules():
    """The Fruit Jam's modules, the core's first (as the handheld's bundle
    lists them), then the rest in the folders' order: merge orders them by
    their imports."""
    others = [board_files.module_name(path) for path in board_files.board_files(
        board_files.ON_FRUIT_JAM, board_files.NOT_ON_BOARD)]
    return CORE_MODULES + tuple(name for name in others if name not in CORE_MODULES)


def bundle_source(root=ROOT):
    """``sthelena_fruitjam.py``'s source."""
    return merge(fruit_jam_modules(), root,
                 command="python3 tools/board/fruitjam_app.py` (make fruitjam")


def build_app(out=DEFAULT_OUT, root=ROOT):
    """Write the app folder ``out``/sthelena (emptied first); its path."""
    folder = os.path.join(out, APP_NAME)
    try:
        libraries = library_files(libraries=FRUIT_JAM_LIBRARIES)
    except LibraryError as error:
        raise BundleError(str(error)) from None
    source = bundle_source(root)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(os.path.join(folder, "assets"))
    shutil.copyfile(os.path.join(root, "code.py"), os.path.join(folder, "code.py"))
    with open(os.path.join(folder, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"title": TITLE, "icon": "icon.bmp"}, file, indent=2)
        file.write("\n")
    with open(os.path.join(folder, "icon.bmp"), "wb") as file:
        file.write(make_icon.icon_bytes())
    write_module(os.path.join(folder, BUNDLE_NAME + ".py"), source)
    for name in ASSETS:
        shutil.copyfile(os.path.join(root, "assets", name), os.path.join(folder, "assets", name))
    for name, path in libraries:
        target = os.path.join(folder, *name.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(path, target)
    return folder


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="where to write the sthelena folder (default build/fruitjam)")
    args = parser.parse_args(argv)
    try:
        folder = build_app(args.out)
    except BundleError as error:
        print("fruitjam_app: %s" % error, file=sys.stderr)
        return 1
    size = os.path.getsize(os.path.join(folder, BUNDLE_NAME + ".py"))
    libraries = sorted({name.split("/")[0].split(".")[0]
                        for name, _ in library_files(libraries=FRUIT_JAM_LIBRARIES)})
    print("%s: code.py, metadata.json, icon.bmp, assets/, %s.py (%d bytes) and the "
          "libraries %s; copy it into the drive's apps/ folder"
          % (os.path.relpath(folder), BUNDLE_NAME, size, ", ".join(libraries)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
