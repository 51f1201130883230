"""The CIRCUITPY drive when boot.py has handed it to the game (SELECT held at
reset): the note saying so, and ``sthelena-stats.txt``.

Imported by ``device.main()`` only in that mode, so it costs no heap
otherwise. ``make circuitpy`` writes it as ``lib/sthelena_drive.py`` beside
the one-file build. ``DriveStats.write(lines)`` takes plain lines: what
``FinishedDeals`` keeps now, or a statistics report later.
"""

import displayio
from adafruit_display_text import wrap_text_to_pixels
from adafruit_display_text.bitmap_label import Label

STATS_PATH = "/sthelena-stats.txt"

DRIVE_NOTE = ("SELECT was held at reset: the game writes its statistics to "
              "sthelena-stats.txt on the CIRCUITPY drive. Until the next reset without "
              "SELECT, the computer cannot write to the drive.")


def show_drive_note(display, font):
    """Say on screen that the drive is the game's (a label, wrapped to the
    screen's width); the note's label."""
    group = displayio.Group()
    lines = wrap_text_to_pixels(DRIVE_NOTE, display.width - 12, font)
    note = Label(font, text="\n".join(lines) + "\n\nA: play", color=0x000000,
                 background_color=0xF4EFD8, line_spacing=1.0, padding_left=3, padding_right=3,
                 padding_top=3, padding_bottom=3, anchor_point=(0.5, 0.5),
                 anchored_position=(display.width // 2, display.height // 2))
    group.append(note)
    display.root_group = group
    return note


class DriveStats:
    """``sthelena-stats.txt`` on the drive: ``write(lines)`` replaces it with
    the lines given (plain text). Called when something changes (a game
    ends), never per move; a full or read-only drive costs the game nothing."""

    def __init__(self, path=STATS_PATH):
        self.path = path
        self.writes = 0

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


_HEADING = ("St. Helena: finished deals, newest last",
            "(written by the game when a deal ends)", "")
_KEPT = 40  # finished deals kept in the file


class FinishedDeals:
    """The finished deals (deal number, rules, won or lost, moves) as plain
    lines for ``DriveStats``, until the core keeps statistics of its own.
    Starts from the lines already in the file, so earlier sessions stay."""

    def __init__(self, stats):
        self.stats = stats
        self.lines = []
        try:
            with open(stats.path) as file:
                for line in file:
                    if line.startswith("deal "):
                        self.lines.append(line.rstrip())
        except OSError:
            pass

    def finished(self, game, won):
        """Record a deal that ended (won, or lost: stuck for good) and write the file."""
        number = game.deal_number
        self.lines.append("deal %-10s %-24s %-4s %4d moves" % (
            "-" if number is None else number, game.rules, "won" if won else "lost",
            len(game.move_stack())))
        del self.lines[:-_KEPT]
        self.stats.write(_HEADING + tuple(self.lines))
