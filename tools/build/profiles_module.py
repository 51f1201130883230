"""The board's copy of every profile: ``lib/sthelena_profiles.mpy``, the
module ``code.py`` and ``boot.py`` find the board's profile in.

Made from ``sthelena/boards/``: the profile classes and ``find`` merged as
the games are (``bundle_merge.merge``), then ``PROFILES``, each profile
written out as the call that makes it (its fields as the profile's module
gives them; a field left at its default is not written). Desktop only;
``make lib`` writes it (drive_image.write_lib) and a test checks it is what
the profiles make.
"""

import inspect

from sthelena.boards import catalogue

from .bundle_merge import merge

NAME = "sthelena_profiles"
MODULES = ("sthelena.boards.profile", "sthelena.boards.find")


def source_of(value):
    """Python source that makes ``value``: a profile, a part of one, or a
    plain value (str, int, bool, None, a tuple of those)."""
    if value is None or isinstance(value, (str, int, bool)):
        return repr(value)
    if isinstance(value, tuple):
        inside = ", ".join(source_of(item) for item in value)
        return "(%s%s)" % (inside, "," if len(value) == 1 else "")
    parameters = list(inspect.signature(type(value).__init__).parameters.values())[1:]
    given = []
    for parameter in parameters:
        field = getattr(value, parameter.name)
        if parameter.default is inspect.Parameter.empty or field != parameter.default:
            given.append("%s=%s" % (parameter.name, source_of(field)))
    return "%s(%s)" % (type(value).__name__, ", ".join(given))


def profiles_source(profiles=None, root=None):
    """The source of ``sthelena_profiles``: the classes, ``find``, and
    ``PROFILES`` (``profiles``: the catalogue's)."""
    profiles = catalogue.profiles() if profiles is None else profiles
    options = {} if root is None else {"root": root}
    source = merge(MODULES, public_constants=None, **options)
    lines = ["", "PROFILES = ("]
    lines += ["    %s," % source_of(profile) for profile in profiles]
    lines.append(")")
    return source.rstrip("\n") + "\n" + "\n".join(lines) + "\n"
