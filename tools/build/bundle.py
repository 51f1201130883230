"""Merge the board's modules into one module, and build a CIRCUITPY tree.

Each module costs heap of its own on the board (its module object and
globals dict, the names it imports, its ``const`` fallback): one module
holding the same code takes less. This tool (desktop only) writes it:

    python -m tools.build.bundle --lib [--mpy-cross PATH]
        lib/sthelena_board.mpy (the merged board modules, compiled by
        CircuitPython's mpy-cross: tools/build/board_mpy.py says why), the
        other handhelds' lib/sthelena_full.mpy (every table and part), the
        Fruit Jam's lib/sthelena_fruitjam.mpy (what its app folder carries:
        tools/build/fruitjam_app.py) and lib/sthelena_drive.py
        (sthelena/handheld/drive.py, imported only when boot.py hands the drive
        to the game), all committed
    python -m tools.build.bundle [--out DIR]        # DIR (default build/CIRCUITPY):
        code.py, boot.py, assets/ (sheet.bmp, help.txt, winnable.bin), those
        two files of lib/, and the board's libraries (tools/build/board_libs.py)
        from the pinned packages (--mpy-libraries: compiled by CircuitPython's
        mpy-cross, as circup installs them)
    python -m tools.build.bundle --source FILE      # the merged board modules as .py
    python -m tools.build.bundle --core-only FILE   # just the rules core, merged

The repository's top level is a CIRCUITPY drive image (``code.py boot.py
lib/ assets/``); a test fails when its ``lib/`` is not what the sources make.

How the modules are merged: tools/build/bundle_merge.py. This module is the
command, and keeps the names the tests and tools read from ``bundle`` (the
lists of modules, ``merge``, ``write_module``).
"""

import argparse
import os
import sys

from . import board_mpy, drive_image
from .board_libs import library_files
from .bundle_imports import (BundleError, import_order, module_file,  # noqa: F401
                             order_modules)
from .bundle_merge import ROOT, merge, write_module  # noqa: F401
from .bundle_modules import (  # noqa: F401 (the lists: bundle.X for the tests and tools)
    CORE_MODULES, BOARD_MODULES, PUBLIC_CONSTANTS, BUNDLE_NAME, FULL_MODULES, FULL_NAME, BUNDLES,
    BOARD_SETUP_MODULES, FULL_SETUP_MODULES, ABSENT, EXTERNAL,
    FRUIT_JAM_NAME, DRIVE_MODULES, DRIVE_NAME, DRIVE_ONLY, HINT_MODULES, HINT_NAME, PROFILES_NAME,
    SEARCH_ONLY, LIB_COMMAND, TREE_FILES)
from .bundle_names import bound_names  # noqa: F401


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "CIRCUITPY"),
                        help="the CIRCUITPY tree to write (default build/CIRCUITPY)")
    parser.add_argument("--core-only", metavar="FILE",
                        help="write only the rules core, merged, to FILE")
    parser.add_argument("--source", metavar="FILE",
                        help="write the board's modules, merged, to FILE (what the .mpy holds)")
    parser.add_argument("--lib", action="store_true",
                        help="write the repository's lib/%s.py and the games' lib/*.mpy "
                        "(%s; committed)" % (DRIVE_NAME, ", ".join(
                            name for name, _ in BUNDLES + ((FRUIT_JAM_NAME, ()),))))
    parser.add_argument("--freeze", metavar="DIR",
                        help="write the full game and the hint's search, merged, into DIR "
                        "as .py, to freeze into a firmware (FREEZE=DIR firmware_rp2040.sh: "
                        "docs/board.md; optional)")
    parser.add_argument("--mpy-cross", default=board_mpy.MPY_CROSS, metavar="PATH",
                        help="CircuitPython's mpy-cross, for --lib and --mpy-libraries "
                        "(default %s)" % os.path.relpath(board_mpy.MPY_CROSS))
    parser.add_argument("--mpy-libraries", action="store_true",
                        help="put the libraries into the tree compiled, as circup does (the "
                        "default where CircuitPython's mpy-cross is found: tools/build/circuitpython_builds.py)")
    parser.add_argument("--py-libraries", action="store_true",
                        help="put the libraries into the tree as their .py, which the board "
                        "compiles at every start")
    args = parser.parse_args(argv)

    try:
        if args.lib:
            print("\n".join(drive_image.write_lib(mpy_cross=args.mpy_cross)))
            return 0
        if args.freeze:
            for name, modules in ((FULL_NAME, FULL_MODULES),
                                  (FULL_NAME + "_setup", FULL_SETUP_MODULES),
                                  (HINT_NAME, HINT_MODULES)):
                path = os.path.join(args.freeze, name + ".py")
                print("%s: %d bytes" % (path, write_module(
                    path, drive_image.bundle_source(name, modules))))
            return 0
        if args.core_only or args.source:
            modules, what = ((CORE_MODULES, "rules core") if args.core_only
                             else (BOARD_MODULES, "the board's modules"))
            path = args.core_only or args.source
            size = write_module(path, merge(
                modules, command="python3 -m tools.build.bundle %s FILE` (%s"
                % ("--core-only" if args.core_only else "--source", what),
                external=None if args.core_only else EXTERNAL[BUNDLE_NAME],
                absent=() if args.core_only else ABSENT[BUNDLE_NAME]))
            print("%s: %d bytes (%s, one module)" % (path, size, what))
            return 0
        # The libraries as circup installs them (.mpy) where CircuitPython's
        # mpy-cross is built, else as .py (the board compiles them at start: more heap).
        compiled = args.mpy_libraries or (not args.py_libraries
                                          and os.path.isfile(args.mpy_cross))
        size = drive_image.build_tree(args.out, mpy_cross=args.mpy_cross if compiled else None)
    except BundleError as error:
        print("bundle: %s" % error, file=sys.stderr)
        return 1
    print("%s: code.py, boot.py, assets/, lib/%s.mpy (%d bytes), lib/%s.mpy, lib/%s.mpy, "
          "lib/%s.mpy, lib/%s.py, and in lib/ %s as %s" % (
              args.out, BUNDLE_NAME, size, FULL_NAME, HINT_NAME, PROFILES_NAME, DRIVE_NAME,
              ", ".join(sorted({name.split("/")[0].replace(".py", "")
                                for name, _ in library_files()})),
              ".mpy (compiled by CircuitPython's mpy-cross, as circup installs them)" if compiled
              else ".py (no CircuitPython mpy-cross in build/ or the shared builds: "
              "`make firmware-vm CIRCUITPYTHON=DIR` builds one; or run circup)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
