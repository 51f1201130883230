"""Power cuts in the saves of the game on CircuitPython's own firmware (the
PicoSystem's, on the emulated RP2040: tools/harness/emulator, ``--cut``).

``SaveRuns`` plays three saves on the firmware, each from the flash the
last left (``reference``): a move and the menu (a frame appended), a deal
by number (the game left counted in the statistics: appended), a move and
the menu again, with the nvm sector full by then (erased, the frame at its
start). ``cut(save, step)`` then plays one save again with the power cut in
one of its flash steps, boots again on the flash as the cut left it, and
says what the game resumed (``Outcome``): the save before the cut one, the
one being written (a cut late enough), or, where the sector was being
erased, what the store tells (``record.CUT_LOST`` or ``CUT_RESTORED``).

tests/board/test_firmware.py runs a sample of the steps; ``make bench-saves``
(tools/bench/bench_saves.py) all of them, the drive's copy, and a soak.
Desktop only.
"""

import json
import os
import shutil

from . import emulated

from sthelena.app import record as app_record
from sthelena.core.save import from_bytes

# The three saves, each a key script from where the last left the game.
SAVES = (
    "RIGHT RIGHT RIGHT HOLD_A START B",  # deal 7: pile 4's card home, the menu: saved
    "START DOWN DOWN A UP A A",  # deal by number: 8 (deal 7, left, is counted): saved
    "LEFT LEFT HOLD_A START",  # deal 8: pile 2's card home, the menu: saved, the sector full
)
FRAME_HEAD = 10  # a frame's magic, number, length and CRC around its record
TABLE_ORIGIN = (0, 24)  # the PicoSystem's 240x192 table on its 240x240 screen


def newest(nvm):
    """``(number, record)`` of the newest whole frame in ``nvm``, or None,
    read here (``emulated.nvm_frames``), apart from the board's store."""
    frames = emulated.nvm_frames(nvm)
    if not frames:
        return None
    _, number, data = max(frames, key=lambda frame: frame[1])
    return number, data


def game_of(data):
    """The game in an app record (``record.record_bytes``)."""
    found, _ = app_record.sections(data)
    return from_bytes(found[1][4:])


def filled_nvm(data, room):
    """The bytes of an nvm whose frames all hold ``data`` (numbers 1, 2...),
    appended until no more than ``room`` bytes are left erased."""
    out = b""
    number = 1
    while 4096 - len(out) - (len(data) + FRAME_HEAD) >= room:
        out += emulated.frame(data, number)
        number += 1
    return out


class Outcome:
    """What a boot after a cut resumed: ``kind`` is "previous" (the save
    before the one cut), "last" (the one cut: it was whole), "older" (a
    save before those: a sector erased in part), "drive" (the drive's copy)
    or "new" (none: a new deal); ``said`` the store's line on the console
    (None if it said nothing); ``record`` the record resumed."""

    def __init__(self, kind, said, data, result, shot):
        self.kind = kind
        self.said = said
        self.record = data
        self.result = result
        self.shot = shot

    def __repr__(self):
        return "Outcome(%s, %r)" % (self.kind, self.said)


class SaveRuns:
    """The saves of ``saves`` (key scripts: ``SAVES``) on the firmware, from
    a drive folder, in the folder ``work``, the nvm at the start holding
    frames of ``start_record`` with ``room`` bytes or less left erased.
    ``held``: a button held at each power-on (SELECT: boot.py gives the game
    the drive, which keeps a copy of the save), with ``first`` the keys
    played before each save's (A: past the drive's note)."""

    def __init__(self, drive, work, start_record, room, held=None, first="", saves=SAVES):
        self.drive = drive
        self.work = work
        self.held = held
        self.first = first
        self.saves = saves
        os.makedirs(work, exist_ok=True)
        self.nvm_in = os.path.join(work, "nvm-in.bin")
        with open(self.nvm_in, "wb") as file:
            file.write(filled_nvm(start_record, room))
        self.flashes = [os.path.join(work, "flash-%d.bin" % index)
                        for index in range(len(saves) + 1)]
        self.steps = []  # each save's flash steps in the nvm
        self.all_steps = []  # ...and in the drive (from the save's first key on)
        self.records = []  # the newest record before each save, and after the last
        self.drive_copies = []  # the drive's copy after each save (None: none)

    def _emulate(self, save, keys, **options):
        """Save ``save`` played from the flash before it (the first from the drive)."""
        if save == 0:
            where = dict(drive=self.drive, nvm_in=self.nvm_in)
        else:
            where = dict(drive=None, firmware=None, flash_in=self.flashes[save])
        return emulated.emulate(keys=keys, held_at_boot=self.held, **where, **options)

    def reference(self):
        """Play the three saves; each save's flash steps. Raises AssertionError
        if a run fails or a save is not what ``SAVES`` says."""
        for save, keys in enumerate(self.saves):
            nvm_out = os.path.join(self.work, "nvm-%d.bin" % (save + 1))
            image = os.path.join(self.work, "drive-%d.img" % (save + 1))
            keys = (self.first + " " + keys).strip() if self.held else keys
            result = self._emulate(save, keys, flash_out=self.flashes[save + 1], nvm_out=nvm_out,
                                   drive_out=image)
            assert result["exit"] == 0 and "Traceback" not in result["console"], result["console"]
            if save == 0:
                with open(self.nvm_in, "rb") as file:
                    self.records.append(newest(file.read())[1])
            with open(nvm_out, "rb") as file:
                self.records.append(newest(file.read())[1])
            self.steps.append([step for step in result["flash_steps"] if step["region"] == "nvm"])
            begun = result["presses"][len(self.first.split()) if self.held else 0]["at_ms"]
            self.all_steps.append([step for step in result["flash_steps"]
                                   if step["at_ms"] >= begun])
            copies = [emulated.drive_file(image, "saves/sthelena-nvm.%d" % slot) for slot in (0, 1)]
            found = [whole for whole in (newest(copy) for copy in copies if copy) if whole]
            self.drive_copies.append(max(found)[1] if found else None)
        return self.steps

    def cut(self, save, step, part=None, seed=1, keys_after=""):
        """Save ``save`` (0, 1, 2) played again with the power cut in its
        flash step ``step`` (its index in the run's flash_steps), ``part`` of
        it done (None: drawn by ``seed``); the Outcome of the boot after it,
        ``keys_after`` played (A: past the drive's note)."""
        name = "cut-%d-%d-%s-%d" % (save, step, part, seed)
        frames = os.path.join(self.work, name)
        shutil.rmtree(frames, ignore_errors=True)
        nvm_out = os.path.join(self.work, name + ".nvm")
        keys = self.saves[save] + " " + keys_after
        if self.held:
            keys = self.first + " " + keys
        result = self._emulate(save, keys.strip(), cut=step, cut_part=part, cut_seed=seed,
                               cut_ends=not keys_after, nvm_out=nvm_out, frames=frames)
        assert len(result["cuts"]) == 1 and result["cuts"][0]["step"] == step, result["cuts"]
        boots = result["boots"]
        assert boots[-1].get("after_cut") and boots[-1]["first_frame_ms"] is not None, boots
        assert "Traceback" not in result["console"], result["console"]
        said = [line for line in result["console"].replace("\r", "").split("\n")
                if line.startswith("sthelena: power cut")]
        shot = os.path.join(frames, sorted(os.listdir(frames))[-1])
        with open(nvm_out, "rb") as file:
            found = newest(file.read())
        data = found and found[1]
        before, after = self.records[save], self.records[save + 1]
        if said and "restored" in said[0] and self.held and self.drive_copies[save] == after:
            kind, data = "drive", after  # (the nvm torn: the drive's copy of the save cut)
        elif not found or said and "lost" in said[0]:
            kind, data = "new", None
        elif data == after:
            kind = "last"
        elif data == before:
            kind = "previous"
        else:
            kind = "older"
        return Outcome(kind, said[0][len("sthelena: "):] if said else None, data, result, shot)


def shows(outcome, reader, frame):
    """Whether the boot's last frame (a PngFrame) shows the resumed game's
    top cards on each of the 20 places (``reader``: a ScreenReader of the
    large sheet at TABLE_ORIGIN)."""
    game = game_of(outcome.record)
    return all(reader.card_at(frame, place) == game.top(place) for place in range(20))


def describe(steps):
    """One line a step: its number, kind and address, for a report."""
    return ["%d %s %#x" % (step["step"], step["kind"], step["address"]) for step in steps]


def dump(path, value):
    with open(path, "w") as file:
        json.dump(value, file, indent=1)
