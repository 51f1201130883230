"""Which modules each of the drive's games holds, and what scripts import
from them: the lists ``tools/build/bundle.py`` merges and compiles (``make
lib``), and the tests and benchmarks read. The games and what each holds
come from the boards' profiles (``Profile.game``; board_files.game_files).
"""

import os

from sthelena.boards import catalogue

from .board_files import NOT_ON_BOARD, ON_BOARD, board_files, game_files, module_name

CORE_MODULES = ("sthelena.core.version", "sthelena.core.cards", "sthelena.core.moves",
                "sthelena.core.rules", "sthelena.core.deal", "sthelena.core.stuck_search",
                "sthelena.core.game", "sthelena.core.save")
# What the board loads apart, each with what it shares with the game: the hint's
# search (while a hint runs) and the drive's note (when boot.py gave it the drive).
SEARCH_ONLY = ("sthelena.app.hint.keys", "sthelena.app.hint.moves", "sthelena.app.hint.line",
               "sthelena.app.hint.search")
DRIVE_ONLY = ("sthelena.app.table.font", "sthelena.handheld.drive")
# The constants the one module keeps importable: the button events, what a
# script driving the app sends (the others are folded where they are used; a
# set-up's folds those it takes from its game).
PUBLIC_CONSTANTS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "HOLD", "NO_EVENT")
# The PyGamer's and PyBadge's game, lean (their heap is the smallest), and every
# other handheld's: each the modules its boards' profiles use.
BUNDLE_NAME = "sthelena_board"
FULL_NAME = "sthelena_full"
# The touch screens' game (the PyPortals'): the mouse's drag and drop and a row of
# controls, which no board with buttons loads (sthelena_full stays as lean as it was).
TOUCH_NAME = "sthelena_touch"
# The Fruit Jam's game: its app folder carries it (tools/build/fruitjam_app.py),
# not the handhelds' drive; compiled and committed with theirs.
FRUIT_JAM_NAME = "sthelena_fruitjam"


# The set-up (sthelena/handheld/setup.py and what only it uses): on the drive a
# module of its own beside each game, loaded to build the board and let go.
SETUP_FILES = ("handheld/setup.py", "handheld/screen.py", "app/big_screen/tables.py",
               "handheld/spi_screen.py", "handheld/settings.py", "boards/profile.py")
SETUP_MODULES = tuple(module_name(path) for path in SETUP_FILES)
SETUP_ENTRY = "sthelena.handheld.setup"


def _game_names(game, profiles=None):
    profiles = [profile for profile in profiles or catalogue.profiles() if profile.game == game]
    return [module_name(path) for path in game_files(profiles)]


def game_modules(game, profiles=None):
    """The modules of the handheld game ``game`` (a profile's ``game``), the
    core's first, then the rest in the folders' order (merge orders them by
    their imports); the hint's search, the drive's note and the set-up are
    modules of their own."""
    names = _game_names(game, profiles)
    return CORE_MODULES + tuple(name for name in names if name not in
                                CORE_MODULES + SEARCH_ONLY + DRIVE_ONLY + SETUP_MODULES)


def setup_modules(game, profiles=None):
    """The modules of ``game``'s set-up (``<game>_setup``): the set-up and
    what only it uses, of those its boards need."""
    names = _game_names(game, profiles)
    return tuple(name for name in SETUP_MODULES if name in names)


def handheld_games(profiles=None):
    """The handheld games the profiles name, in name order (the Fruit Jam's is its folder's)."""
    return sorted({profile.game for profile in profiles or catalogue.profiles()
                   if profile.game != FRUIT_JAM_NAME})


def setup_name(game):
    """The drive's module of ``game``'s set-up."""
    return game + "_setup"


BOARD_MODULES = game_modules(BUNDLE_NAME)
FULL_MODULES = game_modules(FULL_NAME)
BOARD_SETUP_MODULES = setup_modules(BUNDLE_NAME)
FULL_SETUP_MODULES = setup_modules(FULL_NAME)
# The hint's search: a module of its own that every board's game imports when a
# hint begins and lets go when it ends (sthelena/app/hint/on_table.py): the
# heap holds its code only while a hint runs.
HINT_MODULES = ("sthelena.core.cards", "sthelena.core.moves", "sthelena.app.hint.terms",
                "sthelena.app.hint.kept_line") + SEARCH_ONLY
HINT_NAME = "sthelena_hint"
BUNDLES = tuple(bundle for game in handheld_games() for bundle in (
    (game, game_modules(game)), (setup_name(game), setup_modules(game)))) + (
    (HINT_NAME, HINT_MODULES),)  # (the handhelds' drive holds them all)
# What a game and its set-up import from each other: each the other's module on the drive.
EXTERNAL = {}
# The parts a game's boards leave out (their modules), in neither it nor its set-up.
ABSENT = {}
_ON_BOARD = tuple(module_name(path) for path in board_files(ON_BOARD, NOT_ON_BOARD))
for _game in handheld_games():
    EXTERNAL[_game] = {SETUP_ENTRY: setup_name(_game)}
    EXTERNAL[setup_name(_game)] = {name: _game for name in game_modules(_game)}
    ABSENT[_game] = ABSENT[setup_name(_game)] = frozenset(
        name for name in _ON_BOARD if name not in game_modules(_game) + setup_modules(_game)
        + SEARCH_ONLY + DRIVE_ONLY)


# What the board imports only when boot.py handed it the drive: a module of its own.
DRIVE_MODULES = ("sthelena.core.cards", "sthelena.app.table.tiles") + DRIVE_ONLY
DRIVE_NAME = "sthelena_drive"
PROFILES_NAME = "sthelena_profiles"  # every board's profile (tools/build/profiles_module.py)
LIB_COMMAND = "python3 -m tools.build.bundle --lib"
TREE_FILES = ("code.py", "boot.py", os.path.join("assets", "sheet.bmp"),
              os.path.join("assets", "sheet-large.bmp"), os.path.join("assets", "sheet-fan.bmp"),
              os.path.join("assets", "help.txt"), os.path.join("assets", "winnable.bin"))
