"""The app driven by button presses through the real displayio stack
(Blinka, headless), checked on the game state and on rendered pixels."""

import random

import pytest

from mpvm import run_micropython
from app_driver import (MemoryStore, ScreenReader, cards_conserved, cursor_colour_around,
                        event_of, make_app, press, rgb, suit_colour_at)
from positions import position
from conftest import ROOT
from sthelena.app import buttons, game_app, help, menu, record
from sthelena.app.record import WRITE_EVERY_MS
from sthelena.app.layout import place_x, place_y, step
from sthelena.app.play import STATUS_WIDTH, status_text
from sthelena.app.sounds import CLICK, ERROR, FANFARE
from sthelena.app.table import TEXT_COLUMNS, TEXT_ROWS, FOUR_COLOURS, TWO_COLOURS
from sthelena.game import Game
from sthelena.moves import REDEAL
from sthelena.rules import PRESETS



@pytest.fixture(scope="module")
def reader(sheet):
    return ScreenReader(sheet)


def shown(display, app):
    display.refresh()
    return display


def table_on_screen(display, app, reader):
    """The 20 places' cards and the status line as the screen shows them, and
    as the game says they are (an empty foundation shows its base, greyed)."""
    shown(display, app)
    seen = [reader.card_at(display, place) for place in range(20)]
    game = [app.game.top(place) for place in range(20)]
    for place in range(12, 20):
        if not game[place]:
            game[place] = ((place - 12) & 3) << 4 | (1 if place >= 16 else 13)
    status = reader.text_at(display, 2, 0, TEXT_COLUMNS)
    return (seen, status), (game, status_line(app))


def status_line(app):
    """The whole status line as it should read: a message, or the status text
    and the move counter at the right."""
    if app.message:
        return app.message.ljust(TEXT_COLUMNS)
    return status_text(app).ljust(STATUS_WIDTH + 1) + ("%d" % len(app.autos)).rjust(4) + " mv"


def close(colour, expected, slack=8):
    """Colours survive the display's RGB565 round trip only approximately."""
    wanted = ((expected >> 16) & 255, (expected >> 8) & 255, expected & 255)
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


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
        assert 2 <= x and x + 26 <= 160 and y - 3 - 2 >= 7 and y + 26 <= 128  # lifted, framed: below the status text
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


# -- picking up and putting down ------------------------------------------

def small_game(display, sheet, **options):
    """Spades J Q K and hearts A 2 still to go home; the first redeal made."""
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    return make_app(display, sheet, position=game.notation(), **options)


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
    assert app.screen == game_app.PEEK and app.view.page != "table"
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


def test_menu_new_deal_by_number_restart_and_rules(display, sheet):
    app = make_app(display, sheet, deal=100)
    press(app, "START DOWN A")  # new deal
    assert app.game.deal_number == 11
    # Deal by number: 100 -> the entry starts at the current number.
    press(app, "START DOWN DOWN A")
    assert app.screen == game_app.NUMBER
    assert bytes(app.digits) == bytes([0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
    press(app, "UP LEFT DOWN A")  # ...12 -> 02? last digit 1->2, then 9th 1->0
    assert app.game.deal_number == 2
    # Rules: cycle the preset, then restart this deal with them.
    press(app, "START " + "DOWN " * menu._RULES + "RIGHT")
    assert app.next_rules.preset == PRESETS[1][0]
    press(app, "DOWN RIGHT")  # build: any -> suit
    assert str(app.next_rules) == "st-helena-pysol,build=suit"
    press(app, "UP " * (menu._RULES - menu._RESTART + 1) + "A")
    assert app.game.deal_number == 2 and str(app.game.rules) == "st-helena-pysol,build=suit"
    assert status_text(app).startswith("#2 StHpy* R2")


def menu_rows(display, app, reader):
    """The menu's lines as shown on the screen."""
    shown(display, app)
    return [reader.text_at(display, 2, top, TEXT_COLUMNS).rstrip("?").strip()
            for top in range(0, 128, 8)]


def test_restart_with_the_same_rules_takes_back_every_move(display, sheet, reader):
    app = make_app(display, sheet, deal=33)
    game = app.game
    press(app, "A A RIGHT A A DOWN A A")
    assert game.history  # moves were played
    press(app, "START " + "DOWN " * menu._RESTART + "A")
    assert app.screen == game_app.MENU and game.history  # asked once...
    press(app, "A")  # ...and confirmed
    assert app.game is game and not game.history and app.screen == game_app.PLAY
    assert game.position_key() == Game.deal(33).position_key()
    # A game read from notation restarts from that position.
    start = position("st-helena", {1: "AS", 2: "KH"})
    app = make_app(display, sheet, position=start.notation())
    press(app, "A A")  # quick move: AS onto the 2 of the KS foundation
    assert app.game.history
    press(app, "START " + "DOWN " * menu._RESTART + "A A")
    assert app.game.notation() == start.notation() and not app.game.history


def text_page(app):
    """What the text page shows: the body label's text, the marker's place."""
    view = app.view
    return view.body.text, view.marker.hidden, view.marker.y, view.page


def test_the_menu_drawn_key_by_key_is_the_menu_drawn_whole(display, sheet, reader):
    # UP/DOWN move only the marker (unless the menu scrolls), LEFT/RIGHT
    # rewrite one label: the text page must end as a full redraw would draw it.
    app = make_app(display, sheet, deal=8)
    rng = random.Random(5)
    press(app, "START")
    for _ in range(400):
        item = app.menu_item
        if item >= menu._RULES and item not in (menu._HELP, menu._STATISTICS) \
                and rng.random() < 0.3:
            press(app, rng.choice(["LEFT", "RIGHT"]))
        else:
            press(app, rng.choice(["UP", "DOWN", "DOWN"]))
        assert app.screen == game_app.MENU
        drawn = text_page(app)
        labels = menu.menu_labels(app)
        assert app.labels == labels
        menu.draw_menu(app)
        assert text_page(app) == drawn, (item, app.menu_item)
        assert all(len(label) <= menu.LABEL_WIDTH for label in labels)
    # And on screen: the marker row and a label shortened in place.
    press(app, "UP " * app.menu_item + "DOWN " * menu._SOUND)
    if not app.sound_on:  # the walk may have turned it off
        press(app, "RIGHT")
    assert app.sound_on
    press(app, "LEFT")
    rows = menu_rows(display, app, reader)
    assert ">Sound: off" in rows
    assert "Four colours: %s" % ("on" if app.four_colours else "off") in rows
    press(app, "RIGHT")
    rows = menu_rows(display, app, reader)
    assert ">Sound: on" in rows and [row for row in rows if row.startswith(">")] == [">Sound: on"]


def test_sound_off_silences_the_game_and_is_kept_in_the_save(display, sheet, reader):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=21)
    press(app, "A")
    assert app.speaker.played == [CLICK]
    press(app, "B START " + "DOWN " * menu._SOUND)
    assert ">Sound: on" in menu_rows(display, app, reader)
    press(app, "RIGHT")
    assert not app.sound_on and ">Sound: off" in menu_rows(display, app, reader)
    press(app, "B A A A B B")  # lift, an illegal drop, cancel...
    assert app.speaker.played == [CLICK]  # ...and not a sound
    app.tick(0)
    app.tick(WRITE_EVERY_MS)  # the write policy: a minute after the first change
    again = make_app(display, sheet, store=store)
    assert not again.sound_on
    press(again, "START " + "DOWN " * menu._SOUND + "LEFT B A")
    assert again.sound_on and again.speaker.played == [CLICK]


def test_a_number_above_the_largest_deal_is_refused(display, sheet):
    app = make_app(display, sheet, deal=4294967295)
    press(app, "START DOWN DOWN A UP A")  # last digit 5 -> 6: too big
    assert app.screen == game_app.NUMBER and app.game.deal_number == 4294967295
    assert app.speaker.played[-1] == ERROR
    press(app, "B B")  # back to the menu, then the table
    assert app.screen == game_app.PLAY


def test_card_text_names_ten_in_two_characters_and_the_rest_by_the_core():
    from sthelena.app.table import card_text
    from sthelena.cards import RANKS

    assert card_text(0x0A) == "10\x01" and card_text(0x3D) == "K\x04"
    assert [card_text(0x10 | rank)[:-1] for rank in range(1, 14)] == [
        "10" if rank == 10 else RANKS[rank - 1] for rank in range(1, 14)]


def test_every_line_of_the_texts_file_fits_the_screen():
    # (test_handheld checks each screen as drawn, for every preset.)
    sections = {}
    name = None
    for line in (ROOT / "assets" / "help.txt").read_text(encoding="utf-8").splitlines():
        if line == "@":  # the end of the sections: notes for whoever edits the file
            break
        if line.startswith("@"):
            name = line[1:]
            sections[name] = []
        elif name:
            if line.startswith("?"):
                line = line.split(" ", 1)[1]
            assert len(line) <= TEXT_COLUMNS, line
            sections[name].append(line)
    assert set(sections) == {"rules", "table", "buttons", "redeal", "stock", "lost", "cycling"}
    # The rules page shows its title, the lines for no option, and those for
    # one value of each option: at most 15 lines, whatever the rules.
    shown = {}
    for line in (ROOT / "assets" / "help.txt").read_text(encoding="utf-8").split("@rules")[1] \
            .split("@")[0].splitlines()[1:]:
        condition = line.split(" ", 1)[0] if line.startswith("?") else "-"
        shown[condition] = shown.get(condition, 0) + 1
    most = {}
    for condition, count in shown.items():
        option = condition.split("=")[0]
        most[option] = max(most.get(option, 0), count)
    assert 1 + sum(most.values()) <= TEXT_ROWS - 1, most
    assert all(len(lines) <= TEXT_ROWS - 1 for name, lines in sections.items() if name != "rules")


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


def test_save_and_resume_through_the_store(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=21)
    press(app, "A A RIGHT A A DOWN")
    played = app.game.notation()
    app.tick(0)
    app.tick(WRITE_EVERY_MS - 1)
    assert store.saves == 0  # play writes at most once a minute
    app.tick(WRITE_EVERY_MS)
    assert store.data is not None and store.saves == 1
    app.tick(10 * WRITE_EVERY_MS)
    assert store.saves == 1  # nothing new: not written again
    again = make_app(display, sheet, store=store)
    assert again.game.notation() == played and again.cursor == app.cursor


def test_the_rules_for_the_next_deal_survive_a_restart(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=21)
    press(app, "START " + "DOWN " * menu._RULES + "RIGHT DOWN RIGHT B")
    chosen = "st-helena-pysol,build=suit"
    assert str(app.next_rules) == chosen and str(app.game.rules) == "st-helena"
    app.tick(0)
    app.tick(WRITE_EVERY_MS)  # the write policy: a rules change alone is worth one
    saved = store.data
    again = make_app(display, sheet, store=store)
    assert again.game.deal_number == 21 and str(again.game.rules) == "st-helena"
    assert str(again.next_rules) == chosen
    press(again, "START DOWN A")  # new deal: with the rules chosen before the restart
    assert str(again.game.rules) == chosen
    # Rules asked for when starting win over the saved choice for the next deal.
    app = make_app(display, sheet, store=MemoryStore(saved), rules="st-helena")
    assert app.game.deal_number == 21 and str(app.next_rules) == "st-helena"
    # Bits that name no rules (checksum right): the game is kept, the next
    # deal takes its rules.
    (stats, body), ours = record.sections(saved)
    data = bytearray(saved[:3])
    record._section(data, ord("S"), stats)
    record._section(data, ord("G"), body[:2] + b"\xff\xff" + body[4:])
    app = make_app(display, sheet, store=MemoryStore(bytes(data)))
    assert app.game.deal_number == 21 and str(app.next_rules) == "st-helena"
    assert "unreadable" not in app.message


def test_the_autosave_waits_across_the_tick_counter_wrapping(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=21)
    press(app, "A A")  # a quick move
    app.tick(buttons.TICKS_MASK - 30000)
    app.tick(29000)  # 59001 ms later, across the wrap
    assert store.saves == 0
    app.tick(30001)
    assert store.saves == 1


def test_a_corrupt_save_is_reported_and_a_new_deal_starts(display, sheet, capsys):
    store = MemoryStore(b"SA\x00\x00\x00\x00garbage")
    app = make_app(display, sheet, store=store)
    assert app.game.deal_number == 11 and "unreadable" in app.message
    assert "unreadable" in capsys.readouterr().out


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
    from sthelena.app.tiles import EMPTY_ANY, EMPTY_NONE

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
    assert [app.view._grids[3][tile] for tile in range(8)] == list(range(EMPTY_NONE, EMPTY_NONE + 8))
    # The base KH goes onto QH (pile 3): its foundation then shows the king of
    # hearts greyed, which is what it takes.
    press(app, "RIGHT DOWN A UP RIGHT A")
    assert app.game.top(13) == 0 and app.game.top(2) == 0x1D
    shown(display, app)
    assert reader.card_at(display, 13) == 0x1D
    assert rgb(display, place_x(13) + 1, place_y(13) + 1) != (255, 255, 255)


# -- on the board's VM -------------------------------------------------------
# The like of tests/test_device.py's allocation test, for the menu: within one
# VM call nothing is collected, so gc.mem_alloc() grows by what a key allocated.

MENU_IN_THE_VM = """
import sys
sys.path.append("/lib/standins")
import gc, displayio
from sthelena.app.game_app import App, MENU
from sthelena.app.play import _draw_status
from sthelena.app.buttons import UP, DOWN, LEFT, RIGHT, START
class Display:
    root_group = None
class Store:
    def load(self):
        return None
    def save(self, data):
        pass
class Speaker:
    def play(self, sound):
        pass
app = App(Display(), Store(), Speaker(), displayio.Bitmap(96, 104, 16), deal=2026,
          winnable="/winnable.bin")
def cost(event):
    before = gc.mem_alloc()
    app.handle(event)
    return gc.mem_alloc() - before
app.handle(START)
print("step", cost(DOWN), cost(DOWN), cost(UP), app.menu_item)
for _ in range(10):
    app.handle(DOWN)
print("scroll", cost(DOWN), cost(UP), app.menu_item)
while app.menu_item:
    app.handle(UP)
app.handle(UP)  # once round first: the first draw of the menu's end may allocate once
app.handle(DOWN)
print("wrap", cost(UP), app.menu_item)
while app.menu_item != 10:
    app.handle(DOWN)
print("option", cost(RIGHT), cost(LEFT))
def status_cost():
    before = gc.mem_alloc()
    _draw_status(app)
    return gc.mem_alloc() - before
status_cost()
app.say("a message")
first = status_cost()
app.say("")
print("status", first, status_cost(), app.screen == MENU)
"""


def test_menu_keys_allocate_nothing_on_the_board():
    lines = run_micropython(MENU_IN_THE_VM, packages=("sthelena", "tools/standins"),
                            exclude=r"(^|/)(__main__|cli|desktop)\.py$",
                            files={"winnable.bin": str(ROOT / "assets" / "winnable.bin")}
                            ).splitlines()
    # A cursor step moves the '>' tile alone (its y); a scroll redraws the
    # body label from the labels kept since the menu opened: its 16 lines
    # joined into one text (about 450 bytes) and the rows' strings; the label
    # draws into the bitmap it has (measured 1,088-1,168 bytes).
    step, scroll, wrap = (line.split() for line in lines[:3])
    assert step == ["step", "0", "0", "0", "1"], lines
    assert scroll[0] == "scroll" and 0 < int(scroll[1]) <= 1536 and scroll[2:] == ["0", "11"]
    assert wrap[0] == "wrap" and 0 < int(wrap[1]) <= 1536 and wrap[2] == str(menu._MENU_ITEMS - 1)
    # A setting rebuilds its rows and the body's text once (measured 496-528
    # bytes), and the winnable-deals item's label, which opens the file and
    # reads its entries (measured 880-1,008 bytes in all).
    option = lines[3].split()
    assert option[0] == "option" and 0 < int(option[1]) <= 1152 and 0 < int(option[2]) <= 1152
    # A message, and the status text back, are written as they are.
    assert lines[4] == "status 0 0 True", lines
