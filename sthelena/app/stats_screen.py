"""The statistics screen (menu -> Statistics) and its reset question.

One kind of rules at a time (left/right step through the presets and
"custom"): played, won, win rate, the run of wins and the best, the fewest
moves in a win, and the deals finished last. A asks whether to reset every
statistic; A again resets (and the app saves at once), B keeps them.
"""

from ..cards import const
from ..statistics import KINDS, kind_of, win_rate
from .buttons import A, B, LEFT, RIGHT, START
from .screens import show_message

STATS = const(7)  # the app's screen numbers for these two
STATS_RESET = const(8)
_SHOWN_DEALS = const(5)  # recent deals that fit under the counts


def statistics_lines(statistics, kind):
    """The screen's lines for ``kind`` (an index in ``KINDS``), each at most
    26 characters."""
    played, won, streak, best, fewest = statistics.counts(kind)
    lines = ["played %d  won %d (%d%%)" % (played, won, win_rate(played, won)),
             "wins in a row %d, best %d" % (streak, best),
             "fewest moves to win: %s" % (fewest or "-")]
    recent = statistics.recent(kind)
    if recent:
        lines.append("last deals:")
        for index in range(min(len(recent), _SHOWN_DEALS)):
            number, won_it, moves = recent[index]
            lines.append(" #%d %s %d" % (number, "won" if won_it else "lost", moves))
    return lines


def show_statistics(view, statistics, kind):
    show_message(view, "STATS: " + KINDS[kind], statistics_lines(statistics, kind),
                 ("<>: rules  A: reset", "B/START: back"))


def open_statistics(app):
    """Show the statistics of the rules the game is played under."""
    app.stats_kind = kind_of(app.game.rules)
    app.screen = STATS
    show_statistics(app.view, app.statistics, app.stats_kind)


def statistics_button(app, button):
    """A button on the statistics screen or its reset question."""
    if app.screen == STATS_RESET:
        if button == A:
            app.statistics.reset()
            app.save_now()  # the statistics changed: written at once
        app.screen = STATS
        show_statistics(app.view, app.statistics, app.stats_kind)
    elif button == LEFT or button == RIGHT:
        app.stats_kind = (app.stats_kind + (1 if button == RIGHT else -1)) % len(KINDS)
        show_statistics(app.view, app.statistics, app.stats_kind)
    elif button == A:
        app.screen = STATS_RESET
        show_message(app.view, "RESET STATISTICS?", (
            "Forget every deal played,", "under every rules preset?"),
            ("A: reset them all", "B: keep them"))
    elif button == B or button == START:
        app._open_menu()
