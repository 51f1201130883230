"""Which modules each of the drive's games holds, and what scripts import
from them: the lists ``tools/build/bundle.py`` merges and compiles (``make
lib``), and the tests and benchmarks read. The games and what each holds
come from the boards' profiles (``Profile.game``; board_files.game_files).
"""

import os

from sthelena.boards import catalogue

from .board_files import game_files, module_name

CORE_MODULES = ("sthelena.core.version", "sthelena.core.cards", "sthelena.core.moves",
                "sthelena.core.rules", "sthelena.core.deal", "sthelena.core.stuck_search",
                "sthelena.core.game", "sthelena.core.save")
# What the board loads apart, each with what it shares with the game: the hint's
# search (while a hint runs) and the drive's note (when boot.py gave it the drive).
SEARCH_ONLY = ("sthelena.app.hint.keys", "sthelena.app.hint.moves", "sthelena.app.hint.line",
               "sthelena.app.hint.search")
DRIVE_ONLY = ("sthelena.app.table.font", "sthelena.handheld.drive")
# The constants the one module keeps importable: the button events, what a
# script driving the app sends (the others are folded where they are used).
PUBLIC_CONSTANTS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "HOLD", "NO_EVENT")
# The PyGamer's and PyBadge's game, lean (their heap is the smallest), and every
# other handheld's: each the modules its boards' profiles use.
BUNDLE_NAME = "sthelena_board"
FULL_NAME = "sthelena_full"
# The Fruit Jam's game: its app folder carries it (tools/build/fruitjam_app.py),
# not the handhelds' drive; compiled and committed with theirs.
FRUIT_JAM_NAME = "sthelena_fruitjam"


def game_modules(game, profiles=None):
    """The modules of the handheld game ``game`` (a profile's ``game``), the
    core's first, then the rest in the folders' order (merge orders them by
    their imports); the hint's search and the drive's note are modules of
    their own."""
    profiles = [profile for profile in profiles or catalogue.profiles() if profile.game == game]
    names = [module_name(path) for path in game_files(profiles)]
    return CORE_MODULES + tuple(name for name in names
                                if name not in CORE_MODULES + SEARCH_ONLY + DRIVE_ONLY)


def handheld_games(profiles=None):
    """The handheld games the profiles name, in name order (the Fruit Jam's is its folder's)."""
    return sorted({profile.game for profile in profiles or catalogue.profiles()
                   if profile.game != FRUIT_JAM_NAME})


BOARD_MODULES = game_modules(BUNDLE_NAME)
FULL_MODULES = game_modules(FULL_NAME)
# The hint's search: a module of its own that every board's game imports when a
# hint begins and lets go when it ends (sthelena/app/hint/on_table.py): the
# heap holds its code only while a hint runs.
HINT_MODULES = ("sthelena.core.cards", "sthelena.core.moves", "sthelena.app.hint.terms",
                "sthelena.app.hint.kept_line") + SEARCH_ONLY
HINT_NAME = "sthelena_hint"
BUNDLES = tuple((name, game_modules(name)) for name in handheld_games()) + (
    (HINT_NAME, HINT_MODULES),)  # (the handhelds' drive holds them all)
# What the board imports only when boot.py handed it the drive: a module of its own.
DRIVE_MODULES = ("sthelena.core.cards", "sthelena.app.table.tiles") + DRIVE_ONLY
DRIVE_NAME = "sthelena_drive"
PROFILES_NAME = "sthelena_profiles"  # every board's profile (tools/build/profiles_module.py)
LIB_COMMAND = "python3 -m tools.build.bundle --lib"
TREE_FILES = ("code.py", "boot.py", os.path.join("assets", "sheet.bmp"),
              os.path.join("assets", "sheet-large.bmp"), os.path.join("assets", "sheet-fan.bmp"),
              os.path.join("assets", "help.txt"), os.path.join("assets", "winnable.bin"))
