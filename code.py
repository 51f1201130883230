"""St. Helena patience: what CircuitPython runs at start-up, and what ``python
code.py`` runs on a desktop.

On a board it finds the board's profile (``lib/sthelena_profiles.mpy``: by
``board.board_id`` and its pins, or by settings.toml's ``STHELENA_BOARD``
line on a Raspberry Pi Pico with a screen add-on), imports the game the
profile names and starts it; on a board it does not know, or if the game
cannot load, it says why in one line (on the screen and the serial console).
On a desktop it opens the game in a window (``sthelena/desktop/window.py``).
"""

import sys

def find_profile(board=None):
    """``(profile, line)``: the profile of ``board`` (the firmware's module,
    or a stand-in), or None and the line that says why (a board the game
    does not know, or a settings.toml line that names no board). The other
    boards' profiles are let go, and collected: the game loads next into
    their room, leaving no hole under it that the hint's large buffers could
    not use."""
    import gc

    from sthelena_profiles import find_board

    if board is None:
        import board
    found = find_board(board)
    del find_board  # (its module's last reference here)
    sys.modules.pop("sthelena_profiles", None)  # (lib/'s: every board's profile)
    gc.collect()
    return found


def load_failure(error, version, fruit_jam=False):
    """What to do when the game cannot load on the board, in one line."""
    text = str(error)
    if isinstance(error, MemoryError):
        return "St. Helena: out of memory loading the game: reset the board and try again"
    if isinstance(error, ValueError) and ".mpy" in text:  # the game's (or a library's)
        what_to_do = (": its sthelena_fruitjam.mpy is compiled for those: put Fruit Jam OS's "
                      "CircuitPython 10 on the board") if fruit_jam else (
            ": put CircuitPython 10 on the board, then copy the game's CircuitPython 10.x "
            "folder onto CIRCUITPY again")
        return "St. Helena needs CircuitPython 9 or 10 (this is %s)%s" % (version, what_to_do)
    if fruit_jam:  # the app folder holds the game and its libraries
        return ("St. Helena could not start (%s: %s): copy the sthelena folder into apps/ "
                "again" % (type(error).__name__, text))
    if isinstance(error, ImportError) and "'sthelena_" in text:  # lib/'s game or profiles
        return "St. Helena: lib/%s.mpy is missing: copy lib/ from the game again" % (
            text.split("'")[1])
    if isinstance(error, ImportError) and "adafruit_" in text:
        return ("St. Helena: a library is missing (%s): copy lib/ from the game again, or run "
                "`circup install -r requirements.txt`" % text)
    if isinstance(error, ImportError):  # a module this board's firmware is built without
        return "St. Helena: this board's CircuitPython has %s, which the game needs" % text
    return "St. Helena could not start (%s: %s): copy the game again" % (
        type(error).__name__, text)


def start_on_board(board=None):
    """Find the board's profile, load its game and play: on a Fruit Jam from
    the app folder (``sthelena_fruitjam.mpy``), else from lib/ (the Metro
    RP2350 the Fruit Jam's game too). ``board``: the firmware's module, or a
    stand-in."""
    import os

    version = ".".join(str(n) for n in sys.implementation.version[:3])
    # An app folder (Fruit Jam OS's launcher runs it there) has its metadata.
    app_folder = fruit_jam = "metadata.json" in os.listdir()
    try:
        profile, line = find_profile(board)
        if profile is None:
            print(line)
            return
        # The Fruit Jam's game: its app folder's, or lib/'s on a board without
        # Fruit Jam OS (the Metro RP2350), whose failures are told as lib/'s.
        fruit_jam = profile.game == "sthelena_fruitjam"
        if fruit_jam and app_folder:
            if "sthelena_fruitjam.py" in os.listdir():  # imported before the .mpy beside it
                print("St. Helena: sthelena_fruitjam.py is an older St. Helena's: delete the "
                      "sthelena folder from apps/ and copy the new one")
                return
        game = __import__(profile.game)  # lib/NAME.mpy (the app folder's, on a Fruit Jam)
    except Exception as error:  # noqa: BLE001 (whatever stops the load gets its line)
        print(load_failure(error, version, fruit_jam and app_folder))
        return
    try:
        if fruit_jam and app_folder:
            game.main()
        elif fruit_jam:  # a board without Fruit Jam OS: the screen its profile says
            game.main(profile=profile)
        else:
            made = game.setup(profile)
            del profile  # (the board is built: nothing more is read of its profile)
            game.play_board(made)
    except (ImportError, MemoryError) as error:  # a library the set-up imports (the places'
        # GridLayout), or a heap too small for the set-up
        print(load_failure(error, version, fruit_jam and app_folder))
    except ValueError as error:  # settings.toml's wiring: the key that is wrong, in one line
        if not str(error).startswith("settings.toml"):
            raise
        print("St. Helena: %s" % error)


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
