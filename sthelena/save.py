"""Save bytes: a game and its whole undo history, small enough for the
board's 8 KB of non-volatile memory.

Layout: ``b"SH"``, version, rules (2 bytes), start, move count (2 bytes),
one code per move (two for a foundation-to-pile move), CRC-16 (2 bytes).
The start is ``0`` and a deal number (4 bytes), or ``1`` and a whole
position (round, 8 foundation counts, stock and 12 piles, each a length and
its cards). Move codes: ``12 * source + target`` for a pile to a pile, then
144 + ``8 * pile + foundation``, 240 + foundation for a move to the other
foundation of its suit, 248 redeal, 249 deal, and 250 followed by
``12 * foundation + pile``. Loading replays every move, so a save that
passes the checksum but holds an illegal move is refused as well.
"""

from .cards import RANKS, SUITS
from .game import Game
from .moves import DEAL, REDEAL
from .rules import Rules

MAGIC = b"SH"
VERSION = 1


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
        rank = card & 15
        if (counts[card] != 2) if 0 < rank < 14 else counts[card]:
            name = RANKS[rank - 1] + SUITS[card >> 4] if 0 < rank < 14 else "byte %d" % card
            raise ValueError("the position holds %s %d times, not twice" % (name, counts[card]))


def crc16(data):
    """CRC-16/CCITT-FALSE."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def to_bytes(game):
    """The save bytes of ``game`` (its position and whole history)."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(game.rules.to_bits().to_bytes(2, "big"))
    # Undo back to the start to write it, then replay: the game ends as it was.
    moves = game.move_stack()
    for _ in moves:
        game.pop()
    if game.deal_number is not None:
        out.append(0)
        out.extend(game.deal_number.to_bytes(4, "big"))
    else:
        out.append(1)
        out.append(game.round)
        out.extend(game.foundations)
        for cards in [game.stock] + game.piles:
            out.append(len(cards))
            out.extend(cards)
    out.extend(len(moves).to_bytes(2, "big"))
    for move in moves:
        game._play(move)
        source, target = divmod(move, 20)
        if move == REDEAL:
            out.append(248)
        elif move == DEAL:
            out.append(249)
        elif target < 12:
            out.extend(bytes((12 * source + target,)) if source < 12
                       else bytes((250, 12 * (source - 12) + target)))
        else:
            out.append(144 + 8 * source + target - 12 if source < 12 else 240 + source - 12)
    out.extend(crc16(out).to_bytes(2, "big"))
    return bytes(out)


def _decode_move(code, data, at):
    """The move of the code at ``data[at]``, and where the next code starts."""
    if code < 144:
        return code // 12 * 20 + code % 12, at + 1
    if code < 240:
        code -= 144
        return code // 8 * 20 + 12 + code % 8, at + 1
    if code < 248:
        return (code - 228) * 20 + 12 + ((code - 240) ^ 4), at + 1
    if code < 250:
        return (REDEAL, DEAL)[code - 248], at + 1
    if code == 250 and at + 1 < len(data) and data[at + 1] < 96:
        code = data[at + 1]
        return (12 + code // 12) * 20 + code % 12, at + 2
    raise SaveError("bad move code %d" % code)


def from_bytes(data):
    """The game saved in ``data``; SaveError if they are corrupt or cut short."""
    data = bytes(data)
    if len(data) < 10 or data[:2] != MAGIC:
        raise SaveError("not a St. Helena save (no SH header)")
    if data[2] != VERSION:
        raise SaveError("save version %d is not known (this reads %d)" % (data[2], VERSION))
    if crc16(data[:-2]) != int.from_bytes(data[-2:], "big"):
        raise SaveError("save bytes are corrupt (checksum mismatch)")
    data = data[:-2]
    try:
        rules = Rules.from_bits(int.from_bytes(data[3:5], "big"))
        if data[5] == 0:
            game = Game.deal(int.from_bytes(data[6:10], "big"), rules)
            at = 10
        elif data[5] == 1:
            game = Game(rules)
            game.round = data[6]
            if game.round > rules.redeals:
                raise SaveError("saved round exceeds the redeals allowed")
            game.foundations[:] = data[7:15]
            at = 15
            for cards in [game.stock] + game.piles:
                end = at + 1 + data[at]
                cards[:] = data[at + 1:end]
                at = end
            check_cards(game)
        else:
            raise SaveError("unknown start kind %d" % data[5])
        count = int.from_bytes(data[at:at + 2], "big")
        at += 2
        for _ in range(count):
            move, at = _decode_move(data[at], data, at)
            game.push(move)
    except SaveError:
        raise
    except (ValueError, IndexError) as error:
        raise SaveError("save bytes hold no valid game: %s" % error)
    if at != len(data):
        raise SaveError("save bytes do not end after the last move")
    return game
