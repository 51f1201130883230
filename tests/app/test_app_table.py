"""The app's table through the real displayio stack (Blinka, headless): the
cursor's moves and the places' layout, the cards and suit colours the screen
shows, what a move redraws, and what empty piles and foundations show."""

from tests.helpers.app_driver import cursor_colour_around, make_app, press, rgb, suit_colour_at
from tests.helpers.app_helpers import close, shown, small_game
from tests.helpers.positions import position
from sthelena.app import buttons, game_app
from sthelena.app.screens import menu
from sthelena.app.table.layout import place_x, place_y, step
from sthelena.app.table.view import FOUR_COLOURS, TWO_COLOURS


# -- the cursor ------------------------------------------------------------

def test_cursor_wraps_round_every_row_and_column():
    assert [step(0, buttons.RIGHT), step(3, buttons.RIGHT)] == [1, 0]
    assert step(0, buttons.LEFT) == 3
    assert step(11, buttons.LEFT) == 4 and step(4, buttons.RIGHT) == 11
    assert [step(0, buttons.DOWN), step(12, buttons.DOWN), step(16, buttons.DOWN)] == [12, 16, 9]
    assert step(9, buttons.DOWN) == 0 and step(0, buttons.UP) == 9
    assert step(11, buttons.UP) == 10 and step(10, buttons.DOWN) == 11
    # From every place, every direction leads somewhere else and back again.
    opposite = {buttons.UP: buttons.DOWN, buttons.DOWN: buttons.UP,
                buttons.LEFT: buttons.RIGHT, buttons.RIGHT: buttons.LEFT}
    for place in range(20):
        for direction, back in opposite.items():
            there = step(place, direction)
            assert there != place
            assert step(there, back) == place


def test_every_place_is_on_screen_and_none_overlap():
    boxes = []
    for place in range(20):
        x, y = place_x(place), place_y(place)
        # Lifted and framed, a card stays below the status text.
        assert 2 <= x and x + 26 <= 160 and y - 3 - 2 >= 7 and y + 26 <= 128
        boxes.append((x, y))
    for a in range(20):
        for b in range(a + 1, 20):
            (ax, ay), (bx, by) = boxes[a], boxes[b]
            assert abs(ax - bx) >= 26 or abs(ay - by) >= 28


def test_the_screen_shows_the_cards_the_core_has(display, sheet, reader):
    app = make_app(display, sheet, deal=3)
    shown(display, app)
    for place in range(20):
        assert reader.card_at(display, place) == app.game.top(place), place
    assert close(cursor_colour_around(display, 0), 0xFFE000)
    press(app, "RIGHT RIGHT DOWN")
    shown(display, app)
    assert app.cursor == 14
    assert close(cursor_colour_around(display, 14), 0xFFE000)
    assert not close(cursor_colour_around(display, 0), 0xFFE000)


def test_red_and_black_by_default_four_colours_on_the_menu(display, sheet, reader):
    app = make_app(display, sheet, deal=3)
    press(app, "DOWN LEFT")  # pile 12: no foundation greyed by the first-deal limit
    shown(display, app)
    for place in range(12, 20):
        suit = (place - 12) & 3
        assert close(suit_colour_at(display, place), TWO_COLOURS[suit])
    press(app, "START " + "DOWN " * menu._COLOURS + "A START")
    assert app.four_colours and app.screen == game_app.PLAY and app.cursor == 11
    shown(display, app)
    for place in range(12, 20):
        suit = (place - 12) & 3
        assert close(suit_colour_at(display, place), FOUR_COLOURS[suit])
        assert reader.card_at(display, place) == app.game.top(place)


def test_suits_of_one_colour_share_a_place_palette(display, sheet):
    # Two palettes for the suits in red and black, four in four colours, two
    # again after: each place drawn anew with its suit's, as the screen shows.
    app = make_app(display, sheet, deal=3)
    view = app.view
    assert len({id(palette) for palette in view._palettes}) == 2
    press(app, "DOWN LEFT")  # pile 12: no foundation greyed by the first-deal limit
    for _ in range(4):  # four colours, two, four, two
        press(app, "START " + "DOWN " * menu._COLOURS + "A START")
        colours = FOUR_COLOURS if app.four_colours else TWO_COLOURS
        palettes = view._palettes
        assert len({id(palette) for palette in palettes}) == (4 if app.four_colours else 2)
        for suit in range(4):
            assert palettes[suit][3] == colours[suit]  # the rank's ink (tiles.INK)
        shown(display, app)
        for place in range(12, 20):
            suit = (place - 12) & 3
            assert close(suit_colour_at(display, place), colours[suit])
            assert view._grids[place].pixel_shader in palettes + [view._dim_palette]


def test_card_text_names_ten_in_two_characters_and_the_rest_by_the_core():
    from sthelena.app.table.text_grid import card_text
    from sthelena.core.cards import RANKS

    assert card_text(0x0A) == "10\x01" and card_text(0x3D) == "K\x04"
    assert [card_text(0x10 | rank)[:-1] for rank in range(1, 14)] == [
        "10" if rank == 10 else RANKS[rank - 1] for rank in range(1, 14)]


def test_a_move_redraws_only_the_places_it_changes_and_the_root_group_stays(display, sheet):
    app = small_game(display, sheet)
    root = display.root_group
    assert root is app.view.group
    press(app, "RIGHT")
    before = bytes(app.view._drawn)
    grids = [(grid[0, 0], grid[2, 0], grid.y) for grid in app.view._grids]
    press(app, "A A")  # JS from pile 2 home to the AS foundation
    after = bytes(app.view._drawn)
    changed = [place for place in range(20) if before[place * 4:place * 4 + 4]
               != after[place * 4:place * 4 + 4]]
    assert changed == [1, 16]
    untouched = [place for place in range(20) if place not in changed]
    assert all((app.view._grids[p][0, 0], app.view._grids[p][2, 0], app.view._grids[p].y)
               == grids[p] for p in untouched)
    press(app, "START DOWN DOWN DOWN DOWN B SELECT B")
    assert display.root_group is root


def test_empty_piles_and_foundations_show_what_they_accept(display, sheet, reader):
    from sthelena.app.table.tiles import EMPTY_ANY, EMPTY_NONE

    app = small_game(display, sheet)  # piles 4..12 empty, spaces take any card
    shown(display, app)
    assert [app.view._grids[3][tile] for tile in range(8)] == list(range(EMPTY_ANY, EMPTY_ANY + 8))
    # Foundations: "K" and a down arrow under a king foundation, "A" and up for aces.
    assert reader.text_at(display, place_x(12), place_y(12) + 16, 1) == "K"
    assert reader.text_at(display, place_x(16), place_y(16) + 16, 1) == "A"
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"  # the KH foundation holds its base only
    game = position("st-helena,spaces=none,foundation_moves=all", {1: "QS KS", 3: hearts},
                    round_=1)
    app = make_app(display, sheet, position=game.notation())
    shown(display, app)
    assert ([app.view._grids[3][tile] for tile in range(8)]
            == list(range(EMPTY_NONE, EMPTY_NONE + 8)))
    # The base KH goes onto QH (pile 3): its foundation then shows the king of
    # hearts greyed, which is what it takes.
    press(app, "RIGHT DOWN A UP RIGHT A")
    assert app.game.top(13) == 0 and app.game.top(2) == 0x1D
    shown(display, app)
    assert reader.card_at(display, 13) == 0x1D
    assert rgb(display, place_x(13) + 1, place_y(13) + 1) != (255, 255, 255)
