"""The desktop edge: the handheld app in a window, driven by the keyboard.

``python code.py [options]`` (what ``make play`` runs) builds what the board's
edge builds (a display, a store, a speaker, the sprite sheet) from desktop
parts and hands them to the app. This module reads the arguments and puts
the parts together; each part is a module of its own:

- ``desktop_display``: Blinka's displayio drawn by ``blinka_displayio_pygamedisplay``
  into an offscreen 160x128 pygame surface, shown scaled up in a window.
- ``desktop_store``: the save bytes in a file, replaced atomically, and backed up.
- ``desktop_sound``: short square-wave tones through pygame's mixer, or silence.
- ``desktop_keys``: the keyboard's keys, and ``--keys`` scripts of button names.
- ``desktop_run``: the scripted run and the window's loop.
- ``desktop_mouse``: the mouse's clicks on the Fruit Jam's screen.

With ``--board fruit-jam`` it plays as on the Fruit Jam: its screen
(720x400, as Fruit Jam OS's launcher hands it over), the table three times
larger in the middle, the mouse (``desktop_mouse``) beside the keys, and the
hint's larger budget.

With ``--keys`` the app is driven by a script of button names instead of the
keyboard (no window is opened), and ``--shot`` / ``--frames`` write what the
screen showed: for tests, bug reports and screenshots.

Desktop only: these modules use argparse, pygame and numpy, which the board
does not have, and nothing on the board imports them.
"""

import argparse
import os
import sys

from .arguments import (CliError, Parser, add_version, deal_number, guarded, parse_args,
                        parse_notation, parse_rules, print_error, shown, whole_number)
from ..core.deal import DEAL_LIMIT
from .display import HEIGHT, SCALE, WIDTH, Display
from .keys import KEYS_LIMIT, read_keys
from .run import run_interactive, run_script
from .sensors import BATTERY_VOLTS, DesktopSensors
from .sound import Speaker
from .store import SAVE_PATH, FileStore, MemoryStore

SCALE_LIMIT = 10  # the largest --scale: a 1600x1280 window
BOARDS = ("handheld", "picosystem", "fruit-jam")
FRUIT_JAM_SIZE = (720, 400)  # the screen Fruit Jam OS's launcher hands over
PICOSYSTEM_SIZE = (240, 240)
PICOSYSTEM_TABLE = (240, 192)  # the table drawn from the large sheet, centred on its screen
SHOT_SCALE_LIMIT = 16  # the largest --shot-scale: a 2560x2048 PNG
# The repository's root, or CIRCUITPY's.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHEET_PATH = os.path.join(ROOT, "assets", "sheet.bmp")
LARGE_SHEET_PATH = os.path.join(ROOT, "assets", "sheet-large.bmp")
FAN_SHEET_PATH = os.path.join(ROOT, "assets", "sheet-fruitjam.bmp")  # the Fruit Jam's cards
TEXTS_PATH = os.path.join(ROOT, "assets", "help.txt")
WINNABLE_PATH = os.path.join(ROOT, "assets", "winnable.bin")  # the app reads it when needed


def build_parser():
    parser = Parser(
        prog="code.py",
        description="St. Helena patience as on the PyGamer/PyBadge, in a window. Keys: arrows "
                    "move, X = A (pick up, put down; hold for a quick move), Z = B (cancel, "
                    "undo), Enter = START (menu), Space = SELECT (peek), Esc quits.",
        epilog="KEYS: button names UP DOWN LEFT RIGHT A B START SELECT, and HOLD_A (or A+HOLD) "
               "for A held down; any case, separated by spaces or newlines; in a file, # "
               "starts a comment; at most %d of them. Bad input exits with status 2 and one "
               "line on stderr." % KEYS_LIMIT)
    add_version(parser)  # (code.py answers it first, where the window's packages are missing)
    parser.add_argument("--board", default="handheld", metavar="BOARD",
                        help="handheld (PyGamer/PyBadge: 160x128, the default), picosystem "
                             "(240x240, the cards half as large again) or fruit-jam (720x400, "
                             "the table three times larger, the mouse too: click a card, then "
                             "where it goes; right click = B)")
    parser.add_argument("--deal", metavar="N", help="deal number 0..%d" % (DEAL_LIMIT - 1))
    parser.add_argument("--rules", metavar="RULES",
                        help="PRESET[,option=value...] (e.g. st-helena, louis,wrap=true)")
    parser.add_argument("--position", metavar="NOTATION",
                        help="start from a position's notation line (it names its own rules)")
    parser.add_argument("--keys", metavar="KEYS|@FILE",
                        help="play these button names, write --shot/--frames, and exit "
                             "(no window)")
    parser.add_argument("--shot", metavar="PATH", help="write the last frame as a PNG")
    parser.add_argument("--shot-scale", metavar="N", default="1",
                        help="--shot N times larger, 1..%d (default 1: the screen's size)"
                        % SHOT_SCALE_LIMIT)
    parser.add_argument("--frames", metavar="DIR",
                        help="write frame-0000.png (before any key) and one PNG per key")
    parser.add_argument("--save", metavar="FILE",
                        help="the save file (default ~/.sthelena-save in the window; "
                             "with --keys, none unless given)")
    parser.add_argument("--no-save", action="store_true",
                        help="neither read nor write a save file")
    parser.add_argument("--scale", metavar="N",
                        help="window pixels per screen pixel, 1..%d (default %d; the "
                             "PicoSystem's: 2; the Fruit Jam's: 1)" % (SCALE_LIMIT, SCALE))
    parser.add_argument("--battery", metavar="VOLTS",
                        help="play as on a battery at VOLTS (%.1f to %.1f): its level in the "
                             "menu, its warnings (not with --board fruit-jam, which has none)"
                             % BATTERY_VOLTS)
    parser.add_argument("--sound", action=argparse.BooleanOptionalAction, default=None,
                        help="play sounds (default: on in the window, off with --keys)")
    return parser


def _check(args):
    """Everything about the arguments that can be wrong, before anything is
    opened or written: (events or None, App keyword arguments)."""
    if args.position is not None and (args.deal is not None or args.rules is not None):
        raise CliError("--position names its own deal and rules: "
                       "give it without --deal and --rules")
    if args.save is not None and args.no_save:
        raise CliError("--save and --no-save contradict each other")
    if args.board not in BOARDS:
        raise CliError("bad --board %s: want %s" % (shown(args.board), " or ".join(BOARDS)))
    fruit_jam = args.board == "fruit-jam"
    if args.scale is None:
        args.scale = "1" if fruit_jam else "2" if args.board == "picosystem" else str(SCALE)
    args.scale = whole_number(args.scale, "--scale", 1, SCALE_LIMIT)
    args.shot_scale = whole_number(args.shot_scale, "--shot-scale", 1, SHOT_SCALE_LIMIT)
    if args.save is not None:
        args.save = os.path.expanduser(args.save)  # as the store will read it
    for option, path in (("--shot", args.shot), ("--save", args.save)):
        _check_output(option, path, folder=False)
    _check_output("--frames", args.frames, folder=True)
    if args.shot is not None and args.save is not None and (
            os.path.realpath(args.shot) == os.path.realpath(args.save)):
        raise CliError("bad --shot %s: it is the --save file" % shown(args.shot))
    options = {}
    if args.deal is not None:
        options["deal"] = deal_number(args.deal)
    # App takes the rules and the position as text, so these only check them.
    if args.rules is not None:
        parse_rules(args.rules)
        options["rules"] = args.rules
    if args.position is not None:
        parse_notation(args.position)
        options["position"] = args.position
    if args.battery is not None:
        if fruit_jam:
            raise CliError("--battery: the Fruit Jam has no battery")
        options["sensors"] = DesktopSensors(millivolts=_battery_mv(args.battery))
    elif not fruit_jam:  # a handheld: its brightness and idle screen, no battery
        options["sensors"] = DesktopSensors()
    events = read_keys(args.keys, mouse=fruit_jam) if args.keys is not None else None
    return events, options


def _battery_mv(text):
    """The millivolts of ``--battery VOLTS``; CliError if it is not volts in range."""
    low, high = BATTERY_VOLTS
    try:
        volts = float(text)
    except ValueError:
        volts = None
    if volts is None or not low <= volts <= high:  # (nan fails both)
        raise CliError("bad --battery %s: want volts from %.1f to %.1f"
                       % (shown(text), low, high))
    return round(volts * 1000)


def _check_output(option, path, folder):
    """CliError if ``path`` (a file, or a ``folder``, to be written) cannot be
    one: a file that is a folder, or the other way round, or in a folder
    that is not there. What this cannot foresee (a read-only disk) fails
    when written (cannot_write)."""
    if path is None:
        return
    if path == "" or "\0" in path:
        raise CliError("bad %s %s: want a path" % (option, shown(path)))
    if os.path.isdir(path) != folder and os.path.exists(path):
        raise CliError("bad %s %s: it is a %s" % (option, shown(path),
                                                 "file, not a folder" if folder else "folder"))
    parent = os.path.dirname(os.path.abspath(path))
    while folder and not os.path.exists(parent):  # a --frames folder's parents are made
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise CliError("bad %s %s: no folder %s" % (option, shown(path), shown(parent)))


def main(argv=None):
    """Run the desktop edge; return the exit status (2 for a bad argument,
    or an output file that cannot be written: the game is saved first)."""
    return guarded(_main, argv)


def _main(argv):
    args = parse_args(build_parser(), argv)
    if args is None:
        return 0
    events, options = _check(args)
    scripted = events is not None
    fruit_jam = args.board == "fruit-jam"
    picosystem = args.board == "picosystem"
    display = Display(scale=args.scale, window=not scripted,
                      size=FRUIT_JAM_SIZE if fruit_jam else PICOSYSTEM_SIZE if picosystem
                      else (WIDTH, HEIGHT))
    from ..app.game_app import App
    from ..app.table.sheet import load_sheet

    screen = display
    if fruit_jam or picosystem:
        from ..app.big_screen.scaled import BigScreen

        if picosystem:
            screen = BigScreen(display, *PICOSYSTEM_TABLE)
        else:  # the Fruit Jam's fanned table (the text screens scaled by BigScreen)
            from ..app.big_screen.fan_table import FanScreen

            screen = FanScreen(display, load_sheet(FAN_SHEET_PATH))

    save = args.save if args.save is not None or scripted else SAVE_PATH
    store = MemoryStore() if args.no_save or save is None else FileStore(os.path.expanduser(save))
    sound = args.sound if args.sound is not None else not scripted
    speaker = Speaker(audio=sound)
    app = App(screen, store, speaker, load_sheet(LARGE_SHEET_PATH if picosystem else SHEET_PATH),
              texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, **options)
    mouse = None
    if fruit_jam:
        from ..app.hint.on_table import LARGE_HINT_NODES, LARGE_HINT_SLOTS
        from .mouse import DesktopMouse

        app.hint_nodes = LARGE_HINT_NODES  # as the Fruit Jam's edge gives it
        app.hint_slots = LARGE_HINT_SLOTS
        app.leave_label = "Quit"  # (the Fruit Jam's goes back to its launcher)
        mouse = DesktopMouse(app, screen, args.scale)
    if isinstance(store, FileStore) and not app.resumed:
        # --deal, --rules, --position, or an unreadable or newer save: the
        # saved game is not the one played, so it is kept before any write.
        try:
            backup = store.keep_backup()
        except OSError as error:
            print_error(CliError("the saved game in %s cannot be backed up (%s): not playing "
                                 "over it" % (store.path, error.strerror or error)))
            return 1
        if backup is not None:
            print("sthelena: the saved game in %s is kept in %s; this run plays another"
                  % (store.path, backup), file=sys.stderr)
    try:
        try:
            if scripted:
                run_script(app, display, events, args.frames, mouse)
            else:
                run_interactive(app, display, args.frames, mouse=mouse)
        except KeyboardInterrupt:
            pass
        if args.shot is not None:
            display.save_png(args.shot, args.shot_scale)
    finally:  # even if a frame or the shot could not be written
        app.flush()  # a change the write policy has not written yet
    return 0
