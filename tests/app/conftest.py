"""Fixtures of the app's tests."""

import sys

import pytest

from tests.helpers.mpvm import REPO_ROOT
from tests.helpers.save_helpers import STANDINS, _load


@pytest.fixture
def device(monkeypatch):
    """``sthelena.handheld.device`` (and ``shared``) imported on CPython over the board's stand-ins
    (only for this test: sys.modules is put back afterwards)."""
    for name in ("busdisplay", "board", "keypad", "microcontroller", "supervisor"):
        monkeypatch.setitem(sys.modules, name, _load(name, STANDINS / (name + ".py")))
    for name in ("shared", "device", "picosystem"):  # (each imports shared)
        module = _load("sthelena.handheld." + name,
                       REPO_ROOT / "sthelena" / "handheld" / (name + ".py"))
        monkeypatch.setitem(sys.modules, "sthelena.handheld." + name, module)
    return sys.modules["sthelena.handheld.device"]
