"""The CIRCUITPY drive when boot.py has handed it to the game (SELECT held at
reset): the note saying so, ``sthelena-stats.txt``, and the second copy of
the save (``DriveCopy``).

Imported by the main loop (``loop.play``) only in that mode, so it costs no heap
otherwise. ``make circuitpy`` writes it as ``lib/sthelena_drive.py`` beside
the one-file build. ``DriveStats.write(lines)`` takes plain lines; the app
hands its statistics to ``DriveStats.counted`` each time a deal's result is
counted (won, or left unfinished for another deal).
"""

import gc
import os

import displayio
from adafruit_display_text import wrap_text_to_pixels
from adafruit_display_text.bitmap_label import Label

from ..app.table.font import SheetFont

STATS_PATH = "/sthelena-stats.txt"
COPY_FOLDER = "/saves"  # the save's copies (DriveCopy), in a folder of their own
COPY_SIZE = 8192  # each copy's file: room for a frame of the largest nvm

DRIVE_NOTE = ("SELECT was held at reset: the game writes its statistics to "
              "sthelena-stats.txt on the CIRCUITPY drive. Until the next reset without "
              "SELECT, the computer cannot write to the drive.")


def show_drive_note(display, sheet):
    """Say on screen that the drive is the game's (a label in the sheet's
    characters, wrapped to the screen's width); the note's label."""
    gc.collect()  # one block of 8 KB for the note's bitmap: the set-up's garbage goes first,
    # or the small allocations before it split the room it needs (seen on the PicoSystem)
    font = SheetFont(sheet)
    group = displayio.Group()
    lines = wrap_text_to_pixels(DRIVE_NOTE, display.width - 12, font)
    note = Label(font, text="\n".join(lines) + "\n\nA: play", color=0x000000,
                 background_color=0xF4EFD8, line_spacing=1.0, padding_left=3, padding_right=3,
                 padding_top=3, padding_bottom=3, anchor_point=(0.5, 0.5),
                 anchored_position=(display.width // 2, display.height // 2))
    group.append(note)
    display.root_group = group
    return note


def hand_over_note(display, game_group, poll, ticks_ms, a_button, iterations=None):
    """Keep the drive note on screen until A (``a_button``, from ``poll``) is
    pressed, not SELECT, which may still be held from the reset; then show
    ``game_group``. True once A was pressed; ``iterations`` bounds the wait
    for tests."""
    left = -1 if iterations is None else iterations
    while left != 0:
        left -= 1
        if poll(ticks_ms()) == a_button:
            display.root_group = game_group
            return True
    return False


def report_lines(statistics, kinds):
    """A ``Statistics`` as plain-text lines (``sthelena-stats.txt``): for
    each kind of rules (``kinds`` names them: ``statistics.KINDS``) the
    counts, the run of wins, the fewest moves, and the deals finished last.
    Here, not on ``Statistics``: only the drive's mode writes it, so it takes
    the game's heap nothing otherwise."""
    lines = ["St. Helena statistics"]
    for kind in range(len(kinds)):
        played, won, streak, best, fewest = statistics.counts(kind)
        lines.append("")
        lines.append("%s: played %d, won %d (%d%%)" % (
            kinds[kind], played, won, won * 100 // played if played else 0))
        if played:
            lines.append("  run of wins %d, best %d; fewest moves in a win: %s" % (
                streak, best, fewest or "-"))
            lines.append("  last deals, newest first:")
            for number, won_it, moves in statistics.recent(kind):
                lines.append("    #%d %s in %d moves" % (number, ("lost", "won")[won_it],
                                                         moves))
    return lines


class DriveStats:
    """``sthelena-stats.txt`` on the drive: ``write(lines)`` replaces it with
    the lines given (plain text). Called when something changes (a game
    ends), never per move; a full or read-only drive costs the game nothing.
    ``kinds``: the names of the kinds of rules (``statistics.KINDS``)."""

    def __init__(self, kinds, path=STATS_PATH):
        self.kinds = kinds
        self.path = path
        self.writes = 0

    def counted(self, statistics):
        """``App.on_record``: a deal's result was counted; the statistics'
        report (``report_lines``: the counts and the deals finished last, by
        rules) replaces the file. True if it was written."""
        return self.write(report_lines(statistics, self.kinds))

    def write(self, lines):
        """Write ``lines``; True if the file was written."""
        try:
            with open(self.path, "w") as file:
                for line in lines:
                    file.write(line)
                    file.write("\n")
        except OSError:
            return False
        self.writes += 1
        return True


class DriveCopy:
    """The second copy of the nvm store's newest frame (``stores.NvmStore``'s
    ``copy``), kept on the drive for when a power cut tears the flash.

    Two files of one size in a folder of their own, written in turn, each in
    place: a copy changes neither a file's size nor its clusters, so the
    drive's FAT and its other folders are not written (a new file renamed
    over the old writes both: a cut there lost the whole drive, measured by
    make bench-saves); a cut in a copy hurts only that folder, and the nvm,
    written after it, is whole meanwhile. ``write(frame)`` writes the file
    not written last (the first of a start: the one not read); ``newest()``
    reads back the newest whole copy. A full or read-only drive costs the
    game nothing but the copy (said once on the console).
    """

    def __init__(self, folder=COPY_FOLDER):
        self.folder = folder
        self.writes = 0
        self.failed = False
        self._next = 0  # the file the next copy goes to

    def newest(self, whole):
        """``(number, record)`` of the newest whole copy (``whole``: the
        store's reader of a frame), or None."""
        best = None
        for slot in (0, 1):
            try:
                with open(_copy_name(self.folder, slot), "rb") as file:
                    found = whole(file.read(), 0)
            except OSError:
                continue
            if found is not None and (best is None or found[0] > best[0]):
                best = found
                self._next = 1 - slot
        return best

    def write(self, frame):
        name = _copy_name(self.folder, self._next)
        try:
            try:
                file = open(name, "r+b")  # in place
            except OSError:  # the first copy: the folder and the file made once
                try:
                    os.mkdir(self.folder)
                except OSError:
                    pass  # (there already)
                file = open(name, "w+b")
                for _ in range(COPY_SIZE // 512):
                    file.write(b"\xff" * 512)
                file.seek(0)
            with file:
                file.write(frame)
        except OSError as error:
            if not self.failed:
                print("sthelena: no copy of the save on the drive (%s)" % error)
            self.failed = True
            return False
        self._next = 1 - self._next
        self.writes += 1
        return True


def _copy_name(folder, slot):
    return "%s/sthelena-nvm.%d" % (folder, slot)
