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
``searching`` is depth first. Move ordering: plays to foundations first,
then moves between piles that uncover a card a foundation takes, then the
other card moves, then a redeal (or Louis' deal) last. Between two plays to
foundations the moves between piles are walked best first, the position
with a wanted card under the fewest others first (an order only: every
position of the walk is still visited before a loss is answered); not
while the restriction is in force (a wanted card may lie in a pile that
cannot play it; ``guide_always`` walks those best first too) nor where
cards come back off the foundations (``foundation_moves=all``): breadth
first there. With ``order_redeals``, among the redeals from the positions
of a closure, first the one after which plays to foundations alone put the
most cards home (that order helps some deals and hurts others, so the exact
search keeps the plain one). ``best_first`` is a greedy best-first search
over single moves instead (most cards home first).

Where no redeal is left, ``closure_jitter`` shakes the order of the
closures' walk (each position's priority plus that many times a random
number below one): an exact search still, which the portfolio restarts
with new seeds (``portfolio._restarts``).

Narrowed searches, each of which proves nothing when it cut something:
``cap`` visits only so many positions below each position the last redeal
reaches (a last round that cannot be won is left sooner); ``closure_cap``
walks only the first positions of each closure and ``redeal_width`` tries
only the best few redeals from it (the narrow probes of PySolFC's rules,
``foundation_moves=all``, whose closures, with any-suit building and cards
back off the foundations, are too big to walk whole); ``every_move=False``
leaves out the moves off the foundations: the moves of
``foundation_moves=none``, a subset (its wins are wins), in far smaller
closures, walked best first. A search that left nothing out (no cap
reached, no closure cut, no redeal dropped, every move) visited
everything: its ``loss`` is a proof as the exact search's is.

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
"""

from heapq import heappop, heappush

from ..core.moves import DEAL, REDEAL
from .foundations import BURIED, FULL, wanted_table
from .portfolio import run
from .position import PILE_SEP, Position
from .result import LOSS, UNKNOWN, WIN

_NO_LIMIT = 1 << 62


class Solver(Position):
    """A search from one position (a ``Game``; it is copied, not changed).

    ``searching`` is one search, a generator that pauses (yields None) when
    ``nodes`` reaches ``pause_at`` and resumes where it was; ``solve`` runs
    a portfolio of them (``portfolio.run``)."""

    # Narrowing (the portfolio's probes); none in the exact search.
    cap = None  # positions visited below each position the last redeal reaches
    closure_cap = _NO_LIMIT
    redeal_width = _NO_LIMIT
    order_redeals = False
    jitter = 0.0
    rng = None
    every_move = True  # False: without the moves off the foundations (a subset)
    guide_always = False  # closures best first under the restriction too
    weight = 0  # for best_first: a card home is worth this many cards' depth
    cuts = 0  # how many times the search left something out
    pending = 0  # redeals' (and deals') positions met but not searched yet
    seen = None
    tables = None  # wanted_table's tables by foundation counts, shared by a portfolio
    lost = frozenset()  # positions proved lost, shared by a portfolio's searches (reduction 5)
    closure_jitter = 0.0  # closures of the last round walked in a shaken order
    nodes = 0
    pause_at = _NO_LIMIT

    def member(self, cap=None, order_redeals=False, jitter=0.0, rng=None,
               closure_cap=_NO_LIMIT, redeal_width=_NO_LIMIT, every_move=True,
               guide_always=False, weight=0, closure_jitter=0.0):
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
        if not copy.every_move:  # the moves of foundation_moves=none, a subset
            copy.off_foundation = copy.relocate = False
        return copy

    # -- the search ------------------------------------------------------------

    def _expand(self, snap, key, single=False):
        """The children of a position in the search: a walk over the card
        moves that are not plays to foundations (its "closure"), yielding
        ``(snapshot, key)`` of each new position a play to a foundation
        leads to as it is met; then those a redeal (or Louis' deal) from
        each position of the closure leads to. The closure is walked best
        first: the position whose piles hold a card a foundation takes
        under the fewest other cards next (then the oldest; only the oldest
        while the restriction is in force or cards come back off the
        foundations). Every position met is marked in ``seen``. Yields None
        to pause when ``nodes`` reaches ``pause_at``. With ``single``, the
        children of single moves instead (every new position one card move,
        redeal or deal away), for ``best_first``."""
        seen = self.seen
        lost = self.lost
        moves_of = self.moves_of
        make_child = self.child
        key_of = self.key_of
        tables = self.tables
        guide = not self.off_foundation and (
            self.guide_always or not (self.restrict_rule and snap[3] == 0))
        queue = [(0, 0, snap, key)]
        count = 0
        closure = []
        closure_cap = self.closure_cap
        shake = self.closure_jitter if self._final(snap) else 0.0
        key_parts = self.key_parts
        join = PILE_SEP.join
        parts_of = head = None  # the foundations the key's parts are for
        while queue:
            if self.nodes >= self.pause_at:
                yield None
            if len(closure) >= closure_cap:
                self.cuts += 1
                break
            _, _, snap, key = heappop(queue)
            closure.append((snap, key))
            piles, found, stock, round_ = snap
            if found is not parts_of:
                parts_of = found
                head, tail, symmetric = key_parts(snap)
                louis_stock = self.louis and stock
            for move in moves_of(piles, found, stock, round_):
                if move >= 400:
                    continue
                target = move % 20
                if target < 12 and move < 240 and head is not None:
                    # Between piles: the key first, the snapshot only if new
                    # (``child`` and ``key_of`` inline: the hottest loop).
                    new = list(piles)
                    cards = piles[move // 20]
                    new[move // 20] = cards[:-1]
                    new[target] = piles[target] + cards[-1:]
                    child = head + join(sorted(new) if symmetric else new) + tail
                    if child in seen or child in lost:
                        continue
                    after = (tuple(new), found, stock, round_)
                elif move < 240 and head is not None and not louis_stock:
                    # A pile's card home, likewise.
                    cards = piles[move // 20]
                    home = tables.get((found, target, cards[-1]))
                    if home is None:
                        home = tables[(found, target, cards[-1])] = self.home_parts(
                            found, target, cards[-1], round_)
                    new = list(piles)
                    new[move // 20] = cards[:-1]
                    child = home[1] + join(sorted(new) if symmetric else new) + tail
                    if child in seen or child in lost:
                        continue
                    after = (tuple(new), home[0], stock, round_)
                else:
                    after = make_child(snap, move)
                    child = key_of(after)
                    if child in seen or child in lost:
                        continue
                seen[child] = (key, move)
                self.nodes += 1
                if target >= 12 and move < 240:  # a pile's card to a foundation
                    yield after, child
                elif after[1] == FULL or single:
                    yield after, child
                else:
                    depth = 0
                    if guide:  # inline, not ``_depth``: the hottest loop
                        table = tables.get(after[1])
                        if table is None:
                            table = tables[after[1]] = wanted_table(after[1], self.absorb)
                        marks = child[9:].translate(table)
                        for depth, pattern in enumerate(BURIED):
                            if pattern in marks:
                                break
                    count += 1
                    if shake:
                        depth += shake * self.rng.random()
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
            if child not in seen and child not in lost:
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
            self.cuts += 1
            del children[self.redeal_width:]
        # Marked as met but not searched yet: while any is, a position of the
        # last round may lead to one, so ``searching`` keeps no proof.
        self.pending += len(children)
        for _, _, snap, child in children:
            self.pending -= 1
            yield snap, child

    def _depth(self, found, key):
        """The fewest cards over a card a foundation takes in the position
        of ``key`` (foundations ``found``): the order of closures and of
        ``best_first`` (the key after its foundations and round lists the
        piles)."""
        table = self.tables.get(found)
        if table is None:
            table = self.tables[found] = wanted_table(found, self.absorb)
        marks = key[9:].translate(table)
        for depth, pattern in enumerate(BURIED):
            if pattern in marks:
                return depth
        return len(BURIED) - 1  # as the deepest the patterns tell

    def _final(self, snap):
        """Whether no redeal or deal of the stock is left in a snapshot."""
        return snap[3] >= self.redeals and not snap[2]

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
        self.seen = None
        return UNKNOWN if self.cuts or not self.every_move else LOSS

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
        self.seen = None
        return UNKNOWN if self.cuts or not self.every_move else LOSS

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
