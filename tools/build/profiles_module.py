"""The board's copy of every profile: ``lib/sthelena_profiles.mpy``, the
module ``code.py`` and ``boot.py`` find the board's profile in.

Made from ``sthelena/boards/``: ``find`` merged as the games are
(``bundle_merge.merge``), then ``PROFILES``, each profile as a line of JSON
text; ``profiles()`` reads them into objects with the profile's fields, and
``board_profile(profile)`` turns the parts of the one found (``PARTS``: its
screen, keys...) into objects too, so that the game reads them as on the
desktop (``profile.keys.keys``). Text, not the profiles written as Python:
the strings of a module the board loads are interned for good, so every
board's names, titles and pins would stay in the heap while the game plays
(4.3 KB measured under the VM, against the 80 KB lean goal); and the parts
of one board only, as an object's field names are interned too.
``find_board(board)`` is what ``code.py`` asks: ``(profile, None)``, or
``(None, the line that says why)``; its work here, compiled, rather than in
``code.py``, which the board compiles from its source, interning every name. Desktop only; ``make lib`` writes it
(drive_image.write_lib) and a test checks it is what the profiles make.
"""

import json

from sthelena.boards import catalogue

from .bundle_merge import merge

NAME = "sthelena_profiles"
MODULES = ("sthelena.boards.find",)
READER = """
import json


class Fields:
    pass


def _fields(value):
    if isinstance(value, dict):
        made = Fields()
        for name in value:
            setattr(made, name, _fields(value[name]))
        return made
    if isinstance(value, list):
        return tuple(_fields(item) for item in value)
    return value


def profiles():
    found = []
    for text in PROFILES:
        fields = json.loads(text)
        made = Fields()
        for name in fields:
            setattr(made, name, fields[name])
        found.append(made)
    return found


def board_profile(profile):
    for name in PARTS:
        setattr(profile, name, _fields(getattr(profile, name)))
    return profile


def find_board(board):
    import os

    try:
        chosen = os.getenv(SETTING)
    except (AttributeError, ValueError):
        chosen = None
    known = profiles()
    try:
        profile = find(known, board.board_id, lambda name: hasattr(board, name), chosen)
    except ValueError as error:
        return None, "St. Helena: %s" % error
    if profile is None:
        return None, unknown_board(known, board.board_id)
    return board_profile(profile), None
"""
# A profile's fields only the desktop and the build read: left out of the board's copy.
OFF_BOARD_FIELDS = ("size", "libraries", "install")
# Its fields that hold a part (or a tuple: its keys): objects only once picked.
PARTS = ("screen", "keys", "joystick", "lights", "speaker", "sensors", "touch")


def fields_of(value):
    """``value`` as JSON's values: a profile or a part of one as the dict of
    its fields (but ``OFF_BOARD_FIELDS``), a tuple as a list."""
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, tuple):
        return [fields_of(item) for item in value]
    return {name: fields_of(field) for name, field in vars(value).items()
            if name not in OFF_BOARD_FIELDS}


def profiles_source(profiles=None, root=None):
    """The source of ``sthelena_profiles``: ``find``, the reader of the
    profiles' text and ``PROFILES`` (``profiles``: the catalogue's)."""
    profiles = catalogue.profiles() if profiles is None else profiles
    options = {} if root is None else {"root": root}
    source = merge(MODULES, public_constants=None, **options)
    lines = [READER.strip("\n"), "", "", "PARTS = %r" % (PARTS,), "PROFILES = ("]
    lines += ["    %r," % json.dumps(fields_of(profile), separators=(",", ":"))
              for profile in profiles]
    lines.append(")")
    return source.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
