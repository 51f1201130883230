"""The web page in a real browser: Debian's Chromium driven by Playwright for
Python, the site built by tools/build/build_site.py (``make web``) and served
on 127.0.0.1 by Python's http.server. The page loads with no console error
and shows a deal; after key scripts, taps on the on-screen buttons and a
drag on the wide table, the canvas's pixels are the desktop's ``--shot`` of
the same deal and presses (as shown, scaled, too); a game saved resumes
after a reload; a link opens its deal; a corrupt record gets the game's one
line and a new deal; sounds wait for the first press; once loaded, the page
plays offline. Every page but the first is played on its own clock paused
(Playwright's, ``chromium.pause_clock``), run by the test: a press is a press
and a hold a hold however busy the machine; the first loads on the real clock.
Skipped, with the reason, where Playwright or Chromium is not installed
(the ``browser`` marker; ``.ci/run`` installs both). Each page takes seconds
to tens of seconds (``slow``)."""

import base64
from urllib.parse import urlparse

import pytest

import sthelena
from sthelena.app.record import UNREADABLE
from sthelena.core.game import Game
from tests.helpers.desktop_helpers import deal_with_move_from_pile_1
from tests.helpers.web_helpers import AFTER, HANDHELD, HOLD_MS, WIDE, check_shown, deal_of
from tools.build import build_site, serve_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "web"
    build_site.build(str(out))
    httpd = serve_site.server(str(out))
    yield httpd.url
    httpd.shutdown()


@pytest.fixture(scope="module")
def moved_deal():
    return deal_with_move_from_pile_1()


def test_the_page_loads_with_no_console_error_and_shows_a_deal(pages, site, tmp_path):
    page = pages(site, paused=False)  # the page as a player's browser runs it
    assert page.js("window.sthelena.firstFrame") > 0
    assert page.size() == list(HANDHELD)  # a narrow window: the handheld's table
    deal, rules = deal_of(page)  # a random deal, as the board deals one
    check_shown(page, tmp_path, "", deal, rules)
    assert page.page.locator("#line").text_content() == ""
    assert page.page.locator("#version").text_content() == "St. Helena " + sthelena.__version__
    origin = urlparse(site).netloc
    assert {urlparse(url).netloc for url in page.requests} == {origin}
    loaded = {urlparse(url).path for url in page.requests}
    assert {"/", "/page.js", "/micropython.mjs", "/micropython.wasm", "/game.json",
            "/game.bin"} <= loaded


# (deal, rules, page script, wide): played on the page's keys, compared with the desktop's
SCRIPTS = (
    (7, None, "RIGHT A DOWN", False),
    (1, "louis", "START DOWN B LEFT HOLD_A", False),
    (11, None, "HOLD_SELECT A A", False),  # a hint searched (in one frame: Date paused), followed
    (7, None, "RIGHT A DOWN", True),
)


@pytest.mark.parametrize("deal, rules, script, wide", SCRIPTS)
def test_key_scripts_show_what_the_desktop_shows(pages, site, tmp_path, deal, rules, script,
                                                 wide):
    link = "#deal=%d" % deal + ("&rules=%s" % rules if rules else "")
    page = pages(site + link, *((1280, 800) if wide else (520, 720)))
    assert page.js("window.sthelena.wide") is wide
    page.play(script)
    check_shown(page, tmp_path, script, deal, rules, wide)


def test_on_the_paused_clock_a_press_is_a_press_and_a_hold_a_hold(pages, site, moved_deal):
    """(What the other tests rely on.) Keys held down a while of the
    machine's time, the page's clock paused: presses, neither repeated nor
    held; held ``HOLD_MS`` of the page's time: a hold."""
    page = pages(site + "#deal=%d" % moved_deal)
    for key in ("ArrowRight", "ArrowLeft", "x"):
        page.page.keyboard.down(key)
        page.page.wait_for_timeout(HOLD_MS)  # the machine's time: the page's stands still
        page.page.keyboard.up(key)
        page.settle()
    assert page.game("game.app.cursor") == 0  # right once, left once
    assert page.game("game.app.lifted") == 0  # the card lifted, no quick move
    assert page.moves_made() == 0
    page.play("B HOLD_A")  # put back, then held on the page's clock: the quick move
    assert page.moves_made() == 1


def test_a_saved_game_resumes_after_a_reload(pages, site, moved_deal):
    page = pages(site + "#deal=%d" % moved_deal)
    page.play("HOLD_A RIGHT")
    assert page.moves_made() == 1
    notation = page.game("game.app.game.notation()")
    before = page.canvas_rgb()
    page.reload()  # (the page saves as it goes: pagehide)
    assert page.game("game.app.resumed") is True
    assert page.moves_made() == 1
    assert page.game("game.app.game.notation()") == notation
    assert page.canvas_rgb() == before  # the cursor where it was
    assert page.js("localStorage.getItem('sthelena-save')").startswith("U1")  # the record


def test_a_shared_link_opens_its_deal(pages, site, tmp_path):
    page = pages(site + "#deal=123&rules=louis")
    assert page.js("location.hash") == ""  # a reload resumes the game, not the link
    check_shown(page, tmp_path, "", 123, "louis")
    href = page.js("document.getElementById('share').href")
    assert href == site + "#deal=123&rules=louis"
    page.play("DOWN")
    page.js("location.hash = 'deal=5'")  # a link followed on the page
    page.page.wait_for_function("window.sthelena.game.link() == 'deal=5&rules=st-helena'")
    page.settle()
    check_shown(page, tmp_path, "", 5)
    page.js("location.hash = 'deal=5x'")
    page.page.wait_for_function("document.getElementById('line').textContent != ''")
    assert page.page.locator("#line").text_content() == (
        "bad deal 5x: want a number from 0 to 4294967295: the game goes on")
    assert page.game("game.link()") == "deal=5&rules=st-helena"  # the game goes on


def test_a_touch_on_the_on_screen_buttons_plays_a_move(pages, site, tmp_path, moved_deal):
    page = pages(site + "#deal=%d" % moved_deal, touch=True)
    page.play("RIGHT LEFT A A", on_screen=True)  # tapped
    assert page.moves_made() == 1
    check_shown(page, tmp_path, "RIGHT LEFT A A", moved_deal)
    page.play("B HOLD_A", on_screen=True)  # undone, then held: the quick move again
    assert page.moves_made() == 1
    check_shown(page, tmp_path, "RIGHT LEFT A A B HOLD_A", moved_deal)


def test_the_wide_tables_drag_and_drop_plays_a_move(pages, site, tmp_path):
    deal = 7
    move = next(move for move in Game.deal(deal, "st-helena").legal_moves()
                if move < 400 and move // 20 < 12)
    page = pages(site + "#deal=%d" % deal, 1280, 800)
    assert page.size() == list(WIDE)
    source = page.game("game.points.place_point(%d)" % (move // 20))
    target = page.game("game.points.place_point(%d)" % (move % 20))
    box = page.page.locator("#screen").bounding_box()
    pixel = box["width"] / WIDE[0]
    mouse = page.page.mouse
    mouse.move(box["x"] + (source[0] + 0.5) * pixel, box["y"] + (source[1] + 0.5) * pixel)
    mouse.down()
    mouse.move(box["x"] + (target[0] + 0.5) * pixel, box["y"] + (target[1] + 0.5) * pixel,
               steps=12)
    mouse.up()
    page.settle()
    assert page.moves_made() == 1
    assert page.game("game.app.game.move_stack()") == [move]
    check_shown(page, tmp_path, "", deal, wide=True,
                extra=("DRAG@%d,%d:%d,%d" % tuple(source + target),) + AFTER)


def test_a_corrupt_record_gets_the_games_line_and_a_new_deal(pages, site, tmp_path):
    page = pages(site + "#deal=9")
    page.play("A")
    page.js("() => window.sthelena.game.flush()")
    record = bytearray(base64.b64decode(page.js("localStorage.getItem('sthelena-save')")))
    record[len(record) // 2] ^= 0x55
    for text, data in (("not a record!", b"not a record!"),
                       (base64.b64encode(bytes(record)).decode(), bytes(record))):
        page.js("text => localStorage.setItem('sthelena-save', text)", text)
        page.reload()
        assert page.game("game.app.message") == UNREADABLE
        assert page.game("game.app.resumed") is False
        assert page.moves_made() == 0
        deal, rules = deal_of(page)  # a new deal, the line on its status line
        corrupt = tmp_path / "corrupt"  # the same bytes in the desktop's file (each run saves)
        check_shown(page, tmp_path, "", deal, rules, options=("--save", corrupt),
                    before=lambda: corrupt.write_bytes(data))
        page.play("RIGHT")  # and the next save writes a good record
        page.js("() => window.sthelena.game.flush()")
        assert page.js("localStorage.getItem('sthelena-save')").startswith("U1")


def test_sounds_wait_for_the_first_press(pages, site, moved_deal):
    page = pages(site + "#deal=%d" % moved_deal)
    assert page.js("window.sthelena.audio.context") is None  # no sound before a press
    page.play("A")  # a card lifted: a click
    assert page.js("window.sthelena.audio.context.state") == "running"
    assert page.js("window.sthelena.audio.played") == 1
    assert page.game("game.speaker.played") == [0]


def test_once_loaded_the_page_plays_offline_and_switches_layout(pages, site, tmp_path,
                                                                moved_deal):
    page = pages(site + "#deal=%d" % moved_deal, 1280, 800)
    assert page.js("window.sthelena.wide") is True  # a wide window: the wide table
    loaded = len(page.requests)
    page.context.set_offline(True)
    page.play("RIGHT LEFT A A")
    assert page.moves_made() == 1
    page.page.locator("#layout").click()  # the switch: the handheld's table
    page.settle()
    assert page.size() == list(HANDHELD)
    assert page.moves_made() == 1  # the same game
    check_shown(page, tmp_path, "RIGHT LEFT A A", moved_deal)
    assert len(page.requests) == loaded  # nothing fetched since the page loaded
    page.context.set_offline(False)
    page.reload()
    assert page.size() == list(HANDHELD)  # the switch's choice is kept
    assert page.moves_made() == 1
