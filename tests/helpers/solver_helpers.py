"""What the solver's tests share: rule sets, replaying a line, running one search."""

from sthelena.core.game import Game
from sthelena.core.rules import PRESETS
import sthelena.solver.portfolio as portfolio

PRESET_NAMES = [name for name, _ in PRESETS]
MIXED = [
    "st-helena,gather=clockwise",
    "st-helena,redeals=1,spaces=none",
    "st-helena,redeals=0",
    "louis,build=any,wrap=true,foundation_moves=relocate,gather=clockwise",
    "box-kite,wrap=true",
    "box-kite,restricted_first_deal=true,foundation_moves=none",
    "st-helena,build=any,spaces=none,foundation_moves=all",
]
EMPTY11 = "/-" * 11


def replay(game, moves):
    """Push every move on a copy of ``game``; the copy."""
    copy = Game.from_notation(game.notation())
    for move in moves:
        copy.push(move)  # IllegalMoveError if the solver's move is not legal
    return copy


def run_search(member, pause_every=None, best_first=False):
    """A member's search (``searching``, or ``best_first``) run to its end
    (paused every ``pause_every`` positions and resumed, if given): its
    answer."""
    search = member.best_first() if best_first else member.searching()
    while True:
        if pause_every:
            member.pause_at = member.nodes + pause_every
        try:
            next(search)
        except StopIteration as stop:
            return stop.value


def only_series(monkeypatch, *series):
    """The portfolio made of these series (lists of (settings, limit)) alone."""
    monkeypatch.setattr(portfolio, "series_of",
                        lambda solver: [(iter(one), 1, False) for one in series])
