"""Save bytes: a game and its whole undo history, small enough for the
board's 8 KB of non-volatile memory.

Layout: ``b"SH"``, version, rules (2 bytes), start, move count (2 bytes),
one code per move (two for a foundation-to-pile move), CRC-16 (2 bytes).
The start is ``0`` and a deal number (4 bytes), or ``1`` and a whole
position (round, 8 foundation counts, stock and 12 piles, each a length and
its cards). Loading replays every move, so a save that passes the checksum
but holds an illegal move is refused as well.
"""

from .cards import RANKS, SUITS
from .game import Game
from .moves import DEAL, REDEAL
from .rules import Rules

MAGIC = b"SH"
VERSION = 1
# Move codes: a pile to a pile, a pile to a foundation, a foundation to the
# other foundation of its suit, redeal, deal, then a foundation to a pile
# as an escape byte and f * 12 + pile.
_TO_FOUNDATION = 144
_RELOCATE = 240
_REDEAL_CODE = 248
_DEAL_CODE = 249
_OFF_FOUNDATION = 250


class SaveError(ValueError):
    """Save bytes that do not hold a game."""


def check_cards(game):
    """ValueError unless the position holds each of the 52 cards twice."""
    counts = bytearray(64)
    for foundation in range(8):
        count = game.foundations[foundation]
        if count > 13:
            raise ValueError("a foundation holds over 13 cards")
        for step in range(count):
            counts[(foundation & 3) << 4 | (13 - step if foundation < 4 else step + 1)] += 1
    for cards in game.piles + [game.stock]:
        for card in cards:
            counts[card] += 1
    for card in range(64):
        if 0 < card & 15 < 14 and counts[card] != 2:
            raise ValueError("the position holds %s%s %d times, not twice"
                             % (RANKS[(card & 15) - 1], SUITS[card >> 4], counts[card]))
        if counts[card] and not 0 < card & 15 < 14:
            raise ValueError("the position holds a card byte %d that is no card" % card)


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def _encode_move(move, out):
    if move == REDEAL:
        out.append(_REDEAL_CODE)
    elif move == DEAL:
        out.append(_DEAL_CODE)
    else:
        source, target = divmod(move, 20)
        if source < 12 and target < 12:
            out.append(source * 12 + target)
        elif source < 12:
            out.append(_TO_FOUNDATION + source * 8 + target - 12)
        elif target >= 12:
            out.append(_RELOCATE + source - 12)
        else:
            out.append(_OFF_FOUNDATION)
            out.append((source - 12) * 12 + target)


def to_bytes(game):
    """The save bytes of ``game`` (its position and whole history)."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    bits = game.rules.to_bits()
    out.append(bits >> 8)
    out.append(bits & 0xFF)
    # Undo back to the start to write it, then replay: the game ends as it was.
    moves = game.move_stack()
    for _ in moves:
        game.pop()
    start = game
    if game.deal_number is not None:
        out.append(0)
        out.extend(game.deal_number.to_bytes(4, "big"))
    else:
        out.append(1)
        out.append(start.round)
        out.extend(start.foundations)
        for cards in [start.stock] + start.piles:
            out.append(len(cards))
            out.extend(cards)
    for move in moves:
        game._play(move)
    out.append(len(moves) >> 8)
    out.append(len(moves) & 0xFF)
    for move in moves:
        _encode_move(move, out)
    crc = crc16(out)
    out.append(crc >> 8)
    out.append(crc & 0xFF)
    return bytes(out)


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def take(self, count):
        if self.at + count > len(self.data):
            raise SaveError("save bytes are truncated")
        part = self.data[self.at:self.at + count]
        self.at += count
        return part

    def byte(self):
        return self.take(1)[0]


def from_bytes(data):
    """The game saved in ``data``; SaveError if they are corrupt or cut short."""
    data = bytes(data)
    if len(data) < 10 or data[:2] != MAGIC:
        raise SaveError("not a St. Helena save (no SH header)")
    if data[2] != VERSION:
        raise SaveError("save version %d is not known (this reads %d)" % (data[2], VERSION))
    if crc16(data[:-2]) != (data[-2] << 8) | data[-1]:
        raise SaveError("save bytes are corrupt (checksum mismatch)")
    reader = _Reader(data[:-2])
    reader.take(3)
    try:
        rules = Rules.from_bits((reader.byte() << 8) | reader.byte())
        kind = reader.byte()
        if kind == 0:
            game = Game.deal(int.from_bytes(reader.take(4), "big"), rules)
        elif kind == 1:
            game = Game(rules)
            game.round = reader.byte()
            if game.round > rules.redeals:
                raise SaveError("saved round exceeds the redeals allowed")
            game.foundations[:] = reader.take(8)
            for cards in [game.stock] + game.piles:
                cards[:] = reader.take(reader.byte())
            check_cards(game)
        else:
            raise SaveError("unknown start kind %d" % kind)
        count = (reader.byte() << 8) | reader.byte()
        for _ in range(count):
            code = reader.byte()
            if code < _TO_FOUNDATION:
                move = (code // 12) * 20 + code % 12
            elif code < _RELOCATE:
                code -= _TO_FOUNDATION
                move = (code // 8) * 20 + 12 + code % 8
            elif code < _REDEAL_CODE:
                foundation = code - _RELOCATE
                move = (12 + foundation) * 20 + 12 + (foundation ^ 4)
            elif code == _REDEAL_CODE:
                move = REDEAL
            elif code == _DEAL_CODE:
                move = DEAL
            elif code == _OFF_FOUNDATION:
                code = reader.byte()
                if code >= 96:
                    raise SaveError("bad foundation move code")
                move = (12 + code // 12) * 20 + code % 12
            else:
                raise SaveError("unknown move code %d" % code)
            game.push(move)
        if reader.at != len(reader.data):
            raise SaveError("save has %d stray bytes" % (len(reader.data) - reader.at))
    except SaveError:
        raise
    except (ValueError, IndexError) as error:
        raise SaveError("save bytes hold no valid game: %s" % error)
    return game
