"""Deal by number: ten digits set with the d-pad (``NumberState``, in
``app.states[NUMBER]``: this module's alone)."""

from .deals import new_deal
from ..buttons import UP, DOWN, LEFT, RIGHT, A, B, START
from .common import PLAY, MENU, NUMBER, throws_away


class NumberState:
    """The number being set: its digits, the one being changed, and whether
    A was asked to confirm it (the game in play would be lost)."""

    def __init__(self, number):
        self.digits = bytearray(10)
        for index in range(9, -1, -1):
            self.digits[index] = number % 10
            number //= 10
        self.digit = 9
        self.asked = False


def start_number(app, number):
    """The screen opens on ``number`` (before ``show_number``)."""
    app.states[NUMBER] = NumberState(number)


def show_number(app, note=None):
    """The digits, the one being changed marked; ``note``: two lines said
    under them (a refusal, a question)."""
    if app.states[NUMBER] is None:  # brought up by its number alone (a script)
        start_number(app, app.game.deal_number or 0)
    state = app.states[NUMBER]
    view = app.view
    view.clear_text()
    rows = view.rows
    rows[1] = "DEAL BY NUMBER"
    rows[3] = "0 to 4294967295"
    text = "  "
    for digit in state.digits:
        text += chr(48 + digit)
    rows[5] = " " * (2 + state.digit) + "\x05"
    rows[6] = text
    rows[7] = " " * (2 + state.digit) + "\x06"
    if note is not None:
        rows[9] = note[0]
        rows[10] = note[1]
    rows[12] = "\x05\x06 digit  <> move"
    rows[13] = "A: deal  B: back"
    view.show_text()


def number_button(app, button, held):
    state = app.states[NUMBER]
    digits = state.digits
    at = state.digit
    asked = state.asked
    state.asked = False
    if button == UP or button == DOWN:
        digits[at] = (digits[at] + (1 if button == UP else 9)) % 10
    elif button == LEFT or button == RIGHT:
        state.digit = (at + (1 if button == RIGHT else -1)) % 10
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
        if asked or not throws_away(app):
            new_deal(app, number)
            return PLAY
        state.asked = True
        show_number(app, ("This game will be lost:", "A again to deal it."))
        return NUMBER
    show_number(app)
    return NUMBER
