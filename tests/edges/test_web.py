"""The web page's edge (sthelena/web) under the MicroPython VM, the port the
page runs: its screen draws what the desktop's window draws, pixel for pixel
(the handheld's table and the wide fanned one, key scripts, a hint, a drag);
it redraws only what changed; links, saves in localStorage (a corrupt record
gets the game's one line and a new deal), the switch between the layouts;
and ``make web``'s site holds the board's modules, the VM, and nothing
fetched from elsewhere. The same page in Chromium: tests/edges/test_web_browser.py.
"""

import json
import re

import pytest

from tests.helpers.desktop_helpers import deal_with_move_from_pile_1
from tests.helpers.mpvm import REPO_ROOT
from sthelena.app.record import UNREADABLE
from sthelena.app.sounds import CLICK, ERROR, TUNES, sample_count, square_waves
from sthelena.core.game import Game
from tests.helpers.web_helpers import desktop_shot, run_web_vm
from tools.build import build_site

# (deal, rules, page script, wide, moves it plays): each played on the page's
# screen and on the desktop, and the two frames compared.
SCRIPTS = (
    (7, None, "RIGHT A DOWN", False, 0),
    (123, "louis", "START B DOWN DOWN RIGHT A A", False, 0),  # the menu; an illegal move
    (5, None, "SELECT", False, 0),  # the overview
    (1, None, "HOLD_A RIGHT HOLD_A RIGHT HOLD_A DOWN HOLD_A", False, 2),  # quick moves
    (3, None, "HOLD_A RIGHT HOLD_A RIGHT HOLD_A RIGHT HOLD_A B HOLD_B", False, 1),  # undo, redo
    (11, None, "HOLD_SELECT A A", False, 1),  # a hint, searched to its end, and followed
    (7, None, "RIGHT A DOWN", True, 0),
    (19, "box-kite", "DOWN DOWN A RIGHT A HOLD_A", True, 0),
    (1, None, "HOLD_A RIGHT HOLD_A RIGHT HOLD_A DOWN HOLD_A", True, 2),
)


@pytest.mark.slow
@pytest.mark.vm
def test_the_page_draws_what_the_desktop_draws(tmp_path):
    body = ""
    files = {}
    for index, (deal, rules, script, wide, _) in enumerate(SCRIPTS):
        width, height, data = desktop_shot(tmp_path, script, deal, rules, wide)
        files["%d.rgb" % index] = tmp_path / ("%d.rgb" % index)
        files["%d.rgb" % index].write_bytes(data)
        link = "deal=%d" % deal + ("&rules=%s" % rules if rules else "")
        body += """
game = WebGame(Storage(), None, %r, %r)
assert (game.width, game.height) == (%d, %d)
play(game, %r)
print(%d, game.app.moves_made(), differences(game, "/%d.rgb")[:5])
""" % (wide, link, width, height, script, index, index)
    lines = run_web_vm(body, dict((name, str(path)) for name, path in files.items()))
    assert len(lines) == len(SCRIPTS)
    for index, line in enumerate(lines):
        number, moves, different = line.split(" ", 2)
        assert int(number) == index
        assert different == "[]", (SCRIPTS[index], different)
        assert int(moves) == SCRIPTS[index][4], SCRIPTS[index]


@pytest.fixture(scope="module")
def moved_deal():
    """A deal whose pile 1, where the cursor starts, has a move: A A plays it."""
    return deal_with_move_from_pile_1()


def first_card_move(deal):
    """A move from a pile to another place at the start of ``deal``: (source, target)."""
    for move in Game.deal(deal, "st-helena").legal_moves():
        if move < 400 and move // 20 < 12:
            return move // 20, move % 20
    raise AssertionError("deal %d has no card move at its start" % deal)


@pytest.mark.vm
def test_the_wide_tables_drag_and_drop_draws_what_the_desktop_draws(tmp_path, sheet,
                                                                     fan_sheet):
    from tests.helpers.fan_helpers import fan_app

    deal = 7
    source, target = first_card_move(deal)
    screen, _, _ = fan_app((720, 400), sheet, fan_sheet, deal=deal)
    (x, y), (to_x, to_y) = screen.place_point(source), screen.place_point(target)
    _, _, data = desktop_shot(tmp_path, "", deal, wide=True,
                              extra=["DRAG@%d,%d:%d,%d" % (x, y, to_x, to_y)])
    (tmp_path / "drag.rgb").write_bytes(data)
    lines = run_web_vm("""
game = WebGame(Storage(), None, True, "deal=%d")
game.pointer_down(0, %d, %d, 1000)
steps = max(1, max(abs(%d - %d), abs(%d - %d)) // 8)
for step in range(1, steps + 1):
    game.pointer_move(%d + (%d - %d) * step // steps, %d + (%d - %d) * step // steps, 1000)
game.pointer_up(0, %d, %d, 1000)
print(game.app.moves_made(), differences(game, "/drag.rgb")[:5])
""" % (deal, x, y, to_x, x, to_y, y, x, to_x, x, y, to_y, y, to_x, to_y),
        {"drag.rgb": str(tmp_path / "drag.rgb")})
    assert lines == ["1 []"]


@pytest.mark.vm
def test_only_what_changed_is_drawn_again():
    lines = run_web_vm("""
game = WebGame(Storage(), None, False, "deal=7")
first = game.refresh()
print(first >> 16, first & 0xffff)
print(game.refresh())  # nothing changed
right = game.press(game.button_named("RIGHT"), 0)
print(right >> 16, right & 0xffff, game.screen.painted)
game.release(game.button_named("RIGHT"), 10)
print(game.step(20))  # idle
wide = WebGame(Storage(), None, True, "deal=7")
wide.refresh()
down = wide.press(wide.button_named("DOWN"), 0)
print(down >> 16, down & 0xffff, wide.screen.painted)
""")
    assert lines[0] == "0 128"  # the first frame: all of it
    assert lines[1] == "-1"
    top, bottom, painted = map(int, lines[2].split())
    assert 0 <= top < bottom <= 128 and bottom - top <= 64  # the cursor's old and new place
    assert 0 < painted < 160 * 128 // 4  # ...and the status line: not the whole screen
    assert lines[3] == "-1"
    top, bottom, painted = map(int, lines[4].split())
    assert 0 <= top < bottom <= 400
    assert 0 < painted < 720 * 400 // 10


@pytest.mark.vm
def test_a_tap_on_the_handheld_table_is_a_click(moved_deal):
    lines = run_web_vm("""
from sthelena.app.big_screen.pointer import place_at
game = WebGame(Storage(), None, False, "deal=%d")
spot = [(x, y) for y in range(128) for x in range(160) if place_at(x, y) == 5][0]
print(game.pointer_down(0, spot[0], spot[1], 1000) >= 0, game.app.cursor, game.app.lifted)
game.pointer_up(0, spot[0], spot[1], 1050)
print(game.pointer_down(0, 80, 2, 1100) >= 0, game.app.screen)  # the status line: the menu
""" % moved_deal)
    assert lines == ["True 5 5", "True 1"]  # the cursor there, its card lifted; MENU


@pytest.mark.vm
def test_a_link_deals_its_deal_and_bad_links_are_told():
    lines = run_web_vm("""
for text in ("deal=123&rules=louis", "deal=4294967295", "", "deal=4294967296", "deal=x",
             "rules=louis", "deal=1&rules=nonsense", "deal=1&colour=red"):
    try:
        print(repr(parse_link(text)))
    except ValueError as error:
        print("ValueError", error)
game = WebGame(Storage(), None, False, "deal=123&rules=louis")
print(game.link(), game.app.game.notation())
game = WebGame(Storage(), None, False, "deal=99999999999")
print(game.message)
""")
    assert lines[0] == "(123, 'louis')"
    assert lines[1] == "(4294967295, None)"
    assert lines[2] == "(None, None)"
    for line in lines[3:8]:
        assert line.startswith("ValueError ")
    link, notation = lines[8].split(" ", 1)
    assert link == "deal=123&rules=louis"
    assert notation == Game.deal(123, "louis").notation()
    assert lines[9].startswith("bad deal 99999999999") and "saved game goes on" in lines[9]


@pytest.mark.vm
def test_saves_go_to_local_storage_and_a_corrupt_one_gets_a_new_deal(moved_deal):
    lines = run_web_vm("""
import binascii
storage = Storage()
game = WebGame(storage, None, False, "deal=%d")
play(game, "A A")
game.flush()
saved = storage.items["sthelena-save"]
print(game.app.moves_made(), saved[:2])
again = WebGame(storage, None, False, "")
print(again.app.resumed, again.app.moves_made(), again.link())
record = bytearray(binascii.a2b_base64(saved.encode()))
record[len(record) // 2] ^= 0x55
for text in ("not a record!", binascii.b2a_base64(record).decode().strip()):
    corrupt = WebGame(Storage({"sthelena-save": text}), None, False, "")
    print(corrupt.app.resumed, corrupt.app.moves_made(), repr(corrupt.app.message))


class Full(Storage):
    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError")


full = WebGame(Full(), None, False, "deal=%d")
play(full, "A A")
full.flush()
print(full.app.moves_made(), repr(full.app.message))
""" % (moved_deal, moved_deal))
    said = [line for line in lines if line.startswith("sthelena: ")]  # what the app printed
    lines = [line for line in lines if not line.startswith("sthelena: ")]
    assert lines[0] == "1 U1"  # base64 of the record's magic, b"SR"
    assert lines[1] == "True 1 deal=%d&rules=st-helena" % moved_deal
    for line in lines[2:4]:
        assert line == "False 0 %r" % UNREADABLE
    assert said[:2] == ["sthelena: %s (not a record of this version)" % UNREADABLE,
                        "sthelena: %s (a part cut short or corrupt)" % UNREADABLE]
    assert lines[4] == "1 'cannot save: flash error'"  # (the app's one line for a refused write)
    assert said[2].startswith("sthelena: could not save (localStorage refused the save:")


@pytest.mark.vm
def test_the_switch_keeps_the_game_and_the_speaker_plays_the_boards_tunes():
    lines = run_web_vm("""
class Audio:
    def __init__(self):
        self.played = []

    def play(self, samples, rate):
        self.played.append((rate, bytes(samples)))


audio = Audio()
storage = Storage()
game = WebGame(storage, audio, False, "deal=7")
play(game, "RIGHT A DOWN A")
before = game.app.game.notation()
game.switch(True)
print(game.refresh(), game.width, game.height, game.app.game.notation() == before)
game.switch(False)
print(game.refresh(), game.width, game.app.game.notation() == before)
print(game.follow("deal=12&rules=box-kite"), game.link(), game.app.moves_made())
print(game.follow("deal=12&rules=wrong"), repr(game.message), game.link())
print(game.speaker.played[:2])
for rate, samples in audio.played[:2]:
    print(rate, samples.hex())
""")
    assert lines[0] == "400 720 400 True"  # rows 0 to 400: the whole new screen
    assert lines[1] == "128 160 True"
    assert lines[2] == "True deal=12&rules=box-kite 0"
    assert lines[3] == ('False "unknown rules preset \'wrong\' (try st-helena, st-helena-pysol, '
                        'louis, box-kite): the game goes on" deal=12&rules=box-kite')
    assert lines[4] == "[%d, %d]" % (CLICK, ERROR)  # a card lifted; not legal there
    for sound, line in zip((CLICK, ERROR), lines[5:7]):
        notes = TUNES[sound]
        samples = square_waves(bytearray(sample_count(notes, 22050)), notes, 22050, 168, 88)
        assert line == "22050 " + samples.hex()  # the boards' square waves


def test_the_site_holds_the_boards_modules_and_fetches_nothing_elsewhere(tmp_path):
    out = tmp_path / "web"
    build_site.build(str(out))
    names = sorted(path.name for path in out.iterdir())
    assert names == [".nojekyll", "game.bin", "game.json", "index.html", "micropython.mjs",
                     "micropython.wasm", "page.css", "page.js"]
    files = json.loads((out / "game.json").read_text())["files"]
    modules = {name for name in files if name.startswith("/lib/sthelena/")}
    for part in ("core", "app"):  # every module of the board's parts (the app's packages too)
        for path in (REPO_ROOT / "sthelena" / part).rglob("*.py"):
            name = path.relative_to(REPO_ROOT / "sthelena").with_suffix(".mpy").as_posix()
            assert "/lib/sthelena/" + name in modules
    assert "/lib/sthelena/web/native/displayio.mpy" in modules
    assert not [name for name in modules if re.match(
        r"/lib/sthelena/(desktop|solver|handheld|fruitjam)/", name)]
    assert "/lib/adafruit_display_text/bitmap_label.mpy" in files
    assert {"/assets/sheet.bmp", "/assets/sheet-fruitjam.bmp", "/assets/help.txt",
            "/assets/winnable.bin"} <= set(files)
    blob = (out / "game.bin").read_bytes()
    assert sum(length for _, length in files.values()) == len(blob)
    assert blob[files["/assets/help.txt"][0]:][:30] == (REPO_ROOT / "assets" / "help.txt"
                                                       ).read_bytes()[:30]
    # the page names only its own folder's files: no address elsewhere, no CDN
    for name in ("index.html", "page.js", "page.css"):
        text = (out / name).read_text()
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), name
    total = sum(path.stat().st_size for path in out.iterdir())
    assert total < 1.5 * 1024 * 1024  # the goal for the page's transfer
