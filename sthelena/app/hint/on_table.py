"""The hint on the table: a winning line searched for, shown a move at a time.

The player asks from the menu ("Hint") or by holding SELECT on the table.
The search (``search.py``) runs on the game itself a few steps at a
time from ``App.tick``: the edges' loops call it when no button is pressed,
so the buttons are polled between two slices and any press stops it, the
game put back exactly as it was.

A winning line found is kept (``app.hint_line``): while the player follows
it, or takes moves back along it, every later hint is its next move, shown
at once with no search. A move off the line makes the next hint search
again, with the kept line's positions counted as won (a way back onto the
line ends the search there, and the rest of the line is added to it).
"""

import gc
import sys

from ...core.moves import DEAL, REDEAL
from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..buttons import TICKS_MASK
from ..table.text_grid import card_text
from ..screens.common import NOWHERE
from ..sounds import HINT_FOUND
from ..table.play import show_table, show_status
from .terms import (HINT_NODES, HINT_SLOTS, LARGE_HINT_NODES,  # noqa: F401 (exported)
                    LARGE_HINT_SLOTS, LOST, PROGRESS, WINNING)
from .kept_line import HintLine

HINT_SLICE = const(4)  # search steps a main-loop pass (docs/playing.md: ms on a SAMD51)
HINT_MS = const(30000)  # a search running longer stops with what it has found
_THINKING = "Thinking... B: stop"
_BLINK_MS = const(200)  # the indicator shows when a hint takes longer than this
_SEARCH_MODULE = "sthelena_hint"  # a board's lib/sthelena_hint.mpy
_searching: list = [None]  # the search's code while a hint runs


def _search_code():
    """The search's module, loaded for this hint: a board's
    ``lib/sthelena_hint.mpy``, or (the package) ``search``."""
    try:
        import sthelena_hint as code
    except ImportError:  # the package as it is: the desktop, the tests
        from .search import hint_begin  # noqa: F401 (loads the module sys.modules holds)
        code = sys.modules["sthelena.app.hint.search"]
    _searching[0] = code
    return code


def _let_go():
    """The hint is over: its code let go (a board loads it again for the next)."""
    _searching[0] = None
    sys.modules.pop(_SEARCH_MODULE, None)


def start_hint(app):
    """Begin a hint from the table's position (the menu's "Hint", or SELECT
    held on the table); ``App.tick`` runs it. On a kept winning line, the
    line's next move is shown at once. The caller brings the table up."""
    app.lifted = NOWHERE
    app.hint_target = NOWHERE
    app.say("")
    game = app.game
    if game.is_won():
        app.say("Won: nothing to hint")
        return
    line = app.hint_line
    gc.collect()
    try:
        code = _search_code()
    except MemoryError:
        code = None
    if line is not None and code is not None:
        index = line.index_of(code.position_key(game))
        if index >= 0 and game.is_legal(line.move(index)):
            _let_go()
            _show(app, WINNING, line.move(index), 0)
            return
    for compact in (False, True):  # (compact: less room, a weaker search)
        if code is None:
            break
        gc.collect()  # the search's buffers where the heap has room
        try:
            app.hint = code.hint_begin(game, app.hint_nodes, line, compact, app.hint_slots)
            break
        except MemoryError:
            app.hint = None
    if app.hint is None:
        _let_go()
        gc.collect()
        app.say("Hint: not enough memory")
        show_table(app)
        return
    app.hint_since = -1


def hint_tick(app, now):
    """One slice of the search (a few steps: a moment even on the board),
    from ``App.tick`` while a hint runs; the thinking indicator when it
    takes longer than a blink; the hint on the table when it is found (or
    what the search found when it has run ``HINT_MS``)."""
    code = _searching[0]
    if app.hint_since < 0:
        app.hint_since = now
    elif (now - app.hint_since) & TICKS_MASK > HINT_MS:
        code.hint_give_up(app.hint, app.game)  # what it found so far is the hint
    if code.hint_search(app.hint, app.game, HINT_SLICE):
        _show_hint(app)
    elif app.message is not _THINKING and (now - app.hint_since) & TICKS_MASK > _BLINK_MS:
        app.say(_THINKING)
        show_status(app, _THINKING)


def stop_hint(app):
    """Cancel a running hint: the game exactly as it was."""
    _searching[0].hint_stop(app.hint, app.game)
    app.hint = None
    _let_go()
    app.say("")


def hint_text(result, move, gain, game):
    """The status line's words for a finished hint (a card move's card and
    target; ``game`` in the position the hint is for)."""
    if result == LOST:
        return "Lost from here (proved)"
    if move < 0:
        return "Hint: nothing found"
    if move == REDEAL:
        what = "redeal (menu)"
    elif move == DEAL:
        what = "deal the stock"
    else:
        target = move % 20
        what = card_text(game.top(move // 20)) + (
            " home" if target >= 12 else " to pile %d" % (target + 1))
    if result == WINNING:
        return "Wins: " + what
    return "+%d home: %s" % (gain, what)


def _show_hint(app):
    """The search ended: its line kept if it found a win, its hint shown."""
    search = app.hint
    code = _searching[0]
    app.hint = None
    result, move = code.hint_result(search)
    if result == WINNING:  # kept as the game's own (holding nothing of the search's code)
        found = code.hint_line(search)
        app.hint_line = HintLine(found.moves, found.keys)
    gain = code.hint_gain(search)
    _let_go()
    if move >= 0:
        app.sound(HINT_FOUND)
    _show(app, result, move, gain)


def _show(app, result, move, gain):
    """A hint on the table: the source under the cursor, the target marked,
    the words on the status line."""
    app.say(hint_text(result, move, gain, app.game))
    if 0 <= move < 400:
        app.cursor = move // 20
        app.hint_target = move % 20
        app.changed()  # the cursor is saved too
    show_table(app)
