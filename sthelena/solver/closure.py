"""The walk over a position's closure: the children the solver's searches take.

Desktop only (``search.Solver`` builds its searches on it). A position's
children, for ``search.Solver.searching``: move ordering, plays to
foundations first, then moves between piles that uncover a card a
foundation takes, then the other card moves, then a redeal (or Louis'
deal) last. Between two plays to
foundations the moves between piles are walked best first, the position
with a wanted card under the fewest others first, and among those the one
met last (the walk keeps on from the position it has just made: on deals
1-1000 of St. Helena, PySolFC's rules and box-kite 11-25% fewer positions
than the one met first, on Louis' 6% more; an order only: every
position of the walk is still visited before a loss is answered); not
while the restriction is in force (a wanted card may lie in a pile that
cannot play it; ``guide_always`` walks those best first too) nor where
cards come back off the foundations (``foundation_moves=all``): breadth
first there. With ``order_redeals``, among the redeals from the positions
of a closure, first the one after which plays to foundations alone put the
most cards home (that order helps some deals and hurts others, so the exact
search keeps the plain one). For ``best_first``, the children of single
moves instead.

In the last round, ``closure_jitter`` shakes the order of the closures'
walk (each position's priority plus that many times a random number below
one): where no redeal is left, an exact search still, which the portfolio
restarts with new seeds (``portfolio._restarts``); with PySolFC's rules,
the guided narrow probes' (``portfolio.SHAKEN_PROBES``). In the first
deal, ``redeals_first`` tries the redeals from a closure before the
positions its plays to foundations lead to (some probes': a few deals are
won only by redealing early, a line the greedy order leaves for last).
It changes an order only, and the positions left waiting are of the first
deal, which no position of a later round leads back to.

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

Keys: a move between piles keeps the foundations, the round and the stock,
and a play home changes only the foundations, so the walk makes those
children's keys from parts kept for each foundation counts
(``Position.key_parts``, ``home_parts``) and builds a snapshot only for a
position not met before.
"""

from heapq import heappop, heappush

from ..core.moves import DEAL, REDEAL
from .foundations import BURIED, FULL, wanted_table
from .position import PILE_SEP, Position

NO_LIMIT = 1 << 62


class Closures(Position):
    """A position and the walk of its closures, with the settings of one
    search (the portfolio's narrowing; none in the exact search)."""

    cap = None  # positions visited below each position the last redeal reaches
    closure_cap = NO_LIMIT
    redeal_width = NO_LIMIT
    order_redeals = False
    jitter = 0.0
    rng = None
    every_move = True  # False: without the moves off the foundations (a subset)
    guide_always = False  # closures best first under the restriction too
    weight = 0  # for best_first: a card home is worth this many cards' depth
    cuts = 0  # how many times the search left something out
    pending = 0  # redeals' (and deals') positions met but not searched yet
    tables = None  # wanted_table's tables by foundation counts, shared by a portfolio
    lost = frozenset()  # positions proved lost, shared by a portfolio's searches (reduction 5)
    redeals_first = False  # in the first deal, redeals before plays to foundations
    closure_jitter = 0.0  # closures of the last round walked in a shaken order

    def _expand(self, snap, key, single=False):
        """The children of a position in the search: a walk over the card
        moves that are not plays to foundations (its "closure"), yielding
        ``(snapshot, key)`` of each new position a play to a foundation
        leads to as it is met; then those a redeal (or Louis' deal) from
        each position of the closure leads to. The closure is walked best
        first: the position whose piles hold a card a foundation takes
        under the fewest other cards next (then the newest; only the oldest
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
        step = -1 if guide else 1  # ties: the newest first, or the oldest
        closure = []
        closure_cap = self.closure_cap
        shake = self.closure_jitter if self._final(snap) else 0.0
        # In the first deal, with ``redeals_first``: the positions plays to
        # foundations lead to after those the redeals lead to.
        later = [] if self.redeals_first and not single and snap[3] == 0 and \
            not self._final(snap) else None
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
                    if later is None:
                        yield after, child
                    else:
                        later.append((after, child))
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
                    count += step
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
                break  # the last round: no redeal
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
        if later:
            yield from later

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
