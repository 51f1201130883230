"""Handheld play: the surprises found by playing
with the buttons, each pressed through the button driver and read back off
the screen."""

import sys

import pytest

from tests.helpers.app_driver import make_app, press, rgb, shown_state
from tests.helpers.app_helpers import screen_rows
from tests.helpers.positions import position
from sthelena.app import game_app
from sthelena.app.screens import common, menu
from sthelena.app.screens.dispatch import SCREENS
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.play import STATUS_WIDTH, status_text
from sthelena.app.sounds import ERROR
from sthelena.app.table.text_grid import TEXT_COLUMNS
from sthelena.core.rules import PRESETS

PRESET_NAMES = [name for name, _ in PRESETS]


def status_row(display, reader):
    display.refresh()
    return reader.text_at(display, 2, 0, TEXT_COLUMNS)


def state(app):
    return (app.screen, app.game.notation(), len(app.game.history), str(app.next_rules),
            app.four_colours, app.sound_on, app.game.deal_number)


# -- a long press of A acts once ------------------------------------------------

def test_a_long_press_after_a_drop_does_nothing_more(display, sheet):
    # Pile 10's 9S onto pile 11, then pile 12's ... as the script: the
    # last drop made with a long press (A, then A | HOLD).
    keys = "UP LEFT LEFT A UP LEFT LEFT A"
    for rules in ("st-helena-pysol", "st-helena"):
        short = make_app(display, sheet, deal=2026, rules=rules)
        press(short, keys)
        long = make_app(display, sheet, deal=2026, rules=rules)
        press(long, keys + " HOLD_A")
        assert state(long) == state(short), rules
        assert long.speaker.played == short.speaker.played  # no false error buzz


def test_a_long_press_lifting_a_card_is_the_quick_move(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A HOLD_A")  # pile 8: its card goes home
    assert app.game.move_stack() == [7 * 20 + 16]
    press(app, "B A A HOLD_A")  # the same by A twice: the hold adds nothing
    assert app.game.move_stack() == [7 * 20 + 16]


@pytest.mark.parametrize("item", range(menu._MENU_ITEMS))
def test_a_long_press_in_the_menu_acts_as_a_short_one(display, sheet, item):
    short = make_app(display, sheet, deal=2026)
    long = make_app(display, sheet, deal=2026)
    for app in (short, long):
        press(app, "UP RIGHT RIGHT A A")  # one move, so undo and restart have work
    press(short, "START " + "DOWN " * item + "A")
    press(long, "START " + "DOWN " * item + "A HOLD_A")
    assert state(long) == state(short)


def test_a_long_press_opening_help_leaves_it_open(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "START " + "DOWN " * menu._HELP + "A HOLD_A")
    assert app.screen == common.HELP


# -- throwing a game away asks once -----------------------------------------------

def test_new_deal_and_restart_ask_once_when_moves_would_be_lost(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A")  # pile 8 home (the stuck screen follows)
    press(app, "START " + "DOWN " * menu._RESTART + "A")
    assert ">Sure? A again: restart" in screen_rows(display, reader)
    press(app, "B")  # no: back to the table, the game kept
    assert app.screen == game_app.PLAY and app.game.history
    press(app, "START " + "DOWN " * menu._RESTART + "A A")
    assert not app.game.history and app.game.deal_number == 2026
    press(app, "A A")
    played = app.game.notation()
    press(app, "START DOWN A")
    assert app.screen == common.MENU and app.game.notation() == played
    assert ">Sure? A again: new deal" in screen_rows(display, reader)
    press(app, "DOWN")  # moving on takes the question back
    assert " New deal" in screen_rows(display, reader)
    press(app, "UP A A")
    assert app.game.deal_number == 11 and app.screen == game_app.PLAY


def test_deal_by_number_asks_once_when_moves_would_be_lost(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "START DOWN DOWN A UP A")  # no move yet: 2027 at once
    assert app.game.deal_number == 2027
    press(app, "UP RIGHT RIGHT A A START DOWN DOWN A DOWN A")
    assert app.screen == common.NUMBER and app.game.deal_number == 2027
    rows = screen_rows(display, reader)
    assert "This game will be lost:" in rows and "A again to deal it." in rows
    press(app, "A")
    assert app.game.deal_number == 2026 and app.screen == game_app.PLAY


def test_a_won_game_is_left_without_a_question(display, sheet):
    game = position("st-helena", {1: "KS"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "A A")
    assert app.screen == game_app.WON_SCREEN
    press(app, "START DOWN A")
    assert app.game.deal_number == 11


# -- a rules change says when it applies --------------------------------------------

def test_a_rules_change_says_it_applies_from_the_next_deal(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "START " + "DOWN " * menu._RULES)
    rows = screen_rows(display, reader)
    assert "New rules: from next deal" not in rows and " Restart this deal" in rows
    press(app, "RIGHT")
    rows = screen_rows(display, reader)
    assert "New rules: from next deal" in rows and " Restart with new rules" in rows
    press(app, "DOWN RIGHT")  # an option, on top of the preset
    assert "New rules: from next deal" in screen_rows(display, reader)
    press(app, "LEFT UP LEFT")  # back to the game's rules
    rows = screen_rows(display, reader)
    assert "New rules: from next deal" not in rows and " Restart this deal" in rows


# -- every text fits ----------------------------------------------------------------

# Every screen's module (read from the table: a new screen's texts are checked too).
MODULES = {sys.modules[show.__module__] for show, _ in SCREENS} | {common}


@pytest.fixture
def long_writes(monkeypatch):
    """Every text an app module writes past the screen's right edge."""
    from sthelena.app.table import text_grid

    cut = []

    def checked(grid, column, row, text, width=0):
        if column + len(text) > TEXT_COLUMNS:
            cut.append(text)
        return text_grid.write(grid, column, row, text, width)

    for module in MODULES:
        if hasattr(module, "write"):
            monkeypatch.setattr(module, "write", checked)
    return cut


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_text_fits_the_screen(display, sheet, preset, long_writes, reader):
    for rules in (preset, preset + ",build=any,wrap=true,restricted_first_deal=true"):
        app = make_app(display, sheet, deal=4294967295, rules=rules)
        assert len(status_text(app)) <= STATUS_WIDTH and len(app.message) <= TEXT_COLUMNS
        if app.game.louis_phase() and not app.message:
            assert " st%d" % app.game.stock_size() in status_row(display, reader)
        # Peek; every rules option changed and back; help's three pages; a
        # deal number too big.
        # The overview, a pile and a foundation whole;
        press(app, "SELECT A RIGHT SELECT B DOWN SELECT RIGHT B UP")
        press(app, "START " + "DOWN " * menu._RULES
              + "RIGHT LEFT DOWN " * (menu._HELP - menu._RULES) + "A RIGHT RIGHT B")
        assert app.screen == common.MENU
        press(app, "DOWN DOWN A UP A")
        assert app.screen == common.NUMBER and app.speaker.played[-1] == ERROR
    assert long_writes == []


def test_the_stuck_and_won_screens_fit(display, sheet, long_writes):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A")
    assert app.screen == game_app.STUCK
    app = make_app(display, sheet, deal=12, rules="louis")
    press(app, "START " + "DOWN " * menu._REDEAL + "A")  # deal the stock
    stuck_louis = position("louis", {1: "KS"}, stock="AH")
    app = make_app(display, sheet, position=stuck_louis.notation())
    lost = position("st-helena,spaces=none,redeals=0", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=lost.notation())
    assert app.screen == game_app.STUCK
    won_position = position("st-helena", {1: "KS"}, round_=1)
    app = make_app(display, sheet, position=won_position.notation(), deal=None)
    press(app, "A A")
    assert app.screen == game_app.WON_SCREEN
    assert long_writes == []


def test_the_status_line_keeps_the_stock_and_the_counter_with_a_long_deal_number(
        display, sheet, reader):
    app = make_app(display, sheet, deal=4294967294, rules="louis,restricted_first_deal=true")
    line = status_row(display, reader)
    assert line.startswith("Louis* R2 1st st%d " % app.game.stock_size())
    assert app.game.stock_size() == 84 and line.endswith("0 mv")
    app = make_app(display, sheet, deal=2026, rules="st-helena")
    assert status_row(display, reader).startswith("#2026 StH R2 1st")


# -- the cursor does not show round full-screen panels ------------------------------

def test_no_cursor_frame_at_the_left_edge_of_a_panel(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "DOWN LEFT")  # pile 12: its frame reaches x = 0
    assert app.cursor == 11 and place_x(11) - 2 == 0
    display.refresh()
    y = place_y(11) + 8
    baize = rgb(display, 0, 2)
    assert rgb(display, 0, y) != baize  # the frame is there on the table
    for keys in ("START", "B SELECT"):
        press(app, keys)
        display.refresh()
        assert rgb(display, 0, y) == baize, keys  # and not round a panel
    press(app, "B")
    display.refresh()
    assert rgb(display, 0, y) != baize


# -- errors say why -------------------------------------------------------------------

def test_a_deal_number_too_big_says_so(display, sheet, reader):
    app = make_app(display, sheet, deal=4294967295)
    app.sound_on = False
    press(app, "START DOWN DOWN A UP A")
    rows = screen_rows(display, reader)
    assert "Too big: the most is" in rows and "  4294967295" in rows
    assert app.screen == common.NUMBER and app.game.deal_number == 4294967295


def test_an_illegal_drop_says_why_on_the_status_line(display, sheet, reader):
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A RIGHT A")  # JS onto AH
    assert app.speaker.played[-1] == ERROR
    assert status_row(display, reader).rstrip() == "piles build by suit here"
    press(app, "LEFT")  # the next press clears it
    assert "mv" in status_row(display, reader)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A DOWN DOWN RIGHT A")  # JS to the ace of hearts' foundation
    assert status_row(display, reader).rstrip() == "another suit goes there"
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT RIGHT A DOWN LEFT A")  # AH (pile 3) to the king of hearts'
    assert status_row(display, reader).rstrip() == "that one wants 2"  # (2H is under it)


# -- the stuck screen ---------------------------------------------------------------

def test_the_stuck_screen_says_a_redeal_is_needed_plainly(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A")
    assert app.screen == game_app.STUCK
    rows = screen_rows(display, reader)
    text = " ".join(row.strip() for row in rows)
    assert "No card can reach a foundation without a redeal." in text
    assert "A: redeal" in rows
    press(app, "A")
    assert app.game.round == 1 and app.screen == game_app.PLAY


def test_louis_is_never_stuck_before_a_move(display, sheet, reader):
    app = make_app(display, sheet, deal=12, rules="louis")
    assert app.screen == game_app.PLAY and not app.game.history
    assert status_row(display, reader).rstrip() == "Deal the stock: START"
    press(app, "START " + "DOWN " * menu._REDEAL)
    assert ">Deal the stock" in screen_rows(display, reader)
    press(app, "A")
    assert app.game.stock_size() == 0 and app.screen == game_app.PLAY


# -- help -------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_help_matches_the_rules_in_play_and_explains_the_table(display, sheet, reader,
                                                             preset):
    app = make_app(display, sheet, deal=5, rules=preset)
    press(app, "START " + "DOWN " * menu._HELP + "A")
    rules = app.game.rules
    text = " ".join(screen_rows(display, reader))
    assert "RULES: " + preset in text
    assert ("by suit" if rules.build == "suit" else "any suit") in text
    assert "Redeals: %d" % rules.redeals in text
    assert ("1st: till the 1st redeal" in text) == rules.restricted_first_deal
    assert ("stock is dealt" in text) == rules.louis_start
    press(app, "RIGHT")
    text = " ".join(screen_rows(display, reader))
    for words in ("how many", "ANY:", "R2: redeals", "1st: first-deal", "mv:"):
        assert words in text
    press(app, "RIGHT")
    assert "THE BUTTONS" in screen_rows(display, reader)[0]
    press(app, "RIGHT")  # past the last page: the menu
    assert app.screen == common.MENU


# -- every card in view -------------------------------------------------------------

def test_the_overview_shows_every_pile_one_press_from_the_table(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "RIGHT SELECT")  # one press from the table
    assert app.screen == common.OVERVIEW
    rows = screen_rows(display, reader)
    for pile in range(12):
        cards = app.game.pile_cards(pile)
        expected = "".join("A23456789TJQK"[(card & 15) - 1] + "?" for card in cards)
        marker = ">" if pile == 1 else " "
        assert rows[pile] == (marker + "%2d " % (pile + 1) + expected).rstrip(), pile
    assert rows[12].startswith("K? K? K? K? K?")  # the king foundations' bases
    press(app, "DOWN DOWN A")  # pile 4, whole
    assert app.screen == common.PEEK and shown_state(app) == 3
    assert screen_rows(display, reader)[0].startswith("pile 4: ")


def test_a_long_pile_keeps_its_top_cards_in_the_overview(display, sheet, reader):
    cards = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"  # 13 cards on pile 1
    game = position("st-helena", {1: cards}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "SELECT")
    row = screen_rows(display, reader)[0]
    assert row.startswith("> 1 < 4?") and row.endswith("K?") and len(row) <= TEXT_COLUMNS
    assert row.count("?") == 10  # the top ten of the thirteen


def test_peek_steps_to_the_neighbouring_pile_and_back_to_the_overview(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "SELECT A")  # pile 1
    assert screen_rows(display, reader)[0].startswith("pile 1:")
    press(app, "RIGHT")
    assert app.screen == common.PEEK and screen_rows(display, reader)[0].startswith("pile 2:")
    press(app, "LEFT LEFT")
    assert screen_rows(display, reader)[0].startswith("pile 12:")
    press(app, "SELECT")
    assert app.screen == common.OVERVIEW and screen_rows(display, reader)[11].startswith(">12")
    press(app, "B")
    assert app.screen == game_app.PLAY and app.view.overlay.hidden


def test_peek_on_a_foundation_shows_what_it_holds_and_takes(display, sheet, reader):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A B")  # 8 of spades... onto the ace of spades' foundation
    press(app, "UP LEFT LEFT")  # the ace of spades' foundation
    assert app.cursor == 16
    press(app, "SELECT")
    rows = screen_rows(display, reader)
    assert rows[0] == "A? foundation: 2 cards"
    assert rows[3].startswith("holds: A  2") and rows[9] == "takes next: 3?"
    press(app, "RIGHT")  # the next foundation: the ace of hearts'
    assert screen_rows(display, reader)[0] == "A? foundation: 1 card"
    press(app, "B")
    assert app.screen == game_app.PLAY
