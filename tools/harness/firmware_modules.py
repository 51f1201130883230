"""Which of CircuitPython's modules a board's firmware is built with, read
from the firmware itself, to hold each profile's ``lacks`` to it.

A module CircuitPython's shared bindings define (``displayio``, ``vectorio``,
``keypad``...: those circuitpython-stubs describes) is in a firmware when
its module object, the symbol ``<name>_module``, is in the build's ELF
(binutils' ``nm`` reads an ARM ELF's symbols). ``used_modules(profile)``
are those of them the files of the profile's game import (its set-up's
too, as tools/harness/conformance.py lists them); ``missing_modules``
those a firmware lacks: the profile's ``lacks`` must be exactly those.

Desktop only (tests/board/test_firmware_modules.py).
"""

import ast
import os
import subprocess

from tools.build import circuitpython_builds

from . import conformance


def firmware_of(profile):
    """circuitpython_builds' name of the ELF of ``profile``'s firmware (the
    one built for the board its pins are checked on: conformance.stub_id,
    the Pico's for its add-ons and a wiring of one's own), or None if there
    is no such build."""
    board = conformance.stub_id(profile)
    for name, (_, in_shared, _) in sorted(circuitpython_builds.FILES.items()):
        if in_shared.endswith("/%s/firmware.elf" % board):
            return name
    return None


def built_in_modules(elf):
    """The names of the modules whose module object (``<name>_module``) the
    firmware ``elf`` holds."""
    out = subprocess.run(["nm", elf], capture_output=True, text=True, check=True).stdout
    found = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2].endswith("_module"):
            found.add(parts[2][:-len("_module")])
    return found


def used_modules(profile):
    """The firmware modules (those circuitpython-stubs describes) that the
    files going on ``profile``'s board import, guarded or not."""
    stubs = conformance.stubs_dir()
    found = set()
    for path in conformance.files_on(conformance.stub_id(profile)):
        with open(os.path.join(conformance.ROOT, path)) as file:
            tree = ast.parse(file.read(), path)
        for module, _ in conformance._imports(tree):
            top = module.split(".")[0]
            if os.path.isdir(os.path.join(stubs, top + "-stubs")) and top != "micropython":
                found.add(top)
    return found


def missing_modules(profile, elf=None):
    """The modules ``profile``'s game imports that its firmware (``elf``, by
    default its build's: ``firmware_of``) lacks."""
    elf = elf or circuitpython_builds.find(firmware_of(profile))
    return used_modules(profile) - built_in_modules(elf)
