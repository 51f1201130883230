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

With ``--board NAME`` it plays as on that board (its profile:
``sthelena/boards/``): its screen's size and the table that fits it, its
help and menu, and in a script (``--keys``) its own buttons' words, held as
long as the emulator holds them. ``--board fruit-jam`` plays as on the Fruit
Jam: its screen (720x400, as Fruit Jam OS's launcher hands it over), the
fanned table, the mouse (``desktop_mouse``) beside the keys, and the hint's
larger budget.

With ``--keys`` the app is driven by a script of button names instead of the
keyboard (no window is opened), and ``--shot`` / ``--frames`` write what the
screen showed: for tests, bug reports and screenshots.

Desktop only: these modules use argparse, pygame and numpy, which the board
does not have, and nothing on the board imports them.
"""

import argparse
import copy
import os
import sys

from .arguments import (CliError, Parser, add_version, deal_number, guarded, parse_args,
                        parse_notation, parse_rules, print_error, shown, whole_number)
from ..core.deal import DEAL_LIMIT
from .display import SCALE, Display
from .keys import KEYS_LIMIT, board_words, read_keys, typed_characters
from .run import run_interactive, run_script
from .sensors import BATTERY_VOLTS, DesktopSensors
from .sound import Speaker
from .store import SAVE_PATH, FileStore, MemoryStore

SCALE_LIMIT = 10  # the largest --scale: a 1600x1280 window
HANDHELD = "handheld"  # the default --board: the PyGamer's and PyBadge's screen
FRUIT_JAM = "fruit-jam"
FRUIT_JAM_GAME = "sthelena_fruitjam"  # the game of the boards played with the mouse
NO_PSRAM = "-no-psram"  # a DVI board's name + this: the table it plays without PSRAM
SHOT_SCALE_LIMIT = 16  # the largest --shot-scale: a 2560x2048 PNG
# The repository's root, or CIRCUITPY's.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASSETS = os.path.join(ROOT, "assets", "")  # the sheets (app/big_screen/tables.py picks them)
SHEET_PATH = os.path.join(ASSETS, "sheet.bmp")  # (the handheld's, which scripts load too)
FAN_SHEET_PATH = os.path.join(ASSETS, "sheet-fruitjam.bmp")  # the Fruit Jam's cards
FRUIT_JAM_SIZE = (720, 400)  # the screen Fruit Jam OS's launcher hands over (its profile's)
TEXTS_PATH = os.path.join(ROOT, "assets", "help.txt")
WINNABLE_PATH = os.path.join(ROOT, "assets", "winnable.bin")  # the app reads it when needed


def boards():
    """``{name: profile}`` of the boards the desktop plays: every profile with
    a screen of its own size (not the wiring settings.toml describes),
    ``handheld``, the PyGamer's and PyBadge's, and a DVI board's screen
    without PSRAM (``metro-rp2350-no-psram``: 320x240)."""
    from ..boards import catalogue
    from ..boards.profile import DviScreen

    found = {profile.name: profile for profile in catalogue.profiles() if profile.size}
    found[HANDHELD] = found["pybadge"]
    for profile in list(found.values()):
        if isinstance(profile.screen, DviScreen):  # the game sets it up: without PSRAM,
            variant = copy.copy(profile)  # at half its size (the Fruit Jam's edge's
            variant.size = (profile.size[0] // 2, profile.size[1] // 2)  # open_display)
            found[profile.name + NO_PSRAM] = variant
    return found


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
    parser.add_argument("--board", default=HANDHELD, metavar="BOARD",
                        help="the board to play as: handheld (PyGamer/PyBadge: 160x128, the "
                             "default), %s (fruit-jam: 720x400, the mouse too: click a card, "
                             "then where it goes; right click = B; a touch screen's, pyportal and "
                             "pyportal-titano, the mouse as the finger). With --keys, a board's "
                             "own buttons' names too (HOLD_ and LONG_ of each: held 0.7 and "
                             "1.2 s), and on a touch screen TAP:X,Y, a touch at screen pixel (X, Y)"
                             % ", ".join(sorted(set(boards()) - {HANDHELD})))
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
    known = boards()
    if args.board not in known:
        raise CliError("bad --board %s: want %s" % (shown(args.board), " or ".join(sorted(known))))
    args.profile = profile = known[args.board]
    fruit_jam = profile.game == FRUIT_JAM_GAME  # (the Metro RP2350's too: the mouse)
    if args.scale is None:  # about 640 pixels wide
        args.scale = str(max(1, min(SCALE, 640 // profile.size[0])))
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
    sensors = profile.sensors  # (as the board's: a brightness and an idle screen where it has)
    if args.battery is not None:
        if sensors is None or sensors.battery is None:
            raise CliError("--battery: the %s has no battery" % profile.title)
        options["sensors"] = DesktopSensors(millivolts=_battery_mv(args.battery))
    elif sensors is not None:  # its brightness and idle screen, no battery
        options["sensors"] = DesktopSensors()
    touch = profile.size if profile.touch is not None else None  # its TAP:X,Y words
    events = read_keys(args.keys, mouse=fruit_jam or touch is not None,
                       words=board_words(profile), touch=touch) \
        if args.keys is not None else None
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
    profile = args.profile
    fruit_jam = profile.game == FRUIT_JAM_GAME
    display = Display(scale=args.scale, window=not scripted, size=profile.size)
    from ..app.big_screen.tables import fit_table, table_screen
    from ..app.game_app import App

    save = args.save if args.save is not None or scripted else SAVE_PATH
    store = MemoryStore() if args.no_save or save is None else FileStore(os.path.expanduser(save))
    sound = args.sound if args.sound is not None else not scripted
    speaker = Speaker(audio=sound)
    with without_modules(profile.lacks):  # (the table is drawn as the board's firmware can)
        screen, sheet = table_screen(display, fit_table(*profile.size), ASSETS)
        app = App(screen, store, speaker, sheet, texts=TEXTS_PATH, winnable=WINNABLE_PATH,
                  **options)
    if profile.help != App.buttons_help:  # (as the board's set-up gives them)
        app.buttons_help = profile.help
    if profile.hint_label != App.hint_label:
        app.hint_label = profile.hint_label
    mouse = None
    if fruit_jam:
        from ..app.hint.on_table import LARGE_HINT_NODES, LARGE_HINT_SLOTS
        from ..boards.profile import DviScreen
        from .mouse import DesktopMouse

        app.hint_nodes = LARGE_HINT_NODES  # as the Fruit Jam's edge gives it
        app.hint_slots = LARGE_HINT_SLOTS
        if not isinstance(profile.screen, DviScreen):  # (the Metro RP2350's menu has no way
            app.leave_label = "Quit"  # out, as its board's; the Fruit Jam's: to its launcher)
        mouse = DesktopMouse(app, screen, args.scale)
    elif profile.touch is not None:  # the board's taps are the mouse's left button
        from ..app.big_screen.touch import TouchControls, TouchPointer
        from .mouse import DesktopMouse

        mouse = DesktopMouse(app, screen, args.scale, TouchPointer(TouchControls(screen, app)))
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
                run_interactive(app, display, args.frames, mouse=mouse,
                                typed=typed_characters(profile))
        except KeyboardInterrupt:
            pass
        if args.shot is not None:
            display.save_png(args.shot, args.shot_scale)
    finally:  # even if a frame or the shot could not be written
        app.flush()  # a change the write policy has not written yet
    return 0


class without_modules:
    """While inside (``with``), ``modules`` cannot be imported, as on a board
    whose firmware is built without them (its profile's ``lacks``): the game
    builds its screen as it does there. Those already imported come back after."""

    def __init__(self, modules):
        self.modules = modules
        self.kept = {}

    def __enter__(self):
        for name in self.modules:
            self.kept[name] = sys.modules.get(name)
            sys.modules[name] = None  # (import then raises ImportError)
        return self

    def __exit__(self, *error):
        for name, module in self.kept.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module
        return False
