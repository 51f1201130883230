"""Shared by the app's tests (tests/app/test_app_table.py, tests/app/test_app_play.py,
tests/app/test_app_menu.py): the screen refreshed and read back, the status line as
it should read, colours compared, and a small game near its end; the text
screens' rows read back (test_screens.py, test_handheld.py, test_proved.py)."""

from tests.helpers.app_driver import make_app
from tests.helpers.positions import position
from sthelena.app.table.play import STATUS_WIDTH, status_text
from sthelena.app.table.text_grid import TEXT_COLUMNS, TEXT_ROWS


def shown(display, app):
    display.refresh()
    return display


def table_on_screen(display, app, reader):
    """The 20 places' cards and the status line as the screen shows them, and
    as the game says they are (an empty foundation shows its base, greyed)."""
    shown(display, app)
    seen = [reader.card_at(display, place) for place in range(20)]
    game = [app.game.top(place) for place in range(20)]
    for place in range(12, 20):
        if not game[place]:
            game[place] = ((place - 12) & 3) << 4 | (1 if place >= 16 else 13)
    status = reader.text_at(display, 2, 0, TEXT_COLUMNS)
    return (seen, status), (game, status_line(app))


def status_line(app):
    """The whole status line as it should read: a message, or the status text
    and the move counter at the right."""
    if app.message:
        return app.message.ljust(TEXT_COLUMNS)
    return status_text(app).ljust(STATUS_WIDTH + 1) + ("%d" % len(app.autos)).rjust(4) + " mv"


def close(colour, expected, slack=8):
    """Colours survive the display's RGB565 round trip only approximately."""
    wanted = ((expected >> 16) & 255, (expected >> 8) & 255, expected & 255)
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


def small_game(display, sheet, **options):
    """Spades J Q K and hearts A 2 still to go home; the first redeal made."""
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    return make_app(display, sheet, position=game.notation(), **options)


def screen_rows(display, reader):
    """The 16 rows of 26 text cells from (2, 0), as the screen shows them
    ('?' for a suit picture)."""
    display.refresh()
    return [reader.text_at(display, 2, 8 * row, TEXT_COLUMNS).rstrip() for row in range(TEXT_ROWS)]
