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

The searches (a portfolio of them, run in turns: ``portfolio.run``).
Reaching a won position is a reachability question, so a set of
visited positions is a complete transposition table: a position met again
has either been searched to the end (and led to no win) or is on the
current line (and what it leads to will be searched there). A redeal and
Louis' deal are moves like the others, legal whenever the core says so.
Keys are exact (bytes of the foundations, the round, the piles and the
stock), so a ``loss`` is a proof, not a guess with a hash collision.
``searching`` is depth first over the children ``closure.Closures``
makes (its docstring tells their order and the narrowed searches);
``best_first`` a greedy best-first search over single moves.

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

5. Shared proofs of loss (the portfolio's searches share a set ``lost``;
   reduction 4 is ``position``'s). In the last round (no redeal or stock
   left) and where no card comes back off the foundations, a move between
   piles keeps the number of cards home and a play to a foundation adds
   one, so no position of the last round leads back to one with fewer
   cards home, nor to an earlier round. ``searching`` keeps a stack of
   levels, each a position and the walk of its closure; below a level of
   the last round every position has at least as many cards home as the
   level's position and more than any level above it that is in the last
   round. When a level's search ends without a win, in a search that has
   cut nothing so far (no cap, closure or redeal cut; every move), every
   position first met below it is lost: whatever it reaches has either
   been met below the level, or was met earlier and was not on the stack
   (positions on the stack above have fewer cards home, or are of an
   earlier round), so was itself under a level that ended without a win
   and is lost, by induction on the order in which levels end. Once a
   search has cut something, the positions it met where it cut were not
   searched to the end, yet it will not visit them again: from then on it
   keeps nothing (what it kept before stays proved). Nor while positions
   a redeal (or Louis' deal) leads to are marked met but not yet searched
   (they are marked together, then searched one after another): a
   position of the last round may lead to one of them. Those
   positions move from the search's ``seen`` (kept in the order met, so
   they are its last entries) to ``lost``; every search, narrowed or not,
   skips a position in ``lost``, as visiting it could only find more lost
   positions. A position on the line being searched is never in ``lost``,
   so winning lines are read from ``seen`` as before. With cards coming
   back off the foundations (``foundation_moves=all``), a position may lead
   back to one still on the stack, so nothing is shared there.

6. Stranded cards. A position of the last round in which some card can
   never leave its pile is lost (``stuck.stranded``, which proves it: a
   won game takes every card home, off its pile). ``searching`` neither
   searches such a position nor the root when it is one; it stays in
   ``seen`` as met, and a level that ends above it hands it to ``lost``
   with the rest (it is lost, as reduction 5 asks of them). Not where
   cards come back off the foundations (they may come back to build on).
"""

from heapq import heappop, heappush

from .closure import NO_LIMIT, Closures
from .foundations import FULL
from .portfolio import run
from .result import LOSS, UNKNOWN, WIN
from .stuck import stranded


class Solver(Closures):
    """A search from one position (a ``Game``; it is copied, not changed).

    ``searching`` is one search, a generator that pauses (yields None) when
    ``nodes`` reaches ``pause_at`` and resumes where it was; ``solve`` runs
    a portfolio of them (``portfolio.run``)."""

    seen = None
    nodes = 0
    pause_at = NO_LIMIT

    def member(self, cap=None, order_redeals=False, jitter=0.0, rng=None,
               closure_cap=NO_LIMIT, redeal_width=NO_LIMIT, every_move=True,
               guide_always=False, weight=0, closure_jitter=0.0, redeals_first=False):
        """A copy of this solver, at its position, to run one search of the
        portfolio: its own position, visited set and count of positions."""
        copy = Solver.__new__(Solver)
        copy.__dict__.update(self.__dict__)
        copy.piles = list(self.piles)
        copy.found = bytearray(self.found)
        if copy.tables is None:
            copy.tables = {}
        copy.nodes = 0
        copy.cuts = 0
        copy.pending = 0
        copy.cap = cap
        copy.order_redeals = order_redeals
        copy.jitter = jitter
        copy.rng = rng
        copy.closure_cap = closure_cap
        copy.redeal_width = redeal_width
        copy.every_move = every_move or not self.off_foundation
        copy.guide_always = guide_always
        copy.weight = weight
        copy.closure_jitter = closure_jitter
        copy.redeals_first = redeals_first
        if not copy.every_move:  # the moves of foundation_moves=none, a subset
            copy.off_foundation = copy.relocate = False
        return copy

    def searching(self):
        """Depth first over ``_expand``'s children from the position, a
        generator: yields None to pause (``pause_at`` reached), and returns
        the winning line (a list of moves), LOSS (nothing was left out:
        every reachable position visited) or UNKNOWN (``cap``, ``closure_cap``
        or ``redeal_width`` cut something, or the moves were a subset). With
        ``cap``, below each position the last redeal (or deal) reaches only
        ``cap`` positions are visited. A position of the last round whose
        search ends, in a search that has cut nothing yet and with no
        redeal's position waiting, hands every position met below it to
        ``lost`` (reduction 5), out of ``seen``."""
        cap = self.cap
        root = self.key()
        seen = self.seen = {root: None}
        self.nodes += 1
        if self.won():
            return []
        lost = self.lost
        record = self.every_move and not self.off_foundation and type(lost) is set
        snap = self.snapshot()
        if self._final(snap) and self._stranded(snap):
            return self._exhausted()
        stack = [self._expand(snap, root)]
        # Each level's position: whether it is in the last round, and the size
        # of ``seen`` when its search began.
        levels = [(self._final(snap), len(seen))]
        entries = []  # (stack depth, nodes) where a capped search below a last redeal began
        while stack:
            if entries and self.nodes - entries[-1][1] > cap:
                self.cuts += 1
                del stack[entries[-1][0]:]
                del levels[entries[-1][0]:]
                entries.pop()
                continue
            for item in stack[-1]:
                if item is None:
                    yield None
                    continue
                snap, key = item
                if snap[1] == FULL:
                    line = self._line(key)
                    self.seen = None
                    return line
                final = self._final(snap)
                if final and self._stranded(snap):
                    continue  # lost (reduction 6): not searched
                if cap and final and not levels[-1][0]:
                    entries.append((len(stack), self.nodes))
                stack.append(self._expand(snap, key))
                levels.append((final, len(seen)))
                break
            else:
                stack.pop()
                final, size = levels.pop()
                if final and record and not self.cuts and not self.pending:
                    # Met after this level began (``seen`` keeps its order).
                    while len(seen) > size:
                        lost.add(seen.popitem()[0])
                if entries and entries[-1][0] == len(stack):
                    entries.pop()
        return self._exhausted()

    def best_first(self):
        """A greedy best-first search over single moves (redeals and Louis'
        deal included), a generator as ``searching``: the position with the
        most cards home next, then the one whose wanted card lies under the
        fewest others (``weight`` trades the two), then the oldest. Every
        position met is kept, so an empty queue is a proof of loss (with
        every move, as ``searching``'s)."""
        root = self.key()
        self.seen = {root: None}
        self.nodes += 1
        if self.won():
            return []
        weight = self.weight
        count = 0
        queue = [(0, 0, self.snapshot(), root)]
        while queue:
            _, _, snap, key = heappop(queue)
            for item in self._expand(snap, key, True):
                if item is None:
                    yield None
                    continue
                after, child = item
                found = after[1]
                if found == FULL:
                    line = self._line(child)
                    self.seen = None
                    return line
                count += 1
                heappush(queue, (self._depth(found, child) - weight * sum(found), count, after,
                                 child))
        return self._exhausted()

    def _exhausted(self):
        """A search's answer when it has visited every position it may:
        LOSS if it left nothing out (no cut, every move), else UNKNOWN; its
        visited set is let go."""
        self.seen = None
        return UNKNOWN if self.cuts or not self.every_move else LOSS

    def _stranded(self, snap):
        """Whether a position of the last round is lost because a card of it
        can never leave its pile (reduction 6, ``stuck.stranded``); not
        where cards come back off the foundations."""
        return not self.off_foundation and stranded(snap[0], snap[1], self.hosts, self.fill,
                                                    self.relocate)

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

    def solve(self, budget=10.0, max_nodes=None):
        """Search from the position; a ``Result``. ``budget`` in seconds
        (None: no limit), ``max_nodes`` positions (None: no limit): the
        portfolio of ``portfolio.run``. Only a search that left nothing
        out answers ``loss``."""
        return run(self, budget, max_nodes)


def solve(game, budget=10.0, max_nodes=None):
    """``Solver(game).solve(budget, max_nodes)``: win, loss or unknown."""
    return Solver(game).solve(budget, max_nodes)


__all__ = ["LOSS", "UNKNOWN", "WIN", "Solver", "solve"]
