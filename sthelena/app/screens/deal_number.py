"""Deal by number: ten digits (``app.digits``) set with the d-pad, the one
being changed at ``app.digit``."""

from .deals import new_deal
from ..buttons import UP, DOWN, LEFT, RIGHT, A, B, START
from .common import PLAY, MENU, NUMBER, throws_away


def start_number(app, number):
    """Set the digits to ``number`` (before ``show_number``)."""
    digits = app.digits
    for index in range(9, -1, -1):
        digits[index] = number % 10
        number //= 10
    app.digit = 9


def show_number(app, note=None):
    """The digits, the one being changed marked; ``note``: two lines said
    under them (a refusal, a question)."""
    view = app.view
    view.clear_text()
    rows = view.rows
    rows[1] = "DEAL BY NUMBER"
    rows[3] = "0 to 4294967295"
    text = "  "
    for digit in app.digits:
        text += chr(48 + digit)
    rows[5] = " " * (2 + app.digit) + "\x05"
    rows[6] = text
    rows[7] = " " * (2 + app.digit) + "\x06"
    if note is not None:
        rows[9] = note[0]
        rows[10] = note[1]
    rows[12] = "\x05\x06 digit  <> move"
    rows[13] = "A: deal  B: back"
    view.show_text()


def number_button(app, button, held):
    digits = app.digits
    at = app.digit
    asked = app.asked
    app.asked = -1
    if button == UP or button == DOWN:
        digits[at] = (digits[at] + (1 if button == UP else 9)) % 10
    elif button == LEFT or button == RIGHT:
        app.digit = (at + (1 if button == RIGHT else -1)) % 10
    elif button == B or button == START:
        return MENU
    elif button == A:
        number = 0
        for digit in digits:
            number = number * 10 + digit
        if number >= 1 << 32:
            show_number(app, ("Too big: the most is", "  4294967295"))
            app.error()
            return NUMBER
        if asked == NUMBER or not throws_away(app):
            new_deal(app, number)
            return PLAY
        app.asked = NUMBER
        show_number(app, ("This game will be lost:", "A again to deal it."))
        return NUMBER
    show_number(app)
    return NUMBER
