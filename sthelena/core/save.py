"""Save bytes: a game and its undo history, small enough for the board's
8 KB of non-volatile memory.

Layout (version 3): ``b"SH"``, version, the length of the whole (2 bytes),
rules (2 bytes), the start, the moves, CRC-16 (2 bytes) of everything
before it, so a record cut short or grown, or any field changed, is refused.

The start is one of:

- ``0`` and a deal number (4 bytes);
- ``1``, a length and ``Game.position_key()``: a game read from notation
  (read by ``notation``, desktop only);
- ``2``, the deal number, how many moves were played before (2 bytes), a
  length and the position they led to: a long game whose oldest undo
  history was trimmed to fit (``to_bytes(game, keep)``). Its cards are
  counted on loading, on the board too.

Each move is one byte when it is below 240 (every move from a pile), else
255 and the move less 240 (moves off a foundation, redeal, deal). Loading
replays every move, so a save that passes the checksum but holds an illegal
move is refused as well.
"""

from .cards import const
from .deal import unshuffled_deck
from .game import Game
from .rules import Rules

MAGIC = b"SH"
VERSION = const(3)
_LONG_MOVE = const(255)  # the next byte is the move less 240


class SaveError(ValueError):
    """Save bytes that do not hold a game."""


def crc16(data):
    """CRC-16/CCITT-FALSE."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def to_bytes(game, keep=-1):
    """The save bytes of ``game`` (its position and history). With ``keep``
    of 0 or more and a longer history, only the last ``keep`` moves stay
    undoable: the start is the position before them (a deal's game only)."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(b"\x00\x00")  # the length, known at the end
    out.extend(game.rules.to_bits().to_bytes(2, "big"))
    # Undo back to the start to write it, then replay: the game ends as it was.
    moves = game.move_stack()
    for _ in moves:
        game.pop()
    first = 0
    if 0 <= keep < len(moves) and game.deal_number is not None:
        first = len(moves) - keep
        for index in range(first):
            game._play(moves[index])
    earlier = game.earlier_moves + first
    if game.deal_number is None:
        key = game.position_key()
        out.append(1)
        out.append(len(key))
        out.extend(key)
    else:
        out.append(2 if earlier else 0)
        out.extend(game.deal_number.to_bytes(4, "big"))
        if earlier:
            key = game.position_key()
            out.extend(min(earlier, 0xFFFF).to_bytes(2, "big"))
            out.append(len(key))
            out.extend(key)
    for index in range(first, len(moves)):
        move = moves[index]
        game._play(move)
        if move < 240:
            out.append(move)
        else:
            out.append(_LONG_MOVE)
            out.append(move - 240)
    size = len(out) + 2
    out[3] = size >> 8
    out[4] = size & 0xFF
    out.extend(crc16(out).to_bytes(2, "big"))
    return bytes(out)


def from_bytes(data):
    """The game saved in ``data``; SaveError if they are corrupt or cut short."""
    data = bytes(data)
    if len(data) < 12 or data[:2] != MAGIC:
        raise SaveError("no SH header")
    if data[2] != VERSION:
        raise SaveError("version %d is not known" % data[2])
    if data[3] << 8 | data[4] != len(data):
        raise SaveError("cut short or too long")
    end = len(data) - 2
    if crc16(data[:end]) != int.from_bytes(data[end:], "big"):
        raise SaveError("checksum mismatch")
    try:
        rules = Rules.from_bits(int.from_bytes(data[5:7], "big"))
        kind = data[7]
        if kind == 0:
            game = Game.deal(int.from_bytes(data[8:12], "big"), rules)
            at = 12
        elif kind == 1:
            at = 9 + data[8]
            try:
                from .notation import position_from_key
            except ImportError:  # the board: its games all start from deal numbers
                raise SaveError("this save starts from a position, which only the desktop reads")
            game = position_from_key(data[9:at], rules, Game)
        elif kind == 2:
            # Trimmed: the position the kept moves start from. Its cards must
            # be two of each (the 96 a deal deals and the 8 bases), its round
            # one the rules allow, a stock only in Louis' first round.
            at = 15 + data[14]
            key = data[15:at]
            parts = key[9:].split(b"\xff")
            cards = bytearray(key[9:].replace(b"\xff", b""))
            for index in range(8):
                for step in range(key[index]):
                    cards.append((index & 3) << 4 | (13 - step if index < 4 else step + 1))
            if len(parts) != 14 or parts[0] or key[8] > rules.redeals or parts[13] and (
                    key[8] or not rules.louis_start) or sorted(cards) != sorted(
                    unshuffled_deck() + b"\x01\x0d\x11\x1d\x21\x2d\x31\x3d"):
                raise SaveError("the position is not one")
            game = Game(rules)
            game.foundations[:] = key[:8]
            game.round = key[8]
            for index in range(13):
                (game.piles[index] if index < 12 else game.stock)[:] = parts[index + 1]
            game.deal_number = int.from_bytes(data[8:12], "big")
            game.earlier_moves = data[12] << 8 | data[13]
        else:
            raise SaveError("unknown start kind %d" % kind)
        while at < end:
            move = data[at]
            if move == _LONG_MOVE:
                at += 1
                move = 240 + data[at]
            game.push(move)
            at += 1
    except SaveError:
        raise
    except (ValueError, IndexError) as error:
        raise SaveError("no valid game: %s" % error)
    if at != end:
        raise SaveError("bytes after the last move")
    return game
