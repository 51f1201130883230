"""The help screen: the rules in brief and the buttons."""

from adafruit_display_text import wrap_text_to_pixels

from .screens import MENU, show_lines
from .table import TEXT_COLUMNS
from .tiles import TILE_WIDTH

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
    the font's glyphs (the library's ``wrap_text_to_pixels``), then the keys."""
    lines = [HELP_TITLE]
    lines += wrap_text_to_pixels(HELP_RULES, TEXT_COLUMNS * TILE_WIDTH, font)
    lines.append("")
    lines += HELP_KEYS
    return lines


def show_help(app):
    show_lines(app.view, help_lines(app.view.font))


def help_button(app, button, held):
    """Any button goes back to the menu."""
    return MENU
