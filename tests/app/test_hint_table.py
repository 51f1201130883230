"""The hint on the table: SELECT held (or the menu's Hint) runs it in the idle
ticks, B or another press stops it with the game as it was, the status line
and the target's mark show it; and in the board's loop, a key script and the
windows loop. The search itself: tests/app/test_hint.py."""


import pytest

from tests.helpers.app_driver import cursor_colour_around, make_app, press, rgb
from tests.helpers.hint_helpers import STUCK, exactly, walked
from sthelena.app import game_app
from sthelena.app.screens import common, menu
from sthelena.app.buttons import B, SELECT, HOLD
from sthelena.app.screens.deals import new_deal
from sthelena.app.hint.search import hint_depth
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.text_grid import TEXT_COLUMNS
from tools.harness.won_games import won_game

_ORANGE = 0xFF8C00  # the target mark's colour (view.py)


def close(colour, expected, slack=8):
    """Colours survive the display's RGB565 round trip only approximately."""
    wanted = ((expected >> 16) & 255, (expected >> 8) & 255, expected & 255)
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


# -- on the table ---------------------------------------------------------------

def status_line(display, reader):
    return reader.text_at(display, 2, 0, TEXT_COLUMNS).rstrip()


def finish(app):
    ticks = 0
    while app.tick(ticks * 10):
        ticks += 1
    return ticks


def target_marked(display, place):
    """Whether the orange mark shows at the bottom right of ``place``."""
    left = place_x(place) + 12
    top = place_y(place) + 16
    return any(close(rgb(display, left + x, top + y), _ORANGE)
               for x in range(12) for y in range(8))


def test_select_held_shows_a_winning_hint_on_the_table(display, sheet, reader):
    notation, line = won_game(4, "st-helena", cards_out=12)
    app = make_app(display, sheet, position=notation)
    before = exactly(app.game)
    app.handle(SELECT)  # the overview comes up at once, as always
    assert app.screen == common.OVERVIEW
    app.handle(SELECT | HOLD)
    assert app.screen == game_app.PLAY and app.hint is not None
    assert finish(app) > 1  # it ran in slices, from the idle tick
    display.refresh()
    assert exactly(app.game) == before and app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: "), text
    source, target = app.cursor, app.hint_target
    assert app.game.is_legal(source * 20 + target)
    card = app.game.top(source)
    assert reader.card_at(display, source) == card
    assert close(cursor_colour_around(display, source), 0xFFE000)  # the cursor frame
    assert target_marked(display, target)
    assert not any(target_marked(display, place) for place in range(20) if place != target)
    # The next press clears the mark and the words.
    press(app, "LEFT")
    display.refresh()
    assert not target_marked(display, target)
    assert not status_line(display, reader).startswith("Wins")


def test_b_stops_a_running_hint_and_the_game_is_as_it_was(display, sheet, reader):
    game = walked("st-helena", 3)
    app = make_app(display, sheet, position=game.notation())
    before = exactly(app.game)
    cursor = app.cursor
    press(app, "START " + "UP " * (menu._MENU_ITEMS - menu._HINT) + "A")  # the menu's Hint item
    assert app.screen == game_app.PLAY and app.hint is not None
    app.tick(1000)
    for _ in range(30):
        app.tick(1100)
    assert hint_depth(app.hint) > 0  # mid-search: moves pushed
    app.tick(1300)  # past a blink: the thinking indicator
    display.refresh()
    assert status_line(display, reader) == "Thinking... B: stop"
    app.handle(SELECT | HOLD)  # a hold while thinking changes nothing
    assert app.hint is not None
    app.handle(B)
    display.refresh()
    assert app.hint is None
    assert exactly(app.game) == before  # push and pop balanced, nothing undone
    assert app.cursor == cursor
    assert "Thinking" not in status_line(display, reader)
    assert not app.tick(2000)  # idle again


def test_b_held_to_stop_a_hint_does_not_redo(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "UP RIGHT RIGHT A A B B")  # a move (the stuck screen), undone
    assert app.redo  # redo would play it again
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    app.tick(0)
    press(app, "B HOLD_B")  # B stops the hint; its hold does nothing more
    assert app.hint is None and exactly(app.game) == before


def test_another_press_stops_the_hint_and_acts(display, sheet):
    app = make_app(display, sheet, deal=2026)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    for _ in range(10):
        app.tick(0)
    press(app, "RIGHT")
    assert app.hint is None and exactly(app.game) == before
    assert app.cursor != 0  # the press moved the cursor too


def test_a_hold_of_select_elsewhere_does_nothing(display, sheet):
    app = make_app(display, sheet, deal=2026)
    press(app, "START SELECT HOLD_SELECT")  # in the menu
    assert app.hint is None and app.screen == common.MENU


def test_flush_stops_a_hint_before_saving(display, sheet):
    app = make_app(display, sheet, deal=2026)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    for _ in range(10):
        app.tick(0)
    app.flush()
    assert app.hint is None and exactly(app.game) == before


def test_a_lost_position_says_so_and_marks_nothing(display, sheet, reader):
    app = make_app(display, sheet, position=STUCK)
    assert app.screen == game_app.STUCK
    press(app, "B SELECT HOLD_SELECT")  # back to the table, and a hint
    finish(app)
    display.refresh()
    assert status_line(display, reader) == "Lost from here (proved)"
    assert app.hint_target == -1


@pytest.mark.vm
def test_on_the_board_select_held_runs_a_hint_in_the_loop_and_b_stops_it():
    from tests.edges.test_device import run_with_sheet

    lines = run_with_sheet("""
        import gc
        import random
        from sthelena.core.game import Game
        random.seed(7)
        supervisor.STEP = 1
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        app.start(Game.deal(3))  # not the random deal: one whose hint takes a while
        before = app.game.position_key()
        history = bytes(app.game.history)
        keypad.push(3)  # SELECT: the overview at once, then held: a hint
        loop.run(app, buttons, iterations=520)
        keypad.push(3, False)
        print("started", app.hint is not None, app.screen)
        loop.run(app, buttons, iterations=250)  # 250 ms: past a blink
        print("searching", app.hint is not None, app.message)
        keypad.push(0)  # B
        loop.run(app, buttons, iterations=3)
        keypad.push(0, False)
        print("stopped", app.hint is None, app.game.position_key() == before,
              bytes(app.game.history) == history)
        keypad.push(3)
        loop.run(app, buttons, iterations=520)
        keypad.push(3, False)
        passes = 0
        while app.hint is not None and passes < 30000:
            loop.run(app, buttons, iterations=100)
            passes += 100
        print("done", app.hint is None, app.game.position_key() == before,
              app.message[:5], app.game.is_legal(app.cursor * 20 + app.hint_target))
        loop.run(app, buttons, iterations=10)
        # --- top level ---
        gc.collect()
        idle = gc.mem_alloc()
        loop.run(app, buttons, iterations=1000)
        short = gc.mem_alloc() - idle
        # --- top level ---
        gc.collect()
        idle = gc.mem_alloc()
        loop.run(app, buttons, iterations=3000)
        print("idle", gc.mem_alloc() - idle - short)  # (run's bound methods: per call)
    """)
    assert lines[0] == "started True 0"  # screen 0: the table
    assert lines[1] == "searching True Thinking... B: stop"  # past 200 ms
    assert lines[2] == "stopped True True True"
    done = lines[3].split()
    assert done[:3] == ["done", "True", "True"] and done[-1] == "True"
    assert done[3] == "Wins:" or done[3].startswith("+"), lines[3]  # a move, its kind
    assert lines[4] == "idle 0"  # nothing allocated while idle, once the hint is over


def test_a_key_script_runs_the_hint_to_its_end(display, sheet, reader):
    from sthelena.desktop.keys import parse_keys
    from sthelena.desktop.run import run_script

    events = parse_keys("SELECT hold_select")
    assert events == [SELECT, SELECT | HOLD]
    app = make_app(display, sheet, deal=7)
    run_script(app, display, events)
    assert app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: ") or text.startswith("+"), text
    assert app.game.is_legal(app.cursor * 20 + app.hint_target)


def test_the_windows_loop_runs_a_hint_between_its_looks_at_the_keys(display, sheet, reader):
    import pygame

    from sthelena.desktop.run import run_interactive

    app = make_app(display, sheet, deal=7)
    press(app, "SELECT HOLD_SELECT")
    looks = []
    times = iter(range(0, 10 ** 8))  # a clock 1 ms on at each look

    def clock():
        now = next(times)
        if app.hint is None and not looks:
            looks.append(now)
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return now / 1000

    class Window:  # the desktop display's two calls the loop makes
        refresh = display.refresh

        def present(self):
            pass

    run_interactive(app, Window(), clock=clock)
    assert looks and app.hint is None
    text = status_line(display, reader)
    assert text.startswith("Wins: ") or text.startswith("+"), text


# -- every button stops it; the line kept; the time limit --------------------------

@pytest.mark.parametrize("button", ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"])
def test_every_button_stops_a_running_hint_with_the_game_as_it_was(display, sheet, button):
    app = make_app(display, sheet, deal=3)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    for _ in range(40):
        app.tick(0)
    assert app.hint is not None and hint_depth(app.hint) > 0  # mid-search
    press(app, button)
    assert app.hint is None and exactly(app.game) == before


def test_a_winning_line_is_kept_and_its_next_moves_are_hinted_at_once(display, sheet, reader):
    app = make_app(display, sheet, deal=3)
    press(app, "SELECT HOLD_SELECT")
    finish(app)
    display.refresh()
    line = app.hint_line
    assert line is not None and status_line(display, reader).startswith("Wins: ")
    for index in range(4):  # the player follows the line: each hint needs no search
        move = line.move(index)
        assert app.cursor == move // 20 and app.hint_target == move % 20
        app.play(move)
        press(app, "SELECT HOLD_SELECT")
        assert app.hint is None  # shown at once
        display.refresh()
        assert status_line(display, reader).startswith("Wins: ")
    press(app, "B")  # an undo: back on the line, still no search
    press(app, "SELECT HOLD_SELECT")
    assert app.hint is None and app.hint_line is line
    assert (app.cursor, app.hint_target) == (line.move(3) // 20, line.move(3) % 20)


def test_a_move_off_the_line_makes_the_next_hint_search_again(display, sheet, reader):
    app = make_app(display, sheet, deal=3)
    press(app, "SELECT HOLD_SELECT")
    finish(app)
    line = app.hint_line
    off = [move for move in app.game.legal_moves() if move != line.move(0) and move < 400]
    app.play(off[0])
    press(app, "SELECT HOLD_SELECT")
    assert app.hint is not None  # a search
    finish(app)
    display.refresh()
    assert app.hint_line is not line and status_line(display, reader).startswith("Wins: ")
    new_deal(app, 5)  # a new deal drops it
    assert app.hint_line is None


def test_a_hint_that_runs_past_its_time_shows_what_it_found(display, sheet, reader):
    from sthelena.app.hint.on_table import HINT_MS

    app = make_app(display, sheet, deal=9, rules="box-kite")
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    app.tick(0)
    app.tick(10)
    assert app.hint is not None
    ticks = HINT_MS + 1
    while app.tick(ticks):  # the search is past its time: it gives up, backs out
        ticks += 10
    display.refresh()
    assert app.hint is None and exactly(app.game) == before
    text = status_line(display, reader)
    assert text.startswith("+") or text == "Hint: nothing found", text


def test_no_memory_for_a_hint_says_so_and_the_game_goes_on(display, sheet, reader, monkeypatch):
    from sthelena.app.hint import search as hint_search  # (loaded for a hint: on_table.py)

    def no_memory(*_):
        raise MemoryError

    monkeypatch.setattr(hint_search, "hint_begin", no_memory)
    app = make_app(display, sheet, deal=3)
    before = exactly(app.game)
    press(app, "SELECT HOLD_SELECT")
    display.refresh()
    assert app.hint is None and exactly(app.game) == before
    assert status_line(display, reader) == "Hint: not enough memory"


def test_with_too_little_room_for_a_full_search_a_compact_one_runs(display, sheet, reader,
                                                                   monkeypatch):
    from sthelena.app.hint import search as hint_search  # (loaded for a hint: on_table.py)

    full_begin = hint_search.hint_begin

    def compact_only(game, budget, kept, compact, slots):
        if not compact:
            raise MemoryError
        return full_begin(game, budget, kept, compact, slots)

    monkeypatch.setattr(hint_search, "hint_begin", compact_only)
    app = make_app(display, sheet, deal=3)
    press(app, "SELECT HOLD_SELECT")
    assert app.hint is not None and app.hint.slots < 2048
    finish(app)
    display.refresh()
    assert status_line(display, reader).startswith("Wins: ")
