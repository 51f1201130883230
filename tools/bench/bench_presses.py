"""Presses per card move, by the buttons (``make bench-presses``), each
scheme's figure beside its goal where it has one.

Plays won games through the App's buttons as a player who knows a winning
line would: the games are made backwards from the won position
(``tools/harness/won_games.py``: every card on the piles, a winning line known, no
redeal left), and the player, of the next few moves of the line, plays the
one nearest the cursor that keeps the rest of the line legal, walking the
cursor the shortest way, under four schemes: picking up and putting down; A twice (the
quick move) when it makes the wanted move; A held (a long press, counted as
one press); and A held with auto-play on. Every press counts, cursor moves
included. Goals: at most 2.5 presses a card move with auto-play
off, 1.5 with it on.

Then the same games by the mouse alone, as on the Fruit Jam (its 720x400
screen, the fanned table): click the card and then where it goes; a double
click, or one held click, when the quick move makes the wanted move; the
held click with auto-play on; a drag of each card where it goes, with
auto-play off and on (a drag counts one). Goals: at most 2 clicks a card
move, 1 with auto-play; 1 drag a card move, 0.4 with auto-play.
"""

import os

from tools.bench.report import goal
from tools.harness.won_games import (CLICK_SCHEMES, SCHEMES, play_through_buttons,
                                     play_through_clicks, won_game)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GAMES = 10
GOALS = {2: 2.5, 3: 1.5}
CLICK_GOALS = {0: 2.0, 1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 0.4}
FRUIT_JAM_SIZE = (720, 400)


class _Display:
    root_group = None
    width, height = FRUIT_JAM_SIZE  # (for the clicks' BigScreen)


class _Store:
    def load(self):
        return None

    def save(self, data):
        pass


class _Speaker:
    def play(self, sound):
        pass


def main(games=GAMES, rules="st-helena"):
    from sthelena.app.game_app import App
    from sthelena.app.table.sheet import load_sheet

    sheet = load_sheet(os.path.join(ROOT, "assets", "sheet.bmp"))
    print("presses per card move over %d won games (%s, made backwards from the won position;"
          " every press counted):" % (games, rules))
    for scheme, name in enumerate(SCHEMES):
        presses = moves = won = 0
        for seed in range(games):
            text, line = won_game(seed, rules)
            app = App(_Display(), _Store(), _Speaker(), sheet, position=text,
                      texts=os.path.join(ROOT, "assets", "help.txt"))
            pressed, played, is_won = play_through_buttons(app, line, scheme)
            presses += pressed
            moves += played
            won += is_won
        _report(name, presses, "presses", moves, won, games, GOALS.get(scheme))
    from sthelena.app.big_screen.fan_table import FanScreen
    from sthelena.desktop.mouse import DesktopMouse

    fan_sheet = load_sheet(os.path.join(ROOT, "assets", "sheet-fruitjam.bmp"))
    print("clicks (or drags) per card move over the same games, by the mouse alone on the "
          "Fruit Jam's %dx%d screen:" % FRUIT_JAM_SIZE)
    for scheme, name in enumerate(CLICK_SCHEMES):
        clicks = moves = won = 0
        for seed in range(games):
            text, line = won_game(seed, rules)
            screen = FanScreen(_Display(), fan_sheet)
            app = App(screen, _Store(), _Speaker(), sheet, position=text,
                      texts=os.path.join(ROOT, "assets", "help.txt"))
            clicked, played, is_won = play_through_clicks(app, line, scheme,
                                                          DesktopMouse(app, screen))
            clicks += clicked
            moves += played
            won += is_won
        _report(name, clicks, "drags" if "drag" in name else "clicks", moves, won, games,
                CLICK_GOALS.get(scheme))


def _report(name, count, what, moves, won, games, wanted):
    ratio = count / moves
    measured = "%.2f (%d %s, %d card moves, %d/%d won)" % (ratio, count, what, moves, won, games)
    if wanted is None:
        print("  %s: %s" % (name, measured))
    else:
        goal("  " + name, measured, "<= %g" % wanted, ratio <= wanted and won == games)


if __name__ == "__main__":
    from .report import run

    run("bench-presses", main)
