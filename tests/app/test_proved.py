"""What the solver proved, on the handheld: the "winnable deals only" menu
option (sthelena/app/hint/proved.py, through the buttons, saved with the
settings), the won and stuck screens' lines, read back from the pixels, and
a missing or corrupt assets/winnable.bin told on the status line."""

import os
import subprocess
import sys

import pytest

from tests.helpers.app_driver import MemoryStore, make_app, press, shown_state
from tests.helpers.app_helpers import screen_rows
from tests.helpers import ROOT
from tests.helpers.positions import position
from sthelena.core import winnable
from sthelena.app import game_app
from sthelena.app.hint import proved
from sthelena.app.screens import menu
from sthelena.app.screens.deals import new_deal
from sthelena.app.sounds import ERROR
from sthelena.app.table.text_grid import TEXT_COLUMNS
from sthelena.core.game import CYCLING, NO_MOVES, PLAYING, Game
from sthelena.core.rules import Rules
from sthelena.solver.search import WIN, solve
from tools.build.assets.make_winnable import encode

ASSET = str(ROOT / "assets" / "winnable.bin")
LABEL_ROW = 13  # the last menu item's row, the menu scrolled to it


def status_on_screen(display, reader):
    display.refresh()
    return reader.text_at(display, 2, 0, TEXT_COLUMNS).rstrip()


def verdict(rules, number):
    """The file's word on a deal: its winning line's moves, PROVED_LOST, or 0."""
    with open(ASSET, "rb") as file:
        found = winnable.find_section(file, Rules.parse(rules).to_bits())
        return winnable.proved_of(file, found, number)


def deals_where(rules, test, count, start=1):
    found = []
    number = start
    while len(found) < count:
        if test(verdict(rules, number)):
            found.append(number)
        number += 1
    return found


def winnable_label(app, display, reader):
    """Open the menu on its last item, winnable deals only, and read its
    label back (the marker's column and the scroll arrow left out)."""
    press(app, "START UP")
    assert shown_state(app).item == menu._WINNABLE == menu._MENU_ITEMS - 1
    row = screen_rows(display, reader)[LABEL_ROW]
    assert row[:1] == ">"
    return row[1:].rstrip("?").rstrip()


def play_until_stuck(app):
    """Greedy play through the app: a card home when one can go, else a
    card move to a position not seen yet, until the game is stuck."""
    game = app.game
    seen = set()
    while game.status() == PLAYING:
        legal = [move for move in game.legal_moves() if move < 400]
        home = [move for move in legal if move // 20 < 12 <= move % 20]
        for move in home or legal:
            game.push(move)
            text = game.notation()
            game.pop()
            if text not in seen:
                break
        else:
            raise AssertionError("no new position")
        seen.add(text)
        app.play(move)
    app.go(game_app.PLAY)
    return game.status()


def test_winnable_only_deals_only_proved_wins_through_the_buttons(display, sheet, reader):
    lost = deals_where("box-kite", lambda moves: moves == winnable.PROVED_LOST, 4)
    won = deals_where("box-kite", lambda moves: moves > 0, 3, start=lost[-1])
    # The picker draws deal 1 + draw % 2000: the lost deals first, then a won one.
    draws = [number - 1 for number in lost] + [won[0] - 1] + list(range(0, 4000, 37))
    app = make_app(display, sheet, deal=lost[0], rules="box-kite", winnable=ASSET, deals=draws)
    assert winnable_label(app, display, reader) == "Winnable only: off"
    press(app, "A")
    assert app.winnable_only
    assert screen_rows(display, reader)[LABEL_ROW][1:].rstrip("?").rstrip() == \
        "Winnable only: on"
    press(app, "B START DOWN DOWN A A")  # deal by number: any number still
    assert app.game.deal_number == lost[0]
    press(app, "START DOWN A")  # new deal: the lost ones drawn are passed over
    assert app.game.deal_number == won[0] and str(app.game.rules) == "box-kite"
    numbers = []
    for _ in range(6):
        press(app, "START DOWN A")
        numbers.append(app.game.deal_number)
        assert verdict("box-kite", numbers[-1]) > 0
    assert len(set(numbers)) == 6
    # A from the stuck screen deals a winnable one too.
    new_deal(app, lost[1])
    assert play_until_stuck(app) in (CYCLING, NO_MOVES)
    assert app.screen == game_app.STUCK
    press(app, "A")
    assert app.screen == game_app.PLAY and verdict("box-kite", app.game.deal_number) > 0
    # Saved with the settings: a restart keeps it.
    app.flush()
    again = make_app(display, sheet, store=MemoryStore(app.store.data), winnable=ASSET)
    assert again.winnable_only
    assert winnable_label(again, display, reader) == "Winnable only: on"
    press(again, "A")
    assert not again.winnable_only
    again.flush()
    assert not make_app(display, sheet, store=MemoryStore(again.store.data),
                        winnable=ASSET).winnable_only


def test_not_offered_where_nearly_every_deal_is_winnable(display, sheet, reader):
    unknown = deals_where("st-helena", lambda moves: moves == 0, 1)[0]
    app = make_app(display, sheet, deal=5, rules="box-kite", winnable=ASSET,
                   deals=[unknown - 1, unknown - 1])
    press(app, "START UP A B")
    assert app.winnable_only
    press(app, "START" + " DOWN" * 7 + " RIGHT")  # the next deal's rules: st-helena
    assert app.next_rules.preset == "st-helena"
    press(app, "B")
    with open(ASSET, "rb") as file:  # the share the shipped file lists, over 90%
        found = winnable.find_section(file, Rules.parse("st-helena").to_bits())
    share = found[5] * 100 // found[1]
    assert share >= proved.OFFER_BELOW
    assert winnable_label(app, display, reader) == "Any deal: %d%% winnable" % share
    press(app, "A")  # refused, with a buzz: the label says why
    assert app.winnable_only and app.speaker.played[-1] == ERROR
    press(app, "B START DOWN A")
    assert app.game.deal_number == unknown - 1  # any deal, as drawn
    assert str(app.game.rules) == "st-helena"
    app.next_rules = Rules.parse("box-kite,wrap=true")  # no section for these
    assert winnable_label(app, display, reader) == "Winnable only: no list"


@pytest.mark.parametrize("content, label, status", [
    (None, "Winnable only: no file", proved.NO_FILE),
    (b"SHW1 an older or foreign file", "Winnable only: bad file", proved.BAD_FILE),
    (b"", "Winnable only: bad file", proved.BAD_FILE),
])
def test_a_missing_or_corrupt_file_is_told_and_any_deal_dealt(
        display, sheet, reader, tmp_path, content, label, status):
    first = make_app(display, sheet, deal=5, rules="box-kite", winnable=ASSET)
    press(first, "START UP A B")  # on, and saved (the menu saves when it opens)
    first.flush()
    path = tmp_path / "winnable.bin"
    if content is not None:
        path.write_bytes(content)
    app = make_app(display, sheet, store=MemoryStore(first.store.data), winnable=str(path),
                   deals=[41, 42])
    assert app.winnable_only
    assert winnable_label(app, display, reader) == label
    press(app, "A")  # not offered without the file
    assert app.winnable_only and app.speaker.played[-1] == ERROR
    press(app, "B START DOWN A")
    assert app.game.deal_number == 41 and app.screen == game_app.PLAY
    assert status_on_screen(display, reader) == status
    assert len(status) <= TEXT_COLUMNS


def test_a_file_cut_short_in_its_codes_is_told(display, sheet, reader, tmp_path):
    path = tmp_path / "winnable.bin"
    data = open(ASSET, "rb").read()
    path.write_bytes(data[:200])  # the header and entries whole, the codes cut
    app = make_app(display, sheet, deal=5, rules="box-kite", winnable=str(path),
                   deals=[98, 99])
    press(app, "START UP")
    assert shown_state(app).labels[menu._WINNABLE] == "Winnable only: off"  # the entry reads well
    press(app, "A B START DOWN A")  # the pick's read fails: any deal, drawn afresh
    assert app.game.deal_number == 99
    assert status_on_screen(display, reader) == proved.BAD_FILE


def test_the_won_screen_says_the_solvers_moves(display, sheet, reader):
    moves = verdict("st-helena", 1)
    assert moves > 0
    result = solve(Game.deal(1, "st-helena"), budget=None)
    assert result.result == WIN
    app = make_app(display, sheet, deal=1, rules="st-helena", winnable=ASSET)
    for move in result.moves:
        app.play(move)
    app.go(game_app.PLAY)
    assert app.screen == game_app.WON_SCREEN
    rows = screen_rows(display, reader)
    assert rows[5:10] == ["Deal 1", "%d moves" % len(result.moves), "",
                          "This deal was winnable:", "solved in %d moves." % moves]
    assert all(len(row) <= TEXT_COLUMNS for row in app.view.rows)
    # Without the file, or from a position: nothing is said.
    app = make_app(display, sheet, deal=1, rules="st-helena")
    for move in result.moves:
        app.play(move)
    app.go(game_app.PLAY)
    assert "This deal was winnable:" not in screen_rows(display, reader)


def test_the_stuck_screen_says_lost_from_here_and_what_the_solver_knew(
        display, sheet, reader):
    won = deals_where("box-kite", lambda moves: moves > 0, 1)[0]
    lost = deals_where("box-kite", lambda moves: moves == winnable.PROVED_LOST, 1)[0]
    app = make_app(display, sheet, deal=won, rules="box-kite", winnable=ASSET)
    assert play_until_stuck(app) in (CYCLING, NO_MOVES)
    rows = screen_rows(display, reader)
    assert "Proved lost from here." in rows
    at = rows.index("This deal was winnable:")
    assert rows[at + 1] == "solved in %d moves." % verdict("box-kite", won)
    assert rows[-2:] == ["A: new deal", "B: back to the table"]
    app = make_app(display, sheet, deal=lost, rules="box-kite", winnable=ASSET)
    assert play_until_stuck(app) in (CYCLING, NO_MOVES)
    rows = screen_rows(display, reader)
    assert "Proved lost from here." in rows and "Proved lost from the deal." in rows
    assert "This deal was winnable:" not in rows
    for row in app.view.rows:
        assert len(row) <= TEXT_COLUMNS
    # A position (no deal number): the stuck search's proof only.
    stuck = "st-helena,spaces=none,redeals=0 r0 AAAA/QKKK KS" + "/" * 11 + " -"
    assert Game.from_notation(stuck).status() == NO_MOVES
    app = make_app(display, sheet, position=stuck, winnable=ASSET)
    assert app.screen == game_app.STUCK
    rows = screen_rows(display, reader)
    assert "Proved lost from here." in rows
    assert not any(row.startswith(("This deal", "solved in", "Proved lost from the"))
                   for row in rows)
    # Time to redeal is not lost: nothing proved is said.
    redeal = position("st-helena,spaces=none", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=redeal.notation(), winnable=ASSET)
    assert app.screen == game_app.STUCK
    assert not any(row.startswith("Proved") for row in screen_rows(display, reader))


@pytest.mark.vm
def test_the_board_hands_the_app_its_file_and_deals_winnable_ones_in_the_vm():
    """A PyBadge's set-up (start.setup(PROFILE)) under the MicroPython VM,
    with the shipped file at /assets/winnable.bin: the option's label,
    winnable deals only, and the won screen's lines, as the board would show
    them."""
    from tests.edges.test_device import SHEET, run  # (the board's stand-ins in the VM)

    won = deals_where("box-kite", lambda moves: moves > 0, 1)[0]
    lines = run("""
        import random
        from sthelena.app.hint import proved
        from sthelena.app.screens import menu
        from sthelena.core.rules import Rules
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        print(app.winnable)
        app.next_rules = Rules("box-kite")
        print(proved.winnable_item(app))
        proved.winnable_item(app, True)
        print(proved.winnable_item(app))
        random.seed(5)
        numbers = [proved.next_deal_number(app) for _ in range(8)]
        print(" ".join(str(number) for number in numbers))
        from sthelena.app.screens.deals import new_deal
        new_deal(app, %d)
        print(proved.known_lines(app.game, app.winnable))
    """ % won, files={"assets/sheet.bmp": SHEET, "assets/winnable.bin": ASSET})
    assert lines[:3] == ["/assets/winnable.bin", "Winnable only: off", "Winnable only: on"]
    numbers = [int(word) for word in lines[3].split()]
    assert all(verdict("box-kite", number) > 0 for number in numbers)
    assert len(set(numbers)) == 8
    assert lines[4] == str(("This deal was winnable:",
                            "solved in %d moves." % verdict("box-kite", won)))


class Picture:
    """A PNG the desktop wrote, read as the screen reader reads a display."""

    def __init__(self, path):
        import pygame

        self.image = pygame.image.load(str(path))

    def pixel(self, x, y):
        return tuple(self.image.get_at((x, y)))

    def refresh(self):
        pass


def test_the_desktop_hands_the_app_the_repositorys_file(tmp_path, reader):
    """``python code.py``: the menu's item above the desktop's brightness (its
    last) reads the repository's assets/winnable.bin (a box-kite deal:
    offered, off)."""
    shot = tmp_path / "menu.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(tmp_path), USERPROFILE=str(tmp_path))
    done = subprocess.run([sys.executable, "code.py", "--keys", "START UP UP", "--rules",
                           "box-kite", "--deal", "5", "--no-save", "--shot", str(shot)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    row = reader.text_at(Picture(shot), 2, 8 * (LABEL_ROW - 1), TEXT_COLUMNS)
    assert row[1:].rstrip("?").rstrip() == "Winnable only: off"


def test_a_start_with_other_rules_deals_a_winnable_deal_when_the_option_is_on(
        display, sheet, tmp_path):
    # A file where both rule sets lose often enough for the option to be
    # offered (deals 1-60, every third proved winnable): the shipped one
    # offers it for box-kite alone.
    wins = {number: 150 for number in range(3, 61, 3)}
    path = tmp_path / "winnable.bin"
    path.write_bytes(encode([(Rules(rules).to_bits(), 1, 60, wins)
                             for rules in ("box-kite", "st-helena-pysol")]))
    first = make_app(display, sheet, deal=5, rules="box-kite", winnable=str(path))
    press(first, "START UP A B")
    first.flush()
    draws = list(range(0, 20000, 7))
    app = make_app(display, sheet, store=MemoryStore(first.store.data), rules="st-helena-pysol",
                   winnable=str(path), deals=draws)
    assert app.winnable_only and not app.resumed
    assert str(app.game.rules) == "st-helena-pysol"
    assert app.game.deal_number in wins
    assert app.next_rules.preset == "st-helena-pysol"
