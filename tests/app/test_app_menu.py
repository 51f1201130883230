"""The app's menu through the real displayio stack (Blinka, headless): new
deal, deal by number, restart and rules, the menu drawn key by key, sound, the
texts file's lines; the save through the store (autosave, the rules for the
next deal, a corrupt save); and on the board's VM, menu keys that allocate
nothing."""

import random

import pytest

from tests.helpers.mpvm import VM_EXCLUDE, run_micropython
from tests.helpers.app_driver import MemoryStore, make_app, press, shown_state
from tests.helpers.app_helpers import shown
from tests.helpers.positions import position
from tests.helpers import ROOT
from sthelena.app import buttons, game_app, record
from sthelena.app.screens import common, menu
from sthelena.app.record import WRITE_EVERY_MS
from sthelena.app.table.play import status_text
from sthelena.app.sounds import CLICK, ERROR
from sthelena.app.table.text_grid import TEXT_COLUMNS, TEXT_ROWS
from sthelena.core.game import Game
from sthelena.core.rules import PRESETS


def test_menu_new_deal_by_number_restart_and_rules(display, sheet):
    app = make_app(display, sheet, deal=100)
    press(app, "START DOWN A")  # new deal
    assert app.game.deal_number == 11
    # Deal by number: 100 -> the entry starts at the current number.
    press(app, "START DOWN DOWN A")
    assert app.screen == common.NUMBER
    assert bytes(shown_state(app).digits) == bytes([0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
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
    assert app.screen == common.MENU and game.history  # asked once...
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
    """What the text page shows: its tiles, the marker's place."""
    view = app.view
    return (bytes(view.overlay[at] for at in range(TEXT_COLUMNS * TEXT_ROWS)),
            view.marker.hidden, view.marker.y, view.page)


def test_the_menu_drawn_key_by_key_is_the_menu_drawn_whole(display, sheet, reader):
    # UP/DOWN move only the marker (unless the menu scrolls), LEFT/RIGHT
    # rewrite one label: the text page must end as a full redraw would draw it.
    app = make_app(display, sheet, deal=8)
    rng = random.Random(5)
    press(app, "START")
    for _ in range(400):
        item = shown_state(app).item
        if item >= menu._RULES and item not in (menu._HELP, menu._STATISTICS) \
                and rng.random() < 0.3:
            press(app, rng.choice(["LEFT", "RIGHT"]))
        else:
            press(app, rng.choice(["UP", "DOWN", "DOWN"]))
        assert app.screen == common.MENU
        drawn = text_page(app)
        labels = menu.menu_labels(app)
        assert shown_state(app).labels == labels
        menu.draw_menu(app)
        assert text_page(app) == drawn, (item, shown_state(app).item)
        assert all(len(label) <= menu.LABEL_WIDTH for label in labels)
    # And on screen: the marker row and a label shortened in place.
    press(app, "UP " * shown_state(app).item + "DOWN " * menu._SOUND)
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
    assert app.screen == common.NUMBER and app.game.deal_number == 4294967295
    assert app.speaker.played[-1] == ERROR
    press(app, "B B")  # back to the menu, then the table
    assert app.screen == game_app.PLAY


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
    # every board's page of buttons (its profile's help) and the rest
    from sthelena.boards import catalogue

    pages = {profile.help for profile in catalogue.profiles()} | {"buttons-abxy"}
    assert set(sections) == {"rules", "table", "redeal", "stock", "lost", "cycling"} | pages
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
    (stats, body, _handheld), ours = record.sections(saved)
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


# -- on the board's VM -------------------------------------------------------
# The like of tests/edges/test_device.py's allocation test, for the menu: within one
# VM call nothing is collected, so gc.mem_alloc() grows by what a key allocated.

MENU_IN_THE_VM = """
import sys
sys.path.append("/lib/standins")
import gc, displayio
from sthelena.app.game_app import App
from sthelena.app.screens.common import MENU
from sthelena.app.table.play import _draw_status
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
shown = app.states[MENU]
print("step", cost(DOWN), cost(DOWN), cost(UP), shown.item)
for _ in range(10):
    app.handle(DOWN)
print("scroll", cost(DOWN), cost(UP), shown.item)
while shown.item:
    app.handle(UP)
app.handle(UP)  # once round first: the first draw of the menu's end may allocate once
app.handle(DOWN)
print("wrap", cost(UP), shown.item)
while shown.item != 10:
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


@pytest.mark.vm
def test_menu_keys_allocate_nothing_on_the_board():
    lines = run_micropython(MENU_IN_THE_VM, packages=("sthelena", "tools/harness/standins"),
                            exclude=VM_EXCLUDE,
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
