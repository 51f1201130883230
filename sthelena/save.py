"""Save bytes: a game and its whole undo history, small enough for the
board's 8 KB of non-volatile memory.

Layout: ``b"SH"``, version, rules (2 bytes), the start, the moves, CRC-16
(2 bytes). The start is ``0`` and a deal number (4 bytes), or ``1``, a
length and ``Game.position_key()`` (the whole position, for a game read
from notation). Each move is one byte when it is below 240 (every move
from a pile), else 255 and the move less 240 (moves off a foundation,
redeal, deal). Loading replays every move, so a save that passes the
checksum but holds an illegal move is refused as well. A position start is
read by ``notation`` (desktop only: on the board every game starts from a
deal number).
"""

from .cards import const
from .game import Game
from .rules import Rules

MAGIC = b"SH"
VERSION = 2
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


def to_bytes(game):
    """The save bytes of ``game`` (its position and whole history)."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(game.rules.to_bits().to_bytes(2, "big"))
    # Undo back to the start to write it, then replay: the game ends as it was.
    moves = game.move_stack()
    for _ in moves:
        game.pop()
    if game.deal_number is None:
        key = game.position_key()
        out.append(1)
        out.append(len(key))
        out.extend(key)
    else:
        out.append(0)
        out.extend(game.deal_number.to_bytes(4, "big"))
    for move in moves:
        game._play(move)
        if move < 240:
            out.append(move)
        else:
            out.append(_LONG_MOVE)
            out.append(move - 240)
    out.extend(crc16(out).to_bytes(2, "big"))
    return bytes(out)


def from_bytes(data):
    """The game saved in ``data``; SaveError if they are corrupt or cut short."""
    data = bytes(data)
    if len(data) < 8 or data[:2] != MAGIC:
        raise SaveError("not a St. Helena save (no SH header)")
    if data[2] != VERSION:
        raise SaveError("save version %d is not known (this reads %d)" % (data[2], VERSION))
    end = len(data) - 2
    if crc16(data[:end]) != int.from_bytes(data[end:], "big"):
        raise SaveError("save bytes are corrupt (checksum mismatch)")
    try:
        rules = Rules.from_bits(int.from_bytes(data[3:5], "big"))
        if data[5] == 0:
            game = Game.deal(int.from_bytes(data[6:10], "big"), rules)
            at = 10
        elif data[5] == 1:
            at = 7 + data[6]
            try:
                from .notation import position_from_key
            except ImportError:  # the board: its games all start from deal numbers
                raise SaveError("this save starts from a position, which only the desktop reads")
            game = position_from_key(data[7:at], rules, Game)
        else:
            raise SaveError("unknown start kind %d" % data[5])
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
        raise SaveError("save bytes hold no valid game: %s" % error)
    if at != end:
        raise SaveError("save bytes do not end after the last move")
    return game
