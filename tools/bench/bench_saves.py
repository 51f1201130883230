"""make bench-saves: power cuts on the game on CircuitPython's own firmware
(the PicoSystem's, in the RP2040 emulator), in emulated time at 125 MHz.

1. Three saves (tools/harness/cut_runs.py: a frame appended, another
   appended as a deal is counted, the full sector erased for the third),
   then the power cut in every flash step of them in turn: what the boot
   after the cut resumed, step by step, checked against what the store
   promises (an appended frame: the last whole save or the one before; the
   erase and the frame after it: lost and said in one line, till the frame
   is whole). tests/board/test_firmware.py cuts one step of each kind.
2. The same with the drive given (SELECT held at each power-on), the drive
   holding the copy's files from before: one save that erases the sector,
   cut in each of its nvm steps and of the drive's (the copy written in
   place: what a cut there does to the drive), up to --drive-steps of them.
3. A soak: random presses through the GPIO (holds and waits among them),
   resets and power cuts at random flash steps; at each boot the nvm as it
   found it is read here (emulated.nvm_frames), its save replayed by the
   desktop's core, and the boot's frame must show that game's cards; no
   traceback on the console, no boot without its table.

Prints figures and each unexpected outcome, and for each part the goal it
checks (docs/playing.md, docs/picosystem.md): a power cut loses at most the
save being written, and says so; nothing unexpected. About
30-60 minutes (``--quick``: the soak only, shorter). Needs make
firmware-rp2040 and the boot ROM, as make emulate.
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time

from sthelena.app.table.sheet import load_sheet
from tools.harness import cut_runs, emulated
from tools.harness.screen_reader import PngFrame, ScreenReader

from .report import goal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

LOST = "power cut lost the save (the flash was neither blank nor a whole save)"
RESTORED = "power cut: save restored (the flash was neither blank nor a whole save)"
# The soak's words: moves by the quick move (HOLD_A) and by A, undo and redo, the
# menu opened and left (a save, when anything changed), the overview, waits
# (a minute's: the write policy's save).
SOAK_WORDS = (["UP", "DOWN", "LEFT", "RIGHT"] * 5 + ["A"] * 4 + ["HOLD_A"] * 6 + ["B"] * 3
              + ["HOLD_B", "START B"] * 2 + ["START B", "SELECT", "WAIT:1500", "WAIT:3000",
                                             "WAIT:61000"])


def reader():
    return ScreenReader(load_sheet(os.path.join(ROOT, "assets", "sheet-large.bmp")),
                        cut_runs.TABLE_ORIGIN)


def desktop_save(work):
    """Deal 7 just dealt, as the desktop saves it for the PicoSystem."""
    import subprocess

    path = os.path.join(work, "deal7.bin")
    subprocess.run([sys.executable, "code.py", "--board", "picosystem", "--deal", "7", "--keys", "",
                    "--save", path], cwd=ROOT, check=True, capture_output=True, timeout=300,
                   env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    with open(path, "rb") as file:
        return file.read()


def verdict(outcome, step, save, erasing_save, drive):
    """"expected" (what the store promises for a cut in ``step``), "cannot
    tell" (the cases docs/board.md says the game cannot tell: a flash left
    blank, or an older save resumed without a word after a cut erase), or
    "UNEXPECTED"."""
    seen = (outcome.kind, outcome.said)
    if step["region"] != "nvm" or save != erasing_save:  # the nvm's last whole save untouched
        return "expected" if seen in (("previous", None), ("last", None)) else "UNEXPECTED"
    promised = (("previous", None), ("drive", RESTORED), ("last", None)) if drive else (
        ("previous", None), ("new", LOST), ("last", None), ("older", RESTORED))
    if seen in promised:
        return "expected"
    return "cannot tell" if seen in (("new", None), ("older", None)) else "UNEXPECTED"


def every_step(runs, erasing_save, drive, screen):
    """Cut each step of each save in turn; print a line a step."""
    counts = {}
    unexpected = 0
    for save, steps in enumerate(runs.steps):
        for step in steps:
            started = time.time()
            try:
                outcome = runs.cut(save, step["step"], seed=step["step"] + 1,
                                   keys_after="A" if drive else "")
            except AssertionError as error:  # no boot after the cut, or a traceback
                print("  save %d step %d %s %s: FAILED %s" % (save + 1, step["step"], step["kind"],
                                                             step["region"], str(error)[:300]))
                unexpected += 1
                continue
            part = outcome.result["cuts"][0]["part"]
            said = verdict(outcome, step, save, erasing_save, drive)
            if said != "UNEXPECTED" and outcome.kind != "new" and not cut_runs.shows(
                    outcome, screen, PngFrame(outcome.shot)):
                said = "UNEXPECTED (the screen is not the save's game)"
            key = (save + 1, step["kind"], step["region"], outcome.kind, outcome.said is not None,
                   said)
            counts[key] = counts.get(key, 0) + 1
            unexpected += said.startswith("UNEXPECTED")
            print("  save %d step %d %s %s %#x, part %.2f: %s%s: %s (%.0f s)" % (
                save + 1, step["step"], step["kind"], step["region"], step["address"], part,
                outcome.kind, ", said" if outcome.said else "", said, time.time() - started))
            sys.stdout.flush()
    print("  outcomes (save, step, part of the flash, resumed, said, verdict): count")
    for key in sorted(counts, key=str):
        print("    %s: %d" % (key, counts[key]))
    goal("  the boots after the cuts: unexpected outcomes", unexpected, "0", unexpected == 0)


def soak(work, drive, start, actions, cuts, seed, screen):
    """Random presses, resets and cuts; every boot checked."""
    rng = random.Random(seed)
    words = []
    for _ in range(actions):
        words.append("RESET" if rng.random() < 0.04 else rng.choice(SOAK_WORDS))
    # Where the cuts go: among the flash steps the saves are likely to make (a
    # save is one page program or two, or now and then the sector's erase and
    # its 16 programs): how many, an estimate from the words that save.
    saving = sum(word in ("START B", "WAIT:61000") for word in words)
    steps = sorted(rng.sample(range(0, max(cuts, int(1.5 * saving))), cuts))
    nvm_in = os.path.join(work, "soak-nvm.bin")
    with open(nvm_in, "wb") as file:
        file.write(emulated.nvm_holding(start))
    boot_nvm = os.path.join(work, "soak-boots")
    frames = os.path.join(work, "soak-frames")
    for folder in (boot_nvm, frames):
        shutil.rmtree(folder, ignore_errors=True)
    started = time.time()
    # From a drive booted once (boot_out.txt written), so that every flash step is the game's.
    booted = os.path.join(work, "soak-booted.bin")
    emulated.emulate(drive, "", flash_out=booted)
    result = emulated.emulate(None, " ".join(words), firmware=None, flash_in=booted,
                              nvm_in=nvm_in, boot_nvm=boot_nvm, frames=frames,
                              cut=",".join(map(str, steps)), cut_seed=seed, timeout=6 * 3600)
    boots = result["boots"]
    shots = sorted(name for name in os.listdir(frames) if name.endswith("-boot.png"))
    print("  %d actions (%d resets), cuts planned in flash steps %s: %d came (%s); %d boots, "
          "%.0f s emulated in %.0f s" % (
              len(words), words.count("RESET"), steps, len(result["cuts"]),
              ", ".join("%s %s" % (cut["kind"], cut["region"]) for cut in result["cuts"]),
              len(boots), result["emulated_ms"] / 1000, time.time() - started))
    print("  flash steps: %d (%d in the nvm, %d erases)" % (
        len(result["flash_steps"]), sum(step["region"] == "nvm" for step in result["flash_steps"]),
        sum(step["kind"] == "erase" for step in result["flash_steps"])))
    said = [line for line in result["console"].replace("\r", "").split("\n")
            if line.startswith("sthelena:")]
    print("  the game's lines: %s" % (said or "none"))
    blank = [index for index, boot in enumerate(boots) if boot["first_frame_ms"] is None]
    print("  boots without a table: %s" % (blank or "none"))
    resumed = new = wrong = 0
    for index, boot in enumerate(boots):
        if boot["first_frame_ms"] is None or index >= len(shots):
            continue
        with open(os.path.join(boot_nvm, "boot-%d.bin" % index), "rb") as file:
            found = cut_runs.newest(file.read())
        if found is None:
            new += 1  # blank, or torn (said): a new deal
            continue
        outcome = cut_runs.Outcome("nvm", None, found[1], None, None)
        if cut_runs.shows(outcome, screen, PngFrame(os.path.join(frames, shots[index]))):
            resumed += 1
        else:
            wrong += 1
            print("  boot %d: the screen is not the save's game (replayed on the desktop)" % index)
    goal("  boots resuming the save's game, replayed on the desktop and shown card for card",
         "%d; new deals (no save whole) %d; a game other than the save's %d; boots without a "
         "table %d; traceback %s" % (resumed, new, wrong, len(blank),
                                     "Traceback" in result["console"]),
         "no other game, every boot its table, no traceback",
         not wrong and not blank and "Traceback" not in result["console"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the soak only, 60 actions")
    parser.add_argument("--parts", default="saves,drive,soak",
                        help="which of saves, drive, soak to run (default all)")
    parser.add_argument("--actions", type=int, default=200, help="the soak's presses and waits")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--drive-steps", type=int, default=40,
                        help="the drive's steps cut in the save with the drive given "
                        "(evenly spread)")
    args = parser.parse_args()
    problem = emulated.unavailable()
    if problem:
        print("make bench-saves: %s" % problem)
        return 2
    work = tempfile.mkdtemp(prefix="bench-saves-")
    drive = emulated.make_drive(os.path.join(work, "CIRCUITPY"))
    start = desktop_save(work)
    screen = reader()
    parts = {"soak"} if args.quick else set(args.parts.split(","))
    if "saves" in parts:
        print("three saves (the nvm near full: the third erases), the power cut in each flash "
              "step:")
        runs = cut_runs.SaveRuns(drive, os.path.join(work, "saves"), start, 53 + 186 + 9)
        runs.reference()
        print("  steps: %s" % [cut_runs.describe(steps) for steps in runs.steps])
        every_step(runs, 2, False, screen)
    if "drive" in parts:
        print("one save with the drive given (SELECT held), the sector full, the power cut in each "
              "flash step, the drive's too:")
        # A drive that has had a copy before: its two files there, written in place.
        had_copy = os.path.join(work, "CIRCUITPY-copied")
        shutil.copytree(drive, had_copy)
        os.makedirs(os.path.join(had_copy, "saves"))
        for slot in (0, 1):
            with open(os.path.join(had_copy, "saves", "sthelena-nvm.%d" % slot), "wb") as file:
                file.write(b"\xff" * 8192)
        runs = cut_runs.SaveRuns(had_copy, os.path.join(work, "drive"), start, 40, held="SELECT",
                                 first="A", saves=cut_runs.SAVES[:1])
        runs.reference()
        steps = runs.all_steps[0]  # (the drive's steps too: the copy written before the erase)
        on_drive = [step for step in steps if step["region"] == "drive"]
        sample = on_drive[::max(1, -(-len(on_drive) // args.drive_steps))]
        print("  the save's steps: %d in the nvm (%s), %d in the drive (the copy), of "
              "which %d cut, evenly spread" % (len(steps) - len(on_drive),
                                                ", ".join(cut_runs.describe(runs.steps[0])),
                                                len(on_drive), len(sample)))
        runs.steps = [[step for step in steps if step["region"] == "nvm" or step in sample]]
        every_step(runs, 0, True, screen)
    if "soak" in parts:
        print("soak: random presses, resets and power cuts (seed %d):" % args.seed)
        soak(work, drive, start, 60 if args.quick else args.actions, 3 if args.quick else 8,
             args.seed, screen)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    from .report import run

    run("bench-saves", main)
