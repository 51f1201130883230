"""Stand-in for CircuitPython's ``storage``: the CIRCUITPY drive's mount.

As on the board, the drive starts read-only to the code (the computer has it
over USB); ``remount("/", readonly=False)`` (only allowed in boot.py on the
board) gives it to the code. ``remounts`` lists the calls made, as
``(path, readonly)``; ``reset()`` puts the drive back to the computer.
"""

remounts = []


class _Mount:
    readonly = True


_root = _Mount()


def getmount(mount_path):
    if mount_path != "/":
        raise OSError(2)  # ENOENT: the stand-in has only the drive
    return _root


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    getmount(mount_path)
    remounts.append((mount_path, readonly))
    _root.readonly = readonly


def reset():
    del remounts[:]
    _root.readonly = True
