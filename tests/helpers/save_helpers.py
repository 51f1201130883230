"""What tests/app/test_saves.py and tests/app/test_records.py share: the board's stand-ins
loaded by path, a stand-in nvm, and games and statistics to save (the ``stores`` fixture,
the handhelds' flash stores over those stand-ins, is tests/app/conftest.py's)."""

import importlib.util
import random

from tests.helpers.mpvm import REPO_ROOT
from sthelena.core.rules import Rules

STANDINS = REPO_ROOT / "tools" / "harness" / "standins"


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_STANDIN = _load("standin_microcontroller", STANDINS / "microcontroller.py")


def _nvm(size=8192):
    return _STANDIN.ByteArray(size)


def _played(app, count, seed=1):
    """Play ``count`` pseudo-random legal card moves through the app."""
    rng = random.Random(seed)
    for _ in range(count):
        legal = [move for move in app.game.legal_moves() if move < 400]
        if not legal:
            break
        app.play(rng.choice(legal))


def _some_statistics(app):
    for number in range(6):
        app.statistics.record(Rules("st-helena"), number, number % 2 == 0, 100 + number)
