"""Drive the real app with button names, and read cards back off the screen
(the screen reader is tools/harness/screen_reader.py's, which compares the
pixels in a place's rank and suit corners with the pictures in the sprite
sheet, so a test can say "the screen shows the card the core has there").
"""


from sthelena.app import buttons
from sthelena.app.game_app import App
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.view import LIFT
from sthelena.app.table.tiles import SUIT_INK
from tools.harness.screen_reader import PngFrame, ScreenReader, rgb  # noqa: F401 (the tests')
from . import ROOT

WHITE = (255, 255, 255)
TEXTS = str(ROOT / "assets" / "help.txt")


class MemoryStore:
    def __init__(self, data=None):
        self.data = data
        self.saves = 0

    def load(self):
        return self.data

    def save(self, data):
        self.data = bytes(data)
        self.saves += 1


class RecordingSpeaker:
    def __init__(self):
        self.played = []

    def play(self, sound):
        self.played.append(sound)


def shown_state(app):
    """What the screen shown keeps (its module's state, screens/common.py):
    the menu's ``MenuState``, help's page..."""
    return app.states[app.screen]


def make_app(display, sheet, store=None, deals=None, **options):
    """An App on the shared display; ``deals`` is the list new deals take
    their numbers from."""
    numbers = list(deals or [11, 12, 13, 14, 15, 16])
    options.setdefault("texts", TEXTS)
    app = App(display, store or MemoryStore(), RecordingSpeaker(), sheet,
              new_deal_number=lambda: numbers.pop(0), **options)
    return app


def event_of(name):
    name = name.upper()
    if name in ("HOLD_A", "A+HOLD"):
        return buttons.A | buttons.HOLD
    if name in ("HOLD_B", "B+HOLD"):
        return buttons.B | buttons.HOLD
    if name in ("HOLD_SELECT", "SELECT+HOLD"):
        return buttons.SELECT | buttons.HOLD
    return buttons.NAMES.index(name)


def press(app, keys):
    """Press the buttons named in ``keys`` ("RIGHT A B ...") in turn."""
    for name in keys.split():
        app.handle(event_of(name))


def cards_conserved(game):
    return (sum(game.pile_size(p) for p in range(12)) + sum(game.foundations)
            + game.stock_size()) == 104


# -- reading the screen --------------------------------------------------

def suit_colour_at(display, place, lifted=False):
    """The colour of the suit picture's ink at ``place``."""
    left = place_x(place) + 12
    top = place_y(place) - (LIFT if lifted else 0)
    paper = rgb(display, left, top)
    for y in range(16):
        for x in range(12):
            colour = rgb(display, left + x, top + y)
            if colour != paper:
                return colour
    return None


def cursor_colour_around(display, place, lifted=False):
    """The colour of the frame's top-left corner pixel round ``place``."""
    return rgb(display, place_x(place) - 2, place_y(place) - 2 - (LIFT if lifted else 0))


SUIT_INK_INDEX = SUIT_INK
