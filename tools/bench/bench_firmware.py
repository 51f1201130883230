"""make bench-firmware: the game on CircuitPython's own firmware (the
PicoSystem's, make firmware-rp2040) in the RP2040 emulator (tools/harness/emulator),
in emulated time at the chip's 125 MHz, each figure beside its goal (issue
44's, and issue 40's for the heap):

- every kind of press, from the button going down to the last byte of the
  redraw it causes, over several deals' scripts of presses (``--press-deals``,
  deal 7 among them: tools/harness/firmware_sessions.py makes them, and
  tools/bench/firmware_presses.py times them), with each row's share of the
  game's Python and of displayio's drawing (app.handle() and
  display.refresh() timed apart on the firmware), and the same presses'
  Python under CircuitPython's unix port for comparison;
- the start: code.py's start to the first whole table frame, what
  CircuitPython takes before code.py, and what a drive may hold that
  shortens it (``boot_out.txt`` as it was; ``CIRCUITPY_SAFE_MODE_DELAY = 0``
  in ``settings.toml``);
- the heap: ``gc.mem_free()`` once the game is set up and in play;
- a won game: a deal played to its end by button presses alone (the
  solver's line turned into presses on CPython, where the App checks it
  wins; then the same presses on the firmware, whose last frame must be the
  desktop's, pixel for pixel);
- the hint: from the first position of st-helena deals 1-20, and after 40
  of the solver's moves of each, its time to its answer (the board's own
  30 s limit), median, p90, longest, wins, and the positions it searches a
  second; pystone there, against a SAMD51's, says how much of the hint's pace
  is the chip (the hint's SAMD51 seconds are its seconds here scaled by pystone).

Takes 30 to 40 minutes (two emulators at once); ``--skip`` leaves parts out.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from tools.harness import emulated

from .firmware_hint import SINCE_RESET, bench_hint, bench_pystone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# The heap: the game set up as the PicoSystem's edge sets it up, then its
# loop in slices, the heap it keeps reported every two seconds.
HEAP_CODE = SINCE_RESET + """
started = since_reset()
from sthelena_picosystem import picosystem_setup, run
app, buttons, lights, screen = picosystem_setup()
set_up = since_reset()
gc.collect()
free_set_up = gc.mem_free()
least = free_set_up
report = set_up
try:  # the loop as the game's start() runs it, refreshing the display after a press
    run(app, buttons, iterations=0, lights=lights, display=screen.display)
    def loop(count):
        run(app, buttons, iterations=count, lights=lights, display=screen.display)
except TypeError:  # (a game from before that: its loop takes no display)
    def loop(count):
        run(app, buttons, iterations=count, lights=lights)
while True:
    loop(50)
    if since_reset() - report > 2000:
        report = since_reset()
        gc.collect()
        least = min(least, gc.mem_free())
        print("heap", started, set_up, free_set_up, gc.mem_free(), least)
"""

# The start: the drive's own code.py, timed from its first line, its call of
# the game's start() made in two steps (set-up, then the loop) so that each
# is timed; printed once the console is up. The table's first whole frame is
# the last display byte before the print (nothing draws between).
START_PRELUDE = SINCE_RESET + """
started = since_reset()
def started_game(main):
    imported = since_reset()
    from sthelena_picosystem import picosystem_setup, run
    app, buttons, lights, screen = picosystem_setup()
    set_up = since_reset()
    while not supervisor.runtime.serial_connected and since_reset() < 20000:
        pass
    print("started", started, imported, set_up)
    print("start done")
    run(app, buttons, lights=lights)
"""


def start_code():
    """START_PRELUDE and the drive's code.py, its call of the game's main() hooked."""
    with open(os.path.join(ROOT, "code.py")) as file:
        code = file.read()
    call = "\n        main()\n"  # (in start_on_board's try)
    if code.count(call) != 1:
        raise RuntimeError("code.py's call of main() is not where the start bench hooks it")
    return START_PRELUDE + code.replace(call, "\n        started_game(main)\n")


GOAL_START_MS = 600
GOAL_FREE_KB = 80  # in play (issue 40)


def desktop(args):
    run = subprocess.run([sys.executable, "code.py", "--board", "picosystem"] + args, cwd=ROOT,
                         capture_output=True, text=True, timeout=600,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    if run.returncode:
        raise RuntimeError("code.py %s: %s" % (" ".join(args), run.stderr.strip()))


def save_of_deal(number, folder):
    """Deal ``number`` just dealt, saved: the desktop's file and the nvm holding it."""
    save = os.path.join(folder, "deal%d.bin" % number)
    desktop(["--deal", str(number), "--keys", "", "--save", save])
    nvm = save + ".nvm"
    with open(save, "rb") as file, open(nvm, "wb") as out:
        out.write(emulated.nvm_holding(file.read()))
    return save, nvm


def winning_presses(number):
    """The presses that win deal ``number`` (st-helena), found on CPython:
    the solver's line, each card move as A on its card, the cursor's path, A
    on its place; each redeal as the menu's item. Checked on the App as it
    goes; (words, whether the App won)."""
    from sthelena.app import buttons
    from sthelena.app.game_app import App
    from sthelena.app.screens.common import MENU
    from sthelena.app.table.sheet import load_sheet
    from sthelena.core.game import Game
    from sthelena.core.moves import REDEAL
    from sthelena.solver.search import solve
    from tools.harness.won_games import PATHS

    from .bench_presses import _Display, _Speaker, _Store  # the App's edge, doing nothing

    result = solve(Game.deal(number), budget=60)
    if result.result != "win":
        raise RuntimeError("the solver did not win deal %d: %s" % (number, result.result))
    app = App(_Display(), _Store(), _Speaker(),
              load_sheet(os.path.join(ROOT, "assets", "sheet-large.bmp")), deal=number)
    words = []

    def press(event):
        words.append(buttons.NAMES[event])
        app.handle(event)

    for move in result.moves:
        if move == REDEAL:
            press(buttons.START)
            shown = app.states[MENU]
            item = next(index for index, label in enumerate(shown.labels)
                        if label.startswith("Redeal"))
            while shown.item != item:
                press(buttons.DOWN)
            press(buttons.A)
            continue
        source, target = divmod(move, 20)
        for step in PATHS[app.cursor, source]:
            press(step)
        press(buttons.A)
        for step in PATHS[app.cursor, target]:
            press(step)
        press(buttons.A)
    return words, app.game.is_won()


def bench_presses(drive, work, deals, parts):
    """Every row of presses over ``deals``: by the buttons, split, and under the VM."""
    from tools.harness import firmware_sessions

    from . import firmware_presses

    scripts = firmware_sessions.scripts(deals)
    timed, split, vm = {}, {}, {}
    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda script: firmware_presses.emulate_script(drive, work, script),
                             scripts))
    for script, (presses, result) in zip(scripts, runs):
        for kind, ms, cards in presses:
            if kind:
                timed.setdefault(kind, []).append((script.deal, ms, cards))
        if script.name == "opening" and script.deal == deals[0]:
            boot = result["boots"][0]
            print("the shipped drive, reset to its first table frame: %.0f ms (the USB console "
                  "up at %.0f ms)" % (boot["first_frame_ms"], boot["usb_ms"]))
    if "split" in parts:
        for script in scripts:
            for kind, handled, refreshed in firmware_presses.split_script(
                    drive, work, script, SINCE_RESET):
                split.setdefault(kind, []).append((handled, refreshed))
    if "vm" in parts:
        for script in scripts:
            for kind, micros in firmware_presses.vm_script(drive, script) or ():
                vm.setdefault(kind, []).append(micros)
        if not vm:
            print("(the VM's column: CircuitPython's unix port is not built: make firmware-vm)")
    firmware_presses.print_rows(timed, deals, split, vm)
    print("(%.1f s real a second emulated)" % runs[0][1]["real_s_per_emulated_s"])


def start_run(drive, work, name, settings=None):
    """The start on a copy of the drive (``settings``: a settings.toml's text),
    reset twice: for each, ``(reset to code.py, the import, set-up, code.py
    to the first whole table frame)`` in ms. The frame is the end of the
    first refresh of the whole screen after the import (CircuitPython's
    console draws the whole screen too, as code.py begins)."""
    folder = os.path.join(work, name)
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(start_code())
    if settings is not None:
        with open(os.path.join(folder, "settings.toml"), "w") as file:
            file.write(settings)
    result = emulated.emulate(folder, "RESET", ready="start done")
    lines = [line.split() for line in result["console"].splitlines()
             if line.startswith("started ")]
    figures = []
    for boot, line in zip(result["boots"], lines):
        started, imported, set_up = (int(value) for value in line[1:4])
        whole = [end for begin, end, count, *box in boot["bursts"]
                 if begin >= imported and box == [0, 0, 239, 239] and count >= 240 * 240 * 2]
        figures.append((started, imported - started, set_up - imported,
                        whole[0] - started if whole else None))
    return figures


def bench_start(drive, work):
    """code.py's start to the first whole table frame, and before it."""
    for name, settings, what in (
            ("start", None, "the drive as shipped"),
            ("start-fast", "CIRCUITPY_SAFE_MODE_DELAY = 0\n",
             "with settings.toml's CIRCUITPY_SAFE_MODE_DELAY = 0")):
        for (before, imported, set_up, frame), boot in zip(start_run(drive, work, name, settings),
                                                           ("a new drive", "after a reset")):
            if frame is None:
                print("start, %s, %s: no refresh of the whole screen after code.py began"
                      % (what, boot))
                continue
            print("start, %s, %s: CircuitPython %d ms to code.py; then the import %d ms, set-up "
                  "%d ms, the first whole table frame at %d ms (goal %d): reset to table %d ms"
                  % (what, boot, before, imported, set_up, frame, GOAL_START_MS, before + frame))


def bench_heap(drive, work):
    """The heap once set up and in play, through deal 7's opening script's presses."""
    from tools.harness import firmware_sessions

    heap = os.path.join(work, "heap")
    shutil.copytree(drive, heap)
    with open(os.path.join(heap, "code.py"), "w") as file:
        file.write(HEAP_CODE)
    script = firmware_sessions.opening_script(7)
    nvm = os.path.join(work, "heap.nvm")
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(heap, " ".join(script.words) + " WAIT:3000", nvm_in=nvm)
    reports = [line.split() for line in result["console"].splitlines() if line.startswith("heap")]
    if not reports:
        raise RuntimeError("the heap code printed nothing: %s" % result["console"][-500:])
    _, started, set_up, free_set_up, now, least = reports[-1]
    print("gc.mem_free() set up: %.1f KB; in play (after %d presses of deal 7's opening script, "
          "collected): %.1f KB (goal %d KB), least %.1f KB"
          % (int(free_set_up) / 1024, len(result["presses"]), int(now) / 1024, GOAL_FREE_KB,
             int(least) / 1024))


def bench_won_game(drive, work, number):
    words, won = winning_presses(number)
    print("deal %d won on CPython in %d presses: %s" % (number, len(words), won))
    save, nvm = save_of_deal(number, work)
    keys = os.path.join(work, "won.keys")
    with open(keys, "w") as file:
        file.write(" ".join(words))
    shot = os.path.join(work, "won.png")
    # Presses 60 ms apart once the screen is quiet (the keys queue while the game is busy),
    # then the won screen given time to finish drawing.
    with open(keys + ".waited", "w") as file:
        file.write(" ".join(words) + " WAIT:3000")
    result = emulated.emulate(drive, "@" + keys + ".waited", nvm_in=nvm, shot=shot, quiet_ms=60)
    copy = os.path.join(work, "won-desktop.bin")
    shutil.copyfile(save, copy)
    theirs = os.path.join(work, "won-desktop.png")
    desktop(["--save", copy, "--keys", "@" + keys, "--shot", theirs])
    import pygame

    mine, other = pygame.image.load(shot), pygame.image.load(theirs)
    same = all(mine.get_at((x, y)) == other.get_at((x, y)) for y in range(240) for x in range(240))
    print("on the firmware: %d presses in %.0f s emulated (%.0f s real); the last frame is the "
          "desktop's won game's: %s" % (len(result["presses"]), result["emulated_ms"] / 1000,
                                       result["real_s"], same))
    if not same:
        kept = os.path.join(ROOT, "build", "bench-firmware")
        os.makedirs(kept, exist_ok=True)
        for name in ("won.png", "won-desktop.png", "won.keys"):
            shutil.copyfile(os.path.join(work, name), os.path.join(kept, name))
        print("  (both frames and the keys kept in %s)" % os.path.relpath(kept, ROOT))


def release_files(release, work):
    """The release's PicoSystem files in ``release`` (``make release``'s dist/):
    its one-file UF2, and its handhelds' 10.x folder unpacked (a drive)."""
    import zipfile

    stem = [name[:-len("-picosystem.uf2")] for name in os.listdir(release)
            if name.endswith("-picosystem.uf2")][0]
    with zipfile.ZipFile(os.path.join(release, stem + "-handhelds.zip")) as archive:
        archive.extractall(work)
    return (os.path.join(release, stem + "-picosystem.uf2"),
            os.path.join(work, stem + "-handhelds", "CircuitPython 10.x"))


def bench_release(uf2, folder):
    """Reset to code.py and to the table: the one-file UF2 from an erased flash,
    and the same release's 10.x folder copied onto a drive, Adafruit's firmware."""
    for what, result in (
            ("the one-file UF2, from an erased flash", emulated.emulate(
                None, "RESET", firmware=uf2, elf=emulated.ELF)),
            ("the 10.x folder on a drive", emulated.emulate(folder, "RESET"))):
        for boot, when in zip(result["boots"], ("first boot", "after a reset")):
            print("release, %s, %s: reset to code.py %.0f ms, to the table %.0f ms (code.py to "
                  "table %.0f ms)" % (what, when, boot["code_start_ms"], boot["first_frame_ms"],
                                      boot["first_frame_ms"] - boot["code_start_ms"]))


PARTS = ("presses", "split", "vm", "start", "heap", "won", "pystone", "hint", "hint40",
         "release")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-20", help="the hint's deals (default 1-20)")
    parser.add_argument("--press-deals", default="7,1,2,3,4",
                        help="the deals whose presses are timed (default 7,1,2,3,4)")
    parser.add_argument("--won-deal", type=int, default=7, help="the deal won by presses")
    parser.add_argument("--skip", default="", help="parts to leave out: " + ",".join(PARTS))
    parser.add_argument("--release", metavar="DIR", help="measure the release in DIR (make "
                        "release's dist/): its 10.x folder as the drive, and its one-file UF2")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes (the bench is long)
    problem = emulated.unavailable()
    if problem:
        print("bench-firmware: %s" % problem, file=sys.stderr)
        return 2
    first, last = (int(part) for part in args.deals.split("-"))
    press_deals = [int(part) for part in args.press_deals.split(",")]
    parts = [part for part in PARTS if part not in args.skip.split(",")]
    with open(os.path.join(os.path.dirname(emulated.FIRMWARE), "version.txt")) as file:
        print(file.read().strip())
    if args.release is None:
        parts = [part for part in parts if part != "release"]
    with tempfile.TemporaryDirectory() as work:
        if args.release:
            uf2, drive = release_files(args.release, work)
            print("the release in %s: its 10.x folder is the drive" % args.release)
        else:
            drive = emulated.make_drive(os.path.join(work, "CIRCUITPY"))
        if "release" in parts:
            bench_release(uf2, drive)
        if "presses" in parts:
            bench_presses(drive, work, press_deals, parts)
        if "start" in parts:
            bench_start(drive, work)
        if "heap" in parts:
            bench_heap(drive, work)
        if "won" in parts:
            bench_won_game(drive, work, args.won_deal)
        pystones = bench_pystone(drive, work) if "pystone" in parts else None
        if "hint" in parts:
            bench_hint(drive, work, first, last, pystones)
        if "hint40" in parts:
            bench_hint(drive, work, first, last, moved=40)
    return 0


if __name__ == "__main__":
    sys.exit(main())
