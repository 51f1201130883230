"""The fanned tables of a 320x240 screen (fan_geometry.SMALL; at 480x320 with
larger cards, fan_geometry.WIDE) and of a 240x135 one (fan_geometry.SHORT), and the
table each screen takes (big_screen/tables.py), on CPython through the real
displayio stack (Blinka): every place on the screen with its cursor and lift,
every card of every pile read back from the view's tiles and from a frame's
pixels against the core's piles, after a deal, random games and a won one.
The Fruit Jam's table: tests/app/test_fan_table.py."""

import pytest

from tests.helpers import ROOT
from tests.helpers.fan_helpers import Screen, check_tiles, fan_app, random_moves
from tests.helpers.fan_reader import MORE, read_tiles
from tests.helpers.fan_shots import desktop_frames, random_line, read_frame
from sthelena.app import buttons
from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.big_screen.fan_geometry import FRUIT_JAM, SHORT, SMALL, WIDE
from sthelena.app.big_screen.fan_layout import FanLayout
from sthelena.app.big_screen.fan_table import FanScreen
from sthelena.app.big_screen.scaled import BigScreen
from sthelena.app.big_screen.tables import (FAN_TABLE, HANDHELD_TABLE, LARGE_TABLE,
                                            SHORT_FAN_TABLE, SMALL_FAN_TABLE, fit_table,
                                            table_screen)
from sthelena.app.screens.common import NOWHERE, PLAY
from sthelena.app.table.text_grid import TEXT_COLUMNS
from sthelena.core.game import Game
from tools.harness.won_games import point_of, won_game

CASES = [((320, 240), SMALL), ((480, 320), WIDE), ((240, 135), SHORT)]
CASE_IDS = ["320x240", "480x320", "240x135"]
DEALT = 8  # cards a pile is dealt


# -- the table a screen takes -------------------------------------------------

@pytest.mark.parametrize("size, kind", [
    ((160, 128), HANDHELD_TABLE), ((240, 240), LARGE_TABLE), ((240, 135), SHORT_FAN_TABLE),
    ((320, 240), SMALL_FAN_TABLE), ((480, 320), SMALL_FAN_TABLE), ((720, 400), FAN_TABLE),
    ((640, 480), FAN_TABLE),
    # round the edges: 240x192 and up the PicoSystem's, wide and short the fanned one
    ((240, 192), LARGE_TABLE), ((280, 240), LARGE_TABLE), ((320, 239), LARGE_TABLE),
    ((240, 191), SHORT_FAN_TABLE), ((320, 135), SHORT_FAN_TABLE), ((240, 134), HANDHELD_TABLE),
    ((239, 135), HANDHELD_TABLE), ((639, 400), SMALL_FAN_TABLE), ((640, 399), SMALL_FAN_TABLE),
    ((128, 128), HANDHELD_TABLE)])
def test_fit_table_picks_the_table_for_the_screen(size, kind):
    assert fit_table(*size) == kind


def pixels(bitmap):
    return (bitmap.width, bitmap.height,
            bytes(bitmap[x, y] for y in range(bitmap.height) for x in range(bitmap.width)))


def test_table_screen_makes_what_each_board_hands_the_app(sheet, large_sheet, fan_sheet,
                                                          small_fan_sheet):
    assets = str(ROOT / "assets")  # (the desktop's: an absolute path, no "/" at its end)
    # The handheld's: the display itself, and the small sheet.
    display = Screen(160, 128)
    screen, text = table_screen(display, HANDHELD_TABLE, assets)
    assert screen is display and display.root_group is None
    assert pixels(text) == pixels(sheet)
    # The PicoSystem's: the large table centred by BigScreen, as its edge makes it.
    display = Screen(240, 240)
    screen, text = table_screen(display, LARGE_TABLE, assets + "/")
    assert type(screen) is BigScreen and display.root_group is screen.root
    assert (screen.table_width, screen.table_height, screen.scale, screen.x, screen.y) == \
        (240, 192, 1, 0, 24)
    assert pixels(text) == pixels(large_sheet)
    # The fanned ones: each geometry, its fan sheet, its text sheet, its text page.
    for size, kind, geometry, fans, texts, page in (
            ((720, 400), FAN_TABLE, FRUIT_JAM, fan_sheet, sheet, (160, 128, 3, 120, 8)),
            ((320, 240), SMALL_FAN_TABLE, SMALL, small_fan_sheet, large_sheet,
             (240, 192, 1, 40, 24)),
            ((480, 320), SMALL_FAN_TABLE, WIDE, small_fan_sheet, large_sheet,
             (240, 192, 1, 120, 64)),
            ((240, 135), SHORT_FAN_TABLE, SHORT, small_fan_sheet, sheet, (160, 128, 1, 40, 3))):
        display = Screen(*size)
        screen, text = table_screen(display, kind, assets)
        assert type(screen) is FanScreen and screen.geometry is geometry
        assert screen.layout.geometry is geometry and display.root_group is screen.root
        assert pixels(screen.fan_sheet) == pixels(fans) and pixels(text) == pixels(texts)
        assert (screen.table_width, screen.table_height, screen.scale, screen.x,
                screen.y) == page
    with pytest.raises(ValueError):
        table_screen(Screen(320, 240), 5, assets)
    with pytest.raises(OSError):
        table_screen(Screen(320, 240), SMALL_FAN_TABLE, str(ROOT / "no-such-folder"))


# -- the layout ---------------------------------------------------------------

@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
def test_every_place_its_cursor_and_lift_are_on_screen_and_apart(size, geometry):
    width, height = size
    layout = FanLayout(width, height, geometry)
    card_width, card_height = geometry.card_width, geometry.card_height
    label_left = (card_width - 3 * geometry.tile_width) // 2
    boxes = []
    for place in range(20):
        room = layout.room[place]
        assert room >= (DEALT if place < 12 else 1)  # a dealt pile shows every card
        left, top = layout.left[place], layout.top[place]
        right = layout.top_left(place, room) + card_width
        bottom = top + card_height + (geometry.label_height if place >= 12 else 0)
        if place >= 12:  # the label, wider than the card on the 240x135 table
            left, right = min(left, left + label_left), max(right, left - label_left + card_width)
        boxes.append((left, top, right, bottom))
        # the cursor's frame, 2 pixels round the top card, lifted or not
        assert left - 2 >= 0 and right + 2 <= width, place
        assert top - 2 - geometry.lift >= 0 and top + card_height + 2 <= height, place
        assert bottom <= height and top >= layout.status_height + 2, place
        for count in (0, 1, DEALT, room, room + 5):
            assert layout.place_at(*layout.centre(place, count)) == place
        assert layout.place_at(layout.left[place] + 1, top + 1) == place
    for one in range(20):
        for other in range(one):
            a, b = boxes[one], boxes[other]
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (one, other)
    text_tile = 9 if geometry.text_width == 240 else 6  # the large sheet's, or the small one's
    assert TEXT_COLUMNS * text_tile * geometry.status_scale <= width  # the status line fits
    assert layout.place_at(width // 2, 1) == fan.STATUS_LINE
    assert layout.place_at(-1, 50) == NOWHERE and layout.place_at(width, 50) == NOWHERE


def test_the_rooms_and_rows_of_each_size():
    # cards a pile shows fanned (top and bottom rows, sides) and the four rows' tops
    found = []
    for size, geometry in CASES:
        layout = FanLayout(*size, geometry)
        found.append((layout.room[0], layout.room[4], sorted(set(layout.top))))
    assert found == [(8, 9, [22, 72, 130, 188]), (14, 18, [32, 100, 176, 252]),
                     (8, 9, [11, 38, 73, 108])]
    assert (SMALL.card_width, SMALL.card_height, SHORT.card_width, SHORT.card_height) == \
        (30, 40, 12, 24)
    assert (WIDE.card_width, WIDE.card_height) == (36, 48)  # (the PyPortal Titano's)


# -- reading the table back: tiles --------------------------------------------

def text_sheet(geometry, sheet, large_sheet):
    return large_sheet if geometry in (SMALL, WIDE) else sheet


@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
def test_a_deal_and_random_games_show_every_card_where_the_core_has_it(
        size, geometry, sheet, large_sheet, small_fan_sheet):
    screen, app, _ = fan_app(size, text_sheet(geometry, sheet, large_sheet), small_fan_sheet,
                             geometry)
    game = app.game
    for place in range(12):  # dealt: every card of every pile, none as an edge
        assert read_tiles(app.view, place)[0] == list(game.piles[place]) and \
            len(game.piles[place]) == DEALT
    check_tiles(screen, app)
    longest = edges = 0
    for seed in range(16):  # played on: piles grow past their room, empty, foundations fill
        game = Game.deal(3000 + seed, "st-helena")
        random_moves(game, 40 + 10 * seed, seed)
        app.start(game)
        check_tiles(screen, app)
        longest = max(longest, max(len(pile) for pile in game.piles))
        edges += sum(read_tiles(app.view, place)[0][:1] == [MORE] for place in range(12))
    assert longest > DEALT
    assert edges > 0 or geometry is WIDE  # (480x320 has room for most)


@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
def test_a_won_game_played_card_by_card_shows_it_all_the_way(size, geometry, sheet,
                                                             large_sheet, small_fan_sheet):
    text, line = won_game(4)
    screen, app, _ = fan_app(size, text_sheet(geometry, sheet, large_sheet), small_fan_sheet,
                             geometry, position=text)
    check_tiles(screen, app)
    for step, (move, _) in enumerate(line):
        source, target = divmod(move, 20)
        app.cursor = source
        app.handle(buttons.A)
        app.cursor = target
        app.handle(buttons.A)
        assert app.game.move_stack()[-1] == move
        if step % 7 == 0 and not app.game.is_won():
            check_tiles(screen, app)
    assert app.game.is_won()
    app.go(PLAY)  # the table under the won screen: every pile empty, every foundation full
    for place in range(12):
        assert read_tiles(app.view, place)[0] == []
    for place in range(12, 20):  # its top a king on an ace one, an ace on a king one; no label
        suit = (place - 12) & 3
        assert read_tiles(app.view, place) == ([suit << 4 | (13 if place >= 16 else 1)], None)


@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
def test_a_lift_raises_the_top_card_marks_its_places_and_the_cursor_follows(
        size, geometry, sheet, large_sheet, small_fan_sheet):
    screen, app, _ = fan_app(size, text_sheet(geometry, sheet, large_sheet), small_fan_sheet,
                             geometry)
    view, game, layout = app.view, app.game, screen.layout
    mark_at = (geometry.rows - 1) * geometry.columns + geometry.mark_column
    source, target = next((move // 20, move % 20) for move in game.legal_moves()
                          if move < 240 and move % 20 < 12)
    for place in range(20):  # the cursor frames each top card, 2 pixels out
        app.cursor = place
        app.go(PLAY)
        assert (view._fan_cursor.x, view._fan_cursor.y) == (view.top_x[place] - 2,
                                                            layout.top[place] - 2)
        assert view.top_x[place] == layout.top_left(place, game.pile_size(place)
                                                    if place < 12 else 1)
        assert view._cursor_side.hidden == (view.top_x[place] > layout.left[place])
    app.cursor = source
    app.handle(buttons.A)
    assert app.lifted == source
    assert view._tops[source].y == layout.top[source] - geometry.lift
    assert view._fan_cursor.y == layout.top[source] - 2 - geometry.lift
    assert view._tops[target][mark_at] == fan.TARGET_SIGN
    app.handle(buttons.B)
    assert app.lifted == NOWHERE and view._tops[source].y == layout.top[source]
    unmarked = fan.EDGE_RIGHT_BOTTOM if geometry.mark_column == geometry.columns - 1 \
        else fan.EDGE_BOTTOM
    assert view._tops[target][mark_at] == unmarked
    check_tiles(screen, app)


@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
def test_a_drag_plays_a_card_where_it_is_let_go(size, geometry, sheet, large_sheet,
                                                small_fan_sheet):
    # (a touch screen's, or a mouse's: the Fruit Jam's drag, at these sizes)
    screen, app, mouse = fan_app(size, text_sheet(geometry, sheet, large_sheet),
                                 small_fan_sheet, geometry)
    move = next(move for move in app.game.legal_moves() if move < 240 and move % 20 < 12)
    source, target = divmod(move, 20)
    mouse.drag(*(point_of(screen, source) + point_of(screen, target)))
    assert app.game.move_stack() == [move] and app.lifted == NOWHERE
    assert app.view.dragging == NOWHERE and app.view._drag.hidden
    check_tiles(screen, app)


# -- reading the table back: a frame's pixels ---------------------------------

@pytest.mark.parametrize("size, geometry", CASES, ids=CASE_IDS)
@pytest.mark.parametrize("moves", [0, 70])
def test_a_frames_pixels_read_back_every_card_the_labels_and_the_cursor(tmp_path, size,
                                                                        geometry, moves):
    states = desktop_frames(tmp_path, size, random_line(moves))
    assert states[1]["lifted"] == states[1]["cursor"] != NOWHERE
    read = 0
    for state in states:
        game, foundations = read_frame(tmp_path / ("frame-%s.png" % state["name"]), size,
                                       geometry, state)
        read += foundations
    assert read >= 8  # foundations read (those greyed are not)
    if moves == 0:
        assert all(len(pile) == DEALT for pile in game.piles)
    else:  # (the notation is the position reached: it has no moves)
        assert any(len(pile) != DEALT for pile in game.piles)
