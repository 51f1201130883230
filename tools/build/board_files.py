"""Which of the package's files go on the board: read from the folders.

The handheld gets ``sthelena/core/``, ``sthelena/app/`` (with its
sub-packages) and ``sthelena/handheld/`` (the package docstring says why), but the position
notation, which the board never reads or writes (``Game`` imports it only
when a position is given as text), the app's modules for a mouse and a
large screen, and the PicoSystem's edge. The PicoSystem gets the same with
its edge and the large screen (which centres its table), not the Fruit Jam's
mouse and fanned table nor the PyGamer's and PyBadge's edge
(``ON_PICOSYSTEM_LEFT_OUT``). The Fruit Jam gets ``core/``, ``app/`` (all of
it) and ``fruitjam/``. ``web/`` (the web page's edge), ``desktop/`` and ``solver/``
never go on a board.
tools/build/bundle.py merges the handheld's files, tools/build/fruitjam_app.py
the Fruit Jam's; the tests copy them into the MicroPython VM with ``VM_EXCLUDE``.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "sthelena")
ON_BOARD = ("core", "app", "handheld")
ON_FRUIT_JAM = ("core", "app", "fruitjam")
OFF_BOARD = ("desktop", "solver", "web", "fruitjam")  # (fruitjam: off the handheld)
NOT_ON_BOARD = ("core/notation.py",)  # in an on-board folder, never imported there
# The app's modules for a mouse and a large screen: the handheld has neither.
# The Fruit Jam's alone: the fanned tables, the table a screen takes (no
# handheld's edge asks yet), and its drag and drop.
FRUIT_JAM_ONLY = ("app/big_screen/pointer.py", "app/big_screen/drag.py",
                  "app/big_screen/fan_geometry.py", "app/big_screen/fan_layout.py",
                  "app/big_screen/fan_cards.py", "app/big_screen/fan_table.py",
                  "app/big_screen/tables.py")
LARGE_SCREEN_ONLY = ("app/big_screen/scaled.py",) + FRUIT_JAM_ONLY
PICOSYSTEM_ONLY = ("handheld/picosystem.py",)
ON_PICOSYSTEM_LEFT_OUT = NOT_ON_BOARD + FRUIT_JAM_ONLY + ("handheld/device.py",)
# For the VM runner's --exclude (paths relative to the package, "/" separated):
# what never goes on the board; and that, and the notation too.
VM_EXCLUDE = r"^(%s)/|^__main__\.py$" % "|".join(OFF_BOARD)
VM_EXCLUDE_NOTATION = VM_EXCLUDE + "|^%s$" % NOT_ON_BOARD[0].replace(".", r"\.")


def board_files(parts=ON_BOARD, left_out=NOT_ON_BOARD + LARGE_SCREEN_ONLY + PICOSYSTEM_ONLY):
    """The package's files on the board (the PyGamer's and PyBadge's;
    ``left_out=ON_PICOSYSTEM_LEFT_OUT``: the PicoSystem's; ``parts=ON_FRUIT_JAM``
    and ``left_out=NOT_ON_BOARD``: the Fruit Jam's), as paths relative to
    ``sthelena/``."""
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
