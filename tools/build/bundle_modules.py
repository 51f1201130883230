"""Which modules each of the board's bundles holds, and what scripts import
from them: the lists ``tools/build/bundle.py`` merges and compiles (``make
lib``), and the tests and benchmarks read."""

import os

from .board_files import board_files, module_name

CORE_MODULES = ("sthelena.core.version", "sthelena.core.cards", "sthelena.core.moves",
                "sthelena.core.rules", "sthelena.core.deal", "sthelena.core.stuck_search",
                "sthelena.core.game", "sthelena.core.save")
# What the board loads apart, each with what it shares with the game: the hint's
# search (while a hint runs) and the drive's note (when boot.py gave it the drive).
SEARCH_ONLY = ("sthelena.app.hint.keys", "sthelena.app.hint.moves", "sthelena.app.hint.line",
               "sthelena.app.hint.search")
DRIVE_ONLY = ("sthelena.app.table.font", "sthelena.handheld.drive")
EDGE_MODULES = ("sthelena.handheld.device",)  # the PyGamer's and PyBadge's
PICOSYSTEM_EDGE_MODULES = ("sthelena.app.big_screen.scaled", "sthelena.handheld.picosystem")
# What both handhelds' games hold: read from the folders (board_files), so that a
# module added to app/ (a screen...) is in it; the core's first, then the rest in
# the folders' order (merge orders them by their imports).
HANDHELD_MODULES = CORE_MODULES + tuple(
    name for name in (module_name(path) for path in board_files())
    if name not in CORE_MODULES + SEARCH_ONLY + DRIVE_ONLY + EDGE_MODULES)
BOARD_MODULES = HANDHELD_MODULES + EDGE_MODULES
# The constants the one module keeps importable: the button events, what a
# script driving the app sends (the others are folded where they are used).
PUBLIC_CONSTANTS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "HOLD", "NO_EVENT")
BUNDLE_NAME = "sthelena_board"
# The PicoSystem's game: the same, with its own edge and the screen that centres
# the table (its own module, so the PyGamer's and PyBadge's heap holds none of it).
PICOSYSTEM_MODULES = HANDHELD_MODULES + PICOSYSTEM_EDGE_MODULES
PICOSYSTEM_NAME = "sthelena_picosystem"
# The hint's search: a module of its own that every board's game imports when a
# hint begins and lets go when it ends (sthelena/app/hint/on_table.py): the
# heap holds its code only while a hint runs.
HINT_MODULES = ("sthelena.core.cards", "sthelena.core.moves", "sthelena.app.hint.terms",
                "sthelena.app.hint.kept_line") + SEARCH_ONLY
HINT_NAME = "sthelena_hint"
BUNDLES = ((BUNDLE_NAME, BOARD_MODULES), (PICOSYSTEM_NAME, PICOSYSTEM_MODULES),
           (HINT_NAME, HINT_MODULES))  # (the handhelds' drive holds all three)
# The Fruit Jam's game: its app folder carries it (tools/build/fruitjam_app.py),
# not the handhelds' drive; compiled and committed with theirs.
FRUIT_JAM_NAME = "sthelena_fruitjam"
# What the board imports only when boot.py handed it the drive: a module of its own.
DRIVE_MODULES = ("sthelena.core.cards", "sthelena.app.table.tiles") + DRIVE_ONLY
DRIVE_NAME = "sthelena_drive"
LIB_COMMAND = "python3 -m tools.build.bundle --lib"
TREE_FILES = ("code.py", "boot.py", os.path.join("assets", "sheet.bmp"),
              os.path.join("assets", "sheet-large.bmp"),
              os.path.join("assets", "help.txt"), os.path.join("assets", "winnable.bin"))
