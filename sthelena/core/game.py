"""A St. Helena position: push and pop moves, list the legal ones.

Modelled on python-chess: ``Game.deal(7)``, ``legal_moves()``, ``push(move)``,
``pop()``, ``notation()``. State is a handful of bytearrays: 12 piles
(bottom card first), 8 foundation counts (KS KH KD KC AS AH AD AC), Louis'
stock (top card last) and the undo history, which is bytes too:

* a card move adds ``source | 0x80 if Louis refilled the gap``, ``target``;
* a redeal adds the 12 pile lengths before it, then ``_REDEAL_TAG``;
* Louis' deal adds the number of cards dealt, then ``_DEAL_TAG``.

The last byte of an entry says what it is, so ``pop`` reads from the end.
Whether the game is stuck (``status()``) is in ``stuck_search``.
"""

from .cards import const
from .deal import redeal, shuffled_deck, undo_redeal
from .moves import DEAL, REDEAL
from .rules import Rules
from .stuck_search import (CYCLING, NO_MOVES, PLAYING, REDEAL_ONLY,  # noqa: F401 (exported)
                           STATUS_NAMES, WON, status)

_REDEAL_TAG = const(0xFE)
_DEAL_TAG = const(0xFD)
_REFILLED = const(0x80)
_ANY_SUIT = const(1)
_WRAP = const(2)
_FILL_SPACES = const(4)
_RESTRICTED = const(8)
_CLOCKWISE = const(16)
_RELOCATE = const(32)  # a foundation card may go to the other foundation of its suit
_OFF_FOUNDATION = const(64)  # ...and back onto a pile
_LOUIS = const(128)


class IllegalMoveError(ValueError):
    """A move that may not be played in this position."""


class Game:
    """A position with its undo history (``status()``: see ``stuck_search``)."""

    def __init__(self, rules=None):
        if rules is None or isinstance(rules, str):
            rules = Rules.parse(rules or "st-helena")
        self.rules = rules
        self.piles = []
        for _ in range(12):
            self.piles.append(bytearray())
        self.foundations = bytearray(b"\x01" * 8)  # cards on each; 1 = its base
        self.stock = bytearray()
        self.round = 0  # redeals made so far
        self.history = bytearray()
        self.deal_number = None
        self.earlier_moves = 0  # played before the history begins (a save trimmed them)
        # The rules as bits of one int, read on every move generation.
        self._flags = ((rules.build == "any") * _ANY_SUIT | rules.wrap * _WRAP
                       | (rules.spaces == "any") * _FILL_SPACES
                       | rules.restricted_first_deal * _RESTRICTED
                       | (rules.gather == "clockwise") * _CLOCKWISE
                       | (rules.foundation_moves != "none") * _RELOCATE
                       | (rules.foundation_moves == "all") * _OFF_FOUNDATION
                       | rules.louis_start * _LOUIS)

    @classmethod
    def deal(cls, number, rules="st-helena"):
        """Deal ``number``: the bases on the foundations, then the other 96
        cards one at a time from pile 1 round to pile 12 (Louis: 12 cards,
        the rest in the stock with the next card to deal on top)."""
        game = cls(rules)
        game.deal_number = number
        deck = shuffled_deck(number)
        piles = game.piles
        if game._flags & _LOUIS:
            for index in range(12):
                piles[index].append(deck[index])
            for index in range(len(deck) - 1, 11, -1):
                game.stock.append(deck[index])
        else:
            for index in range(len(deck)):
                piles[index % 12].append(deck[index])
        return game

    @classmethod
    def from_notation(cls, text):
        """The position a ``notation()`` line describes; ``NotationError``
        (a ValueError) says what is wrong with a malformed one."""
        from .notation import parse_notation

        return parse_notation(text, cls)

    def notation(self):
        """One line: rules, round, foundations, piles, stock (docs/development.md:
        "The notation")."""
        from .notation import format_notation

        return format_notation(self)

    # -- what is where -------------------------------------------------

    def top(self, place):
        """The card on top of a place (pile 0..11, foundation 12..19), or 0."""
        if place < 12:
            pile = self.piles[place]
            return pile[-1] if pile else 0
        count = self.foundations[place - 12]
        if not count:
            return 0
        suit = (place - 12) & 3
        return (suit << 4) | (14 - count if place < 16 else count)

    def pile_size(self, pile):
        """How many cards pile 0..11 holds."""
        return len(self.piles[pile])

    def pile_cards(self, pile):
        """A copy of pile 0..11's cards, bottom to top (for showing them)."""
        return bytes(self.piles[pile])

    def stock_size(self):
        """Cards left in Louis' stock."""
        return len(self.stock)

    def foundation_wants(self, foundation):
        """The rank foundation 0..7 takes next (0 when it is full)."""
        count = self.foundations[foundation]
        if count >= 13:
            return 0
        return 13 - count if foundation < 4 else count + 1

    def restricted(self):
        """Whether the first-deal restriction on foundation plays is in force."""
        return self._flags & _RESTRICTED != 0 and self.round == 0

    def may_play_to(self, pile, foundation):
        """Whether the first-deal restriction lets pile 0..11 play to
        foundation 0..7 (0..3 kings, 4..7 aces)."""
        if not self._flags & _RESTRICTED or self.round:
            return True
        if pile < 4:
            return foundation < 4
        if 6 <= pile <= 9:
            return foundation >= 4
        return True

    def louis_phase(self):
        """Louis before the deal: only plays to foundations, gaps refilled."""
        return self._flags & _LOUIS != 0 and self.round == 0 and self.stock != b""

    def redeals_left(self):
        return self.rules.redeals - self.round

    def is_won(self):
        # (no builtin: the board's one-file build looks builtins up slowly; this runs every move)
        return self.foundations == b"\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d"  # 13 on each

    def status(self, budget=300):
        """PLAYING, WON, REDEAL_ONLY, CYCLING or NO_MOVES: see ``stuck_search``."""
        return status(self, budget)

    # -- legal moves ---------------------------------------------------

    def _takes(self, place, card):
        """Whether ``card`` may go onto a pile or foundation by the building
        rules alone (not the restriction, Louis or where the card comes from)."""
        if place >= 12:
            return card >> 4 == (place - 12) & 3 and card & 15 == self.foundation_wants(place - 12)
        return self._pile_taking(card, place, place + 1, -1) == place

    def _pile_taking(self, card, first, end, skip):
        """The first pile numbered ``first`` to ``end - 1``, ``skip`` aside, that
        ``card`` may go onto by the building rules, or ``end`` (one call a card)."""
        flags = self._flags
        piles = self.piles
        while first < end:
            cards = piles[first]
            if first == skip:
                pass
            elif not cards:
                if flags & _FILL_SPACES:
                    return first
            elif flags & _ANY_SUIT or not (cards[-1] ^ card) & 0xF0:
                step = (card & 15) - (cards[-1] & 15)
                if step == 1 or step == -1 or (flags & _WRAP and (step == 12 or step == -12)):
                    return first
            first += 1
        return end

    def _foundation_plays(self, pile):
        """A mask with bit f set when pile's top card may go to foundation f."""
        cards = self.piles[pile]
        mask = 0
        if cards:
            card = cards[-1]
            for foundation in range(card >> 4, 8, 4):
                if self._takes(12 + foundation, card) and self.may_play_to(pile, foundation):
                    mask |= 1 << foundation
        return mask

    def legal_moves(self):
        """Every legal move: plays to foundations first, then cards onto
        piles, moves between foundations, and last ``DEAL`` or ``REDEAL``."""
        louis = self.louis_phase()
        flags = self._flags
        for pile in range(12):
            mask = self._foundation_plays(pile)
            for foundation in range(8):
                if mask >> foundation & 1:
                    yield pile * 20 + 12 + foundation
        if not louis:
            for source in range(20 if flags & _OFF_FOUNDATION else 12):
                card = self.top(source)
                if card:
                    for target in range(12):
                        if target != source and self._takes(target, card):
                            yield source * 20 + target
        if flags & _RELOCATE:
            for foundation in range(8):
                card = self.top(12 + foundation)
                if card and self._takes(12 + (foundation ^ 4), card):
                    yield (12 + foundation) * 20 + 12 + (foundation ^ 4)
        if louis:
            yield DEAL
        elif self.round < self.rules.redeals and not self.is_won():
            yield REDEAL

    def is_legal(self, move):
        """Whether ``move`` may be played here. It allocates nothing, as it
        runs on every push (``explain.why_illegal`` says why not)."""
        louis = self.louis_phase()
        if move == DEAL:
            return louis
        if move == REDEAL:
            return not louis and self.round < self.rules.redeals and not self.is_won()
        if not 0 <= move < 400:
            return False
        source = move // 20
        target = move % 20
        card = self.top(source) if source != target else 0
        if not card:
            return False
        if source >= 12:
            if not self._flags & (_RELOCATE if target >= 12 else _OFF_FOUNDATION):
                return False
            if target >= 12 and abs(target - source) != 4:
                return False
        elif target >= 12:
            return self._foundation_plays(source) >> (target - 12) & 1 == 1
        if louis and target < 12:
            return False
        return self._takes(target, card)

    # -- making and unmaking moves -----------------------------------

    def push(self, move):
        """Play ``move``; IllegalMoveError (a ValueError) if it may not be.

        The message gives the move's number; the desktop names it and says
        why (``notation.move_name``, ``explain.why_illegal``)."""
        if not self.is_legal(move):
            raise IllegalMoveError("illegal move %d" % move)
        self._play(move)

    def _play(self, move):
        """Play a move known to be legal."""
        history = self.history
        piles = self.piles
        if move == REDEAL:
            for pile in piles:
                history.append(len(pile))
            redeal(piles, self._flags & _CLOCKWISE)
            history.append(_REDEAL_TAG)
            self.round += 1
            return
        stock = self.stock
        if move == DEAL:
            history.append(len(stock))
            for index in range(len(stock)):  # from the stock's top, round from pile 1
                piles[index % 12].append(stock[-1])
                stock[-1:] = b""
            history.append(_DEAL_TAG)
            return
        refill = self.louis_phase()
        source = move // 20  # not divmod: its tuple would allocate on every move
        target = move % 20
        self._move_card(source, target)
        if refill and source < 12 and not piles[source] and stock:
            piles[source].append(stock[-1])
            stock[-1:] = b""
            source |= _REFILLED
        history.append(source)
        history.append(target)

    def pop(self):
        """Undo the last move and return it; IndexError if there is none."""
        history = self.history
        if not history:
            raise IndexError("no move to undo")
        tag = history[-1]
        piles = self.piles
        if tag == _REDEAL_TAG:
            undo_redeal(piles, history[-13:-1], self._flags & _CLOCKWISE)
            history[-13:] = b""
            self.round -= 1
            return REDEAL
        source = history[-2]
        history[-2:] = b""
        if tag == _DEAL_TAG:
            stock = self.stock
            for index in range(source - 1, -1, -1):
                cards = piles[index % 12]
                stock.append(cards[-1])
                cards[-1:] = b""
            return DEAL
        target = tag
        if source & _REFILLED:
            source &= 0x7F
            cards = piles[source]
            self.stock.append(cards[-1])
            cards[-1:] = b""
        self._move_card(target, source)
        return source * 20 + target

    def _move_card(self, source, target):
        """Move the top card of one place to another, rules unchecked."""
        if source < 12:
            cards = self.piles[source]
            card = cards[-1]
            cards[-1:] = b""
        else:
            card = self.top(source)
            self.foundations[source - 12] -= 1
        if target < 12:
            self.piles[target].append(card)
        else:
            self.foundations[target - 12] += 1

    def move_stack(self):
        """The moves played so far, first first."""
        history = self.history
        moves = []
        end = len(history)
        while end:
            tag = history[end - 1]
            if tag == _REDEAL_TAG:
                moves.append(REDEAL)
                end -= 13
            elif tag == _DEAL_TAG:
                moves.append(DEAL)
                end -= 2
            else:
                moves.append((history[end - 2] & 0x7F) * 20 + tag)
                end -= 2
        moves.reverse()
        return moves

    # -- positions as a whole ------------------------------------------

    def position_key(self):
        """Bytes that equal another position's exactly when the positions
        do (history aside)."""
        key = bytearray(self.foundations)
        key.append(self.round)
        for pile in self.piles:
            key.append(0xFF)
            key.extend(pile)
        key.append(0xFF)
        key.extend(self.stock)
        return bytes(key)
