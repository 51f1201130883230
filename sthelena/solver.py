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

The search. Reaching a won position is a reachability question, so a set of
visited positions is a complete transposition table: a position met again
has either been searched to the end (and led to no win) or is on the
current line (and what it leads to will be searched there). A redeal and
Louis' deal are moves like the others, legal whenever the core says so.
Keys are exact (bytes of the foundations, the round, the piles and the
stock), so a ``loss`` is a proof, not a guess with a hash collision.
Move ordering: plays to foundations first, then moves between piles
that uncover a card a foundation takes, then the other card moves, then a
redeal (or Louis' deal) last.

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
   (ii) the restriction is not in force, (iii) foundation cards never move
   (``foundation_moves=none``), (iv) piles build by suit without wrapping,
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

import time
from collections import deque

from .moves import DEAL, REDEAL
from .notation import move_name

WIN = "win"
LOSS = "loss"
UNKNOWN = "unknown"
_FULL = b"\x0d" * 8
_SEP = b"\xff"
# Piles the restriction treats alike (0-based), for rule 1 with the restriction on.
_GROUPS = ((0, 1, 2, 3), (6, 7, 8, 9), (4, 5, 10, 11))


class Result:
    """What a search found: ``result`` (win, loss, unknown), ``moves``
    (core move numbers; the winning line for a win), ``nodes`` (positions
    visited) and ``seconds``."""

    def __init__(self, result, moves, nodes, seconds):
        self.result = result
        self.moves = moves
        self.nodes = nodes
        self.seconds = seconds

    def names(self):
        return [move_name(move) for move in self.moves]

    def as_dict(self):
        return {"result": self.result, "moves": self.names(), "nodes": self.nodes,
                "seconds": round(self.seconds, 4)}

    def __repr__(self):
        return "Result(%s, %d moves, %d nodes, %.3f s)" % (
            self.result, len(self.moves), self.nodes, self.seconds)


class Solver:
    """A search from one position (a ``Game``; it is copied, not changed)."""

    def __init__(self, game):
        rules = game.rules
        self.any_suit = rules.build == "any"
        self.wrap = rules.wrap
        self.fill = rules.spaces == "any"
        self.redeals = rules.redeals
        self.restrict_rule = rules.restricted_first_deal
        self.clockwise = rules.gather == "clockwise"
        self.relocate = rules.foundation_moves != "none"
        self.off_foundation = rules.foundation_moves == "all"
        self.louis = rules.louis_start
        # Reduction 4: with relocate only, a suit whose foundations hold 13
        # cards between them is one position whatever the split.
        self.absorb = rules.foundation_moves == "relocate"
        self.safe_rule = (not self.any_suit and not self.wrap
                          and rules.foundation_moves != "all")
        self.piles = [bytes(pile) for pile in game.piles]
        self.found = bytearray(game.foundations)
        self.round = game.round
        self.stock = bytes(game.stock)
        # hosts[card]: the top cards it may be put on (by rank and suit alone).
        self.hosts = [self._hosts_of(card) for card in range(64)]

    def _hosts_of(self, card):
        rank = card & 15
        if not 1 <= rank <= 13:
            return ()
        ranks = [rank - 1, rank + 1]
        if self.wrap:
            ranks += [rank - 12, rank + 12]
        suits = range(4) if self.any_suit else (card >> 4,)
        return tuple(suit << 4 | other for suit in suits for other in ranks if 1 <= other <= 13)

    # -- the position ------------------------------------------------------

    def snapshot(self):
        return (tuple(self.piles), bytes(self.found), self.stock, self.round)

    def restore(self, snap):
        self.piles[:] = snap[0]
        self.found[:] = snap[1]
        self.stock = snap[2]
        self.round = snap[3]

    def symmetric(self):
        """Whether piles may be renamed (reduction 1): no redeal, no stock left."""
        return self.round >= self.redeals and not self.stock

    def key(self):
        found = self.found
        if self.absorb:
            found = bytearray(found)
            for suit in range(4):
                if found[suit] + found[suit + 4] == 13:
                    found[suit] = 13
                    found[suit + 4] = 0
        head = bytes(found) + bytes((self.round,))
        piles = self.piles
        if self.symmetric():
            if self.restrict_rule and self.round == 0:
                parts = []
                for group in _GROUPS:
                    parts.extend(sorted(piles[index] for index in group))
                    parts.append(b"")
            else:
                parts = sorted(piles)
        else:
            parts = piles
        return head + _SEP.join(parts) + b"\xfe" + self.stock

    def won(self):
        return self.found == _FULL

    # -- moves ---------------------------------------------------------------

    def moves(self):
        """The legal moves, best first (or the one safe play, reduction 2)."""
        piles = self.piles
        found = self.found
        stock = self.stock
        round_ = self.round
        final = round_ >= self.redeals and not stock
        louis = self.louis and round_ == 0 and len(stock) > 0
        restricted = self.restrict_rule and round_ == 0
        safe = self.safe_rule and final and not restricted
        tops = [cards[-1] if cards else 0 for cards in piles]
        plays = []
        # A full foundation wants rank 0 or 14, which no card has.
        for pile in range(12):
            card = tops[pile]
            if card:
                suit = card >> 4
                rank = card & 15
                if self.absorb and found[suit] + found[suit + 4] == 13:
                    # Reduction 4: any card of the suit goes home, after relocations.
                    if not (restricted and 6 <= pile <= 9):
                        plays.append(pile * 20 + 12 + suit)
                    elif not (restricted and pile < 4):
                        plays.append(pile * 20 + 16 + suit)
                    continue
                if 13 - found[suit] == rank and not (restricted and 6 <= pile <= 9):
                    if safe and found[suit] + found[suit + 4] >= 14:
                        return [pile * 20 + 12 + suit]
                    plays.append(pile * 20 + 12 + suit)
                if found[suit + 4] + 1 == rank and not (restricted and pile < 4):
                    if safe and found[suit] + found[suit + 4] >= 14:
                        return [pile * 20 + 16 + suit]
                    plays.append(pile * 20 + 16 + suit)
        if not louis:
            where = {}
            empty = []
            for pile in range(12):
                card = tops[pile]
                if card:
                    where[card] = where.get(card, ()) + (pile,)
                else:
                    empty.append(pile)
            if self.fill:
                if empty and final and not restricted:
                    del empty[1:]  # reduction 1: any empty pile is as good
            else:
                empty = ()
            hosts = self.hosts
            good = []
            other = []
            for pile in range(12):
                card = tops[pile]
                if not card:
                    continue
                targets = ()
                for host in hosts[card]:
                    if host in where:
                        targets += where[host]
                cards = piles[pile]
                if empty and (len(cards) > 1 or not final or restricted):
                    targets += tuple(empty)
                if not targets:
                    continue
                bucket = other
                if len(cards) > 1:  # does the move uncover a card a foundation takes?
                    under = cards[-2]
                    suit = under >> 4
                    rank = under & 15
                    if (13 - found[suit] == rank and not (restricted and 6 <= pile <= 9)) or \
                            (found[suit + 4] + 1 == rank and not (restricted and pile < 4)):
                        bucket = good
                base = pile * 20
                for target in targets:
                    if target != pile:
                        bucket.append(base + target)
            plays += good
            plays += other
            if self.off_foundation:
                for foundation in range(8):
                    card = self._found_top(foundation)
                    if card:
                        for target in range(12):
                            top = tops[target]
                            if (top in hosts[card]) if top else self.fill:
                                plays.append((12 + foundation) * 20 + target)
        if self.relocate and not self.absorb:
            for foundation in range(8):
                card = self._found_top(foundation)
                if card and self._wants(foundation ^ 4) == card & 15:
                    plays.append((12 + foundation) * 20 + 12 + (foundation ^ 4))
        if louis:
            plays.append(DEAL)
        elif round_ < self.redeals and found != _FULL:
            plays.append(REDEAL)
        return plays

    def _found_top(self, foundation):
        count = self.found[foundation]
        if not count:
            return 0
        suit = foundation & 3
        return suit << 4 | (14 - count if foundation < 4 else count)

    def _wants(self, foundation):
        count = self.found[foundation]
        if count >= 13:
            return 0
        return 13 - count if foundation < 4 else count + 1

    def play(self, move):
        """Make a legal move (the caller keeps a snapshot to undo it)."""
        piles = self.piles
        if move == REDEAL:
            self._deal_out(self._gathered())
            self.round += 1
            return
        if move == DEAL:
            stock = self.stock
            for index in range(len(stock)):
                piles[index % 12] += stock[len(stock) - 1 - index:len(stock) - index]
            self.stock = b""
            return
        source = move // 20
        target = move % 20
        if source < 12:
            cards = piles[source]
            card = cards[-1]
            piles[source] = cards[:-1]
            if target >= 12 and not piles[source] and self.louis and self.round == 0 \
                    and self.stock:
                piles[source] = self.stock[-1:]
                self.stock = self.stock[:-1]
        else:
            card = self._found_top(source - 12)
            self.found[source - 12] -= 1
        if target < 12:
            piles[target] += bytes((card,))
            return
        found = self.found
        suit = card >> 4
        if self.absorb and found[suit] + found[suit + 4] == 13:
            rank = card & 15  # relocate until the target wants the card
            if target < 16:
                found[suit] = 13 - rank
                found[suit + 4] = rank
            else:
                found[suit] = 14 - rank
                found[suit + 4] = rank - 1
        found[target - 12] += 1

    def _gathered(self):
        """The pack a redeal deals, first card first (as ``Game._gathered``)."""
        if self.clockwise:
            return b"".join(reversed(self.piles))
        return b"".join(pile[::-1] for pile in reversed(self.piles))

    def _deal_out(self, pack):
        self.piles[:] = [pack[index::12] for index in range(12)]

    # -- the search ------------------------------------------------------------

    def _expand(self, snap, key):
        """The children of a position in the search: a breadth-first walk
        over the card moves that are not plays to foundations (its
        "closure"), yielding ``(snapshot, key)`` of each new position a
        play to a foundation leads to, nearest first; then those a redeal
        (or Louis' deal) from each position of the closure leads to. Every
        position met is marked in ``seen`` with its parent and move."""
        seen = self.seen
        queue = deque(((snap, key),))
        closure = []
        while queue:
            snap, key = queue.popleft()
            closure.append((snap, key))
            self.restore(snap)
            for move in self.moves():
                if move >= 400:
                    continue
                self.restore(snap)
                self.play(move)
                child = self.key()
                if child in seen:
                    continue
                seen[child] = (key, move)
                self.nodes += 1
                if not self.nodes & 1023:
                    self._check_budget()
                if move % 20 >= 12 and move < 240:  # a pile's card to a foundation
                    yield self.snapshot(), child
                elif self.found == _FULL:
                    yield self.snapshot(), child
                else:
                    queue.append((self.snapshot(), child))
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
                yield self.snapshot(), child

    def _check_budget(self):
        if (self.deadline is not None and time.perf_counter() > self.deadline) or \
                (self.max_nodes is not None and self.nodes >= self.max_nodes):
            raise _OutOfBudget()

    def solve(self, budget=10.0, max_nodes=None):
        """Search from the position; a ``Result``. ``budget`` in seconds
        (None: no limit), ``max_nodes`` positions (None: no limit)."""
        start = time.perf_counter()
        self.deadline = None if budget is None else start + budget
        self.max_nodes = max_nodes
        self.nodes = 0
        first = self.snapshot()
        result = self._search()
        self.restore(first)
        if isinstance(result, list):
            if self.absorb:
                result = self._with_relocations(result)
            return Result(WIN, result, self.nodes, time.perf_counter() - start)
        return Result(result, [], self.nodes, time.perf_counter() - start)

    def _search(self):
        """Depth first over ``_expand``'s children: the winning line (a list
        of moves), LOSS, or UNKNOWN (out of budget)."""
        root = self.key()
        self.seen = {root: None}
        self.nodes += 1
        if self.won():
            return []
        stack = [self._expand(self.snapshot(), root)]
        try:
            while stack:
                for snap, key in stack[-1]:
                    if snap[1] == _FULL:
                        return self._line(key)
                    stack.append(self._expand(snap, key))
                    break
                else:
                    stack.pop()
        except _OutOfBudget:
            return UNKNOWN
        finally:
            self.seen = None
        return LOSS

    def _with_relocations(self, moves):
        """The line ``moves`` from the current position with the relocations
        reduction 4 leaves out put back in, so the core can play it."""
        first = self.snapshot()
        found = self.found
        line = []
        for move in moves:
            source = move // 20
            target = move % 20
            card = self.piles[source][-1] if source < 12 else 0
            if target >= 12 and card and found[card >> 4] + found[(card >> 4) + 4] == 13:
                suit = card >> 4
                rank = card & 15
                # Slide the meeting point of the suit's foundations, a card at a time.
                want = 13 - rank if target < 16 else 14 - rank  # the king foundation's count
                while found[suit] > want:
                    line.append((12 + suit) * 20 + 16 + suit)
                    found[suit] -= 1
                    found[suit + 4] += 1
                while found[suit] < want:
                    line.append((16 + suit) * 20 + 12 + suit)
                    found[suit] += 1
                    found[suit + 4] -= 1
            self.play(move)
            line.append(move)
        self.restore(first)
        return line

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
