"""The four-button boards (a Pico with a Pico Display Pack: A, B, X and Y, X
and Y each with a tap and a hold; sthelena/boards/pico_display_2.py) reach
the whole game: a deal won, and the menu, the overview, the hint, undo and
redo, with those keys alone (taps, HOLD_ and LONG_ of them, as the desktop's
``--board pico-display-2 --keys`` holds them through the board's
TapHoldTimer). tools/harness/board_scripts.py makes the words and plays them
on the App as the desktop does, checking each press; the desktop's
``code.py`` then plays the same words."""

import pytest

from tests.helpers.firmware_helpers import board_desktop
from tools.harness import board_scripts, cut_runs
from sthelena.app.buttons import A, B, DOWN, HOLD, RIGHT, SELECT, START
from sthelena.app.screens.common import MENU, NOWHERE, OVERVIEW, PEEK, PLAY, WON_SCREEN
from sthelena.boards import catalogue
from sthelena.core.game import Game
from sthelena.core.statistics import Statistics, kind_of
from sthelena.app import record

BOARD = "pico-display-2"
FOUR_KEYS = {"A", "B", "X", "Y", "HOLD_A", "HOLD_B", "HOLD_X", "HOLD_Y", "LONG_Y"}
DEAL = 10  # its solver's line redeals once on the stuck screen and once by the menu


@pytest.fixture(scope="module")
def profile():
    return catalogue.named(BOARD)


def test_the_four_keys_words_for_the_games_events(profile):
    words = board_scripts.key_words(profile)
    assert words == {RIGHT: "X", START: "HOLD_X", DOWN: "Y", SELECT: "HOLD_Y",
                     board_scripts.HINT: "LONG_Y", A: "A", A | HOLD: "HOLD_A", B: "B",
                     B | HOLD: "HOLD_B"}
    # RIGHT and DOWN alone take the cursor everywhere (the rows and columns wrap).
    paths = board_scripts.cursor_paths(profile)
    assert all(set(path) <= {RIGHT, DOWN} for path in paths.values())
    assert max(len(path) for path in paths.values()) <= 8


def test_a_whole_deal_is_won_with_a_b_x_and_y_alone(profile, tmp_path):
    script, player = board_scripts.whole_game(profile, DEAL)
    assert set(script.words) <= FOUR_KEYS
    assert {"X", "Y", "A", "HOLD_A", "HOLD_X"} <= set(script.words)  # (the menu's redeal too)
    app = player.app
    assert app.screen == WON_SCREEN and app.game.is_won() and script.redeals == 2
    # The desktop plays the same words from the same save: the deal won and counted.
    save = tmp_path / "save.bin"
    save.write_bytes(script.record)
    keys = tmp_path / "keys.txt"
    keys.write_text(script.keys())
    board_desktop(BOARD, ["--save", str(save), "--keys", "@%s" % keys])
    data = save.read_bytes()
    game = cut_runs.game_of(data)
    assert game.is_won() and game.deal_number == DEAL
    assert game.move_stack() == app.game.move_stack()
    statistics = Statistics.from_bytes(record.sections(data)[0][0])
    assert statistics.recent(kind_of(game.rules)) == [(DEAL, True, len(game.move_stack()))]


def test_the_menu_overview_hint_undo_and_redo_are_reached_with_them(profile, tmp_path):
    script = board_scripts.Script(BOARD, DEAL, board_scripts.record_of(Game.deal(DEAL)))
    player = board_scripts.Player(profile, script)
    app = player.app
    player.press(START, "menu: open (X held)", lambda app: app.screen == MENU)
    player.press(DOWN, "menu: move (Y)", lambda app: app.states[MENU].item == 1)
    player.press(B, "menu: close", lambda app: app.screen == PLAY)
    player.press(SELECT, "overview: open (Y held)", lambda app: app.screen == OVERVIEW)
    player.press(DOWN, "overview: move (Y)", lambda app: app.states[PEEK] == app.cursor + 1)
    player.press(B, "overview: close", lambda app: app.screen == PLAY)
    player.press(board_scripts.HINT, "hint (Y held long)",
                 lambda app: app.message.startswith("Wins") and app.hint_target != NOWHERE)
    hinted = app.cursor * 20 + app.hint_target
    player.press(A | HOLD, "the hint's move (A held)",
                 lambda app: app.game.move_stack() == [hinted])
    player.press(B, "undo", lambda app: app.game.move_stack() == [])
    player.press(RIGHT, "cursor (X)")
    player.press(B | HOLD, "redo (B held)", lambda app: app.game.move_stack() == [hinted])
    assert script.words == ["HOLD_X", "Y", "B", "HOLD_Y", "Y", "B", "LONG_Y", "HOLD_A", "B",
                            "X", "HOLD_B"]
    # The desktop plays them alike: the same move made, taken back and made again.
    save = tmp_path / "save.bin"
    save.write_bytes(script.record)
    board_desktop(BOARD, ["--save", str(save), "--keys", script.keys()])
    assert cut_runs.game_of(save.read_bytes()).move_stack() == [hinted]
