"""The drive image on CircuitPython's own firmware, on an emulated RP2040.

``tools/harness/emulator`` (Node, rp2040js) boots CircuitPython's firmware for
an RP2040 board (the Pimoroni PicoSystem's that ``make firmware-rp2040``
builds, the Hack Club Sprig's, a Raspberry Pi Pico's with a screen add-on),
wired as that board is (its profile: tools/harness/board_wiring.py), with a
CIRCUITPY drive in its flash, presses its buttons and reads back its screen
and console. This module is how the tests (``tests/board/test_firmware.py``,
``test_firmware_boards.py``) and ``make bench-firmware`` drive it from Python:

    problem = unavailable()            # None, or why it cannot run here
    drive = make_drive(folder)         # the drive as shipped: the game and
                                       # its libraries as CircuitPython's .mpy
    drive = make_drive(folder, board="pico-display-2")   # and settings.toml's
                                       # STHELENA_BOARD line, as a player writes it
    result = emulate(drive, "RIGHT A", shot=path)   # run.mjs's --json, as a dict
    result = emulate(drive, "X LONG_Y", board="pico-display-2")  # on the Pico's
                                       # firmware, wired as the add-on is
    data = drive_file(image, "boot_out.txt")        # a file of a drive_out= image
    nvm = nvm_holding(record)          # a save (the desktop's --save file) for nvm_in=
    frames = nvm_frames(nvm)           # the whole saves in the nvm's bytes, read here

Desktop only; nothing of the firmware or the boot ROM is committed
(circuitpython_builds.py finds them).
"""

import json
import os
import shutil
import subprocess

import sys

from tools.build import circuitpython_builds
from tools.harness import board_wiring

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOARD = "picosystem"  # the board emulate() runs without board=
FIRMWARE = circuitpython_builds.find("picosystem/firmware.uf2")
BOOTROM = circuitpython_builds.find("rp2040/bootrom.bin")
ELF = circuitpython_builds.find("picosystem/firmware.elf")  # its symbols: --profile
EMULATOR = os.path.join(HERE, "emulator")
RUNNER = os.path.join(EMULATOR, "run.mjs")
OWN = "the board's own"  # emulate()'s firmware: the board's (its profile says which)


# A press is over once the display has been quiet and the chip mostly asleep
# this long (run.mjs --asleep-ms: the game waits for the next key), for a
# session that compares frames rather than timing them.
ASLEEP_MS = 150


def firmware_of(board, kind="uf2", wiring=None):
    """The path of ``board``'s firmware (``kind`` "uf2", or "elf" for its
    symbols), or None where neither build/ nor the shared builds have it:
    the Sprig's own, the Pico's for a Pico add-on, the PicoSystem's (or
    the one a ``wiring`` names)."""
    return circuitpython_builds.find(firmware_name(board, kind, wiring))


def firmware_name(board, kind="uf2", wiring=None):
    """circuitpython_builds' name of ``board``'s firmware: ``pico/firmware.uf2``..."""
    return "%s/firmware.%s" % ((wiring or board_wiring.wiring(board))["firmware"], kind)


def unavailable(firmware=FIRMWARE, board=None):
    """None if the emulator can run ``firmware`` (or, given ``board``, that
    board's firmware) here, else why not (one line)."""
    name = "picosystem/firmware.uf2"
    if board is not None:
        name = firmware_name(board)
        firmware = circuitpython_builds.find(name)
    if not firmware:
        return circuitpython_builds.missing(name)
    if not os.path.isfile(firmware):
        return "no firmware at %s" % firmware
    return emulator_missing()


def emulator_missing():
    """None if the emulator itself can run here (the boot ROM, rp2040js,
    mtools), whatever firmware it is given, else why not (one line)."""
    if not BOOTROM:
        return circuitpython_builds.missing("rp2040/bootrom.bin")
    if not os.path.isdir(os.path.join(EMULATOR, "node_modules", "rp2040js")):
        return "rp2040js is not installed: npm ci --prefix tools/harness/emulator"
    if not shutil.which("mcopy"):
        return "mtools is not installed (it makes the drive's FAT image): apt-get install mtools"
    return None


def make_drive(out, mpy_cross=None, board=None):
    """Build the CIRCUITPY drive as shipped into the folder ``out`` (made
    anew): code.py, boot.py, assets/, the game's .mpy and the libraries
    compiled by CircuitPython's mpy-cross, as circup installs them; for a
    ``board`` chosen in settings.toml (a Pico add-on), its line there
    (``STHELENA_BOARD = "NAME"``), as the player writes it."""
    from tools.build import board_mpy, drive_image

    if os.path.isdir(out):
        shutil.rmtree(out)
    drive_image.build_tree(out, mpy_cross=mpy_cross or board_mpy.MPY_CROSS)
    if board is not None:
        board_wiring.write_settings(board, out)
    return out


def emulate(drive, keys="", firmware=OWN, board=BOARD, wiring=None, timeout=1800, **options):
    """Run ``drive`` (a folder or a FAT image; None with ``flash_in``) on
    ``board`` (a profile's name: picosystem, sprig, pico-display-2,
    pico-display, pico-lcd-1.3), wired as it is, pressing ``keys`` (the
    board's key words, HOLD_ and LONG_ of them, WAIT:MS, RESET) on
    ``firmware`` (the board's own: the Sprig's, the Pico's for a Pico
    add-on, the PicoSystem's; a path for another; None: the flash_in's);
    ``options`` are run.mjs's own, underscores for dashes (``shot=PATH``,
    ``flash_out=PATH``, ``ready=TEXT``, ``cut="3,9"``...; True for a
    switch). Its --json result, as a dict, with ``exit`` (0, or 1 if no
    complete frame came) and ``stderr``. On the board's own firmware its
    ELF lets the emulator skip its busy waits (``elf=None`` runs them): the
    same emulated time, sooner. ``wiring``: a hand-wired board's (board
    "spi"), as board_wiring's JSON, as a dict; else the profile's."""
    wiring = wiring or board_wiring.wiring(board)
    own = firmware_of(board, wiring=wiring)
    if firmware == OWN or firmware is not None and firmware == own:
        firmware = own
        options.setdefault("elf", firmware_of(board, "elf", wiring))
    command = ["node", RUNNER, "--board", board, "--wiring", json.dumps(wiring),
               "--bootrom", BOOTROM, "--json"]
    if drive is not None:
        command += ["--drive", str(drive)]
    if firmware:
        command += ["--firmware", str(firmware)]
    if keys:
        command += ["--keys", keys]
    for name, value in sorted(options.items()):
        if value is True:
            command.append("--" + name.replace("_", "-"))
        elif value is not None and value is not False:
            command += ["--" + name.replace("_", "-"), str(value)]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                         env=dict(os.environ, STHELENA_PYTHON=sys.executable))
    if run.returncode not in (0, 1) or not run.stdout.strip():
        raise RuntimeError("the emulator failed (%d): %s" % (run.returncode, run.stderr.strip()))
    result = json.loads(run.stdout)
    result["exit"] = run.returncode
    result["stderr"] = run.stderr
    return result


def drive_file(image, path):
    """The bytes of the file ``path`` on a drive image (``drive_out=``), or
    None if it has none: read by mtools' ``mtype``, as the emulator's
    drive.mjs makes the image with mtools."""
    run = subprocess.run(["mtype", "-i", str(image), "::/" + path.lstrip("/")], cwd=ROOT,
                         capture_output=True, timeout=60,
                         env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    return run.stdout if run.returncode == 0 else None


FRAME = b"St4"  # shared.NvmStore's frames: magic, number (3), length (2), record, CRC-16
DELTA = b"St5"  # picosystem.SectorStore's deltas: the same, the body the base's number (3),
# the bytes shared with its record (2) and the rest of the record
OLD_LAYOUT = b"St3"  # its layout before frames: magic, length (2), record


def frame(record, number):
    """The frame ``shared.NvmStore`` writes for ``record`` as its save ``number``."""
    from sthelena.core.save import crc16

    head = FRAME + bytes((number >> 16 & 255, number >> 8 & 255, number & 255,
                          len(record) >> 8, len(record) & 255)) + bytes(record)
    return head + crc16(head).to_bytes(2, "big")


def nvm_holding(record, number=1, old_layout=False):
    """The bytes of ``microcontroller.nvm`` holding the app's ``record`` as
    the handhelds' store keeps it (``shared.NvmStore``: one frame, save
    ``number``; or, ``old_layout``, as the store kept it before frames):
    for ``emulate(..., nvm_in=PATH)``, a game to resume."""
    if old_layout:
        return OLD_LAYOUT + bytes((len(record) >> 8, len(record) & 255)) + bytes(record)
    return frame(record, number)


def nvm_frames(nvm):
    """The whole saves in ``nvm`` (the board's bytes), read here, apart from
    the board's code: ``[(offset, number, record)]`` in the order they lie.
    A delta (``DELTA``: the PicoSystem's store) counts with its base, the
    whole frame before it of the number it names, and holds the record it
    makes with it."""
    from sthelena.core.save import crc16

    nvm = bytes(nvm)
    found = []
    bases = {}
    for at in range(len(nvm) - 9):
        magic = nvm[at:at + 3]
        if magic not in (FRAME, DELTA):
            continue
        stop = at + 8 + (nvm[at + 6] << 8 | nvm[at + 7])
        if stop + 2 > len(nvm) or crc16(nvm[at:stop]) != int.from_bytes(nvm[stop:stop + 2], "big"):
            continue
        number, body = int.from_bytes(nvm[at + 3:at + 6], "big"), nvm[at + 8:stop]
        if magic == FRAME:
            bases = {number: body}  # (a delta's base is the last whole frame before it)
            found.append((at, number, body))
            continue
        base = bases.get(int.from_bytes(body[0:3], "big"))
        shared = int.from_bytes(body[3:5], "big")
        if base is not None and shared <= len(base):
            found.append((at, number, base[:shared] + body[5:]))
    return found
