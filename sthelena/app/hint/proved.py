"""What the solver proved, brought to the player: "winnable deals only"
(a menu option) and the won and stuck screens' lines about the deal.

The edge hands the app the path of ``assets/winnable.bin`` (``app.winnable``,
None if it has none); it is opened only when a new deal is chosen, the menu
opens or a game ends, and read a few bytes at a time (``sthelena.core.winnable``).
A missing or corrupt file is told on the status line (or in the menu's
label) and any deal is dealt: the game never depends on it.

The option is offered for the rules of the next deal only where it matters:
when the file lists those rules and under ``OFFER_BELOW`` percent of the
deals it lists were proved winnable (box-kite, in the shipped file); where
nearly every deal is (st-helena, louis and st-helena-pysol) its label says
so instead.
"""

from ...core.winnable import PROVED_LOST, find_section, proved_of, pick_winnable
from ..sounds import ERROR

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

OFFER_BELOW = const(90)  # percent of listed deals proved winnable
NO_FILE = "no winnable.bin: any deal"
BAD_FILE = "bad winnable.bin: any deal"


def _section(path, rules):
    """The file's section for ``rules`` (a tuple, see winnable.py), None
    if it has none, or a message if the file cannot be read. Opened and
    closed here: only the entry's few numbers stay."""
    try:
        with open(path, "rb") as file:
            return find_section(file, rules.to_bits())
    except (OSError, TypeError):  # (TypeError: no path)
        return NO_FILE
    except ValueError:
        return BAD_FILE


def _offered(found):
    """Whether the option is offered for a section: under OFFER_BELOW
    percent of its deals proved winnable, and some."""
    return type(found) is tuple and 0 < found[5] * 100 < found[1] * OFFER_BELOW


def winnable_item(app, toggle=False):
    """The menu item's label, saying the option's state or why it is not
    offered; with ``toggle``, the option turned on or off first where it
    is offered, else a buzz."""
    found = _section(app.winnable, app.next_rules)
    if _offered(found):
        if toggle:
            app.winnable_only = not app.winnable_only
            app.changed()
        return "Winnable only: " + ("on" if app.winnable_only else "off")
    if toggle:
        app.sound(ERROR)
    if found is None or type(found) is not tuple:
        return "Winnable only: " + ("no list" if found is None
                                    else "no file" if found is NO_FILE else "bad file")
    return "Any deal: %d%% winnable" % (found[5] * 100 // found[1])


def next_deal_number(app):
    """The number of a new deal: with the option on and offered for the
    next deal's rules, one the solver proved winnable, else any (and the
    status line says why when the file cannot be read)."""
    draw = app.new_deal_number
    if app.winnable_only:
        found = _section(app.winnable, app.next_rules)
        if _offered(found):
            try:
                with open(app.winnable, "rb") as file:
                    return pick_winnable(file, found, draw)
            except OSError:
                found = NO_FILE
            except ValueError:
                found = BAD_FILE
        if type(found) is str:
            app.say(found)
    return draw()


def known_lines(game, path):
    """What the file says of ``game``'s deal, as lines for a screen (none
    when it says nothing, or cannot be read): that it was winnable and in
    how many moves the solver won it, or that it was proved lost from the
    start."""
    moves = 0
    found = _section(path, game.rules)
    if type(found) is tuple and game.deal_number is not None:
        try:
            with open(path, "rb") as file:
                moves = proved_of(file, found, game.deal_number)
        except (OSError, ValueError):
            pass
    if moves == PROVED_LOST:
        return ("Proved lost from the deal.",)
    if moves:
        return ("This deal was winnable:", "solved in %d moves." % moves)
    return ()
