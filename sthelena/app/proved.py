"""What the solver proved, brought to the player: "winnable deals only"
(a menu option) and the won and stuck screens' lines about the deal.

The edge hands the app the path of ``assets/winnable.bin`` (``app.winnable``,
None if it has none); it is opened only when a new deal is chosen, the menu
opens or a game ends, and read a few bytes at a time (``sthelena.winnable``).
A missing or corrupt file is told on the status line (or in the menu's
label) and any deal is dealt: the game never depends on it.

The option is offered for the rules of the next deal only where it matters:
when the file lists those rules and under ``OFFER_BELOW`` percent of the
deals it lists were proved winnable (box-kite, st-helena-pysol); where
nearly every deal is (st-helena 97%, louis 96%) its label says so instead.
"""

from ..winnable import LOST, find_section, proved_of, pick_winnable
from .sounds import ERROR

from ..cards import const  # the core's: micropython's, or a stand-in on CPython

OFFER_BELOW = const(90)  # percent of listed deals proved winnable
NO_FILE = "no winnable.bin: any deal"
BAD_FILE = "bad winnable.bin: any deal"

# _share's answers that are not a percentage.
_NO_FILE = const(-1)
_BAD_FILE = const(-2)
_NO_LIST = const(-3)


def _share(app):
    """The percentage of the deals listed for the next deal's rules that
    were proved winnable, or _NO_FILE, _BAD_FILE, _NO_LIST."""
    if app.winnable is None:
        return _NO_FILE
    try:
        with open(app.winnable, "rb") as file:
            found = find_section(file, app.next_rules.to_bits())
    except OSError:
        return _NO_FILE
    except ValueError:
        return _BAD_FILE
    if found is None or not found[5]:
        return _NO_LIST
    return found[5] * 100 // found[1]


def winnable_label(app):
    """The menu item's label: the option's state, or why it is not offered."""
    share = _share(app)
    if share >= OFFER_BELOW:
        return "Any deal: %d%% winnable" % share
    if share >= 0:
        return "Winnable only: " + ("on" if app.winnable_only else "off")
    if share == _NO_LIST:
        return "Winnable only: no list"
    return "Winnable only: %s file" % ("no" if share == _NO_FILE else "bad")


def toggle_winnable(app):
    """Turn the option on or off where it is offered; else a buzz (the
    label says why)."""
    share = _share(app)
    if 0 <= share < OFFER_BELOW:
        app.winnable_only = not app.winnable_only
        app.changed()
    else:
        app.sound(ERROR)


def next_deal_number(app):
    """The number of a new deal: with the option on and offered for the
    next deal's rules, one the solver proved winnable, else any."""
    draw = app.new_deal_number
    if not app.winnable_only:
        return draw()
    if app.winnable is None:
        app.say(NO_FILE)
        return draw()
    try:
        with open(app.winnable, "rb") as file:
            found = find_section(file, app.next_rules.to_bits())
            if found is not None and 0 < found[5] * 100 < found[1] * OFFER_BELOW:
                return pick_winnable(file, found, draw)
    except OSError:
        app.say(NO_FILE)
    except ValueError:
        app.say(BAD_FILE)
    return draw()


def deal_known(game, path):
    """What the file says of ``game``'s deal under its rules: the moves of
    the solver's winning line, LOST, or 0 (not known, or no file)."""
    if game.deal_number is None or path is None:
        return 0
    try:
        with open(path, "rb") as file:
            found = find_section(file, game.rules.to_bits())
            return 0 if found is None else proved_of(file, found, game.deal_number)
    except (OSError, ValueError):
        return 0


def known_lines(game, path):
    """What the solver knows of ``game``'s deal, as lines for a screen
    (none when it knows nothing): that it was winnable and the solver's
    moves, or that it was proved lost from the start."""
    moves = deal_known(game, path)
    if moves == LOST:
        return ("Proved lost from the deal.",)
    if moves:
        return ("This deal was winnable:", "solved in %d moves." % moves)
    return ()
