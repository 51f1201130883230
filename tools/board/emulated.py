"""The drive image on CircuitPython's own firmware, on an emulated RP2040.

``tools/emulator`` (Node, rp2040js) boots the firmware that ``make
firmware-rp2040`` builds for the Pimoroni PicoSystem, with a CIRCUITPY drive in
its flash, presses its buttons and reads back its screen and console. This
module is how the tests (``tests/test_firmware.py``) and ``make
bench-firmware`` drive it from Python:

    problem = unavailable()            # None, or why it cannot run here
    drive = make_drive(folder)         # the drive as shipped: the game and
                                       # its libraries as CircuitPython's .mpy
    result = emulate(drive, "RIGHT A", shot=path)   # run.mjs's --json, as a dict
    data = drive_file(image, "boot_out.txt")        # a file of a drive_out= image
    nvm = nvm_holding(record)          # a save (the desktop's --save file) for nvm_in=

Desktop only; nothing of the firmware or the boot ROM is committed (build/).
"""

import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RP2040 = os.path.join(ROOT, "build", "rp2040")
FIRMWARE = os.path.join(RP2040, "firmware.uf2")
BOOTROM = os.path.join(RP2040, "bootrom.bin")
EMULATOR = os.path.join(ROOT, "tools", "emulator")
RUNNER = os.path.join(EMULATOR, "run.mjs")


def unavailable(firmware=FIRMWARE):
    """None if the emulator can run ``firmware`` here, else why not (one line)."""
    if not os.path.isfile(firmware):
        return ("CircuitPython's RP2040 firmware is not built (%s): make firmware-rp2040 "
                "CIRCUITPYTHON=DIR" % os.path.relpath(firmware, ROOT))
    if not os.path.isfile(BOOTROM):
        return ("the RP2040's boot ROM is not extracted (%s): make %s RP2040JS=DIR"
                % (os.path.relpath(BOOTROM, ROOT), os.path.relpath(BOOTROM, ROOT)))
    if not os.path.isdir(os.path.join(EMULATOR, "node_modules", "rp2040js")):
        return "rp2040js is not installed: npm ci --prefix tools/emulator"
    return None


def make_drive(out, mpy_cross=None):
    """Build the CIRCUITPY drive as shipped into the folder ``out`` (made
    anew): code.py, boot.py, assets/, the game's .mpy and the libraries
    compiled by CircuitPython's mpy-cross, as circup installs them."""
    import shutil
    import sys

    sys.path.insert(0, HERE)
    import board_mpy
    import drive_image

    if os.path.isdir(out):
        shutil.rmtree(out)
    drive_image.build_tree(out, mpy_cross=mpy_cross or board_mpy.MPY_CROSS)
    return out


def emulate(drive, keys="", firmware=FIRMWARE, timeout=1800, **options):
    """Run ``drive`` (a folder or a FAT image) on ``firmware`` pressing
    ``keys`` (the desktop's --keys words, WAIT:MS, RESET); ``options`` are
    run.mjs's own, underscores for dashes (``shot=PATH``, ``flash_out=PATH``,
    ``ready=TEXT``...; True for a switch). Its --json result, as a dict, with
    ``exit`` (0, or 1 if no complete frame came) and ``stderr``."""
    command = ["node", RUNNER, "--bootrom", BOOTROM, "--drive", str(drive), "--json"]
    if firmware:
        command += ["--firmware", str(firmware)]
    if keys:
        command += ["--keys", keys]
    for name, value in sorted(options.items()):
        if value is True:
            command.append("--" + name.replace("_", "-"))
        elif value is not None and value is not False:
            command += ["--" + name.replace("_", "-"), str(value)]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        raise RuntimeError("the emulator failed (%d): %s" % (run.returncode, run.stderr.strip()))
    result = json.loads(run.stdout)
    result["exit"] = run.returncode
    result["stderr"] = run.stderr
    return result


def drive_file(image, path):
    """The bytes of the file ``path`` on a drive image (``drive_out=``), or
    None if it has none."""
    run = subprocess.run(["node", os.path.join(EMULATOR, "fat_read.mjs"), str(image), path],
                         cwd=ROOT, capture_output=True, timeout=60)
    return run.stdout if run.returncode == 0 else None


def nvm_holding(record):
    """The bytes of ``microcontroller.nvm`` holding the app's ``record`` as
    the handhelds' store keeps it (``shared.NvmStore``: magic, length,
    record): for ``emulate(..., nvm_in=PATH)``, a game to resume."""
    return b"St3" + bytes((len(record) >> 8, len(record) & 255)) + bytes(record)
