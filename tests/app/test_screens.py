"""The text screens as tiles of the sheet's characters and the table as an
adafruit_displayio_layout GridLayout, through the real displayio stack
(Blinka, headless): the texts are read back from the rendered pixels, and
every place sits where the cursor and the screen reader expect it."""

import displayio
import pytest
import vectorio

from tests.helpers.app_driver import ScreenReader, make_app, press, rgb, shown_state
from tests.helpers.app_helpers import screen_rows
from tests.helpers.positions import position
import sthelena
from sthelena.app import game_app
from sthelena.app.screens import common, menu
from sthelena.app.table import layout
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.text_grid import TEXT_COLUMNS, TEXT_ROWS


def title_on_screen(display, reader, title, scale=2):
    """The title (twice the size unless given), centred at the top, read
    back at its place."""
    display.refresh()
    return reader.text_at(display, 80 - 3 * scale * len(title), 0, len(title), scale=scale)


def test_the_places_are_laid_out_by_a_6_by_4_grid_layout_with_empty_corners(display, sheet):
    app = make_app(display, sheet, deal=5)
    view = app.view
    places = view.places
    assert (places.x, places.y) == (2, 12)
    # The library's GridLayout lays them out (layout.place_layout); the view
    # keeps them where it put them, in a plain group at the layout's corner.
    grids = [displayio.TileGrid(sheet, pixel_shader=displayio.Palette(16), width=4, height=3,
                                tile_width=6, tile_height=8) for _ in range(20)]
    grid = layout.place_layout(grids)
    assert grid.grid_size == (6, 4) and (grid.x, grid.y) == (2, 12)
    for corner in ((0, 0), (5, 0), (0, 3), (5, 3)):
        with pytest.raises(KeyError):
            grid.get_content(corner)
    cells = {}
    for place in range(20):
        tile_grid = view._grids[place]
        assert (tile_grid.x, tile_grid.y) == (grids[place].x, grids[place].y)
        # where the layout put it is where the cursor and the reader look
        assert (places.x + tile_grid.x, places.y + tile_grid.y) == (place_x(place), place_y(place))
        column = (place_x(place) - 2) // 26
        row = (place_y(place) - 12) // 29
        assert grid.get_content((column, row)) is grids[place]
        cells[column, row] = place
    assert len(cells) == 20
    # Every place's card is on screen where the reader reads it.
    display.refresh()
    reader = ScreenReader(sheet)
    assert [reader.card_at(display, place) for place in range(12)] == \
        [app.game.top(place) for place in range(12)]


def pictures_as_unknown(text):
    """What the reader reads for a line: the pictures (suits, arrows) as '?'."""
    for picture in "\x01\x02\x03\x04\x05\x06\u2191\u2193":
        text = text.replace(picture, "?")
    return text.rstrip()


def test_help_pages_are_read_back_from_the_label(display, sheet, reader):
    app = make_app(display, sheet, deal=5)
    press(app, "START " + "DOWN " * menu._HELP + "A")
    assert app.view.page == "text"
    for page in range(3):
        rows = screen_rows(display, reader)
        assert rows == [pictures_as_unknown(row) for row in app.view.rows]
        assert rows[-1] == "%d/3 <>:page B:back v%s" % (page + 1, sthelena.__version__)
        if page == 0:
            assert rows[0] == "RULES: st-helena" and "K? down, A? up." in rows[2]
        press(app, "RIGHT")
    # The label's background is the panel colour behind every cell.
    press(app, "LEFT")
    display.refresh()
    assert rgb(display, 157, 127) == rgb(display, 2 + 6 * 25 + 5, 8)


def test_a_texts_line_wider_than_the_screen_is_wrapped_by_the_library(
        display, sheet, reader, tmp_path):
    texts = tmp_path / "help.txt"
    texts.write_text("@rules\nShort line.\n" + "A line far too long for the screen, "
                     "wrapped at its spaces by wrap_text_to_pixels.\n@table\nX\n",
                     encoding="utf-8")
    app = make_app(display, sheet, deal=5)
    app.texts = str(texts)
    press(app, "START " + "DOWN " * menu._HELP + "A")
    rows = screen_rows(display, reader)
    assert rows[1] == "Short line."
    wrapped = rows[2:rows.index("")]
    assert len(wrapped) > 1 and all(len(row) <= TEXT_COLUMNS for row in wrapped)
    assert " ".join(wrapped) == ("A line far too long for the screen, wrapped at its spaces "
                                 "by wrap_text_to_pixels.")


def test_a_section_is_found_by_its_whole_name_and_ends_at_the_next_marker(
        display, sheet, tmp_path):
    from sthelena.app.screens.common import write_section

    texts = tmp_path / "help.txt"
    texts.write_text("@tables\nNot this.\n@table\r\nThis one,\nand this.\n@\n# notes\n",
                     encoding="utf-8")
    app = make_app(display, sheet, deal=5)
    app.texts = str(texts)
    app.view.clear_text()
    assert write_section(app, "table", 1) == 3
    assert app.view.rows[:4] == ["", "This one,", "and this.", ""]
    assert write_section(app, "tab", 0) == 0 and app.view.rows[0] == ""  # no such section


def test_the_menu_and_its_marker_are_read_back(display, sheet, reader):
    app = make_app(display, sheet, deal=5)
    press(app, "START DOWN DOWN")
    rows = screen_rows(display, reader)
    assert rows[0] == "MENU #5            B: back"
    labels = menu.menu_labels(app)
    assert [row[1:].rstrip("?").rstrip() for row in rows[2:2 + menu.MENU_ROWS]] == \
        [label for label in labels[:menu.MENU_ROWS]]
    assert [row[:1] for row in rows[2:2 + menu.MENU_ROWS]] == [" ", " ", ">"] + [" "] * 9
    assert rows[TEXT_ROWS - 1] == "A: choose  <>: change"


def test_text_is_tiles_of_the_sheet_black_on_the_panel_in_the_peeks_grid(display, sheet,
                                                                          reader):
    # No label (its library, a bitmap a label, a font copied out of the sheet:
    # too much of the board's heap), but the peek's one 26 x 16 grid of the
    # sheet's characters, drawn black on the panel colour (suits too, as the
    # labels drew them).
    app = make_app(display, sheet, deal=5)
    view = app.view
    press(app, "START " + "DOWN " * menu._HELP + "A")
    assert view.page == "text" and not view.overlay.hidden
    shader = view.overlay.pixel_shader
    colours = {shader[index] for index in range(len(shader)) if not shader.is_transparent(index)}
    assert colours == {0xF4EFD8, 0x000000}
    assert screen_rows(display, reader)[0] == view.rows[0] == "RULES: st-helena"
    press(app, "B B SELECT")  # back to the table, then the overview: the same grid, in colour
    assert app.screen == common.OVERVIEW and view.overlay.pixel_shader is not shader

    def bitmaps(group):
        for layer in group:
            if isinstance(layer, displayio.Group):
                yield from bitmaps(layer)
            elif isinstance(layer, vectorio.Rectangle):  # the baize: a shape, no bitmap
                assert layer is view.group[0]
            else:
                assert isinstance(layer, displayio.TileGrid), layer
                yield layer.bitmap

    # Every layer a TileGrid: of the sheet, but the cursor's bars' own (across
    # and down), and the baize under them all.
    drawn = {id(bitmap): bitmap for bitmap in bitmaps(view.group)}
    assert sheet in drawn.values() and len(drawn) == 3


def test_deal_by_number_is_read_back(display, sheet, reader):
    app = make_app(display, sheet, deal=5)
    press(app, "START DOWN DOWN A")
    assert app.screen == common.NUMBER
    press(app, "LEFT UP UP")  # deal 5's tens digit, twice up
    rows = screen_rows(display, reader)
    assert rows[1] == "DEAL BY NUMBER" and rows[3] == "0 to 4294967295"
    digits = "".join(chr(48 + digit) for digit in shown_state(app).digits)
    assert rows[6] == "  " + digits and digits == "0000000025"
    assert rows[13] == "A: deal  B: back"


def test_won_and_stuck_screens_have_a_scaled_title_and_their_lines(display, sheet, reader):
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A DOWN DOWN LEFT A UP UP HOLD_A RIGHT A A RIGHT A RIGHT A LEFT A A "
               "RIGHT HOLD_A")
    assert app.screen == game_app.WON_SCREEN
    assert title_on_screen(display, reader, "YOU WON!") == "YOU WON!"
    rows = screen_rows(display, reader)
    assert rows[3] == "All 104 cards are home."
    assert rows[5] == "From a given position" and rows[6].endswith(" moves")
    assert rows[-2:] == ["A: new deal", "B: undo  START: menu"]
    stuck = position("st-helena,spaces=none", {1: "KS", 7: "AH"}, round_=0)
    app = make_app(display, sheet, position=stuck.notation())
    assert app.screen == game_app.STUCK
    # too wide for twice the size: drawn at the body's size, centred
    assert title_on_screen(display, reader, "TIME TO REDEAL", scale=1) == "TIME TO REDEAL"
    rows = screen_rows(display, reader)
    assert rows[3:] == [pictures_as_unknown(row) for row in app.view.rows[3:]]
    assert "Redeals left: 2" in rows
    assert rows[-2:] == ["A: redeal", "B: back to the table"]
    press(app, "B")
    assert app.view.page == "table"


def test_wrap_breaks_lines_where_the_labels_library_broke_them(sheet):
    # The text screens wrap their own lines (no library on the board's heap):
    # each line of the texts file, and a few made to test the edges, break
    # where adafruit_display_text's wrap_text_to_pixels breaks them in the
    # sheet's font (a line is filled while it stays under the width).
    from adafruit_display_text import wrap_text_to_pixels
    from sthelena.app.table.font import SheetFont
    from sthelena.app.screens.common import wrap
    from tests.helpers import ROOT

    font = SheetFont(sheet)
    with open(ROOT / "assets" / "help.txt", encoding="utf-8") as file:
        lines = [line.rstrip() for line in file if line[:1] not in "@#"]
    # (a line for some rules only: its condition is not shown)
    lines = [line.split(" ", 1)[1] if line[:1] == "?" else line for line in lines]
    made = ["x" * 25, "x" * 24 + " y", "a " * 20, "word " * 6 + "x" * 20, "ab  cd" * 6, ""]
    wrapped = 0
    for line in lines + made:
        expected = wrap_text_to_pixels(line, TEXT_COLUMNS * font.width, font)
        assert wrap(line, TEXT_COLUMNS) == expected, line
        wrapped += len(expected) > 1
    assert wrapped >= 6  # (the texts file has lines that need it)
