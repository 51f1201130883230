"""An exact solver: is a position won, lost, or not decided within a budget?

Desktop only (CPython; the board never imports it). Every card is face up,
so a position is decided by searching what can be reached from it: the
solver walks the reachable positions depth first and answers ``win`` with
the whole line of moves (the core's moves, redeals and Louis' deal
included), ``loss`` only when every reachable position has been visited
(a proof), and ``unknown`` when the time or node budget runs out first.

Representation. Its own, for speed: piles are ``bytes`` (bottom card
first), the foundations a ``bytearray`` of eight counts, Louis' stock
``bytes`` (top card last), all as in ``game.Game``. Moves are the core's
numbers (``source * 20 + target``, ``REDEAL``, ``DEAL``); the tests check
that the move generator here lists exactly ``Game.legal_moves()`` (apart
from the reductions below) and replay every solution through ``Game.push``.

The search (several times over, see ``Solver.solve``). Reaching a won
position is a reachability question, so a set of
visited positions is a complete transposition table: a position met again
has either been searched to the end (and led to no win) or is on the
current line (and what it leads to will be searched there). A redeal and
Louis' deal are moves like the others, legal whenever the core says so.
Keys are exact (bytes of the foundations, the round, the piles and the
stock), so a ``loss`` is a proof, not a guess with a hash collision.
Move ordering: plays to foundations first, then moves between piles
that uncover a card a foundation takes, then the other card moves, then a
redeal (or Louis' deal) last. Between two plays to foundations the moves
between piles are walked best first, the position with a wanted card
under the fewest others first (an order only: every position of the walk
is still visited before a loss is answered); not while the
restriction is in force (a wanted card may lie in a pile that cannot
play it) nor where cards come back off the foundations
(``foundation_moves=all``): breadth first there, as that order found fewer
wins on ``st-helena,redeals=0`` and ``st-helena-pysol``. In the narrow probes
(below), among the redeals from the positions of a closure, first the one
after which plays to foundations alone put the most cards home (that order
helps some deals and hurts others, so the exact search keeps the plain one).

Narrow probes (``foundation_moves=all``, PySolFC's rules), whose closures
(any-suit building, cards back off the foundations) are too big to walk
whole, so a depth-first search never gets back to try another pack:
``Solver._narrow_probes`` walks only the first positions of each closure
and tries the best few redeals from them, wider and wider, then probes
of several shapes again and again with the redeals' order shaken (seeded).
Each size goes without the moves off the foundations first, then with
them (the widest and the shaken ones only without): the moves of
``foundation_moves=none``, a subset (its wins are wins), in far smaller
closures, walked best first. A win is a real line; a probe with those
moves that left nothing out (no closure cut, no redeal dropped, no cap
reached, budget left) visited everything: its ``loss`` is a proof as the
exact search's is; one without them proves nothing.

Reductions, and why they are safe (each keeps a won position reachable
whenever one was):

1. Symmetric piles. Piles differ in two ways only: the first-deal
   restriction (piles 1-4 play only to king foundations, 7-10 only to ace
   foundations) and the order in which a redeal gathers them (pile 12
   first), and Louis' refills go to the pile emptied. Once no redeal is
   left and there is no stock, the gathering order no longer matters, so
   renaming piles maps reachable positions to reachable positions and won
   ones to won ones. The key then lists the piles sorted - all twelve when
   the restriction is not in force, within each of the three groups
   {1-4}, {7-10}, {5, 6, 11, 12} when it is (``redeals=0`` with the
   restriction). For the same reason a card is moved to the first empty
   pile only, not to each. Before the last redeal piles are NOT
   interchangeable: two positions that differ by a renaming gather into
   different packs, so their keys keep the piles in order.

2. Safe plays to foundations. Each suit has two foundations building
   towards each other: the king foundation holds K down to k+1 and wants k,
   the ace foundation holds A up to a-1 and wants a. With two decks, each
   rank has two cards; a card on no foundation is "out". Once
   ``a >= k + 2`` (the counts of the suit's foundations add up to 14 or
   more), every rank from k+1 to a-1 lies on both foundations, every rank
   of the suit that is out is out once, the ones above a-1 are wanted by
   the ace foundation in rising order and those below k+1 by the king
   foundation in falling order. Then, provided (i) no redeal and no stock
   is left (a redeal would deal a different pack if a card left the piles),
   (ii) the restriction is not in force, (iii) the suit's foundation cards
   never move (``foundation_moves=none``, or ``relocate``: a relocation
   needs the suit's two foundations to hold 13 cards between them, and
   they hold 14 or more, which only grows), (iv) piles build by suit
   without wrapping,
   any play of that suit to a foundation may be made at once, without
   trying the alternatives. Proof: let T' be T after the play. Keep the
   relation "T' is T with a set R of cards of the suit taken off the piles
   and added to the foundations that want them, each foundation's share of
   R continuing it". Every move of T has a counterpart in T' keeping the
   relation: a move of a card in R is skipped; a move of another card y
   onto a pile whose top z in T is in R (y and z of the same suit, one
   rank apart) is replaced by playing y to its foundation, which in T'
   wants it: y is out once, the other card of z's rank is on a
   foundation, so y continues R's run (the ranks next to z that are not
   in R's run lie on both foundations and are not out). Any other move is
   legal in T' too, as the tops of T' are those of T or cards T has
   covered with cards of R, and a foundation that in T wants a card not
   in R wants it in T' (that card is out once). Foundations in T' hold
   at least what they hold in T, so when T is won, T' is. The rule is
   applied only when (i)-(iv) hold; otherwise every move is tried.

3. Identical cards. The two cards of a kind are the same byte, so the two
   ways of placing them give one key and are searched once.
"""

import random
import time
from heapq import heappop, heappush

from ..core.moves import DEAL, REDEAL
from .foundations import BURIED, FULL, wanted_table
from .position import Position
from .result import LOSS, UNKNOWN, WIN, Result, with_relocations

# ``Solver.solve`` first runs the exact search for this many positions, then
# (undecided) from scratch.
FIRST_SEARCH = 5000
# With ``foundation_moves=all`` (closures too big to walk whole), probes:
# (closure positions walked, redeals tried from each closure, positions
# below each last redeal, positions in all, whether cards may come back off
# the foundations, how far the redeals' order is shaken). The first pass
# takes the redeals in the greedy order; the next ones, SHAKEN_PROBES (of
# several shapes: no one shape wins every deal), that order shaken a little
# or nearly at random (by 20 cards), until the budget runs out.
NARROW_PROBES = ((20, 2, 500, 5000, False, 0.0), (20, 2, 500, 5000, True, 0.0),
                 (100, 4, 2000, 30000, False, 0.0), (100, 4, 2000, 30000, True, 0.0),
                 (1000, 8, 5000, 100000, False, 0.0))
SHAKEN_PROBES = ((50, 3, 1000, 15000, False, 3.0), (20, 2, 500, 5000, False, 8.0),
                 (20, 2, 500, 5000, False, 20.0), (50, 2, 3000, 15000, False, 20.0),
                 (100, 4, 2000, 30000, False, 8.0))
NARROW_PASSES = 200  # then the exact search (no budget: it must end somewhere)
_NO_LIMIT = 1 << 62


class Solver(Position):
    """A search from one position (a ``Game``; it is copied, not changed)."""

    # Narrowing of the probes (``_narrow_probes``); none in the exact search.
    closure_cap = _NO_LIMIT
    redeal_width = _NO_LIMIT
    jitter = 0.0
    cut = False  # whether the last search left something out

    # -- the search ------------------------------------------------------------

    def _expand(self, snap, key):
        """The children of a position in the search: a walk over the card
        moves that are not plays to foundations (its "closure"), yielding
        ``(snapshot, key)`` of each new position a play to a foundation
        leads to as it is met; then those a redeal (or Louis' deal) from
        each position of the closure leads to. The closure is walked best
        first: the position whose piles hold a card a foundation takes
        under the fewest other cards next (then the oldest; only the oldest
        while the restriction is in force or cards come back off the
        foundations). Every position met is marked in ``seen``."""
        seen = self.seen
        moves_of = self.moves_of
        make_child = self.child
        key_of = self.key_of
        tables = self.tables
        guide = not self.off_foundation and not (self.restrict_rule and snap[3] == 0)
        queue = [(0, 0, snap, key)]
        count = 0
        closure = []
        closure_cap = self.closure_cap
        while queue:
            if len(closure) >= closure_cap:
                self.cut = True
                break
            _, _, snap, key = heappop(queue)
            closure.append((snap, key))
            for move in moves_of(*snap):
                if move >= 400:
                    continue
                after = make_child(snap, move)
                child = key_of(after)
                if child in seen:
                    continue
                seen[child] = (key, move)
                self.nodes += 1
                if not self.nodes & 1023:
                    self._check_budget()
                if move % 20 >= 12 and move < 240:  # a pile's card to a foundation
                    yield after, child
                elif after[1] == FULL:
                    yield after, child
                else:
                    depth = 0
                    if guide:
                        table = tables.get(after[1])
                        if table is None:
                            table = tables[after[1]] = wanted_table(after[1])
                        # The fewest cards over a card a foundation takes (the
                        # key after its foundations and round lists the piles).
                        marks = child[9:].translate(table)
                        for depth, pattern in enumerate(BURIED):
                            if pattern in marks:
                                break
                    count += 1
                    heappush(queue, (depth, count, after, child))
        children = []
        for snap, key in closure:
            self.restore(snap)
            if self.louis and self.round == 0 and self.stock:
                move = DEAL
            elif self.round < self.redeals:
                move = REDEAL
            else:
                return
            self.play(move)
            child = self.key()
            if child not in seen:
                seen[child] = (key, move)
                self.nodes += 1
                after = self.snapshot()
                score = 0
                if self.order_redeals:  # costly: only where the order is used
                    score = self.plays_home()
                    if self.jitter:
                        score += self.jitter * self.rng.random()
                children.append((-score, len(children), after, child))
        if self.order_redeals:  # the pack that lets most cards go straight home first
            children.sort()
        if len(children) > self.redeal_width:
            self.cut = True
            del children[self.redeal_width:]
        for _, _, snap, child in children:
            yield snap, child

    def _check_budget(self):
        if (self.deadline is not None and time.perf_counter() > self.deadline) or \
                (self.max_nodes is not None and self.nodes >= self.max_nodes):
            raise _OutOfBudget()

    def solve(self, budget=10.0, max_nodes=None):
        """Search from the position; a ``Result``. ``budget`` in seconds
        (None: no limit), ``max_nodes`` positions (None: no limit).

        The exact search for FIRST_SEARCH positions (most deals are won
        within them); with ``foundation_moves=all`` the narrow probes; then
        the exact search from scratch until the budget runs out. Only a
        search that left nothing out answers ``loss``."""
        start = time.perf_counter()
        self.deadline = None if budget is None else start + budget
        self.max_nodes = max_nodes
        self.nodes = 0
        self.order_redeals = False
        self.tables = {}  # wanted_table's tables by foundation counts
        first = self.snapshot()
        result = UNKNOWN
        if FIRST_SEARCH:
            result = self._limited_search(first, None, FIRST_SEARCH, max_nodes)
        if result == UNKNOWN and self.off_foundation and not self._out_of_time():
            result = self._narrow_probes(first, max_nodes)
        if result == UNKNOWN and not self._out_of_time():
            result = self._search(None)
            self.restore(first)
        if isinstance(result, list):
            if self.absorb:
                result = with_relocations(self, result)
            return Result(WIN, result, self.nodes, time.perf_counter() - start)
        return Result(result, [], self.nodes, time.perf_counter() - start)

    def _narrow_probes(self, first, max_nodes):
        """A pass of ``NARROW_PROBES`` from ``first``, then of SHAKEN_PROBES until
        one wins, the budget runs out or NARROW_PASSES are done: the winning
        line, LOSS (a probe with every move cut nothing) or UNKNOWN."""
        self.order_redeals = True
        rule = self.off_foundation, self.relocate
        result = UNKNOWN
        for number in range(NARROW_PASSES):
            probes = SHAKEN_PROBES if number else NARROW_PROBES
            for index, (walk, width, cap, nodes, returns, jitter) in enumerate(probes):
                self.rng = random.Random(number << 8 | index)  # seeded: a run repeats
                self.jitter = jitter
                self.closure_cap = walk
                self.redeal_width = width
                self.off_foundation, self.relocate = rule if returns else (False, False)
                result = self._limited_search(first, cap, nodes, max_nodes)
                self.off_foundation, self.relocate = rule
                if result == UNKNOWN and returns and not self.cut:
                    result = LOSS
                if result != UNKNOWN or self._out_of_time():
                    break
            if result != UNKNOWN or self._out_of_time():
                break
        self.closure_cap = self.redeal_width = _NO_LIMIT
        self.jitter = 0.0
        self.order_redeals = False
        return result

    def _limited_search(self, first, cap, nodes, max_nodes):
        """``_search(cap)`` from ``first`` for at most ``nodes`` more
        positions (and within ``max_nodes``); the position and the overall
        limit are as they were after it (its own limit ends only it)."""
        self.max_nodes = self.nodes + nodes if max_nodes is None \
            else min(max_nodes, self.nodes + nodes)
        self.cut = False
        result = self._search(cap)
        self.restore(first)
        self.max_nodes = max_nodes
        return result

    def _out_of_time(self):
        return (self.deadline is not None and time.perf_counter() > self.deadline) or \
            (self.max_nodes is not None and self.nodes >= self.max_nodes)

    def _final(self, snap):
        """Whether no redeal or deal of the stock is left in a snapshot."""
        return snap[3] >= self.redeals and not snap[2]

    def _search(self, cap=None):
        """Depth first over ``_expand``'s children: the winning line (a list
        of moves), LOSS, or UNKNOWN (out of budget, or ``cap`` cut a search
        short). With ``cap``, below each position the last redeal (or deal)
        reaches only ``cap`` positions are visited."""
        root = self.key()
        self.seen = {root: None}
        self.nodes += 1
        if self.won():
            return []
        snap = self.snapshot()
        stack = [self._expand(snap, root)]
        finals = [self._final(snap)]
        entries = []  # (stack depth, nodes) where a capped search below a last redeal began
        try:
            while stack:
                if entries and self.nodes - entries[-1][1] > cap:
                    self.cut = True
                    del stack[entries[-1][0]:]
                    del finals[entries[-1][0]:]
                    entries.pop()
                    continue
                for snap, key in stack[-1]:
                    if snap[1] == FULL:
                        return self._line(key)
                    final = self._final(snap)
                    if cap and final and not finals[-1]:
                        entries.append((len(stack), self.nodes))
                    stack.append(self._expand(snap, key))
                    finals.append(final)
                    break
                else:
                    stack.pop()
                    finals.pop()
                    if entries and entries[-1][0] == len(stack):
                        entries.pop()
        except _OutOfBudget:
            self.cut = True
            return UNKNOWN
        finally:
            self.seen = None
        return UNKNOWN if cap else LOSS

    def _line(self, key):
        """The moves from the root to the position ``key``."""
        seen = self.seen
        moves = []
        step = seen[key]
        while step is not None:
            key, move = step
            moves.append(move)
            step = seen[key]
        moves.reverse()
        return moves


class _OutOfBudget(Exception):
    pass


def solve(game, budget=10.0, max_nodes=None):
    """``Solver(game).solve(budget, max_nodes)``: win, loss or unknown."""
    return Solver(game).solve(budget, max_nodes)
