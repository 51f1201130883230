"""The mouse: where a click lands on a large screen, what it does
there on each screen, holds, and a game won by mouse clicks alone. On
CPython through the app's own pointer (``sthelena.app.big_screen.pointer``) and the
desktop's mouse, which the Fruit Jam's edge shares."""

import pytest

from tests.helpers.app_driver import make_app, press, shown_state
from sthelena.app import buttons, game_app
from sthelena.app.screens import common, menu
from sthelena.app.big_screen.scaled import BigScreen, table_scale
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.big_screen.pointer import (LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON, WHEEL_DOWN,
                                             WHEEL_UP, Pointer, place_at, pointed)
from sthelena.app.screens.common import NOWHERE
from sthelena.desktop.mouse import DesktopMouse
from tools.harness.won_games import play_through_clicks, won_game


class Screen:
    """A display of the Fruit Jam's sizes: what BigScreen reads and sets."""

    def __init__(self, width=720, height=400):
        self.width = width
        self.height = height
        self.root_group = None


def centre(place):
    return place_x(place) + 12, place_y(place) + 12


@pytest.mark.parametrize("size, scale, corner", [
    ((720, 400), 3, (120, 8)), ((640, 480), 3, (80, 48)), ((320, 240), 1, (80, 56)),
    ((360, 200), 1, (100, 36)), ((160, 128), 1, (0, 0))])
def test_the_table_is_scaled_as_far_as_it_fits_and_centred(size, scale, corner):
    screen = BigScreen(Screen(*size))
    assert (screen.scale, screen.x, screen.y) == (scale, corner[0], corner[1])
    assert table_scale(*size) == scale
    for x, y in ((0, 0), (159, 127), (80, 64)):
        assert screen.to_table(*screen.from_table(x, y)) == (x, y)
    assert screen.to_table(corner[0], corner[1]) == (0, 0)
    assert screen.to_table(corner[0] - 1, corner[1] - 1) is None
    assert screen.to_table(corner[0] + 160 * scale, corner[1]) is None


def test_the_app_goes_inside_the_scaled_group_once(sheet):
    display = Screen()
    screen = BigScreen(display)
    app = make_app(screen, sheet, deal=2026)
    assert display.root_group is screen.root  # set once, by BigScreen
    assert screen.root_group is app.view.group and screen.table.scale == 3
    assert screen.root[0][0].pixel_shader[0] == 0x1C6B34  # baize round the table


def test_every_card_and_the_gap_round_it_is_its_place():
    for place in range(20):
        x, y = centre(place)
        assert place_at(x, y) == place
        assert place_at(place_x(place) + 25, place_y(place) + 28) == place  # the gap after it
    assert place_at(5, 20) == NOWHERE  # the top-left corner of the grid is empty
    assert place_at(80, 5) == NOWHERE  # the status line
    assert place_at(-1, -1) == NOWHERE


def test_a_click_lifts_a_card_and_a_click_on_a_target_plays_it(sheet):
    app = make_app(Screen(), sheet, deal=2026)
    source = 7
    app.cursor = 0
    assert pointed(app, LEFT_BUTTON, *centre(source)) == buttons.A
    assert app.cursor == source
    app.handle(buttons.A)
    assert app.lifted == source
    target = next(m % 20 for m in app.game.legal_moves() if m // 20 == source)
    event = pointed(app, LEFT_BUTTON, *centre(target))
    app.handle(event)
    assert app.game.move_stack() == [source * 20 + target]


def test_the_other_buttons_and_places(sheet):
    app = make_app(Screen(), sheet, deal=2026)
    assert pointed(app, LEFT_BUTTON, 80, 4) == buttons.START  # the status line: the menu
    assert pointed(app, LEFT_BUTTON, 5, 20) == buttons.NO_EVENT  # nothing there, nothing lifted
    assert pointed(app, LEFT_BUTTON, -1, -1) == buttons.NO_EVENT  # off the table
    assert pointed(app, RIGHT_BUTTON, 80, 64) == buttons.B
    assert pointed(app, MIDDLE_BUTTON, *centre(14)) == buttons.SELECT and app.cursor == 14
    assert pointed(app, WHEEL_UP, 80, 64) == buttons.NO_EVENT  # the table has no scroll
    app.handle(pointed(app, LEFT_BUTTON, *centre(7)))
    assert app.lifted == 7
    assert pointed(app, LEFT_BUTTON, 5, 20) == buttons.B  # off the places: the card goes back
    assert pointed(app, LEFT_BUTTON, -1, -1) == buttons.B


def test_on_the_menu_a_click_chooses_the_item_under_it(sheet):
    app = make_app(Screen(), sheet, deal=2026)
    press(app, "START")
    row = 2 + menu._SOUND - shown_state(app).first  # the menu opens at the top: Sound is off screen
    assert row >= 2 + menu.MENU_ROWS
    assert pointed(app, WHEEL_DOWN, 0, 0) == buttons.DOWN
    for _ in range(menu._SOUND):
        app.handle(buttons.DOWN)
    row = 2 + menu._SOUND - shown_state(app).first
    app.handle(buttons.UP)  # the marker elsewhere: the click moves it
    sound = app.sound_on
    event = pointed(app, LEFT_BUTTON, 40, row * 8 + 3)
    assert event == buttons.A and shown_state(app).item == menu._SOUND
    app.handle(event)
    assert app.sound_on != sound and app.screen == common.MENU
    assert pointed(app, LEFT_BUTTON, 40, 3) == buttons.B  # the top line: back
    assert pointed(app, LEFT_BUTTON, 40, 8 + 3) == buttons.NO_EVENT  # the blank line
    assert pointed(app, WHEEL_UP, 0, 0) == buttons.UP
    app.handle(buttons.B)
    press(app, "START")
    app.handle(pointed(app, LEFT_BUTTON, 40, (2 + menu._NEW) * 8 + 3))  # New deal, nothing lost
    assert app.screen == game_app.PLAY and app.game.deal_number == 11


def test_holding_a_mouse_button_holds_a_or_b():
    pointer = Pointer()

    class App:
        screen = game_app.PLAY
        cursor = 0
        lifted = NOWHERE

        def changed(self):
            pass

    app = App()
    assert pointer.press(app, LEFT_BUTTON, *centre(5), 1000) == buttons.A
    assert pointer.due(1400) == buttons.NO_EVENT
    assert pointer.due(1500) == buttons.A | buttons.HOLD
    pointer.release(LEFT_BUTTON, 1600)
    assert pointer.press(app, RIGHT_BUTTON, 0, 0, 2000) == buttons.B
    pointer.release(RIGHT_BUTTON, 2100)
    assert pointer.due(3000) == buttons.NO_EVENT  # let go before its time: no hold


def test_a_double_click_plays_a_card_home(sheet):
    app = make_app(Screen(), sheet, deal=2026)
    screen = BigScreen(Screen())
    mouse = DesktopMouse(app, screen)
    for place in range(12):
        if any(m // 20 == place and m % 20 >= 12 for m in app.game.legal_moves()):
            break
    mouse.click(LEFT_BUTTON, *screen.from_table(*centre(place)))
    mouse.click(LEFT_BUTTON, *screen.from_table(*centre(place)))
    move = app.game.move_stack()[-1]
    assert move // 20 == place and move % 20 >= 12


@pytest.mark.parametrize("scheme", [0, 1, 2, 3])
def test_games_won_by_mouse_clicks_alone(sheet, scheme):
    for seed in range(2):
        text, line = won_game(seed)
        screen = BigScreen(Screen())
        app = make_app(screen, sheet, position=text)
        clicks, moves, won = play_through_clicks(app, line, scheme, DesktopMouse(app, screen))
        assert won and app.game.is_won()
        assert clicks <= 2 * moves


def test_a_click_on_the_menus_last_item_leaves_where_the_edge_offers_it(sheet):
    app = make_app(Screen(), sheet, deal=2026)
    app.leave_label = "Back to the launcher"
    press(app, "START UP")  # the marker wraps round to the last item: the menu scrolls there
    row = 2 + shown_state(app).item - shown_state(app).first
    assert shown_state(app).labels[shown_state(app).item] == "Back to the launcher"
    assert row == 2 + menu.MENU_ROWS - 1
    press(app, "UP")
    app.handle(pointed(app, LEFT_BUTTON, 40, row * 8 + 3))
    assert app.leaving and app.screen == game_app.PLAY
