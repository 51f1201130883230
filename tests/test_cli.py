"""The desktop command line, ``python -m sthelena`` (sthelena/cli.py)."""

import io
import json
import os
import re
import subprocess
import sys

import pytest

from sthelena import cli
from sthelena.cli import main
from sthelena.explain import perft
from sthelena.game import CYCLING, NO_MOVES, REDEAL_ONLY, STATUS_NAMES, WON, Game
from sthelena.notation import FOUNDATION_NAMES, card_name, move_name, parse_move
from sthelena.rules import OPTIONS, Rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EMPTY11 = "/-" * 11

# Hand-made end games: one king of spades left, the ace-of-spades foundation
# waiting for it. On pile 1 (top row) it may not go there before a redeal.
REDEAL_ONLY_POS = "st-helena,spaces=none r0 AAAA/QKKK KS%s -" % EMPTY11
NO_MOVES_POS = "st-helena,spaces=none,redeals=0 r0 AAAA/QKKK KS%s -" % EMPTY11
# On pile 5 (a side pile) it may: one move from winning.
ALMOST_WON_POS = "st-helena r0 AAAA/QKKK -/-/-/-/KS%s -" % ("/-" * 7)
# The king-of-spades foundation emptied by relocating (box-kite): its top is
# null in JSON, "-" in the diagram, and all 13 spades wait on pile 1.
EMPTY_FOUNDATION_POS = "box-kite r0 -AAA/KKKK AS2S3S4S5S6S7S8S9STSJSQSKS%s -" % EMPTY11
# Box-kite deal 0 after a few random moves: 4 legal moves, none leading on.
CYCLING_POS = ("box-kite r0 QJKK/AAAA JCJS7C7S3C9D6C8C/JH4H8D4H5CJCQCTD/4S9S9S3HQSKD8C8D/"
               "6H2D5D5S4C6D3S3C/KHKSTH7H5H7C2H9H/2S3H8HAHTS4C5H8S/TS2DAD5S4D6S6D/"
               "5D4D9C9H9DTCJS3S/2CJD6H7D6C3D7S/8H2CQC2HQHQDTCAS/9C4S3DJD2S6SKC8S/"
               "7HQDTD7DTH5CAC -")
ALL_RULES = ("st-helena", "st-helena-pysol", "louis", "box-kite", "st-helena,wrap=true")


def run(capsys, *argv):
    """``main(argv)`` in-process: (exit status, stdout, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_module(*argv, stdin=None):
    """``python -m sthelena`` in a child process, from the repository root."""
    return subprocess.run([sys.executable, "-m", "sthelena"] + list(argv), cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=60)


def names(game):
    return [move_name(move) for move in game.legal_moves()]


def same_position(a, b):
    return a.position_key() == b.position_key() and a.rules == b.rules


# -- the hand-made positions are what they claim -----------------------------


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


def check_position_json(data, game):
    """``data`` is exactly the JSON the CLI promises for ``game``."""
    assert set(data) == {"notation", "rules", "round", "stock", "piles", "foundations"}
    assert data["notation"] == game.notation()
    assert data["rules"] == dict(cli.rules_dict(game.rules))
    assert set(data["rules"]) == set(OPTIONS) | {"preset"}
    assert data["rules"]["preset"] == game.rules.preset
    assert data["round"] == game.round
    assert data["stock"] == [card_name(card) for card in game.stock]
    assert isinstance(data["piles"], list) and len(data["piles"]) == 12
    for listed, pile in zip(data["piles"], game.piles):
        assert listed == [card_name(card) for card in pile]
    assert list(data["foundations"]) == list(FOUNDATION_NAMES)
    for index, name in enumerate(FOUNDATION_NAMES):
        card = game.top(12 + index)
        assert data["foundations"][name] == (card_name(card) if card else None)


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


# -- tty --------------------------------------------------------------------


def run_tty(capsys, monkeypatch, lines, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["tty"] + list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_tty_legal_illegal_undo_quit(capsys, monkeypatch):
    code, out, err = run_tty(capsys, monkeypatch,
                             ["3-7", "4-KH", "moves", "undo", "undo", "bogus", "help", "quit",
                              "4-KH"], "--deal", "7")
    assert (code, err) == (0, "")
    assert out.startswith("St. Helena, deal 7, rules st-helena")
    assert "illegal move 3-7: piles build by suit in these rules" in out
    assert "bad move 'bogus'" in out
    assert "undid 4-KH" in out
    assert "nothing to undo" in out
    assert "quit" in out  # the help text
    game = Game.deal(7)
    # the table: at the start, after 4-KH and after the undo, and no more
    # (the 4-KH after quit is never read)
    assert out.count("pile 12:") == 3
    assert out.count("4:QH(8)") == 2 and out.count("4:TC(7)") == 1
    assert out.count("KH:Q") == 1
    game.push(parse_move("4-KH"))
    assert " ".join(names(game)) in out  # the answer to "moves"
    assert out.count("move> ") == 8


def test_tty_illegal_input_loses_nothing(capsys, monkeypatch):
    code, out, _ = run_tty(capsys, monkeypatch, ["4-KH", "3-7", "xx", "undo"], "--deal", "7")
    assert code == 0
    assert "undid 4-KH" in out  # the bad lines did not disturb the last move
    assert out.count("pile 12:") == 3


def test_tty_end_of_input_exits_0(capsys, monkeypatch):
    code, out, _ = run_tty(capsys, monkeypatch, [], "--deal", "5", "--rules", "louis")
    assert code == 0
    assert "rules louis" in out
    assert "stock (84, top last)" in out
    assert out.rstrip().endswith("move>")


def test_tty_random_deal_is_printed(capsys, monkeypatch):
    monkeypatch.setattr(cli.random, "randrange", lambda limit: 31337)
    code, out, _ = run_tty(capsys, monkeypatch, ["quit"])
    assert code == 0
    assert "deal 31337" in out.splitlines()[0]
    assert cli.show_text(Game.deal(31337)) in out


def test_tty_picks_different_deals(capsys, monkeypatch):
    seen = set()
    for _ in range(3):
        _, out, _ = run_tty(capsys, monkeypatch, ["quit"])
        seen.add(re.search(r"deal (\d+)", out).group(1))
    assert len(seen) > 1


def test_tty_win_message():
    game = Game.from_notation(ALMOST_WON_POS)
    out = io.StringIO()
    assert cli.run_tty(game, io.StringIO("5-AS\nquit\n"), out) == 0
    text = out.getvalue()
    assert "You won" in text
    assert text.count("move> ") == 1
    assert game.status() == WON


@pytest.mark.parametrize("position, message", [
    (REDEAL_ONLY_POS, "only a redeal is left"),
    (NO_MOVES_POS, "no moves left: the game is lost"),
    (CYCLING_POS, "only moves that undo each other are left"),
])
def test_tty_says_when_stuck(position, message):
    out = io.StringIO()
    game = Game.from_notation(position)
    assert cli.run_tty(game, io.StringIO(""), out) == 0
    assert message in out.getvalue()
    assert STATUS_NAMES[game.status()] in out.getvalue().splitlines()[0]


def test_tty_redeal_then_play_on():
    game = Game.from_notation(REDEAL_ONLY_POS)
    out = io.StringIO()
    assert cli.run_tty(game, io.StringIO("redeal\n1-AS\n"), out) == 0
    text = out.getvalue()
    assert "only a redeal is left" in text and "You won" in text


def test_status_messages_for_playing_and_louis():
    assert cli.status_message(Game.deal(7), 0) is None
    assert "deal of the stock" in cli.status_message(Game.deal(3, "louis"), REDEAL_ONLY)


# -- the module entry point, in a child process -------------------------------


def test_module_deal():
    result = run_module("deal", "7")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.strip() == Game.deal(7).notation()


def test_module_play_from_stdin_and_json():
    result = run_module("play", "-", "4-KH", "--json", stdin=Game.deal(7).notation() + "\n")
    assert result.returncode == 0
    game = Game.deal(7)
    game.push(parse_move("4-KH"))
    check_position_json(json.loads(result.stdout), game)


def test_module_error():
    result = run_module("play", "7", "3-7")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "sthelena: illegal move 3-7: piles build by suit in these rules\n"


def test_module_usage_error():
    result = run_module("deal")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == ("sthelena: the following arguments are required: N "
                             "(try: sthelena deal --help)\n")


def test_module_tty():
    result = run_module("tty", "--deal", "7", stdin="4-KH\nundo\nquit\n")
    assert result.returncode == 0
    assert "undid 4-KH" in result.stdout
