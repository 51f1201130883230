"""The text screens over the table: menu, help, won, stuck and deal-number
entry on the view's text page (``adafruit_display_text`` labels, see
table.py), and the peek on its tile page. Each function fills a page and shows
it; the app decides when.

Characters 1-4 are the small suits and 5, 6 the up and down arrows (the sheet's
font has them; the board's ``terminalio.FONT`` would not).
"""

from adafruit_display_text import wrap_text_to_pixels

from .table import TEXT_COLUMNS, TEXT_ROWS, card_text, write
from .tiles import TILE_WIDTH

MENU_ROWS = 12  # menu items visible at once
LABEL_WIDTH = TEXT_COLUMNS - 2  # after the '>' column; the last holds the scroll arrows

HELP_TITLE = "HOW TO PLAY"
HELP_RULES = ("Move all 104 cards to the 8 foundations by suit: K\x06 builds down, A\x05 up. "
              "Piles build up or down. 1st: piles 1-4 play only to K, 7-10 only to A, "
              "until the first redeal.")
HELP_KEYS = (
    "d-pad  move the cursor",
    "A      pick up, put down",
    "A A / hold A  quick move",
    "B      cancel, else undo",
    "START  menu",
    "SELECT peek at a pile",
    "      any button: back",
)


def help_lines(font):
    """The help screen's lines: the rules wrapped to the screen's width by
    the font's glyphs, then the keys."""
    lines = [HELP_TITLE]
    lines += wrap_text_to_pixels(HELP_RULES, TEXT_COLUMNS * TILE_WIDTH, font)
    lines.append("")
    lines += HELP_KEYS
    return lines


def show_help(view):
    view.clear_text()
    lines = help_lines(view.font)
    for row in range(min(len(lines), TEXT_ROWS)):
        view.rows[row] = lines[row]
    view.show_text()


def _menu_row(label, up, down):
    """A menu row after the marker's column: the label, and in the last
    column a scroll arrow."""
    if not (up or down):
        return " " + label
    return " " + label + " " * (LABEL_WIDTH - len(label)) + ("\x05" if up else "\x06")


def show_menu(view, labels, chosen, first):
    """``labels`` from the app; ``chosen`` is marked; rows from ``first``."""
    view.clear_text()
    rows = view.rows
    rows[0] = "MENU        START/B: back"
    for row in range(MENU_ROWS):
        item = first + row
        if item >= len(labels):
            break
        rows[2 + row] = _menu_row(labels[item], row == 0 and first > 0,
                                  row == MENU_ROWS - 1 and first + MENU_ROWS < len(labels))
    rows[TEXT_ROWS - 1] = "A: choose  <>: change"
    view.show_text(marker_row=2 + chosen - first)


def move_menu_marker(view, old_row, new_row):
    """Move the '>' between two shown rows (0: the first shown)."""
    view.move_marker(2 + new_row)


def show_menu_label(view, row, label):
    """Rewrite one shown row's label, keeping its scroll arrow."""
    old = view.rows[2 + row]
    arrow = old[-1] if old[-1:] in ("\x05", "\x06") else ""
    view.set_row(2 + row, _menu_row(label, arrow == "\x05", arrow == "\x06"))


def show_peek(view, name, cards):
    """Every card of a pile, bottom to top, six to a row (tiles: the suits in colour)."""
    view.clear_overlay()
    overlay = view.overlay
    write(overlay, 0, 0, "%s: %d card%s" % (name, len(cards), "" if len(cards) == 1 else "s"))
    write(overlay, 0, 1, "bottom first, top last")
    row = 3
    column = 0
    for card in cards:
        if column > 20:
            column = 0
            row += 1
            if row >= TEXT_ROWS - 1:
                write(overlay, 0, row, "...")
                break
        text = card_text(card)
        write(overlay, column + 3 - len(text), row, text)
        column += 4
    write(overlay, 0, TEXT_ROWS - 1, "any button: back")
    view.show_overlay(True)


def show_message(view, title, lines, keys):
    """A screen with a title (twice the size), a few lines and the keys that act on it."""
    view.clear_text()
    rows = view.rows
    for index in range(len(lines)):
        rows[3 + index] = lines[index]
    for index in range(len(keys)):
        rows[TEXT_ROWS - len(keys) + index] = keys[index]
    view.show_text(title)


def show_number(view, digits, at):
    """Deal-number entry: ten digits, the one being changed marked."""
    view.clear_text()
    rows = view.rows
    rows[1] = "DEAL BY NUMBER"
    rows[3] = "0 to 4294967295"
    text = "  "
    for digit in digits:
        text += chr(48 + digit)
    rows[5] = " " * (2 + at) + "\x05"
    rows[6] = text
    rows[7] = " " * (2 + at) + "\x06"
    rows[12] = "\x05\x06 digit  <> move"
    rows[13] = "A: deal  B: back"
    view.show_text()
