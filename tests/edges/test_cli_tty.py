"""The desktop command line's tty (``python -m sthelena tty``) and the
module's entry point run as a child process."""

import io
import json
import re
import sys

import pytest

from tests.helpers.cli_helpers import (ALMOST_WON_POS, CYCLING_POS, NO_MOVES_POS, REDEAL_ONLY_POS,
                         check_position_json, names, run_module)
from sthelena.desktop import cli
from sthelena.desktop.cli import main
from sthelena.core.game import REDEAL_ONLY, STATUS_NAMES, WON, Game
from sthelena.core.notation import parse_move


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
