"""The app's play driven by button presses through the real displayio stack
(Blinka, headless): picking up and putting down, quick moves, undo and redo,
a game won, the restricted first deal, peeking at a pile, the stuck and lost
screens, and random presses that must conserve the cards."""

import random

import pytest

from tests.helpers.app_driver import (cards_conserved, cursor_colour_around, event_of, make_app,
                                      press, rgb)
from tests.helpers.app_helpers import close, shown, small_game, table_on_screen
from tests.helpers.positions import position
from sthelena.app import game_app
from sthelena.app.screens import common, menu
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.play import status_text
from sthelena.app.sounds import CLICK, ERROR, FANFARE
from sthelena.core.rules import PRESETS


# -- picking up and putting down ------------------------------------------

def test_a_lifts_the_card_marks_where_it_may_go_and_a_drop_plays_it(display, sheet, reader):
    app = small_game(display, sheet)
    press(app, "RIGHT A")
    assert app.lifted == 1
    shown(display, app)
    assert reader.card_at(display, 1, lifted=True) == app.game.top(1)  # JS, raised
    assert reader.card_at(display, 1) == 0  # no longer at rest
    assert app.speaker.played == [CLICK]
    # JS may go onto QS (pile 1) and to the ace-of-spades foundation.
    marked = [place for place in range(20) if app.view._drawn[place * 4 + 2] == 1]
    assert marked == [0] + list(range(3, 12)) + [16]  # QS, the spaces, its foundation
    press(app, "DOWN DOWN LEFT A")  # pile 2 -> KH -> AH -> AS, drop
    assert app.lifted == -1 and app.game.top(16) & 15 == 11
    shown(display, app)
    assert reader.card_at(display, 16) == app.game.top(16)
    assert reader.card_at(display, 1) == app.game.top(1)  # KS now on top of pile 2


def test_an_illegal_drop_flashes_buzzes_and_changes_nothing(display, sheet):
    app = small_game(display, sheet)
    before = app.game.notation()
    press(app, "RIGHT A RIGHT A")  # JS onto AH in pile 3: no
    assert app.game.notation() == before
    assert app.lifted == -1 and app.speaker.played == [CLICK, ERROR]
    shown(display, app)
    assert cursor_colour_around(display, 2) == (255, 32, 32) or \
        cursor_colour_around(display, 2)[0] > 200 and cursor_colour_around(display, 2)[1] < 60
    app.tick(1000)
    app.tick(1300)
    shown(display, app)
    assert close(cursor_colour_around(display, 2), 0xFFE000)


def test_b_cancels_a_pick_up_then_undoes_and_redo_replays(display, sheet):
    app = small_game(display, sheet)
    start = app.game.notation()
    press(app, "RIGHT A B")
    assert app.lifted == -1 and app.game.notation() == start
    press(app, "A A")  # quick move: JS to its foundation
    after = app.game.notation()
    assert after != start
    press(app, "B")
    assert app.game.notation() == start
    menu_redo = "START " + "DOWN " * menu._REDO + "A"
    press(app, menu_redo)
    assert app.game.notation() == after and app.screen == game_app.PLAY


def test_quick_move_prefers_a_foundation_then_a_pile_then_a_space(display, sheet):
    app = small_game(display, sheet)
    press(app, "RIGHT A A")  # JS could go onto QS or a space: its foundation wins
    assert app.game.top(16) & 15 == 11 and app.game.pile_size(1) == 1
    press(app, "RIGHT HOLD_A")  # AH: no foundation, no pile to build on: a space
    assert app.game.pile_size(2) == 1 and app.game.top(3) == 0x11
    game = position("st-helena", {1: "2H", 2: "AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A A")  # AH builds on 2H rather than taking a space
    assert app.game.pile_size(0) == 2 and app.game.pile_size(1) == 0
    game = position("st-helena,spaces=none", {1: "AH 2H", 2: "QS KS"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    before = app.game.notation()
    press(app, "RIGHT HOLD_A")  # KS: nowhere to go
    assert app.game.notation() == before and app.speaker.played[-1] == ERROR


def test_a_whole_game_won_through_the_buttons(display, sheet, reader):
    app = small_game(display, sheet)
    script = ("RIGHT A DOWN DOWN LEFT A "     # JS from pile 2 to AS
              "UP UP HOLD_A "                 # QS from pile 1, held A: home
              "RIGHT A A "                    # KS, A twice: home
              "RIGHT A RIGHT A "              # AH from pile 3 into the space (pile 4)
              "LEFT A A "                     # 2H home to KH
              "RIGHT HOLD_A")                 # AH home: won
    press(app, script)
    assert app.game.is_won()
    assert app.screen == game_app.WON_SCREEN
    assert app.speaker.played[-1] == FANFARE
    shown(display, app)
    assert app.view.page != "table"
    press(app, "A")
    assert app.game.deal_number == 11 and not app.game.is_won()
    assert app.screen == game_app.PLAY


def test_b_on_the_won_screen_undoes_and_the_table_shows_the_undone_position(
        display, sheet, reader):
    app = small_game(display, sheet)
    press(app, "RIGHT A DOWN DOWN LEFT A UP UP HOLD_A RIGHT A A RIGHT A RIGHT A LEFT A A "
               "RIGHT HOLD_A")
    assert app.screen == game_app.WON_SCREEN
    press(app, "B")
    assert app.screen == game_app.PLAY and not app.game.is_won()
    assert app.game.top(3) == 0x11  # AH back in pile 4
    seen, expected = table_on_screen(display, app, reader)
    assert seen == expected


def test_restricted_first_deal_foundations_are_shown_unavailable(display, sheet, reader):
    app = make_app(display, sheet, deal=5)
    assert app.game.restricted()
    shown(display, app)
    drawn = app.view._drawn
    # Cursor on pile 1: the ace foundations are closed to it, greyed and marked.
    assert [drawn[p * 4 + 2] for p in range(12, 20)] == [0] * 4 + [2] * 4
    grey = rgb(display, place_x(16) + 1, place_y(16) + 1)
    white = rgb(display, place_x(12) + 1, place_y(12) + 1)
    assert white == (255, 255, 255) and grey != white
    press(app, "DOWN LEFT")  # pile 12 (left side): either foundation
    assert app.cursor == 11
    assert [drawn[p * 4 + 2] for p in range(12, 20)] == [0] * 8
    press(app, "DOWN")  # pile 11, bottom left: either too
    assert app.cursor == 10 and [drawn[p * 4 + 2] for p in range(12, 20)] == [0] * 8
    press(app, "RIGHT DOWN LEFT")  # pile 7: only to ace foundations
    assert app.cursor == 6
    assert [drawn[p * 4 + 2] for p in range(12, 20)] == [2] * 4 + [0] * 4
    press(app, "START " + "DOWN " * menu._REDEAL + "A")  # redeal: no restriction
    assert not app.game.restricted()
    assert [drawn[p * 4 + 2] for p in range(12, 20)] == [0] * 8
    assert "1st" not in status_text(app)


def test_peek_lists_every_card_of_the_pile_bottom_first(display, sheet, reader):
    app = make_app(display, sheet, deal=9)
    press(app, "RIGHT SELECT A")  # the overview, then all of pile 2
    assert app.screen == common.PEEK and app.view.page != "table"
    shown(display, app)
    cards = app.game.pile_cards(1)
    assert len(cards) == 8
    # Row 3 of the overlay holds the first six cards; read the ranks back.
    text = reader.text_at(display, 2, 24, 24)
    expected = ""
    for card in cards[:6]:
        rank = card & 15
        name = "10" if rank == 10 else "A23456789TJQK"[rank - 1]
        expected += " " * (2 - len(name)) + name + "?" + " "
    assert text == expected
    press(app, "B")
    assert app.screen == game_app.PLAY and app.view.page == "table"


def test_stuck_screens_redeal_only_and_lost(display, sheet, reader):
    # KS on pile 1 may only go to king foundations (full); AH on pile 7
    # only to ace foundations (full); spaces are never filled.
    stuck = position("st-helena,spaces=none", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=stuck.notation())
    assert app.screen == game_app.STUCK and app.view.page != "table"
    press(app, "A")  # redeal: the two cards dealt to piles 1 and 2, no restriction
    assert app.game.round == 1 and app.screen == game_app.PLAY
    seen, expected = table_on_screen(display, app, reader)
    assert seen == expected  # the redealt piles and the status line
    assert "1st" not in status_text(app) and " R1" in status_text(app)
    assert app.message == "All can go home: A on K/A"  # two cards, each free to go
    press(app, "A A RIGHT A A")
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN
    lost = position("st-helena,spaces=none,redeals=0", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=lost.notation())
    assert app.screen == game_app.STUCK
    press(app, "B")
    assert app.screen == game_app.PLAY
    press(app, "A")  # KS lifts, but has nowhere to go
    press(app, "A")
    assert app.speaker.played[-1] == ERROR
    press(app, "START DOWN A")
    assert app.game.deal_number == 11


def test_the_stuck_screen_and_its_redeal_search_the_position_once(display, sheet, monkeypatch):
    # The stuck search behind the screen is not made again to draw it or to
    # act on its A: on the board it may take a while.
    from sthelena.core.game import Game

    searched = []
    status = Game.status
    monkeypatch.setattr(Game, "status", lambda game, budget=300: searched.append(
        game.notation()) or status(game, budget))
    stuck = position("st-helena,spaces=none", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=stuck.notation())
    assert app.screen == game_app.STUCK and searched == [stuck.notation()]
    press(app, "A")  # the redeal it offers; the position after it is looked at once
    assert app.game.round == 1 and len(searched) == 2 and searched[1] == app.game.notation()


@pytest.mark.slow
@pytest.mark.parametrize("preset", [name for name, _ in PRESETS])
def test_five_thousand_random_presses_conserve_the_cards(display, sheet, preset):
    rng = random.Random(preset)
    names = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "HOLD_A"]
    weights = [3, 3, 3, 3, 6, 2, 1, 1, 3]
    app = make_app(display, sheet, deal=rng.getrandbits(32), rules=preset,
                   deals=[rng.getrandbits(32) for _ in range(500)])
    moves_played = 0
    for press_number in range(5000):
        before = len(app.game.history)
        app.handle(event_of(rng.choices(names, weights)[0]))
        moves_played += len(app.game.history) > before
        assert cards_conserved(app.game)
        if press_number % 500 == 0:
            display.refresh()
    assert moves_played >= 30  # the presses really played the game (61 to 346 today)


# -- the screens' table ------------------------------------------------------

def test_the_screens_table_has_a_row_for_each_number_in_its_order():
    # screens/dispatch.py's rows name their number in a comment; the App indexes
    # the table by the number, so a row out of place would show another screen.
    import inspect
    import re
    from sthelena.app.screens import common, dispatch

    named = re.findall(r"^    \((\w+), (\w+)\),  # (\w+)$", inspect.getsource(dispatch), re.M)
    assert len(named) == len(dispatch.SCREENS)
    for index, (show, button, number) in enumerate(named):
        assert getattr(common, number) == index, number
        assert dispatch.SCREENS[index] == (getattr(dispatch, show), getattr(dispatch, button))
    numbers = {name for name in dir(common) if name.isupper() and name != "NOWHERE"
               and isinstance(getattr(common, name), int) and name not in ("TEXT_COLUMNS",
                                                                           "TEXT_ROWS")}
    assert numbers == {number for _, _, number in named}
