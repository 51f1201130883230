"""Where CircuitPython's builds are: the one place the tools and tests ask.

The tests and benches run the game on CircuitPython's own programs: its
interpreter (the unix port, 32-bit, a board's heap fixed by ``-X heapsize=``),
its ``mpy-cross``, and the firmware of the PicoSystem, PyGamer and PyBadge
(with the RP2040's boot ROM, for the emulator). Each is looked for in two
places, in this order:

1. ``build/``, what ``make firmware-vm``, ``firmware-rp2040`` and
   ``firmware-samd51`` make from a CircuitPython checkout (a build made by
   hand wins);
2. ``$CIRCUITPYTHON_BUILDS`` if set, else ``../shared/circuitpython/`` beside
   the repository: the same programs built from pinned sources, laid out by
   version and board (its README.md says what each file is).

``python3 -m tools.build.circuitpython_builds`` lists what is found where;
``... path NAME`` prints one path (the Makefile's use), or says in one line
why not and exits 2.

Desktop only.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "circuitpython"))
VARIABLE = "CIRCUITPYTHON_BUILDS"

VERSIONS = ("10.x", "9.x")  # the CircuitPython majors the game is tested on, newest first
_VM = "make firmware-vm CIRCUITPYTHON=DIR"
_VM9 = "make firmware-vm CIRCUITPYTHON=DIR VM_OUT=build/firmware-9.x (DIR at tag 9.2.9)"
_RP2040 = "make firmware-rp2040 CIRCUITPYTHON=DIR"
_SAMD51 = "make firmware-samd51 CIRCUITPYTHON=DIR"
_PICO = "BOARD=raspberry_pi_pico tools/build/circuitpython/firmware_rp2040.sh DIR"
_SPRIG = "BOARD=hack_club_sprig tools/build/circuitpython/firmware_rp2040.sh DIR"
_PYPORTAL = 'BOARDS="pyportal" tools/build/circuitpython/firmware_samd51.sh DIR'
_WIO = "BOARDS=seeeduino_wio_terminal tools/build/circuitpython/firmware_samd51.sh DIR"
# name: (its path under build/, its path in the shared folder, what makes it in build/)
FILES = {
    "10.x/circuitpython": ("firmware/circuitpython", "10.x/circuitpython", _VM),
    "10.x/circuitpython-areas": ("firmware/circuitpython-areas", "10.x/circuitpython-areas", _VM),
    "10.x/mpy-cross": ("firmware/mpy-cross", "10.x/mpy-cross", _VM),
    "9.x/circuitpython": ("firmware-9.x/circuitpython", "9.2.9/circuitpython", _VM9),
    "9.x/circuitpython-areas": ("firmware-9.x/circuitpython-areas", "9.2.9/circuitpython-areas",
                                _VM9),
    "9.x/mpy-cross": ("firmware-9.x/mpy-cross", "9.2.9/mpy-cross", _VM9),
    "picosystem/firmware.uf2": ("rp2040/firmware.uf2", "rp2040/pimoroni_picosystem/firmware.uf2",
                                _RP2040),
    "picosystem/firmware.elf": ("rp2040/firmware.elf", "rp2040/pimoroni_picosystem/firmware.elf",
                                _RP2040),
    "pico/firmware.uf2": ("rp2040/raspberry_pi_pico/firmware.uf2",
                          "rp2040/raspberry_pi_pico/firmware.uf2", _PICO),
    "pico/firmware.elf": ("rp2040/raspberry_pi_pico/firmware.elf",
                          "rp2040/raspberry_pi_pico/firmware.elf", _PICO),
    "sprig/firmware.uf2": ("rp2040/hack_club_sprig/firmware.uf2",
                           "rp2040/hack_club_sprig/firmware.uf2", _SPRIG),
    "sprig/firmware.elf": ("rp2040/hack_club_sprig/firmware.elf",
                           "rp2040/hack_club_sprig/firmware.elf", _SPRIG),
    "rp2040/bootrom.bin": ("rp2040/bootrom.bin", "rp2040/bootrom.bin",
                           "make build/rp2040/bootrom.bin RP2040JS=DIR"),
    "pygamer/firmware.elf": ("samd51/pygamer/firmware.elf", "samd51/pygamer/firmware.elf",
                             _SAMD51),
    "pybadge/firmware.elf": ("samd51/pybadge/firmware.elf", "samd51/pybadge/firmware.elf",
                             _SAMD51),
    "pygamer/firmware.uf2": ("samd51/pygamer/firmware.uf2", "samd51/pygamer/firmware.uf2",
                             _SAMD51),
    "pybadge/firmware.uf2": ("samd51/pybadge/firmware.uf2", "samd51/pybadge/firmware.uf2",
                             _SAMD51),
    "pyportal/firmware.elf": ("samd51/pyportal/firmware.elf", "samd51/pyportal/firmware.elf",
                              _PYPORTAL),
    "wio/firmware.elf": ("samd51/seeeduino_wio_terminal/firmware.elf",
                         "samd51/seeeduino_wio_terminal/firmware.elf", _WIO),
    "wio/firmware.uf2": ("samd51/seeeduino_wio_terminal/firmware.uf2",
                         "samd51/seeeduino_wio_terminal/firmware.uf2", _WIO),
}


def shared_dir():
    """The second place: ``$CIRCUITPYTHON_BUILDS``, else ``../shared/circuitpython``."""
    return os.environ.get(VARIABLE) or SHARED


def places(name):
    """Where ``name`` (a key of FILES) may be, in the order looked in."""
    in_build, in_shared, _ = FILES[name]
    return [os.path.join(BUILD, *in_build.split("/")),
            os.path.join(shared_dir(), *in_shared.split("/"))]


def find(name):
    """The path of ``name``'s build, or None where neither place has it."""
    for path in places(name):
        if os.path.isfile(path):
            return path
    return None


def missing(name):
    """None if ``name`` is found, else why not in one line, naming both places."""
    if find(name):
        return None
    first, second = places(name)
    return ("CircuitPython's %s is in neither %s (%s makes it) nor %s (set $%s to another folder "
            "laid out as ../shared/circuitpython)"
            % (name, _shown(first), FILES[name][2], _shown(second), VARIABLE))


def present():
    """Whether any build is at hand: then a test that cannot find the one it
    needs is a broken path, not a machine without CircuitPython (CI fails it)."""
    return any(find(name) for name in FILES)


def _shown(path):
    relative = os.path.relpath(path, ROOT)
    return relative if not relative.startswith("../..") else path


def main(argv):
    if argv[:1] == ["path"] and len(argv) == 2:
        if argv[1] not in FILES:
            print("circuitpython_builds: no build is called %r (one of: %s)"
                  % (argv[1], ", ".join(FILES)), file=sys.stderr)
            return 2
        why = missing(argv[1])
        if why:
            print(why, file=sys.stderr)
            return 2
        print(find(argv[1]))
        return 0
    if argv:
        print("usage: python3 -m tools.build.circuitpython_builds [path NAME]", file=sys.stderr)
        return 2
    for name in FILES:
        path = find(name)
        print("%-26s %s" % (name, _shown(path) if path else "missing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
