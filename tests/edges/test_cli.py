"""The desktop command line, ``python -m sthelena`` (sthelena/desktop/cli.py): deal,
moves, play, errors, show and perft. The tty and the module's entry point are
in test_cli_tty.py."""

import io
import json
import sys

import pytest

from tests.helpers.cli_helpers import (ALL_RULES, ALMOST_WON_POS, CYCLING_POS, EMPTY_FOUNDATION_POS,
                         NO_MOVES_POS, REDEAL_ONLY_POS, check_position_json, names, run,
                         same_position)
from sthelena.desktop.explain import perft
from sthelena.core.game import CYCLING, NO_MOVES, REDEAL_ONLY, Game
from sthelena.core.notation import card_name, move_name, parse_move
from sthelena.core.rules import Rules



@pytest.mark.parametrize("text, status", [
    (REDEAL_ONLY_POS, REDEAL_ONLY), (NO_MOVES_POS, NO_MOVES), (CYCLING_POS, CYCLING)])
def test_fixture_statuses(text, status):
    assert Game.from_notation(text).status() == status


# -- deal -------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 7, 123456, 2**32 - 1])
@pytest.mark.parametrize("rules", ALL_RULES)
def test_deal_prints_the_deals_notation(capsys, number, rules):
    code, out, err = run(capsys, "deal", str(number), "--rules", rules)
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    expected = Game.deal(number, rules)
    assert out.strip() == expected.notation()
    assert same_position(Game.from_notation(out), expected)


def test_deal_default_rules_are_st_helena(capsys):
    code, out, _ = run(capsys, "deal", "42")
    assert code == 0
    assert out.strip() == Game.deal(42).notation()
    assert out.startswith("st-helena r0 ")


@pytest.mark.parametrize("rules", ALL_RULES)
def test_deal_json(capsys, rules):
    code, out, err = run(capsys, "deal", "9", "--rules", rules, "--json")
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    data = json.loads(out)
    game = Game.deal(9, rules)
    check_position_json(data, game)
    assert data["foundations"] == {"KS": "KS", "KH": "KH", "KD": "KD", "KC": "KC",
                                   "AS": "AS", "AH": "AH", "AD": "AD", "AC": "AC"}
    dealt = sum(len(pile) for pile in data["piles"]) + len(data["stock"])
    assert dealt == 96
    assert len(data["stock"]) == (84 if Rules.parse(rules).louis_start else 0)
    assert data["rules"]["preset"] == rules.split(",")[0]
    assert Game.from_notation(data["notation"]).notation() == game.notation()


def test_json_empty_foundation_is_null(capsys):
    code, out, _ = run(capsys, "play", EMPTY_FOUNDATION_POS, "1-2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["foundations"]["KS"] is None
    assert data["foundations"]["AS"] == "KS"
    assert data["piles"][0][-1] == "QS" and data["piles"][1] == ["KS"]
    game = Game.from_notation(EMPTY_FOUNDATION_POS)
    game.push(parse_move("1-2"))
    check_position_json(data, game)


# -- moves ------------------------------------------------------------------


@pytest.mark.parametrize("position", [
    "7", REDEAL_ONLY_POS, NO_MOVES_POS, CYCLING_POS, EMPTY_FOUNDATION_POS,
    Game.deal(3, "louis").notation(), Game.deal(5, "st-helena-pysol").notation()])
def test_moves_lists_the_legal_moves(capsys, position):
    game = Game.deal(7) if position == "7" else Game.from_notation(position)
    code, out, err = run(capsys, "moves", position)
    assert (code, err) == (0, "")
    assert out.splitlines() == names(game)
    code, out, err = run(capsys, "moves", position, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"moves": names(game)}


def test_moves_of_a_deal_number_under_rules(capsys):
    code, out, _ = run(capsys, "moves", "3", "--rules", "louis")
    assert code == 0
    assert out.splitlines() == names(Game.deal(3, "louis"))
    assert out.splitlines()[-1] == "deal"


def test_moves_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(CYCLING_POS + "\n"))
    code, out, _ = run(capsys, "moves", "-")
    assert code == 0
    assert out.splitlines() == ["6-9", "9-6", "9-11", "11-9"]


def test_moves_none_left_prints_nothing(capsys):
    code, out, err = run(capsys, "moves", NO_MOVES_POS)
    assert (code, out, err) == (0, "", "")


# -- play -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 7, 30])
def test_play_each_legal_move_matches_push(capsys, number):
    start = Game.deal(number)
    for move in list(start.legal_moves()):
        game = Game.from_notation(start.notation())
        game.push(move)
        code, out, err = run(capsys, "play", start.notation(), move_name(move))
        assert (code, err) == (0, "")
        assert out.strip() == game.notation()


def test_play_several_moves_in_order(capsys):
    game = Game.deal(7)
    played = ["4-KH", "5-KH", "redeal"]
    for name in played:
        game.push(parse_move(name))
    code, out, _ = run(capsys, "play", "7", *played)
    assert code == 0
    assert out.strip() == game.notation()
    assert out.split()[1] == "r1"
    code, out, _ = run(capsys, "play", "7", *played, "--json")
    assert code == 0
    check_position_json(json.loads(out), game)


def test_play_louis_deal_and_case_of_names(capsys):
    game = Game.deal(3, "louis")
    game.push(parse_move("deal"))
    code, out, _ = run(capsys, "play", "3", "--rules", "louis", "DEAL")
    assert code == 0
    assert out.strip() == game.notation()
    assert out.strip().endswith(" -")  # the stock is dealt


def test_play_to_a_win(capsys):
    code, out, _ = run(capsys, "play", ALMOST_WON_POS, "5-as", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["piles"] == [[]] * 12
    assert Game.from_notation(data["notation"]).is_won()


def test_play_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(Game.deal(7).notation()))
    code, out, _ = run(capsys, "play", "-", "4-KH")
    assert code == 0
    game = Game.deal(7)
    game.push(parse_move("4-KH"))
    assert out.strip() == game.notation()


# -- errors -----------------------------------------------------------------


@pytest.mark.parametrize("argv, words", [
    (["play", "7", "3-7"], "illegal move 3-7: piles build by suit in these rules"),
    (["play", "7", "4-KH", "3-7"], "illegal move 3-7"),
    (["play", "7", "1-AS"], "illegal move 1-AS"),
    (["play", REDEAL_ONLY_POS, "1-AS"], "piles 1-4 play only to king foundations"),
    (["play", NO_MOVES_POS, "redeal"], "no redeals left"),
    (["play", "7", "deal"], "illegal move deal"),
    (["play", "7", "3-3"], "bad move '3-3'"),
    (["play", "7", "3to7"], "bad move '3to7'"),
    (["play", "7", "13-1"], "bad place '13'"),
    (["moves", "not a position"], "bad position"),
    (["moves", "st-helena r0 KKKK/AAAA -/-/-/-/-/-/-/-/-/-/-/- -"], "bad position"),
    (["show", "st-helena r5 " + EMPTY_FOUNDATION_POS.split(" ", 2)[2]], "bad position"),
    (["perft", CYCLING_POS.replace("JCJS", "JCXS"), "1"], "bad position"),
    (["moves", CYCLING_POS, "--rules", "louis"], "--rules applies only to a deal number"),
    (["deal", "7", "--rules", "napoleon"], "bad rules 'napoleon'"),
    (["moves", "7", "--rules", "st-helena,wrap=maybe"], "bad rules"),
    (["tty", "--deal", "7", "--rules", "st-helena,colour=red"], "bad rules"),
    (["tty", "--rules", ""], "bad rules"),
    (["deal", "x7"], "bad deal number 'x7'"),
    (["deal", "-1"], "bad deal number -1"),
    (["deal", str(2**32)], "bad deal number 4294967296"),
    (["moves", "99999999999"], "bad deal number"),
    (["tty", "--deal", "seven"], "bad deal number"),
    (["perft", "7", "-1"], "bad depth -1: want 0..7"),
    (["perft", "7", "two"], "bad depth 'two'"),
])
def test_errors_exit_2_with_one_line(capsys, monkeypatch, argv, words):
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert err.startswith("sthelena: ")
    assert words in err


def test_empty_stdin_position_is_an_error(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "moves", "-")
    assert (code, out) == (2, "")
    assert err.startswith("sthelena: bad position") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    [], ["frob"], ["deal"], ["moves"], ["play", "7"], ["perft", "7"],
    ["moves", "7", "--bogus"], ["show", "7", "--json"], ["deal", "1", "2"]])
def test_usage_errors_exit_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("sthelena: ")
    assert err.endswith(" --help)\n")  # the usage is one --help away


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("deal", "moves", "play", "show", "perft", "tty"):
        assert command in out


# -- show -------------------------------------------------------------------


def diagram_rows(text):
    """The four diagram lines (they follow the header and a blank line)."""
    lines = text.splitlines()
    assert lines[1] == "" and lines[6] == ""
    return lines[2:6]


def cells(row):
    return row.split()


def test_show_a_deal(capsys):
    game = Game.deal(7)
    code, out, err = run(capsys, "show", "7")
    assert (code, err) == (0, "")
    header = out.splitlines()[0]
    assert "st-helena" in header and "round 0" in header and "2 redeals left" in header
    assert "restriction in force" in header and "playing" in header
    rows = diagram_rows(out)

    def pile(index):
        cards = game.piles[index]
        return "%d:%s(%d)" % (index + 1, card_name(cards[-1]), len(cards))

    assert cells(rows[0]) == [pile(0), pile(1), pile(2), pile(3)]
    assert cells(rows[1]) == [pile(11), "KS:K", "KH:K", "KD:K", "KC:K", pile(4)]
    assert cells(rows[2]) == [pile(10), "AS:A", "AH:A", "AD:A", "AC:A", pile(5)]
    assert cells(rows[3]) == [pile(9), pile(8), pile(7), pile(6)]
    # piles 1-4 and 10-7 sit over the foundation columns, not at the left
    assert rows[0].index("1:") == rows[1].index("KS:") == rows[3].index("10:")
    assert rows[0].index("4:") == rows[1].index("KC:") == rows[3].index("7:")
    for index, cards in enumerate(game.piles):
        line = "pile %2d: %s" % (index + 1, " ".join(card_name(card) for card in cards))
        assert line in out.splitlines()
    assert "stock" not in out


def test_show_empty_piles_foundations_and_status(capsys):
    code, out, _ = run(capsys, "show", EMPTY_FOUNDATION_POS)
    assert code == 0
    rows = diagram_rows(out)
    assert cells(rows[0]) == ["1:KS(13)", "2:--(0)", "3:--(0)", "4:--(0)"]
    assert cells(rows[1]) == ["12:--(0)", "KS:-", "KH:A", "KD:A", "KC:A", "5:--(0)"]
    assert cells(rows[2]) == ["11:--(0)", "AS:K", "AH:K", "AD:K", "AC:K", "6:--(0)"]
    assert "box-kite" in out.splitlines()[0] and "0 redeals left" in out.splitlines()[0]
    assert "restriction off" in out.splitlines()[0]
    assert "pile  1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS" in out
    code, out, _ = run(capsys, "show", NO_MOVES_POS)
    assert code == 0 and out.splitlines()[0].endswith("no-moves")


def test_show_louis_lists_the_stock(capsys):
    game = Game.deal(3, "louis")
    code, out, _ = run(capsys, "show", "3", "--rules", "louis")
    assert code == 0
    stock = " ".join(card_name(card) for card in game.stock)
    assert [line for line in out.splitlines() if line.startswith("stock")] == [
        "stock (84, top last): " + stock]
    assert "1:%s(1)" % card_name(game.piles[0][0]) in out


def test_show_after_a_redeal(capsys):
    code, out, _ = run(capsys, "show", Game.deal(7).notation().replace(" r0 ", " r1 "))
    assert code == 0
    header = out.splitlines()[0]
    assert "round 1, 1 redeal left" in header and "restriction off" in header


# -- perft ------------------------------------------------------------------


@pytest.mark.parametrize("position", ["7", "12", CYCLING_POS, Game.deal(3, "louis").notation()])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_perft(capsys, position, depth):
    game = Game.deal(int(position)) if position.isdigit() else Game.from_notation(position)
    code, out, err = run(capsys, "perft", position, str(depth))
    assert (code, err) == (0, "")
    assert int(out) == perft(game, depth)
    if depth == 1:
        assert int(out) == len(names(game))


def test_perft_depth_2_counts_replies(capsys):
    game = Game.deal(7)
    total = 0
    for move in list(game.legal_moves()):
        game.push(move)
        total += len(names(game))
        game.pop()
    code, out, _ = run(capsys, "perft", "7", "2")
    assert code == 0
    assert int(out) == total
