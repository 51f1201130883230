"""make bench-firmware: the game on CircuitPython's own firmware in the
RP2040 emulator (tools/harness/emulator), in emulated time at the chip's 125
MHz, each figure beside its goal (the presses' and the hint's, and the lean
goal for the heap), board by board (``--boards``).

The PicoSystem (``picosystem``: its firmware, make firmware-rp2040):

- every kind of press, from the button going down to the last byte of the
  redraw it causes, over the scripts of presses of deals 7, 1, 2, 3 and 4
  (tools/harness/firmware_sessions.py makes them, and
  tools/bench/firmware_presses.py times them);
- the start: code.py's first line to the first whole table frame, on a new
  drive and after a reset;
- the heap: ``gc.mem_free()`` once the game is set up and in play;
- the hint: from the first position of st-helena deals 1-20, and after 40
  of the solver's moves of each, its time to its answer.

A Raspberry Pi Pico with Pimoroni's Pico Display Pack 2.0 (``pico-display-2``:
the Pico's firmware, the 320x240 ST7789 the game sets up, its fanned table,
four keys; tools/bench/firmware_pico_display.py):

- the presses of its four keys over a script of each of deals 7, 1 and 2
  (cursor taps, lifts, moves, a cancel, an undo, an illegal drop, the menu
  and the overview opened, moved in and closed), each timed from the key's
  event: A and B from the press, a tap of X or Y from its release;
- the start, as the PicoSystem's, to the first whole 320x240 table frame;
- the heap in play, through deal 7's script.

Both boards take 30 to 60 minutes (two emulators at once; ``--jobs 1``: one);
``--boards`` picks the boards, ``--skip`` leaves parts out.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor

from tools.harness import board_wiring, emulated, firmware_sessions
from tools.harness.firmware_heap import CONSOLE, SET_UP, SINCE_RESET

from . import firmware_pico_display, firmware_presses
from .firmware_hint import bench_hint
from .report import goal

GOAL_START_MS = 600
GOAL_FREE_KB = 80  # free in play (the PicoSystem's lean goal)
PRESS_DEALS = (7, 1, 2, 3, 4)
BOARDS = ("picosystem", firmware_pico_display.BOARD)
# Each board's parts, its screen's size and its start's goal (ms).
BOARD_PARTS = {"picosystem": ("presses", "start", "heap", "hint", "hint40"),
               firmware_pico_display.BOARD: ("presses", "start", "heap")}
SCREENS = {"picosystem": (240, 240), firmware_pico_display.BOARD: firmware_pico_display.SIZE}
GOALS_START_MS = {"picosystem": GOAL_START_MS,
                  firmware_pico_display.BOARD: firmware_pico_display.GOAL_START_MS}

# The heap: the game set up as code.py sets it up (the board's profile found,
# its game imported, set up; the profile let go), then its loop in slices,
# the heap it keeps reported every two seconds.
HEAP_CODE = SINCE_RESET + SET_UP + """
gc.collect()
free_set_up = least = gc.mem_free()
report = since_reset()
while True:  # the loop as the game's play_board() runs it
    game.run(made.app, made.buttons, iterations=50, lights=made.lights, display=made.display)
    if since_reset() - report > 2000:
        report = since_reset()
        gc.collect()
        least = min(least, gc.mem_free())
        print("heap", free_set_up, gc.mem_free(), least)
"""

# The start: the drive's own code.py, timed from its first line; its two calls
# of the game (game.setup(profile), then game.play_board(made)) each made
# through a function of this prelude, which notes the time (the set-up's start:
# the profile found and the game imported; its end); printed once the console
# is up. The table's first whole frame is the first refresh of the whole screen
# after the import (nothing draws between).
START_PRELUDE = SINCE_RESET + """
started = since_reset()
imported = set_up = 0
def started_setup(game, profile):
    global imported, set_up
    imported = since_reset()
    made = game.setup(profile)
    set_up = since_reset()
    return made
def started_play(game, made):
""" + CONSOLE.replace("\n", "\n    ") + """print("started", started, imported, set_up)
    print("start done")
    game.play_board(made)
"""
# code.py's calls, as it makes them (its start_on_board), and the prelude's for them.
START_HOOKS = (("\n            made = game.setup(profile)\n",
                "\n            made = started_setup(game, profile)\n"),
               ("\n            game.play_board(made)\n",
                "\n            started_play(game, made)\n"))


def with_code(drive, work, name, code):
    """A copy of the drive in ``work`` with ``code`` as its code.py."""
    folder = os.path.join(work, name)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(code)
    return folder


def bench_presses(drive, work, jobs=2):
    """Every row of presses over PRESS_DEALS' scripts, in ``jobs`` emulators at once."""
    scripts = firmware_sessions.scripts(PRESS_DEALS)
    with ThreadPoolExecutor(jobs) as pool:
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


def start_code(drive):
    """The drive's code.py with the start's prelude, its calls of the game hooked."""
    with open(os.path.join(drive, "code.py")) as file:
        code = file.read()
    for call, hooked in START_HOOKS:  # (in code.py's start_on_board's try)
        if code.count(call) != 1:
            raise RuntimeError("code.py's call %r is not where the start bench hooks it"
                               % call.strip())
        code = code.replace(call, hooked)
    return START_PRELUDE + code


def bench_start(drive, work, board="picosystem"):
    """code.py's first line to the first whole table frame, a new drive and after a reset."""
    width, height = SCREENS[board]
    limit = GOALS_START_MS[board]
    folder = with_code(drive, work, "start-" + board, start_code(drive))
    result = emulated.emulate(folder, "RESET", board=board, ready="start done")
    lines = [line.split() for line in result["console"].splitlines()
             if line.startswith("started ")]
    for boot, line, when in zip(result["boots"], lines, ("a new drive", "after a reset")):
        started, imported, set_up = (int(value) for value in line[1:4])
        whole = [end for begin, end, count, *box in boot["bursts"] if begin >= imported
                 and box == [0, 0, width - 1, height - 1] and count >= width * height * 2]
        frame = whole[0] - started if whole else float("inf")
        goal("the start, %s%s, code.py's first line to the first whole table frame"
             % (when, "" if board == "picosystem" else " (%s, %dx%d)" % (board, width, height)),
             "%.0f ms (the import %d ms, set-up %d ms; CircuitPython's boot before it %d ms)"
             % (frame, imported - started, set_up - imported, started),
             "<= %d ms" % limit, frame <= limit)
    return result


def bench_heap(drive, work, board="picosystem"):
    """The heap once set up and in play, through deal 7's script's presses (the
    PicoSystem's opening script; the four keys' on the Pico Display Pack 2.0)."""
    script = (firmware_sessions.opening_script(7) if board == "picosystem"
              else firmware_pico_display.four_key_script(7))
    nvm = os.path.join(work, "heap-%s.nvm" % board)
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(with_code(drive, work, "heap-" + board, HEAP_CODE),
                              " ".join(script.words) + " WAIT:3000", board=board, nvm_in=nvm)
    reports = [line.split() for line in result["console"].splitlines() if line.startswith("heap")]
    if not reports:
        raise RuntimeError("the heap code printed nothing: %s" % result["console"][-500:])
    free_set_up, now, least = (int(value) / 1024 for value in reports[-1][1:])
    goal("gc.mem_free() in play, after %d presses of deal 7's %s, collected" % (
        len(result["presses"]), "opening script" if board == "picosystem"
        else "script (%s)" % board), "%.1f KB (set up %.1f KB, least seen %.1f KB)"
         % (now, free_set_up, least), ">= %d KB" % GOAL_FREE_KB, now >= GOAL_FREE_KB)


def release_drive(release, work):
    """The 10.x folder of the release in ``release`` (make release's dist/), unpacked."""
    (name,) = [name for name in os.listdir(release) if name.endswith("-handhelds.zip")]
    with zipfile.ZipFile(os.path.join(release, name)) as archive:
        archive.extractall(work)
    return os.path.join(work, name[:-len(".zip")], "CircuitPython 10.x")


PARTS = BOARD_PARTS["picosystem"]


def board_drive(drive, work, board):
    """The drive for ``board``: ``drive`` itself for the PicoSystem, else a
    copy with settings.toml's line for the board, as the player writes it."""
    if board == "picosystem":
        return drive
    folder = os.path.join(work, "CIRCUITPY-" + board)
    shutil.copytree(drive, folder)
    board_wiring.write_settings(board, folder)
    return folder


def bench_board(board, drive, work, parts, args):
    """``board``'s parts of ``parts``, on its own firmware."""
    firmware = emulated.firmware_of(board)
    with open(os.path.join(os.path.dirname(firmware), "version.txt")) as file:
        print(file.read().strip())
    drive = board_drive(drive, work, board)
    first, last = (int(part) for part in args.deals.split("-"))
    if "presses" in parts:
        if board == "picosystem":
            bench_presses(drive, work, args.jobs)
        else:
            firmware_pico_display.bench_presses(drive, work, args.jobs, args.keep)
    if "start" in parts:
        result = bench_start(drive, work, board)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            with open(os.path.join(args.keep, "%s-start.json" % board), "w") as file:
                json.dump(result, file)
    if "heap" in parts:
        bench_heap(drive, work, board)
    if "hint" in parts:
        bench_hint(drive, work, first, last, jobs=args.jobs)
    if "hint40" in parts:
        bench_hint(drive, work, first, last, moved=40, jobs=args.jobs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default=",".join(BOARDS),
                        help="the boards measured (default: %s)" % ",".join(BOARDS))
    parser.add_argument("--deals", default="1-20", help="the hint's deals (default 1-20)")
    parser.add_argument("--skip", default="", help="parts to leave out: " + ",".join(PARTS)
                        + " (the Pico Display Pack 2.0 has the first three)")
    parser.add_argument("--jobs", type=int, default=2, help="emulators at once (default 2)")
    parser.add_argument("--keep", metavar="DIR", help="keep the emulator's JSON of the start and "
                        "of the Pico Display Pack 2.0's presses in DIR (each press's bursts)")
    parser.add_argument("--release", metavar="DIR", help="measure the release in DIR (make "
                        "release's dist/): its 10.x folder as the drive")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes (the bench is long)
    boards = [board for board in args.boards.split(",") if board]
    unknown = [board for board in boards if board not in BOARDS]
    if unknown or not boards:
        parser.error("--boards: %s is none of %s" % (",".join(unknown) or "nothing",
                                                     ", ".join(BOARDS)))
    for board in boards:
        problem = emulated.unavailable(board=board)
        if problem:
            print("bench-firmware: %s" % problem, file=sys.stderr)
            return 2
    skipped = args.skip.split(",")
    with tempfile.TemporaryDirectory() as work:
        if args.release:
            drive = release_drive(args.release, work)
            print("the drive: the release's 10.x folder, %s" % os.path.relpath(drive, work))
        else:
            drive = emulated.make_drive(os.path.join(work, "CIRCUITPY"))
        for board in boards:
            bench_board(board, drive, work,
                        [part for part in BOARD_PARTS[board] if part not in skipped], args)
    return 0


if __name__ == "__main__":
    from .report import run

    run("bench-firmware", main)
