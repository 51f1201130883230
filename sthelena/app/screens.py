"""The text screens drawn on the table's overlay: menu, help, peek, won,
stuck and deal-number entry. Each function fills the overlay; the app
decides when."""

from .table import TEXT_COLUMNS, TEXT_ROWS, card_text, write

MENU_ROWS = 12  # menu items visible at once
LABEL_WIDTH = TEXT_COLUMNS - 2  # after the '>' column; the last holds the scroll arrows

HELP_TEXT = (
    "HOW TO PLAY",
    "Move all 104 cards to the",
    "8 foundations by suit:",
    "K\x06 builds down, A\x05 up.",
    "Piles build up or down.",
    "1st: piles 1-4 play only",
    "to K, 7-10 only to A,",
    "until the first redeal.",
    "",
    "d-pad  move the cursor",
    "A      pick up, put down",
    "A A / hold A  quick move",
    "B      cancel, else undo",
    "START  menu",
    "SELECT peek at a pile",
    "      any button: back",
)


def _lines(view, lines):
    view.clear_overlay()
    for row in range(len(lines)):
        write(view.overlay, 0, row, lines[row])
    view.show_overlay(True)


def show_help(view):
    _lines(view, HELP_TEXT)


def show_menu(view, labels, chosen, first):
    """``labels`` from the app; ``chosen`` is marked; rows from ``first``."""
    view.clear_overlay()
    overlay = view.overlay
    write(overlay, 0, 0, "MENU")
    write(overlay, 12, 0, "START/B: back")
    for row in range(MENU_ROWS):
        item = first + row
        if item >= len(labels):
            break
        write(overlay, 0, 2 + row, ">" if item == chosen else " ")
        write(overlay, 1, 2 + row, labels[item])
    if first > 0:
        write(overlay, 25, 2, "\x05")
    if first + MENU_ROWS < len(labels):
        write(overlay, 25, 1 + MENU_ROWS, "\x06")
    write(overlay, 0, TEXT_ROWS - 1, "A: choose  <>: change")
    view.show_overlay(True)


def move_menu_marker(view, old_row, new_row):
    """Move the '>' between two shown rows (0: the first shown)."""
    write(view.overlay, 0, 2 + old_row, " ")
    write(view.overlay, 0, 2 + new_row, ">")


def show_menu_label(view, row, label):
    """Rewrite one shown row's label."""
    write(view.overlay, 1, 2 + row, label, LABEL_WIDTH)


def show_peek(view, name, cards):
    """Every card of a pile, bottom to top, six to a row."""
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
    """A screen with a title, a few lines and the keys that act on it."""
    view.clear_overlay()
    write(view.overlay, 0, 1, title)
    for index in range(len(lines)):
        write(view.overlay, 0, 3 + index, lines[index])
    for index in range(len(keys)):
        write(view.overlay, 0, TEXT_ROWS - len(keys) + index, keys[index])
    view.show_overlay(True)


def show_number(view, digits, at):
    """Deal-number entry: ten digits, the one being changed marked."""
    view.clear_overlay()
    overlay = view.overlay
    write(overlay, 0, 1, "DEAL BY NUMBER")
    write(overlay, 0, 3, "0 to 4294967295")
    text = ""
    for digit in digits:
        text += chr(48 + digit)
    write(overlay, 2, 6, text)
    write(overlay, 2 + at, 5, "\x05")
    write(overlay, 2 + at, 7, "\x06")
    write(overlay, 0, 12, "\x05\x06 digit  <> move")
    write(overlay, 0, 13, "A: deal  B: back")
    view.show_overlay(True)
