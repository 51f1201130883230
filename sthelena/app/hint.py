"""The hint: a search on the board for the move to play next.

The player asks for it from the menu ("Hint") or by holding SELECT on the
table. The search runs on the game itself, depth first, playing and undoing
moves through the core's ``push`` and ``pop`` (so it never plays a move the
core does not allow), a few steps at a time from ``App.tick``: the edges'
loops call it when no button is pressed, so the buttons are polled between
two slices and any press stops the search, the game put back as it was.

- It tries, at each position, plays to the foundations first, then card
  moves onto piles, then moves between foundations, then Louis' deal or a
  redeal. A position met before (in the table of positions) is not searched
  again; a line stops at ``_MAX_DEPTH`` moves.
- It ends when it reaches a won position (the hint is the first move of that
  winning line), when it has met ``HINT_NODES`` positions (the hint is the
  first move of the line that brought the most cards home, if any line
  brought more home than are now), or when it has tried every move of every
  position it can reach (then, if no line was cut short by the depth limit or
  a full table, the position is proved lost).
- Memory: a ``HintSearch`` holding one list of ``_SLOTS`` small ints (a hash
  set of the positions met: open addressing, 29 bits of two position hashes a
  slot) and one of ``_MAX_DEPTH + 1`` (the move each depth tries next), made
  when a hint begins and let go when it ends; the hashes are computed in small ints (below 2**30),
  so a search step allocates nothing but what a redeal allocates in the core.
  Two different positions are taken for one only if 29 bits of their hashes
  agree in a slot they both probe: about one chance in 500 million a
  comparison.
"""

from ..core.moves import DEAL, REDEAL
from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .buttons import TICKS_MASK
from .table import write, card_text, TEXT_COLUMNS
from .screens import NOWHERE
from .play import show_table

HINT_NODES = const(1000)  # positions one hint may meet (docs/playing.md: seconds on a SAMD51)
HINT_SLICE = const(2)  # search steps a main-loop pass (docs/playing.md: ms on a SAMD51)
_SLOTS = const(1280)  # the table of positions met
_FULL = const(1120)  # ...stored no more past 7/8 of it
_MAX_DEPTH = const(250)  # the longest line searched

# What a finished search found (hint_result).
WINNING = const(1)  # the first move of a line reaching a won position
PROGRESS = const(2)  # the first move of the line bringing the most cards home
NOTHING = const(3)  # no line brought a card home within the budget
LOST = const(4)  # every position reachable was searched: none is won

# The moves of a position in the order tried, numbered: pile p to the king
# (2p) or ace (2p + 1) foundation of its top card's suit; place s (0..19) to
# pile t (24 + 12s + t); foundation f to the other one of its suit (264 + f);
# Louis' deal; a redeal.
_CARDS = const(24)
_SWAPS = const(264)
_DEAL_AT = const(272)
_REDEAL_AT = const(273)
_END = const(274)

_P1 = const(29020021)  # primes: h * 37 + 255 and h * 31 + 255 stay below 2**30
_P2 = const(34636787)


class HintSearch:
    """A hint's search from one position, and what it has met and found."""

    def __init__(self, game, budget):
        self.home = self.best = sum(game.foundations)  # cards home at the start; the most met
        self.first = -1  # the first move of the line searched now
        self.best_first = -1  # ...and of the line that brought the most home
        self.at = 0  # the depth now (moves pushed by the search)
        self.nodes = 0  # positions met
        self.stored = 0  # positions in the table
        self.budget = budget  # positions this search may meet
        self.whole = True  # no line was cut short (depth limit, full table)
        self.from_foundations = game.rules.foundation_moves == "all"
        self.result = 0  # 0 while searching, then WINNING ... LOST
        self.move = -1  # the move the result suggests (-1: none)
        self.tried = None  # per depth, the number of the next move to try
        self.keys = None  # the table of positions met (0: an empty slot)


def hint_begin(game, budget=HINT_NODES):
    """A search from ``game``'s position, not yet started (``hint_search``
    runs it). Makes its two lists: about 6 KB on the board."""
    search = HintSearch(game, budget)
    if game.is_won():
        search.result = NOTHING  # nothing to search
        return search
    search.tried = [0] * (_MAX_DEPTH + 1)
    search.keys = [0] * _SLOTS
    _store(search, game)
    return search


def hint_result(search):
    """``(result, move)``: result 0 while the search runs, else WINNING,
    PROGRESS, NOTHING or LOST; move the one suggested, -1 for none."""
    return search.result, search.move


def hint_gain(search):
    """How many more cards are home in the best position the search met."""
    return search.best - search.home


def hint_nodes(search):
    return search.nodes


def hint_depth(search):
    """Moves the search has pushed on the game now (0 once it has ended)."""
    return search.at


def hint_search(search, game, steps):
    """Search on for up to ``steps`` steps (a step plays or takes back one
    move); True when the search has ended (the game is then as it began)."""
    if search.result:
        return True
    tried = search.tried
    while steps > 0:
        steps -= 1
        depth = search.at
        number = _next_legal(game, tried[depth], search.from_foundations)
        if number >= _END:  # every move here tried: back out
            if not depth:
                _end(search, game, LOST if search.whole else 0)
                return True
            game.pop()
            search.at = depth - 1
            continue
        tried[depth] = number + 1
        move = _move_of(game, number)
        game.push(move)
        if not depth:
            search.first = move
        search.nodes += 1
        if game.is_won():
            search.best_first = search.first
            search.at = depth + 1
            _end(search, game, WINNING)
            return True
        if _store(search, game):
            home = sum(game.foundations)
            if home > search.best:
                search.best = home
                search.best_first = search.first
            if depth + 1 < _MAX_DEPTH:
                search.at = depth + 1
                tried[depth + 1] = 0
            else:
                search.whole = False
                game.pop()
        else:
            game.pop()  # met before
        if search.nodes >= search.budget:
            _end(search, game, 0)
            return True
    return False


def hint_stop(search, game):
    """Take back every move the search pushed (B, or any press, cancels a
    hint): the game is exactly as it was when the search began."""
    depth = search.at
    while depth > 0:
        game.pop()
        depth -= 1
    search.at = 0


def _end(search, game, result):
    """Back to the start; the result (0: from the best line found)."""
    hint_stop(search, game)
    if not result:
        result = PROGRESS if search.best > search.home else NOTHING
    move = search.best_first if result <= PROGRESS else -1
    if move >= 0 and not game.is_legal(move):  # never suggest what the core refuses
        result = NOTHING
        move = -1
    search.result = result
    search.move = move
    search.tried = None  # let the buffers go
    search.keys = None


def _next_legal(game, number, from_foundations):
    """The number of the first legal move numbered ``number`` or more
    (see the numbering above), or _END. Loops, as legal_moves()'s generator
    would allocate; the piles and foundations are read (never written) for
    a cheap first check, and ``is_legal`` decides."""
    counts = game.foundations
    while number < _CARDS:
        card = game.top(number >> 1)
        if card:
            foundation = (card >> 4) + 4 * (number & 1)
            count = counts[foundation]
            if (card & 15) == (count + 1 if number & 1 else 13 - count) \
                    and game.is_legal((number >> 1) * 20 + 12 + foundation):
                return number
        number += 1
    piles = game.piles
    while number < _SWAPS:
        source = (number - _CARDS) // 12
        if source >= 12 and not from_foundations:
            number = _SWAPS
            break
        card = game.top(source)
        base = _CARDS + 12 * source
        target = number - base
        number = base + 12  # the next source's first move
        if not card:
            continue
        rank = card & 15
        while target < 12:
            under = piles[target]
            if under:  # a card builds on one a rank off (or K on A, wrapping)
                step = (under[-1] & 15) - rank
                if (step == 1 or step == -1 or step == 12 or step == -12) \
                        and game.is_legal(source * 20 + target):
                    return base + target
            elif target != source and game.is_legal(source * 20 + target):
                return base + target
            target += 1
    while number < _DEAL_AT:
        foundation = 12 + number - _SWAPS
        if game.is_legal(foundation * 20 + 12 + ((foundation - 12) ^ 4)):
            return number
        number += 1
    if number == _DEAL_AT:
        if game.is_legal(DEAL):
            return number
        number += 1
    if number == _REDEAL_AT and game.is_legal(REDEAL):
        return number
    return _END


def _move_of(game, number):
    """The move numbered ``number`` in this position."""
    if number < _CARDS:
        pile = number >> 1
        return pile * 20 + 12 + (game.top(pile) >> 4) + 4 * (number & 1)
    if number < _SWAPS:
        number -= _CARDS
        return number // 12 * 20 + number % 12
    if number < _DEAL_AT:
        foundation = number - _SWAPS
        return (12 + foundation) * 20 + 12 + (foundation ^ 4)
    return DEAL if number == _DEAL_AT else REDEAL


def _store(search, game):
    """Put the position in the table of positions met: False if it was
    there. Two hashes of everything a move changes (redeals made,
    foundations, piles, the stock's size: cards only leave its top), in
    small ints; the slot from the first, 29 bits of both kept in it. A full
    table keeps what it has (the search is then no proof)."""
    first = second = game.round + 1
    for count in game.foundations:
        first = (first * 37 + count) % _P1
        second = (second * 31 + count) % _P2
    for cards in game.piles:
        first = (first * 37 + 255) % _P1  # between piles
        second = (second * 31 + 255) % _P2
        for card in cards:
            first = (first * 37 + card) % _P1
            second = (second * 31 + card) % _P2
    first = (first * 37 + game.stock_size()) % _P1
    keys = search.keys
    slot = first % _SLOTS
    key = (first // _SLOTS & 15) * _P2 + second + 1  # below 2**30, never 0
    while keys[slot]:
        if keys[slot] == key:
            return False
        slot += 1
        if slot == _SLOTS:
            slot = 0
    if search.stored < _FULL:
        keys[slot] = key
        search.stored += 1
    else:
        search.whole = False
    return True


# -- the hint on the table -----------------------------------------------------

_THINKING = "Thinking... B: stop"
_BLINK_MS = const(200)  # the indicator shows when a hint takes longer than this


def start_hint(app):
    """Begin a hint from the table's position (the menu's "Hint", or SELECT
    held on the table); ``App.tick`` runs it. The caller brings the table up."""
    app.lifted = NOWHERE
    app.hint_target = NOWHERE
    app.say("")
    if app.game.is_won():
        app.say("Won: nothing to hint")
        return
    app.hint = hint_begin(app.game)
    app.hint_since = -1


def hint_tick(app, now):
    """One slice of the search (a few steps: a moment even on the board),
    from ``App.tick`` while a hint runs; the thinking indicator when it
    takes longer than a blink; the hint on the table when it is found."""
    if app.hint_since < 0:
        app.hint_since = now
    if hint_search(app.hint, app.game, HINT_SLICE):
        _show_hint(app)
    elif app.message is not _THINKING and (now - app.hint_since) & TICKS_MASK > _BLINK_MS:
        app.say(_THINKING)
        app.shown = _THINKING  # written here: the table is not drawn mid-search
        write(app.view.status, 0, 0, _THINKING, TEXT_COLUMNS)


def stop_hint(app):
    """Cancel a running hint: the game exactly as it was."""
    hint_stop(app.hint, app.game)
    app.hint = None
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
    """The hint found: the source under the cursor, the target marked, the
    words on the status line."""
    search = app.hint
    app.hint = None
    result, move = hint_result(search)
    app.say(hint_text(result, move, hint_gain(search), app.game))
    if 0 <= move < 400:
        app.cursor = move // 20
        app.hint_target = move % 20
        app.changed()  # the cursor is saved too
    show_table(app)
