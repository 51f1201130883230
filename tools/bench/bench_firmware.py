"""make bench-firmware: the game on CircuitPython's own firmware (the
PicoSystem's, make firmware-rp2040) in the RP2040 emulator (tools/harness/emulator),
in emulated time at the chip's 125 MHz, each figure beside its goal (the
presses' and the hint's, and the lean goal for the heap):

- every kind of press, from the button going down to the last byte of the
  redraw it causes, over the scripts of presses of deals 7, 1, 2, 3 and 4
  (tools/harness/firmware_sessions.py makes them, and
  tools/bench/firmware_presses.py times them);
- the start: code.py's first line to the first whole table frame, on a new
  drive and after a reset;
- the heap: ``gc.mem_free()`` once the game is set up and in play;
- the hint: from the first position of st-helena deals 1-20, and after 40
  of the solver's moves of each, its time to its answer.

Takes 20 to 40 minutes (two emulators at once); ``--skip`` leaves parts out.
"""

import argparse
import os
import shutil
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor

from tools.harness import emulated, firmware_sessions

from . import firmware_presses
from .firmware_hint import CONSOLE, SINCE_RESET, bench_hint
from .report import goal

GOAL_START_MS = 600
GOAL_FREE_KB = 80  # free in play (the PicoSystem's lean goal)
PRESS_DEALS = (7, 1, 2, 3, 4)

# The heap: the game set up as the PicoSystem's edge sets it up, then its
# loop in slices, the heap it keeps reported every two seconds.
HEAP_CODE = SINCE_RESET + """
from sthelena_picosystem import picosystem_setup, run
app, buttons, lights, screen = picosystem_setup()
gc.collect()
free_set_up = least = gc.mem_free()
report = since_reset()
while True:  # the loop as the game's start() runs it
    run(app, buttons, iterations=50, lights=lights, display=screen.display)
    if since_reset() - report > 2000:
        report = since_reset()
        gc.collect()
        least = min(least, gc.mem_free())
        print("heap", free_set_up, gc.mem_free(), least)
"""

# The start: the drive's own code.py, timed from its first line, its call of
# the game's main() made in two steps (set-up, then the loop); printed once
# the console is up. The table's first whole frame is the first refresh of the
# whole screen after the import (nothing draws between).
START_PRELUDE = SINCE_RESET + """
started = since_reset()
def started_game(main):
    imported = since_reset()
    from sthelena_picosystem import picosystem_setup, run
    app, buttons, lights, screen = picosystem_setup()
    set_up = since_reset()
""" + CONSOLE.replace("\n", "\n    ") + """print("started", started, imported, set_up)
    print("start done")
    run(app, buttons, lights=lights)
"""


def with_code(drive, work, name, code):
    """A copy of the drive in ``work`` with ``code`` as its code.py."""
    folder = os.path.join(work, name)
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(code)
    return folder


def bench_presses(drive, work):
    """Every row of presses over PRESS_DEALS' scripts, in two emulators at once."""
    scripts = firmware_sessions.scripts(PRESS_DEALS)
    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda script: firmware_presses.emulate_script(drive, work, script),
                             scripts))
    timed = {}
    for script, (presses, _) in zip(scripts, runs):
        for kind, ms, cards in presses:
            if kind:
                timed.setdefault(kind, []).append((script.deal, ms, cards))
    print("presses, emulated ms at 125 MHz, press to the last byte of its redraw, deals %s:"
          % ", ".join(map(str, PRESS_DEALS)))
    firmware_presses.print_rows(timed)


def bench_start(drive, work):
    """code.py's first line to the first whole table frame, a new drive and after a reset."""
    with open(os.path.join(drive, "code.py")) as file:
        code = file.read()
    call = "\n        main()\n"  # (in code.py's start_on_board's try)
    if code.count(call) != 1:
        raise RuntimeError("code.py's call of main() is not where the start bench hooks it")
    folder = with_code(drive, work, "start",
                       START_PRELUDE + code.replace(call, "\n        started_game(main)\n"))
    result = emulated.emulate(folder, "RESET", ready="start done")
    lines = [line.split() for line in result["console"].splitlines()
             if line.startswith("started ")]
    for boot, line, when in zip(result["boots"], lines, ("a new drive", "after a reset")):
        started, imported, set_up = (int(value) for value in line[1:4])
        whole = [end for begin, end, count, *box in boot["bursts"]
                 if begin >= imported and box == [0, 0, 239, 239] and count >= 240 * 240 * 2]
        frame = whole[0] - started if whole else float("inf")
        goal("the start, %s, code.py's first line to the first whole table frame" % when,
             "%.0f ms (the import %d ms, set-up %d ms; CircuitPython's boot before it %d ms)"
             % (frame, imported - started, set_up - imported, started),
             "<= %d ms" % GOAL_START_MS, frame <= GOAL_START_MS)


def bench_heap(drive, work):
    """The heap once set up and in play, through deal 7's opening script's presses."""
    script = firmware_sessions.opening_script(7)
    nvm = os.path.join(work, "heap.nvm")
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(with_code(drive, work, "heap", HEAP_CODE),
                              " ".join(script.words) + " WAIT:3000", nvm_in=nvm)
    reports = [line.split() for line in result["console"].splitlines() if line.startswith("heap")]
    if not reports:
        raise RuntimeError("the heap code printed nothing: %s" % result["console"][-500:])
    free_set_up, now, least = (int(value) / 1024 for value in reports[-1][1:])
    goal("gc.mem_free() in play, after %d presses of deal 7's opening script, collected"
         % len(result["presses"]), "%.1f KB (set up %.1f KB, least seen %.1f KB)"
         % (now, free_set_up, least), ">= %d KB" % GOAL_FREE_KB, now >= GOAL_FREE_KB)


def release_drive(release, work):
    """The 10.x folder of the release in ``release`` (make release's dist/), unpacked."""
    (name,) = [name for name in os.listdir(release) if name.endswith("-handhelds.zip")]
    with zipfile.ZipFile(os.path.join(release, name)) as archive:
        archive.extractall(work)
    return os.path.join(work, name[:-len(".zip")], "CircuitPython 10.x")


PARTS = ("presses", "start", "heap", "hint", "hint40")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-20", help="the hint's deals (default 1-20)")
    parser.add_argument("--skip", default="", help="parts to leave out: " + ",".join(PARTS))
    parser.add_argument("--release", metavar="DIR", help="measure the release in DIR (make "
                        "release's dist/): its 10.x folder as the drive")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes (the bench is long)
    problem = emulated.unavailable()
    if problem:
        print("bench-firmware: %s" % problem, file=sys.stderr)
        return 2
    first, last = (int(part) for part in args.deals.split("-"))
    parts = [part for part in PARTS if part not in args.skip.split(",")]
    with open(os.path.join(os.path.dirname(emulated.FIRMWARE), "version.txt")) as file:
        print(file.read().strip())
    with tempfile.TemporaryDirectory() as work:
        if args.release:
            drive = release_drive(args.release, work)
            print("the drive: the release's 10.x folder, %s" % os.path.relpath(drive, work))
        else:
            drive = emulated.make_drive(os.path.join(work, "CIRCUITPY"))
        if "presses" in parts:
            bench_presses(drive, work)
        if "start" in parts:
            bench_start(drive, work)
        if "heap" in parts:
            bench_heap(drive, work)
        if "hint" in parts:
            bench_hint(drive, work, first, last)
        if "hint40" in parts:
            bench_hint(drive, work, first, last, moved=40)
    return 0


if __name__ == "__main__":
    from .report import run

    run("bench-firmware", main)
