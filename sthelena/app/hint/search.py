"""The hint's search: a winning line from the position on the table.

Runs on the board, a few steps at a time (``on_table.py`` calls it from the
main loop), on the game itself: it plays and takes back moves through the
core's ``push`` and ``pop``, so it never plays a move the core refuses, and
the game is exactly as it was whenever it stops.

How it searches (depth first, the desktop solver's ideas cut to the board's
heap; docs/playing.md gives the figures and how they were measured):

- Order (``moves``). At each position: plays to the foundations and
  moves between two foundations; then card moves onto piles, the move
  that leaves a card a foundation takes nearest the top of its pile first,
  one that buries a pile's nearly free wanted card last; moves off the
  foundations; Louis' deal or a redeal last. A position's moves are sorted
  once, when it is met, and wait on one stack (two bytes a move).
- Caps. The positions below a redeal may take only so many of the budget
  (``_CAP_FIRST``, ``_CAP_LAST``): a pack that wins nothing soon is given up
  for another. The first pass also gives up a position of the last round
  reached by a play to a foundation after ``_FINAL_CAP`` positions below it
  (a wrong choice early in the last round is left soon); if it ends without
  a win, a second pass without that cap follows, in what is left of the budget.
- Positions met are kept in a table of ``HINT_SLOTS`` small ints (``keys``:
  two hashes, updated in a few steps a move); a full table is emptied and
  the search goes on (no longer a proof).
- A won position ends it with the whole line (``line``). A position
  of a line kept from an earlier hint (``kept``) counts as won: first each
  move from the root is tried for one (the way back), then the search; the
  rest of the kept line is added to the way that reached it.
- "Lost" is said only by a search that tried every move of every position
  it met: no cap given up, no move left out, the table never emptied.
- Steps. A step plays or takes back one move; a redeal counts for three
  steps, a position with many moves for more, so that a slice of
  ``HINT_SLICE`` steps stays short; at its end the search takes back
  ``_POPS`` moves a step.

Memory: made when a hint begins and let go when it ends, about 25 KB on
the board (the table 14 KB, the move stack 4 KB, three lists of a position
each along the line 3.6 KB, the sort's list 1 KB, the hashes' weights);
a step allocates nothing but what a redeal allocates in the core.
"""

from ...core.moves import DEAL, REDEAL
from ...core.cards import const
from .keys import P2 as _P2
from .keys import (empty_table, hash_all, key_of, make_table, make_weights, moved,
                   store_position)
from .line import HintLine, goal_index, goal_table, position_key  # noqa: F401 (exported)
from .moves import SCRATCH, generate_moves
from .terms import (HINT_NODES, HINT_SLOTS, LARGE_HINT_NODES,  # noqa: F401 (exported)
                    LARGE_HINT_SLOTS, LOST, NOTHING, PROGRESS, WINNING)

_SMALL_SLOTS = const(1024)  # the table when the heap has no room for HINT_SLOTS (compact)
_MAX_DEPTH = const(300)  # the longest line searched
_STACK = const(2048)  # moves waiting on the stack, all depths together (compact: half)
_CAP_FIRST = const(2000)  # positions below the first redeal...
_CAP_LAST = const(200)  # ...below a later one (or Louis' deal): 500 met 25% more
# positions from st-helena's deals 201-400 (median), and won 190 of them, not 197
_POPS = const(16)  # moves taken back a step as the search backs out at its end
_FINAL_CAP = const(200)  # first pass: below a last round's play to a foundation


class HintSearch:
    """A hint's search from one position, and what it has met and found."""

    def __init__(self, game, budget, compact=False, slots=HINT_SLOTS):
        rules = game.rules
        self.budget = budget  # positions this search may meet
        self.slots = _SMALL_SLOTS if compact else slots  # its table's size
        self.moves = _STACK >> 1 if compact else _STACK  # its move stack's
        self.home = self.best = sum(game.foundations)  # cards home at the start; the most met
        self.first = -1  # the first move of the line searched now
        self.best_first = -1  # ...and of the line that brought the most home
        self.at = 0  # the depth now (moves pushed by the search)
        self.capped = 0  # the depth of the innermost position under a cap (0: none)
        self.nodes = 0  # positions met
        self.stored = 0  # positions in the table
        self.age = 0  # its age (keys.store_position)
        self.whole = True  # nothing left out: an end without a win is a proof
        self.final_cap = _FINAL_CAP  # the first pass's; 0 in the second
        self.ending = 0  # while it backs out: the result (-1: from the best line)
        self.result = 0  # 0 while searching, then WINNING ... LOST
        self.move = -1  # the move the result suggests (-1: none)
        self.line = None  # the HintLine found (WINNING)
        self.kept = None  # the line of an earlier hint, whose positions count as won
        self.any_suit = rules.build == "any"
        self.wrap = rules.wrap
        self.fill = rules.spaces == "any"
        self.relocate = rules.foundation_moves != "none"
        self.off_foundation = rules.foundation_moves == "all"
        self.redeals = rules.redeals
        self.louis = rules.louis_start
        self.hash1 = self.hash2 = 0  # the position's two hashes (keys)
        self.saved = [0] * 6  # ...before each redeal (or Louis' deal) on the line searched
        self.key = 0  # ...its key
        self.slot = 0  # ...and its slot in the table
        self.weights = None  # the hashes' weights
        # Made by _buffers (let go by _end):
        self.table = self.stack = self.bounds = None
        self.limit = self.keys_at = self.scratch = self.goals = None
        self.wants = self.wants_for = self.at1 = self.at2 = self.dig_top = self.dig_under = None


def hint_begin(game, budget=HINT_NODES, kept=None, compact=False, slots=HINT_SLOTS):
    """A search from ``game``'s position, not yet started (``hint_search``
    runs it); ``kept``: a HintLine whose positions count as won. MemoryError
    if the heap has no room for its buffers: ``compact`` ones take 12 KB
    less (a smaller table and move stack: a weaker search). ``slots``: the
    table's size where the heap is larger (the Fruit Jam's: its edge says)."""
    search = HintSearch(game, budget, compact, slots)
    if game.is_won():
        search.result = NOTHING  # nothing to search
        return search
    search.kept = kept
    _buffers(search)
    _start(search, game)
    return search


def _buffers(search):
    search.table = make_table(search.slots)
    search.weights = make_weights()
    search.stack = bytearray(2 * search.moves)
    # per depth: the stack index of the next move (times 4096) and the end
    # of that depth's moves
    search.bounds = [0] * (_MAX_DEPTH + 1)
    # ...for a position under a cap: the node count at which it is given up
    # (times 512) and the depth of the cap around it (0: none)
    search.limit = [0] * (_MAX_DEPTH + 1)
    search.keys_at = [0] * (_MAX_DEPTH + 1)  # ...the key of the position there
    search.scratch = [0] * SCRATCH
    search.wants = bytearray(64)  # by card: 1 a king foundation takes it, 2 an ace one
    search.wants_for = bytearray(b"\xff" * 8)  # ...for these foundations (none yet)
    search.at1 = bytearray(64)  # by card: 1 + a pile it tops (at2: another one)
    search.at2 = bytearray(64)
    search.dig_top = bytearray(12)  # by pile: cards over its shallowest wanted card
    search.dig_under = bytearray(12)  # ...counting from under its top card
    if search.kept is not None:
        search.goals = goal_table(search.kept)


def _start(search, game):
    """The root: its key in the table, its moves on the stack (again for
    the second pass, the table emptied)."""
    hash_all(search, game)
    key_of(search)
    empty_table(search)
    store_position(search, search.key, search.slot)
    search.keys_at[0] = search.key
    search.capped = 0
    search.at = 0
    generate_moves(search, game, 0, 0)
    if search.goals is not None and search.final_cap:
        _back_on_the_line(search, game)


def _back_on_the_line(search, game):
    """Before searching: whether one move leads back onto the kept line (the
    move off it taken back, or a card auto-play sent home played by the
    line later); if so that is the hint, and the search is over."""
    stack = search.stack
    end = search.bounds[0] & 4095
    for index in range(end):
        move = stack[2 * index] << 8 | stack[2 * index + 1]
        game.push(move)
        search.nodes += 1
        moved(search, game, move, 1)
        key_of(search)
        found = goal_index(search.goals, search.kept, search.key)
        if found >= 0:
            search.bounds[0] = (index + 1) << 12 | end
            search.first = move
            search.at = 1
            _won(search, game, found)
            return
        _back_move(search, game)
    key_of(search)  # (the root's again)


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


def hint_line(search):
    """The winning line found (a HintLine), or None."""
    return search.line


def hint_search(search, game, steps, sum=sum):
    """Search on for up to ``steps`` steps (a step plays or takes back one
    move); True when the search has ended (the game is then as it began).
    (``sum`` is bound once: see ``moves.generate_moves``.)"""
    if search.result:
        return True
    if search.ending:
        return _back_out(search, game, steps * _POPS)
    # What every step reads, taken once a slice (each attribute of the search
    # read in the loop is a look-up in its dict: on the board, the price of
    # several bytecodes).
    stack = search.stack
    bounds = search.bounds
    limit = search.limit
    keys_at = search.keys_at
    foundations = game.foundations
    goals = search.goals
    slots = search.slots
    budget = search.budget
    while steps > 0:  # (a step plays or takes back a move; a redeal counts for three)
        depth = search.at
        capped = search.capped
        if capped and search.nodes > limit[capped] >> 9:  # given up: back out of it
            search.whole = False
            steps -= _back(search, game)
            if depth == capped:
                search.capped = limit[capped] & 511
            continue
        bound = bounds[depth]
        index = bound >> 12
        if index >= bound & 4095:
            if depth:
                steps -= _back(search, game)
                if depth == capped:
                    search.capped = limit[capped] & 511
                continue
            if search.final_cap and not search.whole:  # the second pass, without
                search.final_cap = 0
                _start(search, game)
                continue
            return _end(search, game, LOST if search.whole else 0)
        bounds[depth] = bound + 4096
        move = stack[2 * index] << 8 | stack[2 * index + 1]
        game.push(move)
        if not depth:
            search.first = move
        nodes = search.nodes = search.nodes + 1
        moved(search, game, move, 1)
        home = sum(foundations)
        if home == 104:  # won
            search.at = depth + 1
            return _won(search, game, -1)
        hash1 = search.hash1  # the key and slot (key_of's), in place
        key = search.key = (hash1 >> 18) * _P2 + search.hash2 + 1
        slot = hash1 % slots
        if goals is not None:
            found = goal_index(goals, search.kept, key)
            if found >= 0:
                search.at = depth + 1
                return _won(search, game, found)
        if store_position(search, key, slot):
            if home > search.best:
                search.best = home
                search.best_first = search.first
            if depth + 1 < _MAX_DEPTH:
                depth += 1
                search.at = depth
                keys_at[depth] = key
                # (only a redeal, Louis' deal or a play to a foundation may be capped)
                cap = _cap(search, game, move) if move >= 240 or move % 20 >= 12 else 0
                if cap:  # the innermost cap is the one counted
                    limit[depth] = (nodes + cap) << 9 | search.capped
                    search.capped = depth
                start = bounds[depth - 1] & 4095
                generate_moves(search, game, depth, start)
                # (many moves: a longer step; a redeal counts for three)
                steps -= (3 if move >= 400 else 1) + (((bounds[depth] & 4095) - start) >> 3)
            else:
                search.whole = False
                steps -= (3 if move >= 400 else 1) + _back_move(search, game)
        else:
            steps -= (3 if move >= 400 else 1) + _back_move(search, game)  # met before
        if nodes >= budget:
            return _end(search, game, 0)
    return False


def _cap(search, game, move):
    """How many positions the one ``move`` led to may have below it (0: no cap)."""
    if move == REDEAL:
        return _CAP_FIRST if game.round == 1 else _CAP_LAST
    if move == DEAL:
        return _CAP_LAST
    if search.final_cap and move % 20 >= 12 and move < 240 \
            and game.round >= search.redeals and not game.stock_size():
        return search.final_cap
    return 0


def _back(search, game):
    """Take back the move that led to the position at the search's depth;
    the steps it counts for (a redeal's three)."""
    search.at -= 1
    return _back_move(search, game)


def _back_move(search, game):
    move = game.pop()
    moved(search, game, move, 0)
    return 3 if move >= 400 else 1


def hint_stop(search, game):
    """Take back every move the search pushed (B, or any press, cancels a
    hint): the game is exactly as it was when the search began."""
    depth = search.at
    while depth > 0:
        game.pop()
        depth -= 1
    search.at = 0


def hint_give_up(search, game):
    """End a running search now, as if its budget had run out (the app's
    time limit); it still backs out a few moves a step."""
    if not search.result and not search.ending:
        _end(search, game, 0)


def _won(search, game, goal):
    """A won position (or the kept line's position ``goal``) at the search's
    depth: the line to it (and the rest of the kept line) kept, the search ended."""
    depth = search.at
    kept = search.kept
    search.table = None  # room for the line
    rest = len(kept) - goal if goal >= 0 else 0
    moves = bytearray(2 * (depth + rest))
    keys = [0] * (depth + rest + 1)
    stack = search.stack
    bounds = search.bounds
    for step in range(depth):
        index = (bounds[step] >> 12) - 1
        moves[2 * step] = stack[2 * index]
        moves[2 * step + 1] = stack[2 * index + 1]
        keys[step] = search.keys_at[step]
    if goal >= 0:
        moves[2 * depth:] = kept.moves[2 * goal:]
        keys[depth:] = kept.keys[goal:]
    else:
        key_of(search)
        keys[depth] = search.key
    search.line = HintLine(moves, keys)
    search.best_first = search.first
    return _end(search, game, WINNING)


def _end(search, game, result):
    """The search is over (result 0: from the best line found): it backs
    out, ``_POPS`` moves a step (``hint_search``); True once it is out."""
    search.ending = result if result else -1
    search.table = search.stack = search.bounds = None  # let the buffers go
    search.limit = search.keys_at = search.scratch = search.goals = search.weights = None
    search.wants = search.at1 = search.at2 = search.dig_top = search.dig_under = None
    search.wants_for = None
    return _back_out(search, game, _POPS)


def _back_out(search, game, pops):
    """Take back up to ``pops`` moves; at the start, the result decided."""
    while search.at and pops:
        game.pop()
        search.at -= 1
        pops -= 1
    if search.at:
        return False
    result = search.ending
    if result < 0:
        result = PROGRESS if search.best > search.home else NOTHING
    move = search.best_first if result <= PROGRESS else -1
    if move >= 0 and not game.is_legal(move):  # never suggest what the core refuses
        result = NOTHING
        move = -1
        search.line = None
    search.result = result
    search.move = move
    return True


# -- positions: hashes, the table, a kept line's positions ----------------------
