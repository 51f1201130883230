"""The hint as a solver: its moves are the core's, its hashes are
kept true, every winning line it answers replays to a won position, a line
kept from one hint is picked up again by the next, it wins most deals from
their first position, and the ``hint`` command prints it. How the table
uses it: tests/app/test_hint_table.py; the heap under the VM: tests/app/test_hint.py."""

import json
import random

import pytest

from tests.helpers.cli_helpers import run
from tests.helpers.hint_helpers import STUCK, exactly, walked
from sthelena.app.hint.keys import hash_all, make_weights, moved
from sthelena.app.hint.moves import generate_moves
from sthelena.app.hint.search import (LOST, NOTHING, PROGRESS, WINNING, HintSearch, _buffers,
                                      hint_begin, hint_give_up, hint_line, hint_nodes,
                                      hint_result, hint_search, position_key)
from sthelena.core.game import Game
from sthelena.core.notation import move_name
from sthelena.core.rules import PRESETS
from tools.harness.won_games import won_game

PRESET_NAMES = [preset[0] for preset in PRESETS]
OPTIONS = ("", ",wrap=true", ",build=any", ",spaces=none", ",foundation_moves=relocate",
           ",foundation_moves=all,wrap=true", ",redeals=0", ",gather=clockwise,redeals=1",
           ",restricted_first_deal=false,louis_start=true")


def search_to_end(game, budget=3000, kept=None, steps=50):
    search = hint_begin(game, budget, kept)
    while not hint_search(search, game, steps):
        pass
    return search


def random_position(rules, seed, most=300):
    game = Game.deal(seed, rules)
    rng = random.Random(seed)
    for _ in range(rng.randrange(most)):
        moves = list(game.legal_moves())
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def replays_to_a_win(game, line):
    """Whether the line's moves, pushed through the core, win (the game is
    left as it was)."""
    pushed = 0
    try:
        for index in range(len(line)):
            game.push(line.move(index))
            pushed += 1
        return game.is_won()
    finally:
        for _ in range(pushed):
            game.pop()


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("options", OPTIONS)
def test_the_moves_are_the_cores_legal_moves_but_the_ones_left_out(preset, options):
    for seed in range(1, 16):
        game = random_position(preset + options, seed)
        if game.is_won():
            continue
        search = HintSearch(game, 10)
        _buffers(search)
        generate_moves(search, game, 0, 0)
        end = search.bounds[0] & 4095
        moves = [search.stack[2 * i] << 8 | search.stack[2 * i + 1] for i in range(end)]
        legal = set(game.legal_moves())
        assert len(moves) == len(set(moves)) and set(moves) <= legal, seed
        for move in legal - set(moves):  # only moves into spaces are left out...
            assert move < 400 and move % 20 < 12 and not game.piles[move % 20], (seed, move)
            if search.whole:  # ...and silently only where piles are alike
                assert game.round >= game.rules.redeals and not game.stock_size() \
                    and not game.restricted(), (seed, move)
        assert not any(search.at1) and not any(search.at2)
        # The cards the foundations take stay, kept for the next position while
        # the foundations are as they were.
        takes = bytearray(64)
        for foundation in range(8):
            rank = game.foundation_wants(foundation)
            if rank:
                takes[(foundation & 3) << 4 | rank] |= 1 if foundation < 4 else 2
        assert search.wants == takes and search.wants_for == game.foundations


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_hashes_kept_up_to_date_are_the_ones_made_from_every_card(preset):
    for seed in range(1, 12):
        game = Game.deal(seed, preset + (",foundation_moves=all" if seed % 3 == 0 else ""))
        rng = random.Random(seed)
        kept = HintSearch(game, 0)
        kept.weights = make_weights()
        hash_all(kept, game)
        fresh = HintSearch(game, 0)
        fresh.weights = kept.weights
        for _ in range(300):
            moves = list(game.legal_moves())
            if not moves:
                break
            if game.history and rng.random() < 0.3:
                moved(kept, game, game.pop(), 0)
            else:
                move = rng.choice(moves)
                game.push(move)
                moved(kept, game, move, 1)
            hash_all(fresh, game)
            assert (kept.hash1, kept.hash2) == (fresh.hash1, fresh.hash2), seed


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("options", OPTIONS)
def test_every_winning_line_replays_through_push_to_a_won_position(preset, options):
    rules = preset + options
    wins = 0
    for seed in range(4):
        games = [Game.from_notation(won_game(seed, rules, cards_out=16 + 8 * seed)[0]),
                 walked(rules, seed + 1, most=40)]
        for game in games:
            before = exactly(game)
            search = search_to_end(game, budget=3000)
            assert exactly(game) == before
            result, move = hint_result(search)
            line = hint_line(search)
            if result == WINNING:
                wins += 1
                assert line.move(0) == move and replays_to_a_win(game, line)
                assert len(line.keys) == len(line) + 1
                assert line.keys[0] == position_key(game)
            else:
                assert line is None
    assert wins >= 3  # most of the won games' positions at least


def test_a_kept_line_is_picked_up_again_after_a_move_off_it():
    tried = 0
    for preset in ("st-helena", "louis", "box-kite"):
        game = Game.deal(2, preset)
        line = hint_line(search_to_end(game, 9000))
        for _ in range(10):  # along the line: each position is on it
            assert line.index_of(position_key(game)) == len(game.move_stack())
            game.push(line.move(len(game.move_stack())))
        for back in (True, False):  # a move off it that one move takes back, one that none does
            for move in list(game.legal_moves()):
                if move != line.move(10) and move < 240 and move % 20 < 12:
                    game.push(move)
                    if game.is_legal(move % 20 * 20 + move // 20) == back:
                        break
                    game.pop()
            else:
                continue  # no such move here
            tried += 1
            assert line.index_of(position_key(game)) < 0
            search = search_to_end(game, 9000, kept=line)
            again = hint_line(search)
            assert hint_result(search)[0] == WINNING and replays_to_a_win(game, again)
            if back:  # found before any search: the way back
                assert hint_nodes(search) <= len(list(game.legal_moves()))
                assert again.move(0) == move % 20 * 20 + move // 20
            # From the first position it shares with the kept line on, it is the kept line.
            joined = [key in line.keys for key in again.keys].index(True)
            goal = line.keys.index(again.keys[joined])
            assert goal >= 10 and again.moves[2 * joined:] == line.moves[2 * goal:]
            assert again.keys[joined:] == line.keys[goal:]
            game.pop()
    assert tried >= 4

@pytest.mark.parametrize("preset", ["st-helena", "louis"])
def test_from_the_deal_the_hint_wins_nine_deals_in_ten(preset):
    # The full figure (deals 1-200, and box-kite) is make bench-hint's.
    answers = [hint_result(search_to_end(Game.deal(deal, preset), 9000))[0]
               for deal in range(1, 31)]
    assert answers.count(WINNING) >= 27, answers
    assert LOST not in answers  # these deals are won by the solver


def test_giving_up_answers_what_was_found_with_the_game_as_it_was():
    game = Game.deal(9, "box-kite")
    before = exactly(game)
    search = hint_begin(game, 9000)
    for _ in range(200):
        hint_search(search, game, 4)
    assert hint_result(search)[0] == 0 and len(game.history) > 0  # mid-search
    hint_give_up(search, game)
    while not hint_search(search, game, 4):
        pass
    assert exactly(game) == before
    assert hint_result(search)[0] in (PROGRESS, NOTHING)


def test_the_search_backs_out_a_few_moves_a_step_at_its_end():
    game = Game.deal(1)
    search = hint_begin(game, 9000)
    steps = 0
    while not hint_search(search, game, 1):
        steps += 1
    assert hint_result(search)[0] == WINNING and len(game.history) == 0
    assert steps > len(hint_line(search)) // 16  # not all in the step that found it


def test_a_lost_position_is_still_proved_lost():
    search = search_to_end(Game.from_notation(STUCK))
    assert hint_result(search) == (LOST, -1)


# -- the command ------------------------------------------------------------------

def test_the_hint_command_prints_the_boards_answer_as_json(capsys):
    code, out, err = run(capsys, "hint", "--deal", "3", "--json")
    assert code == 0 and not err
    answer = json.loads(out)
    assert set(answer) == {"says", "move", "line", "positions"}
    assert answer["says"] == "wins" and answer["move"] == answer["line"][0]
    game = Game.deal(3)
    search = search_to_end(game, 9000)
    assert answer["positions"] == hint_nodes(search)
    line = hint_line(search)
    assert answer["line"] == [move_name(line.move(index)) for index in range(len(line))]
    code, out, _ = run(capsys, "play", "3", *answer["line"], "--json")
    assert code == 0 and Game.from_notation(json.loads(out)["notation"]).is_won()


def test_the_hint_command_in_words_and_its_budget(capsys):
    code, out, _ = run(capsys, "hint", "7", "--rules", "louis")
    assert code == 0 and out.startswith("wins: ") and len(out.splitlines()) == 2
    code, out, _ = run(capsys, "hint", "--deal", "3", "--nodes", "20", "--json")
    answer = json.loads(out)
    assert answer["says"] in ("progress", "nothing") and answer["positions"] == 20
    assert answer["line"] == []
    code, out, _ = run(capsys, "hint", STUCK)
    assert code == 0 and out.startswith("lost: proved")


@pytest.mark.parametrize("argv", [
    ["hint"], ["hint", "3", "--deal", "3"], ["hint", "--deal", "x"],
    ["hint", "--deal", "3", "--nodes", "0"], ["hint", "--deal", "3", "--nodes", "2000001"],
    ["hint", "not a position"], ["hint", "--deal", "3", "--rules", "nope"]])
def test_bad_input_to_the_hint_command_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1, err
