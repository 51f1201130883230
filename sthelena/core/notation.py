"""The one-line text form of a position, and reading it back.

``RULES ROUND FOUNDATIONS PILES STOCK``, for example::

    st-helena r0 KKKK/AAAA 5H9S.../.../... -

RULES is a rules text (``st-helena,spaces=none``); ROUND is ``r`` and the
redeals made; FOUNDATIONS the top rank of KS KH KD KC / AS AH AD AC
(``-`` when a base has moved off); PILES the 12 piles from pile 1, bottom
card first, ``/`` between them and ``-`` for an empty one; STOCK Louis'
stock, top card last, or ``-``.
"""

from .cards import RANKS, SUITS
from .moves import DEAL, REDEAL
from .rules import Rules

FOUNDATION_NAMES = ("KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC")


def card_name(card):
    """Two characters, rank then suit: ``"TD"`` is the ten of diamonds."""
    return RANKS[(card & 15) - 1] + SUITS[card >> 4]


def parse_card(text):
    """The byte for a card name such as ``"QS"`` (case-insensitive)."""
    if len(text) == 2:
        rank = RANKS.find(text[0].upper()) + 1
        suit = SUITS.find(text[1].upper())
        if rank and suit >= 0:
            return (suit << 4) | rank
    raise ValueError("bad card %r: want rank A23456789TJQK then suit SHDC, e.g. QS" % text)


def place_name(place):
    """``"1"``..``"12"`` for a pile, ``"KS"``.. for a foundation."""
    if place < 12:
        return str(place + 1)
    return FOUNDATION_NAMES[place - 12]


def parse_place(text):
    text = text.upper()
    if text in FOUNDATION_NAMES:
        return 12 + FOUNDATION_NAMES.index(text)
    if text in [str(pile) for pile in range(1, 13)]:
        return int(text) - 1
    raise ValueError("bad place %r: want a pile 1..12 or a foundation %s"
                     % (text, " ".join(FOUNDATION_NAMES)))


def move_name(move):
    """``"3-7"``, ``"3-KS"``, ``"KS-AS"``, ``"KH-5"``, ``"redeal"`` or ``"deal"``."""
    if move == REDEAL:
        return "redeal"
    if move == DEAL:
        return "deal"
    return place_name(move // 20) + "-" + place_name(move % 20)


def parse_move(text):
    """The move a name stands for; ValueError if it is not a move's name.

    This checks the spelling only: ``Game.is_legal`` says whether it may be
    played.
    """
    name = text.strip().lower()
    if name == "redeal":
        return REDEAL
    if name == "deal":
        return DEAL
    source, dash, target = name.partition("-")
    if not dash:
        raise ValueError("bad move %r: want SOURCE-TARGET (3-7, 3-KS, KS-AS, KH-5), "
                         "redeal or deal" % text)
    source = parse_place(source)
    target = parse_place(target)
    if source == target:
        raise ValueError("bad move %r: source and target are the same place" % text)
    return source * 20 + target


class NotationError(ValueError):
    """A notation line that does not describe a position."""


def _cards_text(cards):
    return "".join(card_name(card) for card in cards) or "-"


def format_notation(game):
    found = ""
    for foundation in range(8):
        card = game.top(12 + foundation)
        found += RANKS[(card & 15) - 1] if card else "-"
        if foundation == 3:
            found += "/"
    piles = "/".join(_cards_text(pile) for pile in game.piles)
    return "%s r%d %s %s %s" % (game.rules, game.round, found, piles, _cards_text(game.stock))


def _parse_cards(text, what):
    if text == "-":
        return bytearray()
    if len(text) % 2:
        raise NotationError("%s %r: cards are two characters each" % (what, text))
    cards = bytearray()
    for start in range(0, len(text), 2):
        try:
            cards.append(parse_card(text[start:start + 2]))
        except ValueError as error:
            raise NotationError("%s: %s" % (what, error))
    return cards


def parse_notation(text, game_class):
    fields = text.split()
    if len(fields) != 5:
        raise NotationError("a position has 5 fields (rules round foundations piles stock), "
                            "not %d" % len(fields))
    rules_text, round_text, found_text, piles_text, stock_text = fields
    try:
        rules = Rules.parse(rules_text)
    except ValueError as error:
        raise NotationError(str(error))
    game = game_class(rules)
    if len(round_text) != 2 or round_text[0] != "r" or round_text[1] not in "012":
        raise NotationError("round %r: want r0, r1 or r2" % round_text)
    game.round = int(round_text[1])
    if len(found_text) != 9 or found_text[4] != "/":
        raise NotationError("foundations %r: want 4 king tops / 4 ace tops, e.g. KKKK/AAAA"
                            % found_text)
    for foundation in range(8):
        char = found_text[foundation + (foundation >= 4)]
        if char == "-":
            count = 0
        else:
            rank = RANKS.find(char.upper()) + 1
            if not rank:
                raise NotationError("foundations %r: %r is not a rank" % (found_text, char))
            count = 14 - rank if foundation < 4 else rank
        game.foundations[foundation] = count
    pile_texts = piles_text.split("/")
    if len(pile_texts) != 12:
        raise NotationError("piles: want 12 piles split by /, not %d" % len(pile_texts))
    for index in range(12):
        game.piles[index][:] = _parse_cards(pile_texts[index], "pile %d" % (index + 1))
    game.stock[:] = _parse_cards(stock_text, "stock")
    try:
        check_position(game)
    except ValueError as error:
        raise NotationError(str(error))
    return game


def check_position(game):
    """ValueError unless ``game``'s position could arise in play: its round
    within the rules' redeals, a stock only in Louis before the first
    redeal, and each of the 52 cards twice."""
    rules = game.rules
    if game.round > rules.redeals:
        raise ValueError("round r%d: these rules allow %d redeals" % (game.round, rules.redeals))
    if game.stock and not (rules.louis_start and game.round == 0):
        raise ValueError("stock: only Louis has a stock, before its first redeal")
    counts = bytearray(256)  # indexed by any byte, so a corrupt one is named, not an IndexError
    for foundation in range(8):
        count = game.foundations[foundation]
        if count > 13:
            raise ValueError("a foundation holds over 13 cards")
        for step in range(count):
            counts[(foundation & 3) << 4 | (13 - step if foundation < 4 else step + 1)] += 1
    for cards in game.piles + [game.stock]:
        for card in cards:
            counts[card] += 1
    for card in range(256):
        rank = card & 15
        if card < 64 and 0 < rank < 14:
            if counts[card] != 2:
                raise ValueError("the position holds %s%s %d times, not twice"
                                 % (RANKS[rank - 1], SUITS[card >> 4], counts[card]))
        elif counts[card]:
            raise ValueError("the position holds byte %d, which is no card" % card)


def position_from_key(key, rules, game_class):
    """The position whose ``Game.position_key()`` is ``key`` (how a save
    holds a game that did not start from a deal number); ValueError if the
    bytes hold none."""
    parts = key[9:].split(b"\xff")
    if len(parts) != 14 or parts[0]:
        raise ValueError("the saved position has %d parts, not 14" % len(parts))
    game = game_class(rules)
    game.foundations[:] = key[:8]
    game.round = key[8]
    for index in range(12):
        game.piles[index][:] = parts[index + 1]
    game.stock[:] = parts[13]
    check_position(game)
    return game
