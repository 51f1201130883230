"""The save bytes (``sthelena.core.save``): a long game's size, positions
from notation, trimmed games, and every cut, corrupt or illegal save refused
with a clear error."""

import pytest

from tests.helpers.positions import position
from sthelena.core import save
from sthelena.core.game import Game
from sthelena.core.moves import REDEAL
from sthelena.core.notation import parse_move


def _long_game(moves=300):
    game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
    step = 0
    while len(game.move_stack()) < moves:
        legal = [m for m in game.legal_moves() if m != REDEAL] or [REDEAL]
        game.push(legal[(step * 7919) % len(legal)])
        step += 1
    return game


def test_save_of_a_300_move_game_is_well_under_a_kilobyte():
    game = _long_game()
    data = save.to_bytes(game)
    assert len(data) < 400
    again = save.from_bytes(data)
    assert again.notation() == game.notation() and again.move_stack() == game.move_stack()


def test_save_of_a_position_from_notation_round_trips():
    game = position("louis,gather=clockwise", {1: "AS", 2: "KH"}, stock="3S 2S")
    game.push(parse_move("2-AH"))
    again = save.from_bytes(save.to_bytes(game))
    assert again.notation() == game.notation() and again.history == game.history
    again.pop()
    assert again.notation() == position("louis,gather=clockwise", {1: "AS", 2: "KH"},
                                        stock="3S 2S").notation()


def test_corrupt_or_truncated_save_bytes_raise_a_clear_error():
    data = save.to_bytes(_long_game(60))
    for cut in range(len(data)):
        with pytest.raises(save.SaveError):
            save.from_bytes(data[:cut])
    for index in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            broken = bytearray(data)
            broken[index] ^= flip
            with pytest.raises(save.SaveError):
                save.from_bytes(bytes(broken))


def _with_checksum(body):
    """``body`` (save bytes without their checksum) with its length set and
    the checksum after it: bytes only the loader's other checks may refuse."""
    body = bytearray(body)
    body[3:5] = (len(body) + 2).to_bytes(2, "big")
    crc = save.crc16(body)
    return bytes(body) + bytes([crc >> 8, crc & 0xFF])


def test_save_with_a_good_checksum_but_an_illegal_move_is_refused():
    start = save.to_bytes(Game.deal(3, "box-kite"))[:-2]  # no moves, no checksum
    with pytest.raises(save.SaveError, match="no valid game: illegal move 0"):
        save.from_bytes(_with_checksum(start + bytes([0])))  # pile 1 onto pile 1
    with pytest.raises(save.SaveError, match="no valid game: illegal move 400"):
        save.from_bytes(_with_checksum(start + bytes([255, 160])))  # redeal: box-kite has none
    with pytest.raises(save.SaveError, match="no valid game"):
        save.from_bytes(_with_checksum(start + bytes([255])))  # an escape and no move


def test_moves_off_a_foundation_and_redeals_take_two_bytes():
    game = position("st-helena,foundation_moves=all", {1: "AS", 2: "KH"})
    start = len(save.to_bytes(game)) - 2
    moves = [parse_move("KS-3"), REDEAL, parse_move("2-AH")]
    for move in moves:
        game.push(move)
    data = save.to_bytes(game)
    assert data[start:-2] == bytes([255, moves[0] - 240, 255, REDEAL - 240, moves[2]])
    assert moves[2] < 240 <= moves[0]
    assert save.from_bytes(data).move_stack() == moves


def test_a_saved_position_that_is_no_position_is_refused():
    game = position("st-helena", {1: "AS", 2: "KH"})
    good = save.to_bytes(game)[:-2]
    assert save.from_bytes(_with_checksum(good)).notation() == game.notation()
    key_at = 9
    key = bytearray(good[key_at:])
    cases = {
        "parts, not 14": key[:-3],  # a length that cuts the key short
        "no card": key[:9] + key[9:].replace(b"\xff", b"\xff\x70", 1),
        "times, not twice": key[:9] + key[9:].replace(b"\xff", b"\xff\x01", 1),
        "over 13 cards": bytes([14]) + key[1:],
        "these rules allow 2 redeals": key[:8] + bytes([3]) + key[9:],
        "only Louis has a stock": key + bytes([0x11]),  # a stock of one ace
    }
    for complaint, broken in cases.items():
        body = good[:8] + bytes([len(broken)]) + broken
        with pytest.raises(save.SaveError, match=complaint):
            save.from_bytes(_with_checksum(body))
    with pytest.raises(save.SaveError, match="unknown start kind 3"):
        save.from_bytes(_with_checksum(good[:7] + bytes([3]) + good[8:]))


# -- save bytes, version 3: the length and every field under the checksum ----


def test_a_save_cut_or_grown_by_one_byte_is_refused_for_every_game():
    # Version 2 kept the length outside the checksum: a save cut by its last
    # byte loaded (as the game less a move) whenever the checksum's low byte was 0.
    for number in range(300):
        game = Game.deal(number)
        for _ in range(3):
            game.push(list(game.legal_moves())[0])
        data = save.to_bytes(game)
        assert data[3] << 8 | data[4] == len(data)
        for bad in (data[:-1], data + b"\x00", data[:-2] + b"\x00" + data[-2:]):
            with pytest.raises(save.SaveError):
                save.from_bytes(bad)


def test_a_version_2_save_is_refused_by_name():
    old = bytearray(save.to_bytes(Game.deal(5)))
    old[2] = 2
    with pytest.raises(save.SaveError, match="version 2 is not known"):
        save.from_bytes(bytes(old))


def test_a_trimmed_save_keeps_the_position_and_the_last_moves_undoable():
    game = _long_game(300)
    moves = game.move_stack()
    data = save.to_bytes(game, keep=40)
    assert len(data) < len(save.to_bytes(game)) and data[7] == 2
    assert game.move_stack() == moves  # the game in memory is untouched
    again = save.from_bytes(data)
    assert again.notation() == game.notation() and again.deal_number == game.deal_number
    assert again.move_stack() == moves[-40:] and again.earlier_moves == len(moves) - 40
    # Trimmed again: the moves trimmed before are counted on.
    for move in list(again.legal_moves())[:1]:
        again.push(move)
    twice = save.from_bytes(save.to_bytes(again, keep=5))
    assert twice.earlier_moves == again.earlier_moves + len(again.move_stack()) - 5
    assert twice.notation() == again.notation() and len(twice.move_stack()) == 5
    # Nothing to trim: the deal's start, as without ``keep``.
    short = Game.deal(9)
    assert save.to_bytes(short, keep=40) == save.to_bytes(short)


def test_a_trimmed_saves_position_is_counted_card_by_card():
    game = _long_game(100)
    good = bytearray(save.to_bytes(game, keep=0)[:-2])
    key_at = 15
    key = good[key_at:]
    assert good[14] == len(key)  # keep=0: no moves after the position
    pile_at = key.index(0xFF, 9)  # the first pile's first card follows the first 0xFF
    cases = [
        key[:-3],  # parts missing
        key[:pile_at + 1] + bytes([0x70]) + key[pile_at + 1:],  # no card
        key[:pile_at + 1] + bytes([0x0E]) + key[pile_at + 1:],  # rank 14
        key[:pile_at + 1] + bytes([0x41]) + key[pile_at + 1:],  # past the suits
        key[:pile_at + 1] + bytes([0x01]) + key[pile_at + 1:],  # an ace thrice
        key[:pile_at + 1] + key[pile_at + 2:],  # a card missing
        bytes([14]) + key[1:],  # a foundation of 14
        key[:8] + bytes([3]) + key[9:],  # round 3: two redeals at most
        key + bytes([0x11]),  # a stock, not Louis
    ]
    for broken in cases:
        body = good[:14] + bytes([len(broken)]) + broken
        with pytest.raises(save.SaveError, match="not one"):
            save.from_bytes(_with_checksum(body))
    assert save.from_bytes(_with_checksum(good)).notation() == game.notation()
