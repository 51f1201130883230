"""Each press's time on the firmware, by the row it belongs to, beside its
goal (``make bench-firmware``'s presses; desktop only).

The scripts of ``firmware_sessions`` are played by the buttons, on the drive
in the emulator (``emulated``): the time from the button going down to the
last byte of the redraw it causes, in emulated ms at 125 MHz. A held press
counts from its hold (the ``HOLD_DELAY`` ms after the press it follows). An
illegal drop counts to the red flash, not to the flash's end a quarter of a
second later.
"""

import os
import statistics

from sthelena.app.buttons import HOLD_DELAY
from tools.harness import emulated

from .report import goal

FLASH_MS = 200  # an illegal drop's response: what is drawn before the flash ends (250 ms)

# Each row: its name (the scripts' kinds), and its goals in ms: median, longest
# (None: no goal); a kind of press the goals do not name takes its nearest kin's.
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


def emulate_script(drive, work, script, board=emulated.BOARD, figure=None):
    """Play ``script`` by the buttons on the emulated firmware of ``board``:
    ``[(kind, ms, cards)]`` for its presses (``figure(word, kind, record)``
    their ms: ``press_figure`` unless told); and the emulator's result."""
    nvm = os.path.join(work, "%s-%s-%d.nvm" % (board, script.name.replace(" ", "-"), script.deal))
    with open(nvm, "wb") as file:
        file.write(emulated.nvm_holding(script.record))
    result = emulated.emulate(drive, " ".join(script.words), board=board, nvm_in=nvm)
    presses = result["presses"]
    if len(presses) != len(script.words):
        raise RuntimeError("%s deal %d: %d of %d presses played" % (
            script.name, script.deal, len(presses), len(script.words)))
    figure = figure or press_figure
    return [(kind, figure(word, kind, record), cards) for word, kind, record, cards
            in zip(script.words, script.kinds, presses, script.cards)], result


def print_rows(timed):
    """A goal's line a row (a row without a goal: its figures), from ``timed``
    ``{kind: [(deal, ms, cards)]}``."""
    for kind, (median_goal, longest_goal) in ROWS:
        source = kind if kind != PER_CARD else "auto-play: A that sends cards home"
        entries = [entry for entry in timed.get(source, ()) if entry[1] is not None]
        if not entries:
            print("press %s: none timed" % kind)
            continue
        values = [ms / max(cards, 1) if kind == PER_CARD else ms for _, ms, cards in entries]
        median, longest = statistics.median(values), max(values)
        measured = "median %.1f ms, longest %.1f ms (%d presses, %d deals%s)" % (
            median, longest, len(values), len({deal for deal, _, _ in entries}),
            ", %d drew nothing" % (len(timed[source]) - len(entries))
            if len(timed[source]) > len(entries) else "")
        wanted = ", ".join("%s <= %d ms" % (name, limit) for name, limit in (
            ("median", median_goal), ("longest", longest_goal)) if limit is not None)
        if not wanted:
            print("press %s: %s" % (kind, measured))
            continue
        goal("press %s" % kind, measured, wanted,
             (median_goal is None or median <= median_goal)
             and (longest_goal is None or longest <= longest_goal))
