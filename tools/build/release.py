"""``make release``: the downloads a player copies, with no Python, in ``dist/``.

- ``sthelena-VERSION-handhelds.zip``: for every board with buttons and a screen
  (the profiles': the PyGamer, PyBadge, PicoSystem, Sprig, a Pico with a screen
  add-on...), a folder for each CircuitPython major (``CircuitPython 10.x/``,
  ``CircuitPython 9.x/``), each the whole drive: ``code.py``, ``boot.py``,
  ``assets/``, and ``lib/`` with the game's ``.mpy`` (CircuitPython 10's
  mpy-cross; 9.x loads it too) and the Adafruit libraries compiled by that
  major's own mpy-cross, as circup installs them for it. A README.txt says,
  board by board (from its profile), where to get CircuitPython, how to put
  it on, which folder to copy and, on a Pico, the settings.toml line.
- ``sthelena-VERSION-picosystem.uf2``: CircuitPython for the PicoSystem and the
  10.x drive in one file (tools/harness/emulator/picosystem_uf2.mjs).
- ``sthelena-VERSION-fruitjam.zip``: the Fruit Jam OS app folder (fruitjam_app.py).
- ``sthelena-VERSION-metro-rp2350.zip``: for the boards with the Fruit Jam's
  chip and game but not its OS (the Metro RP2350), laid out as the handhelds'
  zip: a README.txt and a folder for each CircuitPython major, each the whole
  drive (fruitjam_app.build_drive: the game in ``lib/``, its libraries
  compiled by that major's mpy-cross).
- ``sthelena-VERSION-web.zip``: the web page (tools/build/build_site.py), for any
  static host.
- ``SHA256SUMS``.

The same sources give the same bytes: the zips' files in sorted order, each
dated the last commit's time (``$SOURCE_DATE_EPOCH`` if set), the drive
image's dates fixed (drive.mjs). It needs what ``make test`` installs and
CircuitPython's builds (circuitpython_builds.py), and says in one line what
is missing. Desktop only: ``python -m tools.build.release [--out DIR]``.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from sthelena import __version__ as VERSION

from sthelena.boards import catalogue

from . import build_site, circuitpython_builds, drive_image, fruitjam_app
from .bundle_modules import FRUIT_JAM_NAME
from .board_libs import LibraryError
from .bundle_imports import BundleError

ROOT = circuitpython_builds.ROOT

OUT = os.path.join(ROOT, "dist")
MAJORS = {"10.x": "CircuitPython 10.x", "9.x": "CircuitPython 9.x"}
NEEDED = ("10.x/mpy-cross", "9.x/mpy-cross", "picosystem/firmware.uf2")
UF2_MAKER = os.path.join(ROOT, "tools", "harness", "emulator", "picosystem_uf2.mjs")
DOWNLOAD = "https://circuitpython.org/board/%s/"

HANDHELDS_README = """St. Helena {version}, for the boards with buttons and a screen:
{titles}

1. Put CircuitPython 10 (or 9) on the board, if it has not got it: download the
   .uf2 file for the board from circuitpython.org (below), put the board in its
   bootloader as it says below, and drag the .uf2 file onto the drive that
   appears. The board then shows a CIRCUITPY drive.
2. Copy the CONTENTS of the folder for the board's CircuitPython onto CIRCUITPY
   (not the folder itself): "CircuitPython 10.x" for 10, "CircuitPython 9.x" for 9.
   (The board's version is in CIRCUITPY/boot_out.txt.) The copy replaces code.py,
   boot.py, assets/ and the game's files in lib/; it keeps your other libraries
   and your settings.toml.
3. On a Raspberry Pi Pico with a screen add-on, say which in CIRCUITPY/settings.toml,
   a line of its own (the file is plain text: make it if it is not there).

{boards}
The game starts at once. Hold SELECT (the PicoSystem: Y; the Sprig: J; a board
with four buttons: Y) while the board resets to give the game the drive for its
statistics file; reset without it to copy files again. If the screen stays dark,
the game's one line saying why is on the serial console (Mu, or
https://code.circuitpython.org: connect, then the serial tab).

On a PicoSystem there is one step less: drag sthelena-{version}-picosystem.uf2 onto
RPI-RP2. It holds CircuitPython and the game.

St. Helena is free software under the MIT licence.
"""


def handheld_profiles():
    """The profiles the handhelds' folders play (every board's but the Fruit Jam's)."""
    return [profile for profile in catalogue.profiles() if profile.game != FRUIT_JAM_NAME]


def firmware_page(profile):
    """The board's page on circuitpython.org (a Pico add-on's: the Pico's)."""
    if profile.chosen_in_settings and not profile.board_ids:
        return "https://circuitpython.org/downloads"
    return DOWNLOAD % (profile.board_ids[0] if profile.board_ids else profile.name)


def board_lines(profiles):
    """The README's words for each board: its CircuitPython, its bootloader and,
    chosen in settings.toml, the line to write there."""
    lines = []
    for profile in profiles:
        lines.append("%s\n   CircuitPython: %s\n   bootloader: %s\n" % (
            profile.title, firmware_page(profile), profile.install))
        if profile.chosen_in_settings:
            lines.append('   settings.toml: STHELENA_BOARD = "%s"%s\n' % (
                profile.name, " and its wiring (docs/board.md)" if profile.size is None
                else ""))
    return "".join(lines)


FRUIT_JAM_README = """St. Helena {version}, for the Fruit Jam (Fruit Jam OS)

Copy the sthelena folder into the apps folder of the Fruit Jam's CIRCUITPY drive;
the launcher then lists St. Helena. St. Helena is free software under the MIT licence.
"""


DVI_README = """St. Helena {version}, for the boards with the Fruit Jam's chip and a DVI
screen but not Fruit Jam OS:
{titles}

1. Put CircuitPython 10 (or 9) on the board, if it has not got it: download the
   .uf2 file for the board from circuitpython.org (below), put the board in its
   bootloader as it says below, and drag the .uf2 file onto the drive that
   appears. The board then shows a CIRCUITPY drive.
2. Copy the CONTENTS of the folder for the board's CircuitPython onto CIRCUITPY
   (boot_out.txt on the drive says which: CircuitPython 10.x or 9.x), replacing
   code.py; the game is in lib/. Plug a monitor into the DVI connector and a USB
   mouse or keyboard into the USB host port, then reset: the game starts.

{boards}
St. Helena is free software under the MIT licence.
"""


def dvi_profiles():
    """The profiles of the boards that play the Fruit Jam's game from their
    drive's lib/ (not a Fruit Jam OS app folder: the Metro RP2350)."""
    return [profile for profile in catalogue.profiles()
            if profile.game == FRUIT_JAM_NAME and hasattr(profile.screen, "pins")]


def dvi_folders(top):
    """The DVI boards' folder in ``top``: README.txt and a drive for each major."""
    profiles = dvi_profiles()
    titles = "".join("  %s\n" % profile.title for profile in profiles).rstrip("\n")
    with open(os.path.join(top, "README.txt"), "w", encoding="utf-8", newline="\n") as file:
        file.write(DVI_README.format(version=VERSION, titles=titles,
                                     boards=board_lines(profiles)))
    for major, name in MAJORS.items():
        fruitjam_app.build_drive(os.path.join(top, name),
                                 mpy_cross=circuitpython_builds.find(major + "/mpy-cross"))


class ReleaseError(Exception):
    """What stops the release, in one line."""


def missing():
    """None if everything the release needs is here, else what is not, in one line."""
    for name in NEEDED:
        why = circuitpython_builds.missing(name)
        if why:
            return why
    if not os.path.isdir(os.path.join(ROOT, "tools", "harness", "emulator", "node_modules", "uf2")):
        return "the emulator's npm packages are not installed: npm ci --prefix tools/harness/emulator"
    if not shutil.which("mformat"):
        return "mtools is not installed (it makes the PicoSystem's drive image): apt-get install mtools"
    return None


def source_date():
    """The zips' file date: $SOURCE_DATE_EPOCH, else the last commit's, as a zip date."""
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    if not stamp:
        run = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%ct"],
                             capture_output=True, text=True)
        stamp = run.stdout.strip() if run.returncode == 0 else "1767225600"  # 2026-01-01
    return time.gmtime(int(stamp))[:6]


def write_zip(path, folder, date):
    """Zip ``folder``'s contents (its name the zip's top folder), reproducibly."""
    top = os.path.basename(folder.rstrip(os.sep))
    names = []
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        names += [os.path.join(base, name) for name in sorted(files)]
    with zipfile.ZipFile(path, "w") as archive:
        for name in names:
            info = zipfile.ZipInfo(os.path.join(top, os.path.relpath(name, folder)).replace(
                os.sep, "/"), date)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(name, "rb") as file:
                archive.writestr(info, file.read(), compresslevel=9)


def handheld_folders(top):
    """The handhelds' folder in ``top``: README.txt and a drive for each major."""
    profiles = handheld_profiles()
    titles = "".join("  %s\n" % profile.title for profile in profiles).rstrip("\n")
    with open(os.path.join(top, "README.txt"), "w", encoding="utf-8", newline="\n") as file:
        file.write(HANDHELDS_README.format(version=VERSION, titles=titles,
                                           boards=board_lines(profiles)))
    for major, name in MAJORS.items():
        drive_image.build_tree(os.path.join(top, name),
                               mpy_cross=circuitpython_builds.find(major + "/mpy-cross"))


def picosystem_uf2(drive, out):
    """The one-file UF2 of the PicoSystem's firmware and ``drive`` (a folder)."""
    run = subprocess.run(["node", UF2_MAKER, circuitpython_builds.find("picosystem/firmware.uf2"),
                          drive, out], capture_output=True, text=True)
    if run.returncode:
        raise ReleaseError((run.stderr or run.stdout).strip())


def release(out=OUT):
    """Write the release into ``out`` (emptied first); its files' names."""
    why = missing()
    if why:
        raise ReleaseError(why)
    date = source_date()
    stem = "sthelena-" + VERSION
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with tempfile.TemporaryDirectory() as work:
        handhelds = os.path.join(work, stem + "-handhelds")
        os.makedirs(handhelds)
        handheld_folders(handhelds)
        write_zip(os.path.join(out, stem + "-handhelds.zip"), handhelds, date)
        picosystem_uf2(os.path.join(handhelds, MAJORS["10.x"]),
                       os.path.join(out, stem + "-picosystem.uf2"))
        fruit_jam = os.path.join(work, stem + "-fruitjam")
        fruitjam_app.build_app(fruit_jam, mpy_cross=circuitpython_builds.find("10.x/mpy-cross"))
        with open(os.path.join(fruit_jam, "README.txt"), "w", encoding="utf-8",
                  newline="\n") as file:
            file.write(FRUIT_JAM_README.format(version=VERSION))
        write_zip(os.path.join(out, stem + "-fruitjam.zip"), fruit_jam, date)
        dvi = os.path.join(work, stem + "-metro-rp2350")
        os.makedirs(dvi)
        dvi_folders(dvi)
        write_zip(os.path.join(out, stem + "-metro-rp2350.zip"), dvi, date)
        web = os.path.join(work, stem + "-web")
        build_site.build(web)
        write_zip(os.path.join(out, stem + "-web.zip"), web, date)
    names = sorted(os.listdir(out))
    with open(os.path.join(out, "SHA256SUMS"), "w", encoding="utf-8", newline="\n") as sums:
        for name in names:
            with open(os.path.join(out, name), "rb") as file:
                sums.write("%s  %s\n" % (hashlib.sha256(file.read()).hexdigest(), name))
    return names + ["SHA256SUMS"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=OUT, help="where to write it (default dist/)")
    args = parser.parse_args(argv)
    try:
        names = release(args.out)
    except (ReleaseError, BundleError, LibraryError, build_site.BuildError) as error:
        print("release: %s" % error, file=sys.stderr)
        return 2
    for name in names:
        print("%s  %8.1f KB" % (os.path.join(os.path.relpath(args.out), name),
                                os.path.getsize(os.path.join(args.out, name)) / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
