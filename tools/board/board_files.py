"""Which of the package's files go on the board: read from the folders.

The board gets ``sthelena/core/``, ``sthelena/app/`` and
``sthelena/handheld/`` (the package docstring says why), but the position
notation, which the board never reads or writes (``Game`` imports it only
when a position is given as text). ``desktop/`` and ``solver/`` never go on
it. tools/board/bundle.py merges these files; the tests copy them into the
MicroPython VM with ``VM_EXCLUDE``.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "sthelena")
ON_BOARD = ("core", "app", "handheld")
OFF_BOARD = ("desktop", "solver")
NOT_ON_BOARD = ("core/notation.py",)  # in an on-board folder, never imported there
# For the VM runner's --exclude (paths relative to the package, "/" separated):
# what never goes on the board; and that, and the notation too.
VM_EXCLUDE = r"^(%s)/|^__main__\.py$" % "|".join(OFF_BOARD)
VM_EXCLUDE_NOTATION = VM_EXCLUDE + "|^%s$" % NOT_ON_BOARD[0].replace(".", r"\.")


def board_files():
    """The package's files on the board, as paths relative to ``sthelena/``."""
    found = []
    for part in ON_BOARD:
        for name in sorted(os.listdir(os.path.join(PACKAGE, part))):
            path = part + "/" + name
            if name.endswith(".py") and name != "__init__.py" and path not in NOT_ON_BOARD:
                found.append(path)
    return found


def module_name(path):
    """``core/game.py`` -> ``sthelena.core.game``."""
    return "sthelena." + path[:-3].replace("/", ".")
