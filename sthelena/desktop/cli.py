"""The desktop command line: ``python -m sthelena SUBCOMMAND ...``.

Subcommands: ``deal``, ``moves``, ``play``, ``show``, ``perft``, ``tty``
(a small game on the terminal), the solver's ``solve`` and ``stats``
(``solve_commands``) and the board's ``hint`` (``hint_command``). A POSITION is
a notation line (quoted, as it holds spaces), a bare deal number (dealt under
``--rules``), or ``-`` to read either from stdin.

Desktop only: this module uses argparse, json and random, which the board
does not have, and nothing on the board imports it.
"""

import json
import random
import sys

from ..core.deal import DEAL_LIMIT
from ..core.game import CYCLING, NO_MOVES, REDEAL_ONLY, STATUS_NAMES, WON, IllegalMoveError
from ..core.notation import FOUNDATION_NAMES, card_name, move_name, parse_move
from ..core.rules import DEFAULT, OPTIONS
# The readers of arguments and stdin, and the one error path (CliError ->
# one line, exit 2), are in arguments.py: the window and the solver's commands share them.
from .arguments import (INPUT_LIMIT, PROG, CliError, Parser, add_version, game_of_deal,
                        game_of_position, guarded, one_line, parse_args, parse_rules, read_input,
                        whole_number)
from .explain import perft, why_illegal
from .hint_command import add_hint_command
from .solve_commands import add_solver_commands

PERFT_DEPTH_LIMIT = 7  # 19 s of CPU on deal 7 (depth 6: 2.4 s); each depth about 8 times more


def _depth(text):
    return whole_number(text, "depth", 0, PERFT_DEPTH_LIMIT)


def _push(game, move):
    """Play a move; an illegal one raises IllegalMoveError saying why."""
    try:
        game.push(move)
    except IllegalMoveError:
        raise IllegalMoveError("illegal move %s: %s" % (move_name(move), why_illegal(game, move)))


def _play(game, names):
    """Play move names in order; CliError names the first bad one."""
    for index, name in enumerate(names):
        try:
            _push(game, parse_move(name))
        except ValueError as error:
            where = " (move %d of %d)" % (index + 1, len(names)) if len(names) > 1 else ""
            raise CliError("%s%s" % (error, where))


# -- what is printed ----------------------------------------------------


def rules_dict(rules):
    """Every option by name, and the preset, as the JSON shows them."""
    result = {"preset": rules.preset}
    for option in OPTIONS:
        result[option] = getattr(rules, option)
    return result


def position_dict(game):
    """The JSON object of a position (see the module's ``--json``)."""
    foundations = {}
    for index, name in enumerate(FOUNDATION_NAMES):
        card = game.top(12 + index)
        foundations[name] = card_name(card) if card else None
    return {
        "notation": game.notation(),
        "rules": rules_dict(game.rules),
        "round": game.round,
        "stock": [card_name(card) for card in game.stock],
        "piles": [[card_name(card) for card in pile] for pile in game.piles],
        "foundations": foundations,
    }


def _position_text(game, as_json):
    if as_json:
        return json.dumps(position_dict(game))
    return game.notation()


def status_message(game, status):
    """What to tell a player about a status other than "playing", or None."""
    if status == WON:
        return "all eight foundations are built: the game is won"
    if status == REDEAL_ONLY:
        if game.louis_phase():
            return "only the deal of the stock is left"
        return "only a redeal is left"
    if status == CYCLING:
        return "only moves that undo each other are left: the game is lost"
    if status == NO_MOVES:
        return "no moves left: the game is lost"
    return None


def _pile_cell(game, pile):
    cards = game.piles[pile]
    top = card_name(cards[-1]) if cards else "--"
    return "%d:%s(%d)" % (pile + 1, top, len(cards))


def _foundation_cell(game, foundation):
    card = game.top(12 + foundation)
    return "%s:%s" % (FOUNDATION_NAMES[foundation], card_name(card)[0] if card else "-")


def show_text(game, status=None):
    """The table as text: header, diagram, then every pile in full."""
    if status is None:
        status = game.status()
    left = game.redeals_left()
    header = "%s | round %d, %d redeal%s left | first-deal restriction %s | %s" % (
        game.rules, game.round, left, "" if left == 1 else "s",
        "in force" if game.restricted() else "off", STATUS_NAMES[status])
    pile = lambda index: _pile_cell(game, index)  # noqa: E731
    found = lambda index: _foundation_cell(game, index)  # noqa: E731
    grid = (
        ("", pile(0), pile(1), pile(2), pile(3), ""),
        (pile(11), found(0), found(1), found(2), found(3), pile(4)),
        (pile(10), found(4), found(5), found(6), found(7), pile(5)),
        ("", pile(9), pile(8), pile(7), pile(6), ""),
    )
    width = max(len(cell) for row in grid for cell in row)
    lines = [header, ""]
    for row in grid:
        lines.append("  ".join(cell.ljust(width) for cell in row).rstrip())
    lines.append("")
    for index, cards in enumerate(game.piles):
        names = " ".join(card_name(card) for card in cards) or "(empty)"
        lines.append("pile %2d: %s" % (index + 1, names))
    if game.stock:
        lines.append("stock (%d, top last): %s"
                     % (len(game.stock), " ".join(card_name(card) for card in game.stock)))
    return "\n".join(lines)


# -- subcommands ----------------------------------------------------------


def _cmd_deal(args, out):
    game = game_of_deal(args.number, args.rules)
    out.append(_position_text(game, args.json))


def _cmd_moves(args, out):
    game = game_of_position(args.position, args.rules)
    names = [move_name(move) for move in game.legal_moves()]
    if args.json:
        out.append(json.dumps({"moves": names}))
    else:
        out.extend(names)


def _cmd_play(args, out):
    game = game_of_position(args.position, args.rules)
    _play(game, args.moves)
    out.append(_position_text(game, args.json))


def _cmd_show(args, out):
    game = game_of_position(args.position, args.rules)
    out.append(show_text(game))


def _cmd_perft(args, out):
    depth = _depth(args.depth)
    game = game_of_position(args.position, args.rules)
    out.append(str(perft(game, depth)))


TTY_HELP = """commands:
  MOVE     play a move: 3-7 (pile to pile), 3-KS (pile to foundation),
           KS-AS or KH-5 (off a foundation, if the rules allow), redeal, deal
  moves    list the legal moves
  undo     take back the last move
  show     show the table again
  help     this text
  quit     leave the game (end of input does too)"""


def run_tty(game, stdin, stdout):
    """The interactive game on ``game``, reading commands from ``stdin``."""

    def say(text=""):
        stdout.write(text + "\n")

    def show():
        status = game.status()
        say(show_text(game, status))
        message = status_message(game, status)
        if message and status != WON:
            say(message + (" (undo, or quit)" if status in (CYCLING, NO_MOVES) else ""))
        return status

    status = show()
    while True:
        if status == WON:
            say("You won: all eight foundations are built. Well played!")
            return 0
        stdout.write("move> ")
        stdout.flush()
        try:
            line = read_input(stdin, line=True)
        except CliError as error:  # a line that is no command: say so, play on
            say(one_line(error))
            continue
        if not line:
            say()
            return 0
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "q", "exit"):
            return 0
        if command in ("help", "?"):
            say(TTY_HELP)
            continue
        if command == "moves":
            names = [move_name(move) for move in game.legal_moves()]
            say(" ".join(names) if names else "no legal moves")
            continue
        if command == "show":
            status = show()
            continue
        if command == "undo":
            if not game.history:
                say("nothing to undo")
                continue
            say("undid " + move_name(game.pop()))
            status = show()
            continue
        try:
            _push(game, parse_move(command))
        except ValueError as error:
            say(one_line(error))
            continue
        status = show()


def _cmd_tty(args, out):
    rules_text = args.rules if args.rules is not None else DEFAULT
    if args.deal is None:
        parse_rules(rules_text)  # a bad rules text fails before the deal is picked
        number = str(random.randrange(DEAL_LIMIT))
    else:
        number = args.deal
    game = game_of_deal(number, rules_text)
    stdout = sys.stdout
    stdout.write("St. Helena, deal %d, rules %s (type help for commands)\n"
                 % (game.deal_number, game.rules))
    return run_tty(game, sys.stdin, stdout)


# -- the parser -----------------------------------------------------------


def build_parser():
    parser = Parser(
        prog=PROG, description="St. Helena patience: deal, list and play moves, show, perft.",
        epilog="POSITION: a quoted notation line, a deal number (see --rules), "
               "or - to read one from stdin (at most %d bytes). RULES: "
               "PRESET[,option=value...], presets st-helena, st-helena-pysol, louis, box-kite. "
               "Bad input exits with status 2 and one line on stderr." % INPUT_LIMIT)
    add_version(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    def position_command(name, help_text, json_flag=True):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("position", metavar="POSITION",
                             help="notation line, deal number, or - for stdin")
        command.add_argument("--rules", metavar="RULES",
                             help="rules for a deal-number POSITION (default %s)" % DEFAULT)
        if json_flag:
            command.add_argument("--json", action="store_true", help="print JSON")
        return command

    command = commands.add_parser("deal", help="print a deal's position")
    command.add_argument("number", metavar="N", help="deal number 0..%d" % (DEAL_LIMIT - 1))
    command.add_argument("--rules", metavar="RULES", help="rules (default %s)" % DEFAULT)
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=_cmd_deal)

    position_command("moves", "list the legal moves").set_defaults(run=_cmd_moves)

    command = position_command("play", "play moves and print the position")
    command.add_argument("moves", metavar="MOVE", nargs="+", help="3-7, 3-KS, KS-AS, redeal, ...")
    command.set_defaults(run=_cmd_play)

    position_command("show", "print the table", json_flag=False).set_defaults(run=_cmd_show)

    command = position_command("perft", "count move sequences of DEPTH moves", json_flag=False)
    command.add_argument("depth", metavar="DEPTH", help="0..%d" % PERFT_DEPTH_LIMIT)
    command.set_defaults(run=_cmd_perft)

    command = commands.add_parser("tty", help="play on the terminal")
    command.add_argument("--deal", metavar="N", help="deal number (default: a random one)")
    command.add_argument("--rules", metavar="RULES", help="rules (default %s)" % DEFAULT)
    command.set_defaults(run=_cmd_tty)

    add_solver_commands(commands)
    add_hint_command(commands)
    return parser


def main(argv=None):
    """Run the command line; return the exit status (2 for any bad input)."""
    return guarded(_main, argv)


def _main(argv):
    args = parse_args(build_parser(), argv)
    if args is None:
        return 0
    if sys.stdout is None:
        raise CliError("standard output is closed")
    out = []
    try:
        result = args.run(args, out)
        if out:
            sys.stdout.write("\n".join(out) + "\n")
            sys.stdout.flush()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        _silence_stdout()
        return 1
    except OSError as error:  # stdout on a full disk (stdin's errors are read_input's)
        _silence_stdout()
        raise CliError("cannot write standard output: %s" % (error.strerror or error))
    return result


def _silence_stdout():
    """Point stdout at the null device so the interpreter's final flush
    does not report the broken pipe again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
