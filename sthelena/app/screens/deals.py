"""Starting a deal again or afresh, from the menu and the end screens: the
game left counted first, the new one saved at once."""

from ...core.game import Game
from ...core.rules import Rules


def new_deal(app, number):
    """Deal ``number`` with the rules chosen for the next deal (the game
    left counts as lost if it was played and not yet counted)."""
    _leave_game(app)
    app.hint_line = None  # (a restart keeps it: the line holds from the deal on)
    app.start(Game.deal(number, Rules.parse(str(app.next_rules))))
    if app.show_now is not None:
        app.show_now()  # the new deal first: writing the flash takes a while
    app.save_now()  # a new deal (and maybe the statistics): written at once


def _leave_game(app):
    game = app.game
    if not app.finished and game.history:
        app.statistics.record(game.rules, game.deal_number, False, app.moves_made())
        if app.on_record is not None and game.deal_number is not None:  # counted
            app.on_record(app.statistics)
    app.finished = False


def restart(app):
    """This deal again from the start: dealt afresh if the rules for the
    next deal differ, else every move taken back."""
    game = app.game
    if game.deal_number is not None and not (app.next_rules == game.rules):
        new_deal(app, game.deal_number)
    elif game.earlier_moves:  # a trimmed save's game: from its deal again
        app.start(Game.deal(game.deal_number, game.rules))
    else:
        while game.history:
            game.pop()
        app.start(game)
