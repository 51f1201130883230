"""The CircuitPython libraries the board uses, taken from the pinned Python packages.

The project's design names two of Adafruit's libraries: ``adafruit_display_text``
(the text screens' labels) and ``adafruit_displayio_layout`` (the table's
GridLayout, the screens' PageLayout); ``adafruit_ticks`` comes with the first
(``bitmap_label`` imports it). On a board, ``circup install -r requirements.txt``
installs them; ``make circuitpy`` (tools/bundle.py) copies the modules the game
imports from the packages installed in ``.venv`` by ``requirements-dev.txt``,
so a plain copy of ``build/CIRCUITPY`` works without circup. The tests and
benchmarks put the same files into the MicroPython VM's ``/lib``.

Desktop only. The repository's ``lib/`` holds none of this code.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# distribution name -> the module files the game needs from it (paths as in
# site-packages, which are also their paths under CIRCUITPY/lib).
LIBRARIES = (
    ("adafruit-circuitpython-display-text",
     ("adafruit_display_text/__init__.py", "adafruit_display_text/bitmap_label.py")),
    ("adafruit-circuitpython-displayio-layout",
     ("adafruit_displayio_layout/__init__.py", "adafruit_displayio_layout/layouts/__init__.py",
      "adafruit_displayio_layout/layouts/grid_layout.py",
      "adafruit_displayio_layout/layouts/page_layout.py")),
    ("adafruit-circuitpython-ticks", ("adafruit_ticks.py",)),
)


class LibraryError(Exception):
    """A library is missing or not at its pinned version; the message says which."""


def _normal(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned_versions(path=os.path.join(ROOT, "requirements-dev.txt")):
    """``requirements-dev.txt``'s ``name==version`` pins, by normalised name."""
    pins = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].split(";", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                pins[_normal(name)] = version.strip()
    return pins


def library_files():
    """``[(path under lib/, host file)]`` for every module of ``LIBRARIES``,
    from the installed packages; LibraryError if one is missing or its
    version is not the pinned one."""
    from importlib import metadata

    pins = pinned_versions()
    found = []
    for distribution, files in LIBRARIES:
        pin = pins.get(_normal(distribution))
        if pin is None:
            raise LibraryError("%s is not pinned in requirements-dev.txt" % distribution)
        try:
            dist = metadata.distribution(distribution)
        except metadata.PackageNotFoundError:
            raise LibraryError("%s is not installed: run `make test` (or .venv/bin/pip install "
                               "-r requirements-dev.txt) and use .venv/bin/python"
                               % distribution) from None
        if dist.version != pin:
            raise LibraryError("%s %s is installed, but requirements-dev.txt pins %s"
                               % (distribution, dist.version, pin))
        for name in files:
            path = str(dist.locate_file(name))
            if not os.path.isfile(path):
                raise LibraryError("%s %s has no %s" % (distribution, pin, name))
            found.append((name, path))
    return found


def runner_files():
    """``--file lib/NAME=PATH`` arguments putting the libraries into the VM."""
    args = []
    for name, path in library_files():
        args += ["--file", "lib/%s=%s" % (name, path)]
    return args
