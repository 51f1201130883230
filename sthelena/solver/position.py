"""The solver's own position: piles as ``bytes``, moves as the core's numbers.

Desktop only. ``solver.Solver`` searches over it; the reductions named
here and in ``move_lists`` (1, 2, 4) are the ones ``solver``'s docstring
proves safe.
"""

from ..core.moves import DEAL, REDEAL
from .foundations import FULL, found_top, joined
from .move_lists import MoveLists

PILE_SEP = b"\xff"
_ROUNDS = [bytes((number,)) for number in range(256)]
# Piles the restriction treats alike (0-based), for reduction 1 with the restriction on.
_GROUPS = ((0, 1, 2, 3), (6, 7, 8, 9), (4, 5, 10, 11))


class Position(MoveLists):
    """A copy of a ``Game``'s position (not changed by the search); its
    moves are ``MoveLists``'."""

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
        return self.key_of((self.piles, self.found, self.stock, self.round))

    def key_of(self, snap):
        """The exact key of a snapshot (reductions 1 and 4 applied)."""
        piles, found, stock, round_ = snap
        if self.absorb:
            found = joined(bytes(found))
        if round_ >= self.redeals and not stock:  # symmetric (reduction 1)
            if self.restrict_rule and round_ == 0:
                parts = []
                for group in _GROUPS:
                    parts.extend(sorted(piles[index] for index in group))
                    parts.append(b"")
            else:
                parts = sorted(piles)
        else:
            parts = piles
        return b"".join((found, _ROUNDS[round_], PILE_SEP.join(parts), b"\xfe", stock))

    def key_parts(self, snap):
        """``(head, tail, symmetric)``: the key of a position with the
        foundations, stock and round of ``snap`` and piles P is ``head +
        PILE_SEP.join(sorted(P) if symmetric else P) + tail`` (``key_of``);
        ``(None, None, False)`` where the restriction's groups are sorted
        apart."""
        _, found, stock, round_ = snap
        if self.absorb:
            found = joined(bytes(found))
        if round_ >= self.redeals and not stock:
            if self.restrict_rule and round_ == 0:
                return None, None, False
            symmetric = True
        else:
            symmetric = False
        return bytes(found) + _ROUNDS[round_], b"\xfe" + stock, symmetric

    def home_parts(self, found, target, card, round_):
        """``(foundations, head)`` after ``card`` goes from a pile to
        foundation ``target`` (12-19) from ``found``, as ``child`` makes
        them, and the head of their keys (``key_parts``)."""
        counts = bytearray(found)
        suit = (target - 12) & 3
        if self.absorb and counts[suit] + counts[suit + 4] == 13:
            rank = card & 15  # as ``play``: relocations first, then the card home
            counts[suit] = 14 - rank
            counts[suit + 4] = rank
        else:
            counts[target - 12] += 1
        found = bytes(counts)
        return found, (joined(found) if self.absorb else found) + _ROUNDS[round_]

    def won(self):
        return self.found == FULL

    def child(self, snap, move):
        """The snapshot a card move (not a redeal or deal) leads to from
        ``snap``, made without changing the position (except in the rare
        cases it falls back on ``restore`` and ``play``)."""
        piles, found, stock, round_ = snap
        source = move // 20
        target = move % 20
        if source < 12:
            cards = piles[source]
            if target < 12:
                new = list(piles)
                new[source] = cards[:-1]
                new[target] = piles[target] + cards[-1:]
                return (tuple(new), found, stock, round_)
            if not (self.louis and stock):
                new = list(piles)
                new[source] = cards[:-1]
                return (tuple(new), self.home_parts(found, target, cards[-1], round_)[0], stock,
                        round_)
        self.restore(snap)
        self.play(move)
        return self.snapshot()

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
            card = found_top(self.found, source - 12)
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
