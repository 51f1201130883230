"""Help: the rules of the game in play, what the table shows, the buttons.
Three pages, read from the texts file (``assets/help.txt``, sections
``rules``, ``table`` and ``buttons``); the rules page has only the lines for
the rules in play. The last line of each: the page, the keys, the version.
Its state (``app.states[HELP]``, this module's alone): the page shown."""

from ...core.version import RELEASE_VERSION
from ..buttons import UP, LEFT, B, START
from ..table.text_grid import TEXT_ROWS
from .common import MENU, HELP, write_section

_PAGES = 3
_SECTIONS = ("rules", "table")  # then the board's buttons (app.buttons_help)


def open_help(app):
    """Help opens on its first page."""
    app.states[HELP] = 0


def show_help(app):
    if app.states[HELP] is None:  # brought up by its number alone (a script)
        open_help(app)
    view = app.view
    page = app.states[HELP]
    view.clear_text()
    row = 0
    if page == 0:
        view.rows[0] = "RULES: " + app.game.rules.preset
        row = 1
    write_section(app, app.buttons_help if page == 2 else _SECTIONS[page], row)
    view.rows[TEXT_ROWS - 1] = "%d/%d <>:page B:back v%s" % (page + 1, _PAGES, RELEASE_VERSION)
    view.show_text()


def help_button(app, button, held):
    """Left and right turn the pages; B or START goes back to the menu
    (as a page turned past the last does)."""
    if button == B or button == START:
        return MENU
    page = app.states[HELP] + (-1 if button == LEFT or button == UP else 1)
    if page >= _PAGES:
        return MENU
    app.states[HELP] = page % _PAGES
    show_help(app)
    return HELP
