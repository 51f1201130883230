"""A board whose firmware sets its screen up (``board.DISPLAY``) played under
the MicroPython VM as it plays on the board, its frames drawn pixel for
pixel as the desktop draws them (tests/edges/test_wio_terminal.py).

The board's own code runs: the set-up (``start.setup``) on the stand-in
pins (tools/harness/standins: ``board.use``, the keys through ``keypad``'s
queue, the store in ``microcontroller.nvm`` holding the script's first
position) and the main loop (``loop.run``, the display refreshed after each
press), every key held as long as the desktop's ``--keys`` holds it; or,
on a board whose keys type on the serial input (the Cardputer's), each
key's characters typed there, read by the source the set-up made (its
``sys.stdin.read`` pointed at them, as the VM's standard input is its
script; ``supervisor.runtime.serial_bytes_available`` saying how many
wait). The display is the web page's ``Screen`` (sthelena/web/screen.py: the web page's
displayio in Python draws what Blinka's does), and the modules the profile
``lacks`` are left out of the VM, as the firmware has none. After each word
the VM prints the SHA-256 of the frame; ``desktop_digests`` are those of the
desktop's frames of the same words (RGBA, opaque, as the screen's)."""

import hashlib

from tests.helpers.firmware_helpers import desktop_frames, pixels
from tests.helpers.mpvm import REPO_ROOT, run_micropython
from sthelena.desktop.keys import HOLD_MS, LONG_MS, PRESS_MS
from tools.harness.emulated import nvm_holding

ASSETS = {"assets/" + name: REPO_ROOT / "assets" / name
          for name in ("sheet.bmp", "sheet-large.bmp", "sheet-fan.bmp", "help.txt",
                       "winnable.bin")}
KEY_STEP_MS = 10  # the desktop's (desktop.run.PRESS_STEP_MS): a held key's timer read this often

VM_PLAY = """
import sys
sys.path.insert(0, "/lib/sthelena/web/native")  # displayio that draws (the page's)
sys.path.append("/lib/standins")
import binascii, hashlib
import board, keypad, microcontroller, supervisor
from sthelena.web.screen import Screen
board.use(%(stand_in)r)
screen = Screen(board.DISPLAY.width, board.DISPLAY.height)
board.DISPLAY = screen
microcontroller.nvm = microcontroller.ByteArray(%(nvm_size)d)
saved = open("/nvm.bin", "rb").read()
for at in range(len(saved)):
    microcontroller.nvm[at] = saved[at]
from sthelena.boards.%(module)s import PROFILE
from sthelena.handheld import loop, start
supervisor.set_ticks(0)
made = start.setup(PROFILE)
app, buttons = made.app, made.buttons


class Serial:  # the serial input: the characters typed, waiting until read
    waiting = ""

    def read(self, count):
        typed, self.waiting = self.waiting[:count], self.waiting[count:]
        supervisor.runtime.serial_bytes_available = len(self.waiting)
        return typed


serial = Serial()
if type(buttons).__name__ == "SerialKeySource":
    buttons._read = serial.read  # (the set-up's sys.stdin.read: the VM's stdin is this script)


def shot():
    screen.refresh()
    print(binascii.hexlify(hashlib.sha256(screen.frame).digest()).decode())


def press(key, ms, now):
    supervisor.set_ticks(now)
    keypad.push(key)
    supervisor.STEP = %(step)d
    loop.run(app, buttons, ms // %(step)d + 1, display=screen)
    supervisor.STEP = 0
    supervisor.set_ticks(now + ms)
    keypad.push(key, False)
    loop.run(app, buttons, 1, display=screen)
    while app.hint is not None:  # (a hint runs to its end, as the desktop's)
        loop.run(app, buttons, 1, display=screen)
    return now + ms


def type_in(text):
    serial.waiting = text
    supervisor.runtime.serial_bytes_available = len(text)
    loop.run(app, buttons, 3, display=screen)  # (a key gives two events at most)
    while app.hint is not None:
        loop.run(app, buttons, 1, display=screen)


shot()
now = 0
for key in %(presses)r:
    if isinstance(key, str):
        type_in(key)
    else:
        now = press(key[0], key[1], now)
    shot()
print(type(made.screen).__name__, type(app.view.group[0]).__name__, "vectorio" in sys.modules)
print("done")
"""


def presses(profile, words):
    """Each word as ``(key number, ms held)``: the profile's key it names,
    held as long as the desktop holds a tap, a HOLD_ and a LONG_; for keys
    typed on the serial input (``SerialKeys``), the characters its key types."""
    if hasattr(profile.keys, "sequences"):
        texts = {word: text for word, text, _ in profile.keys.sequences}
        for word in words:
            if word not in texts:
                raise ValueError("%s: no key of the %s" % (word, profile.title))
        return [texts[word] for word in words]
    numbers = {word: number for number, (word, _, _) in enumerate(profile.keys.keys)}
    found = []
    for word in words:
        for prefix, ms in (("LONG_", LONG_MS), ("HOLD_", HOLD_MS), ("", PRESS_MS)):
            if word.startswith(prefix) and word[len(prefix):] in numbers:
                found.append((numbers[word[len(prefix):]], ms))
                break
        else:
            raise ValueError("%s: no key of the %s" % (word, profile.title))
    return found


def board_digests(profile, stand_in, record, words, folder, nvm_size=8192):
    """The VM's digests (the first frame, then one a word of ``words``
    played from ``record``; the profile's module and stand-in board named)
    and its last line: the screen's class, the baize's, and whether
    vectorio was imported."""
    nvm = folder / "nvm.bin"
    nvm.write_bytes(nvm_holding(record))
    module = profile_module(profile)
    script = VM_PLAY % {"stand_in": stand_in, "nvm_size": nvm_size, "module": module,
                        "step": KEY_STEP_MS, "presses": presses(profile, words)}
    lacking = "|".join(r"(^|/)%s\.py$" % name for name in profile.lacks)
    exclude = r"^(desktop|solver|fruitjam)/|^__main__\.py$" + ("|" + lacking if lacking else "")
    files = dict(ASSETS, **{"nvm.bin": nvm})
    lines = run_micropython(script, packages=("sthelena", "tools/harness/standins"),
                            exclude=exclude, files=files, heapsize=8 * 1024 * 1024,
                            timeout=600).splitlines()
    assert lines[-1] == "done", lines[-5:]
    return lines[:-2], lines[-2]


def profile_module(profile):
    """The module of sthelena/boards/ whose PROFILE is ``profile``."""
    for path in sorted((REPO_ROOT / "sthelena" / "boards").glob("*.py")):
        if 'name="%s"' % profile.name in path.read_text():
            return path.stem
    raise LookupError(profile.name)


def desktop_digests(profile, record, words, folder):
    """The digests of the desktop's frames of ``words`` (``--board``), from ``record``."""
    save = folder / "record.bin"
    save.write_bytes(record)
    found = []
    for path in desktop_frames(profile.name, save, " ".join(words), folder):
        _, rgb = pixels(path)
        rgba = bytearray(len(rgb) // 3 * 4)
        rgba[0::4], rgba[1::4], rgba[2::4] = rgb[0::3], rgb[1::3], rgb[2::3]
        rgba[3::4] = b"\xff" * (len(rgb) // 3)
        found.append(hashlib.sha256(bytes(rgba)).hexdigest())
    return found
