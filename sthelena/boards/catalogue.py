"""Every board's profile, read from this folder (a module a board, each
with its ``PROFILE``): what the desktop's ``--board``, the build's module
lists, the release and the tests go by. Desktop only: the board reads the
same profiles from ``lib/sthelena_profiles.mpy``, which ``make lib`` writes
from them (tools/build/profiles_module.py)."""

import importlib
import os

HERE = os.path.dirname(os.path.abspath(__file__))
NOT_BOARDS = ("__init__", "profile", "find", "catalogue")  # this folder's other modules


def profiles():
    """Every profile, in the order of their modules' names."""
    found = []
    for name in sorted(os.listdir(HERE)):
        module = name[:-3]
        if name.endswith(".py") and module not in NOT_BOARDS:
            found.append(importlib.import_module("sthelena.boards." + module).PROFILE)
    return found


def named(name):
    """The profile called ``name``; KeyError if none is."""
    for profile in profiles():
        if profile.name == name:
            return profile
    raise KeyError(name)
