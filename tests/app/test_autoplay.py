"""Fewer presses: auto-play to the foundations and its
rule, auto-finish, the quick move's choice, the move counter, redo on B held.
Pressed through the button driver; the rule is checked against an
exhaustive search on small games."""


import pytest

from tests.helpers.app_driver import MemoryStore, make_app, press, shown_state
from tests.helpers.positions import position
from sthelena.app import game_app
from sthelena.app.screens import menu
from sthelena.app.table.autoplay import best_move, safe_home
from sthelena.app.record import WRITE_EVERY_MS
from sthelena.core.game import Game
from tools.harness.won_games import play_through_buttons, won_game


def winnable(game, limit=20000):
    """Whether card moves win ``game`` (no redeal is left in these games),
    by a depth-first search, positions met before skipped, plays home tried
    first; None if it met more than ``limit`` positions without an answer."""
    seen = set()

    def search(depth):
        if game.is_won():
            return True
        key = game.position_key()
        if key in seen or depth > 80:
            return False
        if len(seen) > limit:
            raise OverflowError
        seen.add(key)
        for move in list(game.legal_moves()):
            game.push(move)
            won = search(depth + 1)
            game.pop()
            if won:
                return True
        return False

    try:
        return search(0)
    except OverflowError:
        return None


@pytest.mark.parametrize("rules", ["st-helena", "st-helena-pysol", "box-kite"])
def test_the_auto_play_rule_never_turns_a_won_game_into_a_lost_one(rules):
    # Small games (10 cards out) with a winning line; at every position along
    # the line, and along random play from it, whatever auto-play sends home
    # leaves the game winnable, as an exhaustive search shows.
    import random

    fired = 0
    for seed in range(20):
        text, line = won_game(seed, rules, cards_out=10)
        game = Game.from_notation(text)
        rng = random.Random(seed)
        for move, _card in line:
            # A detour off the line, when it is winnable still.
            moves = [m for m in game.legal_moves() if m < 400]
            game.push(rng.choice(moves))
            if winnable(Game.from_notation(game.notation()), 2000) is not True:
                game.pop()
            auto = safe_home(game)
            if auto >= 0:
                fired += 1
                game.push(auto)
                assert winnable(Game.from_notation(game.notation())) is True, (
                    seed, game.notation())
                game.pop()
            if not game.is_legal(move):
                break
            game.push(move)
    assert fired >= 20  # the rule really sent cards home


def test_with_relocations_a_meeting_of_exactly_13_sends_nothing_home():
    # Box-kite deal 1 along a winning line (the hint's), just after KD-AD: the
    # diamonds' foundations hold 13 cards. Sending 3D home there (then the
    # other 3D) lost the game, as the solver proves; the rule now waits for 14.
    from sthelena.solver.search import solve

    game = Game.from_notation(
        "box-kite r0 Q65J/344J TD/8S/2S6S2DTC7S2C8D4D5D/7C/JD5H5STS/7H9C4S8HTHAD5S6S7S8S/"
        "3D7DJS3SACJH4SAS/9H6H9SKCQSKS/4C/JS6C8C6D5H4H3H2HAH/QHQC5C3C9DKH9SKDQD/TS -")
    assert solve(game, 5.0).result == "win"
    move = safe_home(game)
    while move >= 0:
        game.push(move)
        move = safe_home(game)
    assert solve(game, 5.0).result == "win"


def test_no_auto_play_under_the_first_deal_limit_or_wrap():
    # Spades J Q K out: the ace foundation holds A-10, the king one is full.
    cards = {1: "KS QS", 5: "JS"}
    game = position("st-helena", cards, round_=0)
    assert game.is_legal(4 * 20 + 16) and game.restricted() and safe_home(game) == -1
    game = position("st-helena,wrap=true", cards, round_=1)
    assert game.is_legal(4 * 20 + 16) and safe_home(game) == -1
    game = position("st-helena", cards, round_=1)
    assert safe_home(game) == 4 * 20 + 16  # to the ace of spades' foundation
    # Every card out: no suit's foundations have met, so nothing goes home.
    text, _line = won_game(3)
    game = Game.from_notation(text)
    assert any(m % 20 >= 12 for m in game.legal_moves() if m < 400) and safe_home(game) == -1


def test_auto_play_is_a_menu_option_kept_in_the_save(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=21)
    assert not app.auto_on
    press(app, "START " + "DOWN " * menu._AUTO + "RIGHT")
    assert app.auto_on and shown_state(app).labels[menu._AUTO] == "Auto-play home: on"
    press(app, "B")
    app.tick(0)
    app.tick(WRITE_EVERY_MS)  # the write policy: a minute after the change
    again = make_app(display, sheet, store=store)
    assert again.auto_on


def test_auto_played_cards_are_undone_with_the_move_that_sent_them(display, sheet):
    # Moving JS home lets QS and KS follow by themselves (the hearts wait:
    # AH is on 2H).
    game = position("st-helena", {1: "KS QS", 2: "JS", 3: "2H AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    app.auto_on = True
    before = app.game.notation()
    press(app, "RIGHT A A")  # JS home; QS and KS follow
    assert app.game.top(16) & 15 == 13 and app.game.pile_size(0) == 0
    assert list(app.autos) == [0, 1, 1]
    press(app, "B")  # one undo takes the three back
    assert app.game.notation() == before and not app.autos


def test_auto_play_finishes_a_game_every_card_of_which_can_go_home(display, sheet):
    game = position("st-helena", {1: "KS QS", 2: "JS", 3: "AH 2H"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    app.auto_on = True
    press(app, "RIGHT A A")  # JS home: the rest can go home in turn, and does
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN
    press(app, "B")
    assert app.game.notation() == game.notation()  # one undo takes it all back


def test_without_auto_play_a_on_a_foundation_finishes_in_one_press(display, sheet):
    game = position("st-helena", {1: "KS QS", 2: "JS", 3: "AH 2H"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A A")
    assert app.message == "All can go home: A on K/A" and not app.game.is_won()
    press(app, "DOWN A")  # the KH foundation
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN
    press(app, "B")  # one undo takes them all back
    assert not app.game.is_won() and len(app.autos) == 1


def test_without_auto_play_the_menu_finishes_too(display, sheet):
    game = position("st-helena", {1: "KS QS", 2: "JS", 3: "AH 2H"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A A")
    assert not app.game.is_won()
    press(app, "START")
    assert shown_state(app).labels[0] == "Finish: all cards home"
    press(app, "A")
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN


def test_the_quick_move_keeps_the_most_moves_open(display, sheet):
    # QH may go onto KH (pile 2) or JH (pile 3); on JH it would cover the
    # only card TH can go onto. The old order took the higher pile anyway.
    game = position("st-helena,spaces=none", {1: "QH", 2: "KH", 3: "JH", 4: "TH"}, round_=2)
    def open_after(move):
        game.push(move)
        count = sum(1 for m in game.legal_moves() if m < 400)
        game.pop()
        return count
    choices = [m for m in game.legal_moves() if m // 20 == 0 and m % 20 < 12]
    assert len(choices) == 2
    wanted = max(choices, key=open_after)
    assert wanted == 0 * 20 + 1 and open_after(wanted) > open_after(0 * 20 + 2)
    assert best_move(game, 0) == wanted
    app = make_app(display, sheet, position=game.notation())
    press(app, "A A")
    assert app.game.move_stack() == [wanted]


def test_the_quick_move_is_the_first_best_by_kind_then_moves_left_open_in_random_games():
    # Its definition asked of every move the card has, on positions of random
    # games of each preset: best_move counts the moves left open only when
    # there is a choice, and counts them from the core's generator.
    import random

    from sthelena.core.rules import PRESETS

    def wanted(game, place):
        best, best_score = -1, -1
        for target in range(20):
            move = place * 20 + target
            if target == place or not game.is_legal(move):
                continue
            kind = 2 if target >= 12 else 1 if game.top(target) else 0
            game.push(move)
            score = kind * 10000 + sum(1 for source in range(20) for to in range(20)
                                       if source != to and game.is_legal(source * 20 + to))
            game.pop()
            if score > best_score:
                best, best_score = move, score
        return best

    rng = random.Random(44)
    for preset, _ in PRESETS:
        for deal in range(1, 6):
            game = Game.deal(deal, preset)
            for _ in range(rng.randrange(30, 150)):
                moves = list(game.legal_moves())
                if not moves:
                    break
                game.push(rng.choice(moves))
            for place in range(20):
                assert best_move(game, place) == wanted(game, place), (preset, deal, place)


def test_the_status_line_counts_moves_and_b_held_redoes(display, sheet):
    from tests.app.test_handheld import status_row
    from tests.helpers.app_driver import ScreenReader

    reader = ScreenReader(sheet)
    app = make_app(display, sheet, deal=2026)
    assert status_row(display, reader).endswith(" 0 mv")
    press(app, "UP RIGHT RIGHT A A B")  # pile 8 home (the stuck screen), back
    assert len(app.autos) == 1 and status_row(display, reader).endswith(" 1 mv")
    press(app, "B")  # a short press undoes...
    assert len(app.autos) == 0 and status_row(display, reader).endswith(" 0 mv")
    press(app, "B HOLD_B")  # ...a long one redoes (its press's undo taken back)
    assert len(app.autos) == 1 and app.game.move_stack() == [7 * 20 + 16]


def test_a_long_press_of_b_redoes_one_move_and_only_on_the_table(display, sheet):
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    press(app, "RIGHT A A RIGHT A RIGHT A")  # JS home (X), AH into a space (Y)
    after_y = app.game.notation()
    assert app.game.move_stack() == [1 * 20 + 16, 2 * 20 + 3]
    press(app, "B")  # Y undone
    press(app, "B HOLD_B")  # a long press: X undone by the press, X and Y redone by the hold
    assert app.game.notation() == after_y and app.screen == game_app.PLAY
    press(app, "START B HOLD_B")  # B leaving the menu, held: nothing more
    assert app.game.notation() == after_y and app.screen == game_app.PLAY
    assert app.game.history


def test_the_press_benchmark_wins_its_games_through_the_buttons(display, sheet):
    text, line = won_game(1)
    for scheme in range(4):
        app = make_app(display, sheet, position=text)
        presses, moves, won = play_through_buttons(app, line, scheme)
        assert won and app.game.is_won() and presses > 0
        assert moves >= 96  # every card on the piles went home
