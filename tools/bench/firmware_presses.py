"""Each press's time on the firmware, by the row it belongs to (``make
bench-firmware``'s table of presses; desktop only).

The scripts of ``firmware_sessions`` are played three ways:

- by the buttons, on the shipped drive in the emulator (``emulated``): the
  time from the button going down to the last byte of the redraw it causes,
  in emulated ms at 125 MHz. A held press counts from its hold (the
  ``HOLD_DELAY`` ms after the press it follows). An illegal drop counts to
  the red flash, not to the flash's end a quarter of a second later;
- through ``app.handle()`` on the same firmware, a code.py of this bench's
  calling it word by word with the display's auto-refresh off, then
  ``display.refresh()``: how much of each press is the game's Python and how
  much is displayio drawing and sending the pixels (``split``);
- through ``app.handle()`` on CircuitPython's unix port (the VM of
  ``make firmware-vm``) with the board's stand-ins: the game's Python alone,
  on this machine (``vm``): the same presses under the VM, for comparison.
"""

import os
import shutil
import statistics
import subprocess

from sthelena.app.buttons import HOLD_DELAY
from tools.harness import emulated

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FLASH_MS = 200  # an illegal drop's response: what is drawn before the flash ends (250 ms)

# Each row: its name (the scripts' kinds), and its goals in ms: median, longest
# (None: no goal). Issue 44's; a row it does not name takes its nearest kin's.
MOVE_GOALS = (50, 100)
SCREEN_GOALS = (None, 150)  # a text screen opens or closes within 150 ms
WITHIN_GOALS = (None, 50)  # moving within one takes 50 ms at most
ROWS = (
    ("cursor", (30, 50)),
    ("cursor, a card lifted", (30, 50)),
    ("lift", MOVE_GOALS),
    ("move", MOVE_GOALS),
    ("quick move (A twice)", MOVE_GOALS),
    ("quick move (A held)", MOVE_GOALS),
    ("auto-play: A that sends cards home", (None, None)),
    ("auto-play: the same, a card at a time", MOVE_GOALS),
    ("illegal drop (the red flash)", MOVE_GOALS),
    ("B: cancel", (60, None)),
    ("B: undo", (60, None)),
    ("B held: redo", (60, None)),
    ("B: undo a redeal", (None, 150)),
    ("redeal (the menu's item)", SCREEN_GOALS),
) + tuple((screen + ": " + what, SCREEN_GOALS if what != "move" else WITHIN_GOALS)
          for screen in ("menu", "overview", "peek", "help", "statistics", "deal number")
          for what in ("open", "move", "close")) + (
    ("won: open", SCREEN_GOALS),
    ("won: close (B, undo)", SCREEN_GOALS),
    ("stuck: open", SCREEN_GOALS),
    ("stuck: close", SCREEN_GOALS),
)
PER_CARD = "auto-play: the same, a card at a time"


def press_figure(word, kind, record):
    """The ms a press took (see the module docstring), or None if it drew nothing."""
    if record.get("frame_ms") is None:
        return None
    if kind and kind.startswith("illegal"):
        return max(end for start, end, *rest in record["bursts"] if start < FLASH_MS)
    if word.startswith("HOLD_"):
        return record["frame_ms"] - HOLD_DELAY
    return record["frame_ms"]


def emulate_script(drive, work, script):
    """Play ``script`` by the buttons on the emulated firmware: ``[(kind,
    ms, cards)]`` for its presses; and the emulator's result."""
    nvm = os.path.join(work, "%s-%d.nvm" % (script.name, script.deal))
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(drive, " ".join(script.words), nvm_in=nvm)
    presses = result["presses"]
    if len(presses) != len(script.words):
        raise RuntimeError("%s deal %d: %d of %d presses played" % (
            script.name, script.deal, len(presses), len(script.words)))
    return [(kind, press_figure(word, kind, record), cards) for word, kind, record, cards
            in zip(script.words, script.kinds, presses, script.cards)], result


# The split: each word through app.handle(), timed apart from the refresh.
SPLIT_CODE = """
from sthelena_picosystem import picosystem_setup, HOLD, UP, DOWN, LEFT, RIGHT, A, B, START, SELECT
import board
EVENTS = {"UP": UP, "DOWN": DOWN, "LEFT": LEFT, "RIGHT": RIGHT, "A": A, "B": B, "START": START,
          "SELECT": SELECT}
app, buttons, lights, screen = picosystem_setup()
display = board.DISPLAY
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass
display.auto_refresh = False
display.refresh()
for word in WORDS:
    held = word.startswith("HOLD_")
    event = EVENTS[word[5:] if held else word]
    for step in (event, event | HOLD) if held else (event,):
        began = since_reset()
        app.handle(step)
        handled = since_reset()
        display.refresh()
        print("split", word, handled - began, since_reset() - handled)
print("bench done")
"""


def split_script(drive, work, script, since_reset):
    """``script`` through app.handle() on the firmware: ``[(kind, handle ms,
    refresh ms)]`` (a held press: its hold's)."""
    folder = os.path.join(work, "split")
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(since_reset + "WORDS = %r\n" % (script.words,) + SPLIT_CODE)
    nvm = os.path.join(work, "split.nvm")
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(folder, ready="bench done", boot_ms=600000, nvm_in=nvm)
    lines = [line.split() for line in result["console"].splitlines() if line.startswith("split ")]
    out = []
    at = 0
    for word, kind in zip(script.words, script.kinds):
        if word.startswith("HOLD_"):
            at += 1  # the press before the hold
        if at >= len(lines):
            raise RuntimeError("the split printed %d lines: %s" % (len(lines),
                                                                   result["console"][-400:]))
        out.append((kind, int(lines[at][2]), int(lines[at][3])))
        at += 1
    return out


# The same on CircuitPython's unix port, the board's modules stood in for.
VM_CODE = """
import builtins, gc, sys, time
sys.path.append(STANDINS_DIR)
sys.path.insert(0, ROOT + "lib")
import board, keypad, microcontroller, supervisor
board.use("picosystem")
microcontroller.nvm[0:len(NVM)] = NVM
_open = builtins.open
def drive_open(path, *rest):  # the game's paths are the drive's: /assets/...
    return _open(ROOT + path[1:] if path.startswith("/") else path, *rest)
builtins.open = drive_open
import sthelena_picosystem as game
EVENTS = {"UP": game.UP, "DOWN": game.DOWN, "LEFT": game.LEFT, "RIGHT": game.RIGHT, "A": game.A,
          "B": game.B, "START": game.START, "SELECT": game.SELECT}
supervisor.STEP = 1
app, buttons, lights, screen = game.picosystem_setup()
for word in WORDS:
    held = word.startswith("HOLD_")
    event = EVENTS[word[5:] if held else word]
    for step in (event, event | game.HOLD) if held else (event,):
        began = time.ticks_us()
        app.handle(step)
        print("vm", word, time.ticks_diff(time.ticks_us(), began))
"""


def vm_script(drive, script):
    """``script`` through app.handle() on CircuitPython's unix port (the
    drive ``drive`` as shipped, its game and libraries as the board loads
    them): ``[(kind, µs)]``, or None where the port is not built."""
    import tempfile

    from tools.harness import firmware_figures

    path, _ = firmware_figures.interpreter()
    if path is None:
        return None
    drive = os.path.abspath(drive)
    with tempfile.TemporaryDirectory() as work:
        shutil.copytree(os.path.join(ROOT, "tools", "harness", "standins"), os.path.join(work, "standins"),
                        ignore=shutil.ignore_patterns("*.md", "__pycache__"))
        code = ("STANDINS_DIR = %r\nROOT = %r\nWORDS = %r\nNVM = %r\n"
                % (os.path.join(work, "standins"), drive + "/", script.words,
                   emulated.nvm_holding(script.record)) + VM_CODE)
        run = subprocess.run([path, "-X", "heapsize=%d" % (400 * 1024), "-c", code], cwd=drive,
                             capture_output=True, text=True, timeout=600)
    if run.returncode:
        raise RuntimeError("the VM failed: %s" % (run.stderr or run.stdout)[-400:])
    lines = [line.split() for line in run.stdout.splitlines() if line.startswith("vm ")]
    out = []
    at = 0
    for word, kind in zip(script.words, script.kinds):
        at += word.startswith("HOLD_")
        out.append((kind, int(lines[at][2])))
        at += 1
    return out


def _figures(values):
    ordered = sorted(values)
    return statistics.median(ordered), ordered[-1]


def _goal_text(goals):
    median, longest = goals
    parts = (["median %d" % median] if median else []) + (
        ["longest %d" % longest] if longest else [])
    return ", ".join(parts) or "-"


def _met(goals, median, longest):
    if goals == (None, None):
        return ""
    return "yes" if ((goals[0] is None or median <= goals[0])
                     and (goals[1] is None or longest <= goals[1])) else "NO"


def print_rows(timed, deals, split=None, vm=None):
    """The table of presses: ``timed`` ``{kind: [(deal, ms, cards)]}`` from
    the buttons; ``split`` ``{kind: [(handle ms, refresh ms)]}``; ``vm``
    ``{kind: [µs]}``."""
    print("press to the last byte of its redraw, emulated ms at 125 MHz (deals %s):"
          % ", ".join(str(deal) for deal in deals))
    print("  %-38s %5s %5s %7s %7s  %-24s %-4s %s" % (
        "press", "n", "deals", "median", "longest", "goal", "met",
        "firmware: Python + drawing, medians; VM: Python µs" if split or vm else ""))
    for kind, goals in ROWS:
        source = kind if kind != PER_CARD else "auto-play: A that sends cards home"
        entries = [entry for entry in timed.get(source, ()) if entry[1] is not None]
        missing = len(timed.get(source, ())) - len(entries)
        if not entries:
            print("  %-38s %5d   (none timed)" % (kind, missing))
            continue
        values = [ms / max(cards, 1) if kind == PER_CARD else ms for _, ms, cards in entries]
        median, longest = _figures(values)
        extra = ""
        if split and split.get(source):
            extra += "%5.0f + %-5.0f" % (statistics.median(h for h, _ in split[source]),
                                         statistics.median(r for _, r in split[source]))
        if vm and vm.get(source):
            extra += "  %6.0f" % statistics.median(vm[source])
        if missing:
            extra += "  (%d drew nothing)" % missing
        print("  %-38s %5d %5d %7.1f %7.1f  %-24s %-4s %s" % (
            kind, len(values), len({deal for deal, _, _ in entries}), median, longest,
            _goal_text(goals), _met(goals, median, longest), extra))
