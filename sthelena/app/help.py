"""The help screen: the rules in brief and the buttons."""

from .screens import MENU, show_lines

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


def show_help(app):
    show_lines(app.view, HELP_TEXT)


def help_button(app, button, held):
    """Any button goes back to the menu."""
    return MENU
