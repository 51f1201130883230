"""The Fruit Jam's drag and drop on the fanned table, on CPython
through the real displayio stack (Blinka): drags that play, refuse and put
back, clicks that still work, games won by drags alone (in-process and as a
``--keys`` script), and a long run of random clicks, drags and keys."""

import os
import random
import subprocess
import sys

import pytest

from tests.helpers.app_driver import cards_conserved, make_app, press, shown_state
from tests.helpers.desktop_helpers import ROOT, load_png, run
from tests.helpers.fan_helpers import SIZES, check_tiles, fan_app
from tests.helpers.fan_reader import PixelReader, read_tiles
from sthelena.app import buttons
from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.big_screen.pointer import LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON, WHEEL_DOWN
from sthelena.app.table.reasons import why_not
from sthelena.app.screens.common import MENU, NOWHERE, PLAY
from sthelena.app.table.view import TWO_COLOURS
from sthelena.core.game import Game
from tools.harness.won_games import mouse_words, play_through_clicks, point_of, won_game


# -- drag and drop ------------------------------------------------------------

def a_move(game, to_pile=None):
    """A legal card move (onto a pile if ``to_pile``, else to a foundation first)."""
    moves = [move for move in game.legal_moves() if move < 240]
    if to_pile is not None:
        moves = [move for move in moves if (move % 20 < 12) == to_pile]
    return moves[0]


def test_a_drag_plays_a_card_where_it_is_let_go(sheet, fan_sheet):
    screen, app, mouse = fan_app((720, 400), sheet, fan_sheet)
    move = a_move(app.game)
    source, target = divmod(move, 20)
    mouse.drag(*(point_of(screen, source) + point_of(screen, target)))
    assert app.game.move_stack() == [move] and app.lifted == NOWHERE
    assert app.view.dragging == NOWHERE and app.view._drag.hidden
    check_tiles(screen, app)


def test_while_dragged_the_card_follows_and_its_places_are_marked(sheet, fan_sheet):
    screen, app, mouse = fan_app((640, 480), sheet, fan_sheet)
    game = app.game
    move = a_move(game)
    source = move // 20
    card = game.top(source)
    x, y = point_of(screen, source)
    grab_x, grab_y = x - app.view.top_x[source], y - screen.layout.top[source]
    pointer = mouse._pointer
    app.handle(mouse.press(LEFT_BUTTON, x, y, 0))
    pointer.move_on(app, screen, x + 2, y + 1, 10)  # not far enough yet: still a click
    assert app.view.dragging == NOWHERE and app.lifted == source
    pointer.move_on(app, screen, x + 40, y + 90, 20)
    view = app.view
    assert view.dragging == source and not view._drag.hidden
    assert read_tiles(view, source)[0] == list(game.piles[source])[:-1]  # the card left its pile
    assert view._drag[0] == fan.RANK_INDEX + 13 * (card >> 4) + (card & 15) - 1
    assert (view._drag.x, view._drag.y) == (x + 40 - grab_x, y + 90 - grab_y)
    for place in range(20):
        legal = place != source and game.is_legal(source * 20 + place)
        assert (view._signatures[place][1] == 1) == legal, place  # TARGET_MARK
    assert pointer.due(10_000) == buttons.NO_EVENT  # no hold: a drag is no quick move
    app.handle(mouse.release(LEFT_BUTTON, 30, x, y))  # let go on its own pile: back
    assert app.lifted == NOWHERE and game.move_stack() == [] and view.dragging == NOWHERE
    check_tiles(screen, app)


def test_an_illegal_drop_says_why_and_the_card_goes_back(sheet, fan_sheet):
    screen, app, mouse = fan_app((720, 400), sheet, fan_sheet)
    game = app.game
    source = a_move(game) // 20
    target = next(place for place in range(12) if place != source
                  and not game.is_legal(source * 20 + place))
    before = [bytes(pile) for pile in game.piles]
    mouse.drag(*(point_of(screen, source) + point_of(screen, target)))
    assert app.message == why_not(game, source * 20 + target) and app.message
    assert app.flash_at is not None  # the red flash
    assert [bytes(pile) for pile in game.piles] == before and app.lifted == NOWHERE
    check_tiles(screen, app)


def test_a_drop_on_the_status_line_or_with_the_mouse_gone_puts_the_card_back(sheet, fan_sheet):
    screen, app, mouse = fan_app((720, 400), sheet, fan_sheet)
    source = a_move(app.game) // 20
    for x, y in ((360, 5), (719, 5), (-1, -1)):  # (-1, -1): the mouse pulled out
        mouse.drag(*(point_of(screen, source) + (x, y)))
        assert app.lifted == NOWHERE and app.game.move_stack() == [] and not app.message
        assert app.screen == PLAY and app.view.dragging == NOWHERE


def test_clicks_still_lift_put_down_play_home_and_open_the_menu(sheet, fan_sheet):
    screen, app, mouse = fan_app((720, 400), sheet, fan_sheet)
    game = app.game
    move = a_move(game, to_pile=True)
    source, target = divmod(move, 20)
    mouse.click(LEFT_BUTTON, *point_of(screen, source))
    assert app.lifted == source and app.cursor == source
    mouse.click(LEFT_BUTTON, *point_of(screen, target))
    assert game.move_stack() == [move]
    mouse.click(RIGHT_BUTTON, 300, 300)  # undo
    assert game.move_stack() == []
    home = a_move(game)  # a double click plays a card home
    assert home % 20 >= 12
    mouse.click(LEFT_BUTTON, *point_of(screen, home // 20))
    mouse.click(LEFT_BUTTON, *point_of(screen, home // 20))
    assert game.move_stack()[-1] // 20 == home // 20 and game.move_stack()[-1] % 20 >= 12
    mouse.click(MIDDLE_BUTTON, *point_of(screen, 14))  # a foundation's peek
    assert app.screen != PLAY and app.view.fan_group.hidden and not app.view.group.hidden
    app.handle(buttons.B)
    assert app.screen == PLAY and not app.view.fan_group.hidden and app.view.group.hidden
    mouse.click(LEFT_BUTTON, 360, 4)  # the status line: the menu, the handheld's, scaled
    assert app.screen == MENU
    mouse.click(WHEEL_DOWN, 0, 0)
    assert shown_state(app).item == 1


def test_the_keys_cursor_frames_the_top_card(sheet, fan_sheet):
    screen, app, _ = fan_app((720, 400), sheet, fan_sheet)
    press(app, "RIGHT RIGHT")
    view = app.view
    place = app.cursor
    assert (view._fan_cursor.x, view._fan_cursor.y) == (view.top_x[place] - 2,
                                                        screen.layout.top[place] - 2)
    press(app, "A")
    assert view._fan_cursor.y == screen.layout.top[place] - 2 - fan.FAN_LIFT


def test_four_colours_recolour_the_fanned_cards(sheet, fan_sheet):
    from sthelena.app.table.view import FOUR_COLOURS

    screen, app, _ = fan_app((720, 400), sheet, fan_sheet)
    app.view.set_suit_colours(FOUR_COLOURS)
    app.go(PLAY)
    palette = app.view._card_palette
    from sthelena.app.table.tiles import SUIT_INK

    assert [palette[SUIT_INK + suit] for suit in range(4)] == list(FOUR_COLOURS)
    check_tiles(screen, app)


@pytest.mark.parametrize("scheme", [4, 5])
@pytest.mark.parametrize("size", SIZES)
def test_games_won_by_drags_alone(sheet, fan_sheet, scheme, size):
    for seed in range(2):
        text, line = won_game(seed)
        screen, app, mouse = fan_app(size, sheet, fan_sheet, position=text, deal=None)
        drags, moves, won = play_through_clicks(app, line, scheme, mouse)
        assert won and app.game.is_won()
        assert drags <= moves if scheme == 4 else drags <= 0.5 * moves


@pytest.mark.slow
def test_a_game_won_by_drag_words_in_a_script(tmp_path, home, display, sheet):
    text, line = won_game(5)
    script = tmp_path / "drags.txt"
    script.write_text("\n".join(mouse_words(text, line, drag=True)))
    proc = run(["--board", "fruit-jam", "--position", text, "--keys", "@%s" % script,
                "--save", tmp_path / "save", "--shot", tmp_path / "won.png"], home)
    assert proc.returncode == 0, proc.stderr
    from sthelena.desktop.store import FileStore

    app = make_app(display, sheet, store=FileStore(str(tmp_path / "save")))  # the save read back
    assert app.game.is_won() and len(app.game.move_stack()) == len(line)


@pytest.mark.slow
def test_a_drag_step_by_step_in_a_script_shows_the_card_under_the_pointer(tmp_path, home,
                                                                          display, sheet):
    deal = 2026
    game = Game.deal(deal, "st-helena")
    layout = fan.FanLayout(720, 400)
    move = a_move(game)
    source, target = divmod(move, 20)
    x, y = layout.centre(source, game.pile_size(source))
    to_x, to_y = layout.centre(target, 1)
    shot = tmp_path / "mid.png"
    keys = "PRESS@%d,%d MOVE@%d,%d" % (x, y, to_x, to_y + 100)
    proc = run(["--board", "fruit-jam", "--deal", deal, "--keys", keys, "--shot", shot,
                "--no-save"], home)
    assert proc.returncode == 0, proc.stderr
    width, _, _, frame = load_png(shot)
    reader = PixelReader(frame, width, TWO_COLOURS)
    corner_x = to_x - (x - layout.top_left(source, game.pile_size(source)))
    corner_y = to_y + 100 - (y - layout.top[source])
    assert reader.card_at(corner_x, corner_y) == game.top(source)  # the card carried
    pile = list(game.piles[source])[:-1]
    assert reader.pile(layout.left[source], layout.top[source], layout.room[source]) == pile
    proc = run(["--board", "fruit-jam", "--deal", deal, "--keys",
                keys + " RELEASE@%d,%d" % (to_x, to_y), "--save", tmp_path / "save"], home)
    assert proc.returncode == 0, proc.stderr
    from sthelena.desktop.store import FileStore

    app = make_app(display, sheet, store=FileStore(str(tmp_path / "save")))  # the save read back
    assert app.game.move_stack() == [move]


def test_drag_words_are_read_and_bad_ones_refused(home):
    from sthelena.desktop.keys import DRAG, parse_keys

    assert parse_keys("drag@1,2:300,4", mouse=True) == [(DRAG, 1, 2, 300, 4)]
    assert parse_keys("PRESS@1,2 move@3,4 RELEASE@5,6", mouse=True) == [
        ("PRESS", 1, 2), ("MOVE", 3, 4), ("RELEASE", 5, 6)]
    proc = run(["--board", "fruit-jam", "--keys", "DRAG@1,2"], home)
    assert proc.returncode == 2 and "DRAG@X1,Y1:X2,Y2" in proc.stderr
    proc = run(["--keys", "DRAG@1,2:3,4"], home)  # the handheld has no mouse
    assert proc.returncode == 2 and "unknown key name" in proc.stderr


# -- a long run of random clicks, drags and keys --------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_random_clicks_drags_and_keys_crash_nothing(sheet, fan_sheet, size):
    screen, app, mouse = fan_app(size, sheet, fan_sheet)
    pointer = mouse._pointer
    rng = random.Random(size[1])
    width, height = size
    now = 0
    played = dragged = 0
    for step in range(3000):
        game, moves = app.game, len(app.game.history)
        now += rng.randrange(1, 700)
        kind = rng.random()
        x, y = rng.randrange(-5, width + 5), rng.randrange(-5, height + 5)
        if kind < 0.35:  # a press, some moves, a release (a drag or a click)
            button = rng.choice((LEFT_BUTTON, LEFT_BUTTON, LEFT_BUTTON, RIGHT_BUTTON,
                                 MIDDLE_BUTTON, WHEEL_DOWN))
            event = mouse.press(button, x, y, now)
            if event != buttons.NO_EVENT:
                app.handle(event)
            for _ in range(rng.randrange(4)):
                x, y = rng.randrange(width), rng.randrange(height)
                pointer.move_on(app, screen, x, y, now)
                dragged += app.view.dragging != NOWHERE
                now += 30
                event = mouse.due(now)
                if event != buttons.NO_EVENT:
                    app.handle(event)
            if rng.random() < 0.1:
                x, y = -1, -1  # the mouse pulled out mid-press: let go nowhere
            event = mouse.release(button, now, x, y)
            if event != buttons.NO_EVENT:
                app.handle(event)
        elif kind < 0.45:  # a key (the keyboard's or a gamepad's) in the middle of it all
            app.handle(rng.choice((buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT,
                                   buttons.A, buttons.B, buttons.B, buttons.A | buttons.HOLD)))
        elif kind < 0.5:
            pointer.move_on(app, screen, x, y, now)
        else:
            event = mouse.press(LEFT_BUTTON, x, y, now)
            if event != buttons.NO_EVENT:
                app.handle(event)
            mouse.release(LEFT_BUTTON, now + 50, x, y)
        while app.hint is not None:
            app.tick(now)
        assert cards_conserved(app.game), step
        played += app.game is game and len(game.history) > moves
        if app.screen == PLAY and app.view.dragging == NOWHERE:
            check_tiles(screen, app)
    assert played > 20 and dragged > 100, (played, dragged)


DRAG_WINDOW = """
import sys
import pygame
from sthelena.desktop import window as desktop
from sthelena.desktop.mouse import DesktopMouse
from sthelena.app.big_screen.fan_table import FanScreen
from sthelena.app.game_app import App
from sthelena.app.table.sheet import load_sheet

SCALE = 2
display = desktop.Display(scale=SCALE, size=desktop.FRUIT_JAM_SIZE)
screen = FanScreen(display, load_sheet(desktop.FAN_SHEET_PATH))
app = App(screen, desktop.MemoryStore(), desktop.Speaker(audio=False),
          load_sheet(desktop.SHEET_PATH), deal=2026)
mouse = DesktopMouse(app, screen, SCALE)
move = [move for move in app.game.legal_moves() if move < 240][0]
(x, y), (to_x, to_y) = (screen.place_point(place) for place in divmod(move, 20))
post = pygame.event.post
post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x * SCALE, y * SCALE)))
for step in range(1, 11):  # the window's pointer moving with the button held
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=((x + (to_x - x) * step // 10) * SCALE,
                                                     (y + (to_y - y) * step // 10) * SCALE),
                            rel=(0, 0), buttons=(1, 0, 0)))
post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
desktop.run_interactive(app, display, mouse=mouse)
assert app.view.dragging == move // 20 and app.game.move_stack() == []
post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(to_x * SCALE, to_y * SCALE)))
post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
desktop.run_interactive(app, display, mouse=mouse)
assert app.game.move_stack() == [move] and app.view.dragging == -1, app.game.move_stack()
print("ok")
"""


def test_the_windows_mouse_drags_a_card(tmp_path, home):
    script = tmp_path / "drag_window.py"
    script.write_text(DRAG_WINDOW)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=env, cwd=str(ROOT), timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["ok"], done.stdout + done.stderr
