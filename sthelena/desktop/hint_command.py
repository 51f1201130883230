"""The board's hint on the command line: ``python -m sthelena hint``.

``hint POSITION | --deal N [--rules R] [--nodes K] [--json]`` runs the very
search the handheld runs (``sthelena.app.hint.search``, the same budget of
positions unless ``--nodes`` says otherwise) and prints what the board
would say: ``wins`` with the whole winning line, ``progress`` (the first
move of the line that brought the most cards home), ``nothing``, or
``lost`` (proved: every reachable position searched). ``cli.build_parser``
registers it.
"""

import json

from ..app.hint.search import (HINT_NODES, LOST, NOTHING, PROGRESS, WINNING, hint_begin,
                               hint_gain, hint_line, hint_nodes, hint_result, hint_search)
from ..core.notation import move_name
from .arguments import add_position_or_deal, game_of_position_or_deal, whole_number

# The search packs node counts into small ints (below 2**21 with its caps).
NODES_LIMIT = 2000000
SAYS = {WINNING: "wins", PROGRESS: "progress", NOTHING: "nothing", LOST: "lost"}


def run_hint(game, nodes=HINT_NODES):
    """The board's hint for ``game`` (left as it was) as the JSON gives it."""
    search = hint_begin(game, nodes)
    while not hint_search(search, game, 1000):
        pass
    result, move = hint_result(search)
    line = hint_line(search)
    names = []
    if line is not None:
        for index in range(len(line)):
            names.append(move_name(line.move(index)))
    return {"says": SAYS[result], "move": move_name(move) if move >= 0 else None,
            "line": names, "positions": hint_nodes(search), "gain": hint_gain(search)}


def hint_words(answer):
    """The answer as lines of text."""
    says = answer["says"]
    if says == "wins":
        return ["wins: %s (a line of %d moves, found in %d positions)"
                % (answer["move"], len(answer["line"]), answer["positions"]),
                " ".join(answer["line"])]
    if says == "progress":
        return ["progress: %s (+%d cards home at best; no win in %d positions)"
                % (answer["move"], answer["gain"], answer["positions"])]
    if says == "lost":
        return ["lost: proved, every reachable position searched (%d positions)"
                % answer["positions"]]
    return ["nothing: no line brought a card home (%d positions)" % answer["positions"]]


def _cmd_hint(args, out):
    nodes = whole_number(args.nodes, "nodes", 1, NODES_LIMIT)
    game = game_of_position_or_deal(args)
    answer = run_hint(game, nodes)
    if args.json:
        del answer["gain"]
        out.append(json.dumps(answer))
    else:
        out.extend(hint_words(answer))


def add_hint_command(commands):
    """Register ``hint`` on the CLI's subparsers."""
    command = commands.add_parser("hint", help="the board's hint: wins (with the line), "
                                               "progress, nothing or lost")
    add_position_or_deal(command)
    command.add_argument("--nodes", metavar="K", default=str(HINT_NODES),
                         help="positions the search may meet (default %d, the board's)"
                              % HINT_NODES)
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=_cmd_hint)
