"""The statistics screen (menu -> Statistics) and its reset question.

One kind of rules at a time (left/right step through the presets and
"custom"): played, won, win rate, the run of wins and the best, the fewest
moves in a win, and the deals finished last. A asks whether to reset every
statistic; A again resets (and the app saves at once), B keeps them. Its
state (``app.states[STATS]``, this module's alone, kept through the question):
the kind shown.
"""

from ...core.cards import const
from ...core.statistics import KINDS, kind_of, win_rate
from ..buttons import A, B, LEFT, RIGHT, START
from .common import MENU, STATS, STATS_RESET, show_message

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


def open_stats(app):
    """The statistics screen opens on the rules the game is played under."""
    app.states[STATS] = kind_of(app.game.rules)


def show_stats(app):
    if app.states[STATS] is None:  # brought up by its number alone (a script)
        open_stats(app)
    kind = app.states[STATS]
    show_message(app.view, "STATS: " + KINDS[kind], statistics_lines(app.statistics, kind),
                 ("<>: rules  A: reset", "B/START: back"))


def stats_button(app, button, held):
    if button == LEFT or button == RIGHT:
        app.states[STATS] = (app.states[STATS] + (1 if button == RIGHT else -1)) % len(KINDS)
        show_stats(app)
    elif button == A and not held:
        return STATS_RESET
    elif button == B or button == START:
        return MENU
    return STATS


def show_stats_reset(app):
    show_message(app.view, "RESET STATISTICS?", (
        "Forget every deal played,", "under every rules preset?"),
        ("A: reset them all", "B: keep them"))


def stats_reset_button(app, button, held):
    """A resets every statistic (written at once); any other button keeps
    them. A hold is no answer: the question stays for a press of its own."""
    if held:
        return STATS_RESET
    if button == A:
        app.statistics.reset()
        app.save_now()  # the statistics changed: written at once
    return STATS
