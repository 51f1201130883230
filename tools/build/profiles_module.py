"""The board's copy of every profile: ``lib/sthelena_profiles.mpy``, the
module ``code.py`` and ``boot.py`` find the board's profile in.

Made from ``sthelena/boards/``: ``find`` merged as the games are
(``bundle_merge.merge``), then ``PROFILES``, each profile as a line of JSON
text, and ``profiles()``, which reads them into objects with the profile's
fields (and its parts', as objects too, so the game reads them as on the
desktop: ``profile.keys.keys``). Text, not the profiles written as Python:
the strings of a module the board loads are interned for good, so every
board's names, titles and pins would stay in the heap while the game plays
(4.3 KB measured under the VM, against the 80 KB lean goal); text read into
objects leaves only the one board's profile, which ``code.py`` keeps, once
it lets this module go. Desktop only; ``make lib`` writes it
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
    return [_fields(json.loads(text)) for text in PROFILES]
"""


def fields_of(value):
    """``value`` as JSON's values: a profile or a part of one as the dict of
    its fields, a tuple as a list."""
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, tuple):
        return [fields_of(item) for item in value]
    return {name: fields_of(field) for name, field in vars(value).items()}


def profiles_source(profiles=None, root=None):
    """The source of ``sthelena_profiles``: ``find``, the reader of the
    profiles' text and ``PROFILES`` (``profiles``: the catalogue's)."""
    profiles = catalogue.profiles() if profiles is None else profiles
    options = {} if root is None else {"root": root}
    source = merge(MODULES, public_constants=None, **options)
    lines = [READER.strip("\n"), "", "", "PROFILES = ("]
    lines += ["    %r," % json.dumps(fields_of(profile), separators=(",", ":"))
              for profile in profiles]
    lines.append(")")
    return source.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
