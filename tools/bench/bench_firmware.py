"""make bench-firmware: the game on CircuitPython's own firmware (the
PicoSystem's, make firmware-rp2040) in the RP2040 emulator (tools/emulator),
in emulated time at the chip's 125 MHz:

- the heap: ``gc.mem_free()`` once the game is set up and in play (a code.py
  of this bench's on the drive calls the game's own set-up and loop, and
  prints the figures);
- time from reset to the first table frame, and from each press to the last
  byte of its frame (the shipped drive, a session of presses of each kind);
- a won game: a deal played to its end by button presses alone (the
  solver's line turned into presses on CPython, where the App checks it
  wins; then the same presses on the firmware, whose last frame must be the
  desktop's, pixel for pixel);
- the hint: from the first position of st-helena deals 1-20, its time to
  its answer (the board's own 30 s limit), median, p90, longest, and the
  positions it searches a second; pystone there, against a SAMD51's, says
  how much of the hint's pace is the chip (bench_hint.py scales its SAMD51
  estimate by pystone).

Each figure is printed; goals (issue 31): first frame within 3 s, a
press's frame within 50 ms, the hint's median within 10 s, 40 KB free in
play. Takes 20 to 30 minutes (two emulators at once).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "board"), HERE]
import emulated  # noqa: E402

SINCE_RESET = """
import gc, supervisor
def since_reset():  # supervisor.ticks_ms() starts at 0x1FFF0000 at reset
    return (supervisor.ticks_ms() - 0x1FFF0000) & 0x1FFFFFFF
"""

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
while True:
    run(app, buttons, iterations=50, lights=lights)
    if since_reset() - report > 2000:
        report = since_reset()
        gc.collect()
        least = min(least, gc.mem_free())
        print("heap", started, set_up, free_set_up, gc.mem_free(), least)
"""

# The hint from each deal's first position, to its answer.
HINT_CODE = SINCE_RESET + """
from sthelena_picosystem import picosystem_setup, start_hint, Game
app, buttons, lights, screen = picosystem_setup()
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass  # what is printed before the console is up is lost
for number in DEALS:
    app.start(Game.deal(number, "st-helena"))
    gc.collect()
    begun = since_reset()
    start_hint(app)
    search = app.hint
    least = gc.mem_free()
    while app.hint is not None:
        app.tick(supervisor.ticks_ms())
        least = min(least, gc.mem_free())
    positions = 0 if search is None else search.nodes
    print("hint", number, since_reset() - begun, least, positions, app.message)
print("bench done")
"""

# CPython's pystone on the firmware, for the chip's speed against a SAMD51's.
PYSTONE_CODE = SINCE_RESET + """
while not supervisor.runtime.serial_connected and since_reset() < 20000:
    pass
import pystone
pystone.time = lambda: supervisor.ticks_ms() / 1000
benchtime, stones = pystone.pystones(2000)
print("pystone", 2000, int(benchtime * 1000))
print("bench done")
"""

# Presses of each kind, from the deal's first position (deal 7).
SESSION = ("RIGHT RIGHT RIGHT DOWN LEFT UP A RIGHT A B A B RIGHT A LEFT A "
           "START DOWN DOWN B SELECT B SELECT+HOLD WAIT:3000 B")
KINDS = {"RIGHT": "cursor", "LEFT": "cursor", "UP": "cursor", "DOWN": "cursor",
         "A": "lift or put down", "B": "cancel, undo or back", "START": "menu",
         "SELECT": "overview", "HOLD_SELECT": "hint"}


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
    from sthelena.app.sheet import load_sheet
    from sthelena.core.game import Game
    from sthelena.core.moves import REDEAL
    from sthelena.solver.search import solve
    from bench_presses import _Display, _Speaker, _Store  # the App's edge, doing nothing
    from won_games import PATHS

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
            item = next(index for index, label in enumerate(app.labels)
                        if label.startswith("Redeal"))
            while app.menu_item != item:
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


def figures(values):
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))], ordered[-1])


def bench_session(drive, work):
    save, nvm = save_of_deal(7, work)
    result = emulated.emulate(drive, SESSION + " RESET", nvm_in=nvm)
    for boot, which in zip(result["boots"], ("a new drive (boot_out.txt written)",
                                             "after a reset (boot_out.txt as it was)")):
        print("reset to the first table frame, %s: %.0f ms (the USB console up at %.0f ms; "
              "goal 3000)" % (which, boot["first_frame_ms"], boot["usb_ms"]))
    by_kind = {}
    for press in result["presses"]:
        if press.get("frame_ms") is not None and press["word"] in KINDS:
            by_kind.setdefault(KINDS[press["word"]], []).append(press["frame_ms"])
    print("press to the last byte of its frame, ms (median, longest; goal 50):")
    for kind, times in by_kind.items():
        print("  %-22s %3d presses  %7.1f  %7.1f" % (kind, len(times), statistics.median(times),
                                                   max(times)))
    print("(%.1f s real a second emulated)" % result["real_s_per_emulated_s"])


def bench_heap(drive, work):
    heap = os.path.join(work, "heap")
    shutil.copytree(drive, heap)
    with open(os.path.join(heap, "code.py"), "w") as file:
        file.write(HEAP_CODE)
    _, nvm = save_of_deal(7, work)
    result = emulated.emulate(heap, SESSION + " WAIT:3000", nvm_in=nvm)
    reports = [line.split() for line in result["console"].splitlines() if line.startswith("heap")]
    if not reports:
        raise RuntimeError("the heap code printed nothing: %s" % result["console"][-500:])
    _, started, set_up, free_set_up, now, least = reports[-1]
    print("code.py started %s ms after reset; the game set up in %d ms more"
          % (started, int(set_up) - int(started)))
    print("gc.mem_free() set up: %.1f KB; in play (after %d presses): %.1f KB, least %.1f KB "
          "(goal 40 KB)" % (int(free_set_up) / 1024, len(result["presses"]), int(now) / 1024,
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


def hint_run(drive, work, deals):
    folder = os.path.join(work, "hint-%d" % deals[0])
    shutil.copytree(drive, folder)
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write("DEALS = %r\n" % (tuple(deals),) + HINT_CODE)
    result = emulated.emulate(folder, ready="bench done", boot_ms=40 * 1000 * len(deals))
    return [line.split(" ", 5) for line in result["console"].splitlines()
            if line.startswith("hint ")]


def bench_pystone(drive, work):
    """Pystone passes a second on the emulated RP2040, or None without a pystone.py."""
    from bench_hint import SAMD51_PYSTONES, find_pystone

    source = find_pystone()
    if source is None:
        print("pystone: no pystone.py on this machine (a Python installation's test/pystone.py)")
        return None
    folder = os.path.join(work, "pystone")
    shutil.copytree(drive, folder)
    shutil.copyfile(source, os.path.join(folder, "pystone.py"))
    with open(os.path.join(folder, "code.py"), "w") as file:
        file.write(PYSTONE_CODE)
    result = emulated.emulate(folder, ready="bench done", boot_ms=120000)
    line = [line.split() for line in result["console"].splitlines() if line.startswith("pystone")]
    if not line:
        raise RuntimeError("pystone printed nothing: %s" % result["console"][-500:])
    passes = int(line[0][1]) * 1000 / max(int(line[0][2]), 1)
    print("pystone on the emulated RP2040: %.0f passes a second (CircuitPython on a SAMD51: %.1f, "
          "%.2f times as many)" % (passes, SAMD51_PYSTONES, SAMD51_PYSTONES / passes))
    return passes


def bench_hint(drive, work, first, last, pystones=None):
    deals = list(range(first, last + 1))
    halves = [deals[0::2], deals[1::2]]
    with ThreadPoolExecutor(2) as pool:
        lines = [line for part in pool.map(lambda part: hint_run(drive, work, part), halves)
                 for line in part]
    times = [int(line[2]) / 1000 for line in lines]
    wins = sum(1 for line in lines if line[5].startswith("Wins"))
    median, p90, longest = figures(times)
    rates = [int(line[4]) / (int(line[2]) / 1000) for line in lines if int(line[2])]
    print("hint from the deal's first position, st-helena deals %d-%d: %d answered, %d with a "
          "winning line; s median %.1f, p90 %.1f, longest %.1f (goal: median 10); positions a "
          "second median %.0f (%d in all); least free while searching %.1f KB"
          % (first, last, len(lines), wins, median, p90, longest, statistics.median(rates),
             sum(int(line[4]) for line in lines), min(int(line[3]) for line in lines) / 1024))
    if pystones:
        from bench_hint import SAMD51_PYSTONES

        print("  at pystone's ratio a SAMD51 would search %.0f positions a second"
              % (statistics.median(rates) * SAMD51_PYSTONES / pystones))
    for line in sorted(lines, key=lambda line: int(line[1])):
        print("  deal %3s  %6.1f s  %5s positions  %s" % (line[1], int(line[2]) / 1000, line[4],
                                                         line[5]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-20", help="the hint's deals (default 1-20)")
    parser.add_argument("--won-deal", type=int, default=7, help="the deal won by presses")
    parser.add_argument("--skip", default="",
                        help="parts to leave out: session,heap,won,pystone,hint")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes (the bench is long)
    problem = emulated.unavailable()
    if problem:
        print("bench-firmware: %s" % problem, file=sys.stderr)
        return 2
    first, last = (int(part) for part in args.deals.split("-"))
    skip = set(args.skip.split(",")) if args.skip else set()
    with open(os.path.join(emulated.RP2040, "version.txt")) as file:
        print(file.read().strip())
    with tempfile.TemporaryDirectory() as work:
        drive = emulated.make_drive(os.path.join(work, "CIRCUITPY"))
        if "session" not in skip:
            bench_session(drive, work)
        if "heap" not in skip:
            bench_heap(drive, work)
        if "won" not in skip:
            bench_won_game(drive, work, args.won_deal)
        pystones = None if "pystone" in skip else bench_pystone(drive, work)
        if "hint" not in skip:
            bench_hint(drive, work, first, last, pystones)
    return 0


if __name__ == "__main__":
    sys.exit(main())
