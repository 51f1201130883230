"""The CIRCUITPY drive when boot.py has handed it to the game (SELECT held at
reset): the note saying so, and ``sthelena-stats.txt``.

Imported by ``device.main()`` only in that mode, so it costs no heap
otherwise. ``make circuitpy`` writes it as ``lib/sthelena_drive.py`` beside
the one-file build. ``DriveStats.write(lines)`` takes plain lines; the app
hands its statistics to ``DriveStats.counted`` each time a deal's result is
counted (won, or left unfinished for another deal).
"""

import displayio
from adafruit_display_text import wrap_text_to_pixels
from adafruit_display_text.bitmap_label import Label

from ..app.font import SheetFont

STATS_PATH = "/sthelena-stats.txt"

DRIVE_NOTE = ("SELECT was held at reset: the game writes its statistics to "
              "sthelena-stats.txt on the CIRCUITPY drive. Until the next reset without "
              "SELECT, the computer cannot write to the drive.")


def show_drive_note(display, sheet):
    """Say on screen that the drive is the game's (a label in the sheet's
    characters, wrapped to the screen's width); the note's label."""
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
