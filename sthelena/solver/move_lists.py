"""The solver's move lists: the legal moves of a position, best first.

Desktop only. ``position.Position`` (the position's own fields: piles,
foundations, round, stock, the rules' flags, ``hosts``) takes these
methods; reductions 1 and 2 of ``search``'s docstring are applied here
(any empty pile is as good once no redeal is left; the one safe play).
Moves are the core's numbers (``source * 20 + target``, ``REDEAL``,
``DEAL``).
"""

from ..core.moves import DEAL, REDEAL
from .foundations import FULL, found_top, homes_of, relocations


class MoveLists:
    """The moves of the position a subclass holds (``Position``)."""

    def moves(self):
        """The legal moves, best first (or the one safe play, reduction 2)."""
        return self.moves_of(self.piles, self.found, self.stock, self.round)

    def moves_of(self, piles, found, stock, round_):
        """``moves`` of the position given by its parts (a snapshot's), which
        the search calls without restoring the position first."""
        final = round_ >= self.redeals and not stock
        louis = self.louis and round_ == 0 and len(stock) > 0
        restricted = self.restrict_rule and round_ == 0
        if not (restricted or louis):
            return self._free_moves(piles, found, round_, final)
        safe = self.safe_rule and final and not restricted
        absorb = self.absorb
        tops = [cards[-1] if cards else 0 for cards in piles]
        plays = []
        # A full foundation wants rank 0 or 14, which no card has.
        for pile in range(12):
            card = tops[pile]
            if card:
                suit = card >> 4
                rank = card & 15
                kings = found[suit]
                aces = found[suit + 4]
                if absorb and kings + aces == 13:
                    # Reduction 4: any card of the suit goes home, after relocations.
                    if not (restricted and 6 <= pile <= 9):
                        plays.append(pile * 20 + 12 + suit)
                    elif not (restricted and pile < 4):
                        plays.append(pile * 20 + 16 + suit)
                    continue
                if 13 - kings == rank and not (restricted and 6 <= pile <= 9):
                    if safe and kings + aces >= 14:
                        return [pile * 20 + 12 + suit]
                    plays.append(pile * 20 + 12 + suit)
                if aces + 1 == rank and not (restricted and pile < 4):
                    if safe and kings + aces >= 14:
                        return [pile * 20 + 16 + suit]
                    plays.append(pile * 20 + 16 + suit)
        if not louis:
            where = {}
            empty = []
            for pile in range(12):
                card = tops[pile]
                if card:
                    if card in where:
                        where[card] = where[card] + (pile,)
                    else:
                        where[card] = (pile,)
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
                self._off_foundation_moves(found, tops, where, plays)
        if self.relocate and not absorb:
            relocations(found, plays)
        if louis:
            plays.append(DEAL)
        elif round_ < self.redeals and found != FULL:
            plays.append(REDEAL)
        return plays

    def _free_moves(self, piles, found, round_, final):
        """``moves_of`` when neither the restriction nor Louis' stock is in
        play (most positions searched): the same moves (in the same order,
        but for reduction 4's: a card of a suit whose foundations have met
        counts as wanted)."""
        homes = homes_of(found, self.absorb)
        safe = self.safe_rule and final
        plays = []
        where = {}
        empty = []
        tops = []
        pile = -1
        for cards in piles:
            pile += 1
            if not cards:
                empty.append(pile)
                tops.append(0)
                continue
            card = cards[-1]
            tops.append(card)
            if card in where:
                where[card] += (pile,)
            else:
                where[card] = (pile,)
            targets = homes.get(card)
            if targets is not None:
                if safe and found[card >> 4] + found[(card >> 4) + 4] >= 14:
                    return [pile * 20 + targets[0]]
                for target in targets:
                    plays.append(pile * 20 + target)
        if not self.fill:
            empty = ()
        elif empty:
            if final:
                del empty[1:]  # reduction 1: any empty pile is as good
            empty = tuple(empty)
        hosts = self.hosts
        good = []
        other = []
        pile = -1
        for card in tops:
            pile += 1
            if not card:
                continue
            targets = ()
            for host in hosts[card]:
                if host in where:
                    targets += where[host]
            cards = piles[pile]
            if empty and (not final or len(cards) > 1):
                targets += empty
            if not targets:
                continue
            bucket = good if len(cards) > 1 and cards[-2] in homes else other
            base = pile * 20
            for target in targets:
                if target != pile:
                    bucket.append(base + target)
        plays += good
        plays += other
        if self.off_foundation:
            self._off_foundation_moves(found, tops, where, plays)
        if self.relocate and not self.absorb:
            relocations(found, plays)
        if round_ < self.redeals and found != FULL:
            plays.append(REDEAL)
        return plays

    def plays_home(self):
        """How many cards plays to foundations alone put home from here, each
        time the first such play ``moves`` lists (the search's order of
        redeals; the position is left changed: the caller keeps a snapshot)."""
        played = 0
        while True:
            move = self._first_play_home()
            if move is None:
                return played
            self.play(move)
            played += 1

    def _first_play_home(self):
        """The first play to a foundation ``moves`` lists, or None."""
        if self.safe_rule or self.absorb or (
                self.round == 0 and (self.restrict_rule or (self.louis and self.stock))):
            for move in self.moves():
                if move < 240 and move % 20 >= 12:
                    return move
            return None
        # As ``_free_moves`` lists them: by pile, a king foundation first.
        homes = homes_of(self.found)
        pile = 0
        for cards in self.piles:
            if cards and cards[-1] in homes:
                return pile * 20 + homes[cards[-1]][0]
            pile += 1
        return None

    def _off_foundation_moves(self, found, tops, where, plays):
        """Appends the moves of foundations' top cards back onto the piles
        (``foundation_moves=all``), by target pile; ``tops`` are the piles'
        top cards (0 for an empty pile), ``where`` the piles each top is on."""
        hosts = self.hosts
        for foundation in range(8):
            card = found_top(found, foundation)
            if card:
                targets = []
                for host in hosts[card]:
                    if host in where:
                        targets += where[host]
                if self.fill:
                    targets += [pile for pile in range(12) if not tops[pile]]
                targets.sort()
                base = (12 + foundation) * 20
                for target in targets:
                    plays.append(base + target)
