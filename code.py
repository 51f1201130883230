"""St. Helena patience: what CircuitPython runs at start-up (on a PyGamer, a
PyBadge or a PicoSystem, and from the app folder Fruit Jam OS's launcher starts), and what
``python code.py`` runs on a desktop. It picks the edge (the handheld's
buttons and screen, the Fruit Jam's screen, mouse, keyboard and gamepad, or a
window) and starts the app; on any other board it says, in one line, which
boards it plays on."""

import sys

BOARDS = "a PyGamer, a PyBadge, a PicoSystem or a Fruit Jam"  # those the game has an edge for
GAMES = {"handheld": "sthelena_board", "picosystem": "sthelena_picosystem"}  # each edge's lib/


def edge_of(board):
    """Which edge plays on ``board`` (the firmware's module): "fruit_jam",
    "picosystem", "handheld" (the PyGamer and the PyBadge, told apart by
    their pins), or None for a board the game does not know."""
    if "fruit_jam" in board.board_id:
        return "fruit_jam"
    if board.board_id == "pimoroni_picosystem":
        return "picosystem"
    if hasattr(board, "BUTTON_CLOCK") and hasattr(board, "DISPLAY"):
        return "handheld"
    return None


def unknown_board(board_id):
    """The line for a board the game has no edge for."""
    return "St. Helena plays on %s: this board is %s" % (BOARDS, board_id)


def load_failure(error, version, fruit_jam=False):
    """What to do when the game cannot load on the board, in one line."""
    text = str(error)
    if isinstance(error, MemoryError):
        return "St. Helena: out of memory loading the game: reset the board and try again"
    if isinstance(error, ValueError) and ".mpy" in text:  # the game's (or a library's)
        what_to_do = (": its sthelena_fruitjam.mpy is compiled for those: put Fruit Jam OS's "
                      "CircuitPython 10 on the board") if fruit_jam else (
            " and libraries of the same version: update CircuitPython, then `circup update`")
        return "St. Helena needs CircuitPython 9 or 10 (this is %s)%s" % (version, what_to_do)
    if fruit_jam:  # the app folder holds the game and its libraries
        return ("St. Helena could not start (%s: %s): copy the sthelena folder into apps/ "
                "again" % (type(error).__name__, text))
    for game in GAMES.values():
        if isinstance(error, ImportError) and game in text:
            return "St. Helena: lib/%s.mpy is missing: copy lib/ from the game again" % game
    if isinstance(error, ImportError) and "adafruit_" in text:
        return ("St. Helena: a library is missing (%s): run `circup install -r "
                "requirements.txt`" % text)
    if isinstance(error, ImportError):  # a module the firmware of its boards has built in
        return "St. Helena: this CircuitPython has %s: it plays on %s" % (text, BOARDS)
    return "St. Helena could not start (%s: %s): copy the game again" % (
        type(error).__name__, text)


def start_on_board(board=None):
    """Load the game and play: on a Fruit Jam from the app folder
    (``sthelena_fruitjam.mpy``: nothing to compile), else from lib/; on a
    board it does not know, or if it cannot load, say why in one line
    (printed: on the board's screen and its serial console). ``board``: the
    firmware's module, or a stand-in."""
    if board is None:
        try:
            import board
        except ImportError:  # (CircuitPython's unix port, in the tests: played as a handheld)
            board = None
    edge = "handheld" if board is None else edge_of(board)
    if edge is None:
        print(unknown_board(board.board_id))
        return
    fruit_jam = edge == "fruit_jam"
    try:
        if fruit_jam:
            import os

            if "sthelena_fruitjam.py" in os.listdir():  # imported before the .mpy beside it
                print("St. Helena: sthelena_fruitjam.py is an older St. Helena's: delete the "
                      "sthelena folder from apps/ and copy the new one")
                return
            from sthelena_fruitjam import main  # the app folder's .mpy
        elif edge == "picosystem":
            from sthelena_picosystem import start as main  # lib/sthelena_picosystem.mpy
        else:
            from sthelena_board import main  # lib/sthelena_board.mpy: nothing to compile
    except Exception as error:  # noqa: BLE001 (whatever stops the load gets its line)
        print(load_failure(error, ".".join(str(n) for n in sys.implementation.version[:3]),
                           fruit_jam))
        return
    try:
        main()
    except ImportError as error:  # a library the set-up imports (the places' GridLayout)
        print(load_failure(error, ".".join(str(n) for n in sys.implementation.version[:3]),
                           fruit_jam))


if __name__ == "__main__":  # not when imported (pdb imports the standard library's `code`)
    if sys.implementation.name == "circuitpython":
        start_on_board()
    elif "--version" in sys.argv[1:]:  # answered before the window's packages are needed
        from sthelena import __version__

        print("sthelena %s" % __version__)
    else:
        try:
            from sthelena.desktop.window import main

            status = main()
        except ImportError as error:  # a Python without the window's packages (Blinka, pygame)
            missing = getattr(error, "name", None) or ""
            if not missing or missing.split(".")[0] == "sthelena":  # the game's: a bug, in full
                raise
            sys.stderr.write(
                "sthelena: this Python has no module %r, which the window needs: run `make "
                "play`, or `python3 -m venv .venv && .venv/bin/pip install -r "
                "requirements-dev.txt` and then `.venv/bin/python code.py`\n" % missing)
            status = 2
        sys.exit(status)
