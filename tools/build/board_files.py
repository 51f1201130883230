"""Which of the package's files go on the boards: read from the folders, and
from the boards' profiles (``sthelena/boards/``).

A handheld game (``lib/sthelena_board.mpy``, ``lib/sthelena_full.mpy``: a
profile's ``game``) gets ``sthelena/core/``, ``sthelena/app/`` (with its
sub-packages) and ``sthelena/handheld/`` but what none of its boards uses:
the position notation, which no board reads or writes (``Game`` imports it
only when a position is given as text); the Fruit Jam's mouse
(``FRUIT_JAM_ONLY``) but on a touch screen; the tables for screens none of its boards has
(``TABLE_FILES``, by the table ``fit_table`` picks for each board's screen);
and the reading of settings.toml's wiring unless a profile takes it from
there. The Fruit Jam gets ``core/``, ``app/`` (all of it) and ``fruitjam/``.
``boards/`` goes on the board as ``lib/sthelena_profiles.mpy``
(tools/build/profiles_module.py); ``web/`` (the web page's edge),
``desktop/`` and ``solver/`` never go on a board. tools/build/bundle.py
merges the games, tools/build/fruitjam_app.py the Fruit Jam's; the tests
copy the package into the MicroPython VM with ``VM_EXCLUDE``.
"""

import os

from sthelena.app import buttons
from sthelena.app.big_screen import tables
from sthelena.boards import profile as profile_kinds

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "sthelena")
ON_BOARD = ("core", "app", "handheld")
ON_FRUIT_JAM = ("core", "app", "fruitjam")
OFF_BOARD = ("desktop", "solver", "web", "fruitjam")  # (fruitjam: off the handhelds)
NOT_ON_BOARD = ("core/notation.py",)  # in an on-board folder, never imported there
# ... and on the Fruit Jam: a touch screen's row of controls (it has a mouse and keys).
NOT_ON_FRUIT_JAM = NOT_ON_BOARD + ("app/big_screen/touch.py",)
# The Fruit Jam's (and a touch screen's, PART_FILES): the mouse's pointer and its drag and drop.
FRUIT_JAM_ONLY = ("app/big_screen/pointer.py", "app/big_screen/drag.py")
# Left off the Fruit Jam's game: the keys a handheld reads on its serial input
# (the Cardputer's; the Fruit Jam's keyboard is its edge's, fruitjam/inputs.py).
NOT_ON_FRUIT_JAM = NOT_ON_BOARD + ("app/serial_keys.py",)
# The modules of each table but the handheld's, which every game has.
_SCALED = ("app/big_screen/scaled.py",)
_FANNED = _SCALED + ("app/big_screen/fan_geometry.py", "app/big_screen/fan_layout.py",
                     "app/big_screen/fan_cards.py", "app/big_screen/fan_table.py")
TABLE_FILES = {tables.HANDHELD_TABLE: (), tables.LARGE_TABLE: _SCALED,
               tables.SHORT_FAN_TABLE: _FANNED, tables.SMALL_FAN_TABLE: _FANNED,
               tables.FAN_TABLE: _FANNED}
# The parts a profile may pick, each with its files: a game holds a part's only
# if one of its profiles picks it (the lean PyGamer's and PyBadge's game has
# neither the RP2040's store nor an RGB LED).
PART_FILES = (
    (("core/sector_store.py",), lambda profile: profile.store == profile_kinds.SECTOR_STORE),
    (("handheld/nvs_store.py",), lambda profile: profile.store == profile_kinds.NVS_STORE),
    (("app/serial_keys.py",), lambda profile: hasattr(profile.keys, "sequences")),
    (("handheld/rgb_lights.py",), lambda profile: isinstance(profile.lights, profile_kinds.RgbLed)),
    (("handheld/speaker.py",), lambda profile: profile.speaker is not None),
    (("handheld/spi_screen.py",), lambda profile: profile.screen != profile_kinds.BOARD_DISPLAY),
    (("app/tap_hold.py",), lambda profile: profile.keys == profile_kinds.FROM_SETTINGS or any(
        key[2] >= buttons.TAP_OR_HOLD for key in getattr(profile.keys, "keys", ()))),
    # the lights and the sensors (rgb_lights.py's lights are built on parts.py's)
    (("handheld/parts.py",), lambda profile: profile.lights is not None
     or profile.sensors is not None),
    # the screen's light and the battery, read from the sensors
    (("app/power.py",), lambda profile: profile.sensors is not None),
    # the table drawn without vectorio, where a board's firmware lacks it
    (("app/table/shapeless.py",), lambda profile: "vectorio" in profile.lacks),
    # what reads a wiring from settings.toml (its screen and keys FROM_SETTINGS)
    (("handheld/settings.py", "boards/profile.py"),
     lambda profile: profile.screen == profile_kinds.FROM_SETTINGS),
    # a touch screen: the mouse's drag and drop, the row of controls, the panel's reading
    (FRUIT_JAM_ONLY + ("app/big_screen/touch.py", "handheld/touch.py"),
     lambda profile: getattr(profile, "touch", None) is not None),
)
# For the VM runner's --exclude (paths relative to the package, "/" separated):
# what never goes on the board; and that, and the notation too.
VM_EXCLUDE = r"^(%s)/|^__main__\.py$" % "|".join(OFF_BOARD)
VM_EXCLUDE_NOTATION = VM_EXCLUDE + "|^%s$" % NOT_ON_BOARD[0].replace(".", r"\.")


def game_files(profiles):
    """The package's files in the game these ``profiles`` play (those that
    name one ``game``), as paths relative to ``sthelena/``: the folders'
    files but the tables and parts none of them uses."""
    wanted = set()
    for profile in profiles:
        if profile.size is None:  # a screen settings.toml describes: any size
            wanted.update(*TABLE_FILES.values())
        else:
            wanted.update(TABLE_FILES[tables.fit_table(*profile.size)])
        for paths, picks in PART_FILES:
            if picks(profile):
                wanted.update(paths)
    left_out = NOT_ON_BOARD + tuple(
        path for paths in TABLE_FILES.values() for path in paths if path not in wanted) + tuple(
        path for paths, _ in PART_FILES for path in paths if path not in wanted)
    found = board_files(ON_BOARD, left_out)
    return found + sorted(path for path in wanted - set(found)
                          if not path.startswith(ON_BOARD))  # (the profiles' classes)


def board_files(parts=ON_BOARD, left_out=NOT_ON_BOARD):
    """The package's files in ``parts`` but ``left_out``, as paths relative
    to ``sthelena/`` (``parts=ON_FRUIT_JAM``: the Fruit Jam's)."""
    found = []
    for part in parts:
        found += [path for path in part_files(part) if path not in left_out]
    return found


def part_files(folder):
    """The modules of a part's folder and of its sub-packages (the app's
    ``table/``, ``hint/``...), as paths relative to ``sthelena/``: a
    folder's own modules first, each list sorted by name."""
    found, below = [], []
    for name in sorted(os.listdir(os.path.join(PACKAGE, folder))):
        path = folder + "/" + name
        if name.endswith(".py") and name != "__init__.py":
            found.append(path)
        elif os.path.isfile(os.path.join(PACKAGE, path, "__init__.py")):
            below.append(path)
    for path in below:
        found += part_files(path)
    return found


def module_name(path):
    """``core/game.py`` -> ``sthelena.core.game``."""
    return "sthelena." + path[:-3].replace("/", ".")
