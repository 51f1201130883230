"""What the command-line tests share (tests/edges/test_cli.py, test_cli_tty.py):
hand-made positions, running ``main`` in-process or ``python -m sthelena`` in
a child process, and the check of a position's JSON."""

import subprocess
import sys

from sthelena.desktop import cli
from sthelena.desktop.cli import main
from sthelena.core.notation import FOUNDATION_NAMES, card_name, move_name
from sthelena.core.rules import OPTIONS
from . import ROOT
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

