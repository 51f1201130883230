"""Fixtures of the app's tests."""

import sys
import types

import pytest

from tests.helpers.mpvm import REPO_ROOT
from tests.helpers.save_helpers import STANDINS, _load


@pytest.fixture
def stores(monkeypatch):
    """The handhelds' flash stores imported on CPython over the board's stand-ins
    (only for this test: sys.modules is put back afterwards): ``NvmStore`` and
    the frames (``frame_bytes``) of ``sthelena.core.stores``, ``SectorStore``
    of ``sthelena.core.sector_store``."""
    for name in ("busdisplay", "board", "keypad", "microcontroller", "supervisor"):
        monkeypatch.setitem(sys.modules, name, _load(name, STANDINS / (name + ".py")))
    for name in ("stores", "sector_store"):  # (sector_store imports stores)
        module = _load("sthelena.core." + name, REPO_ROOT / "sthelena" / "core" / (name + ".py"))
        monkeypatch.setitem(sys.modules, "sthelena.core." + name, module)
    found = sys.modules["sthelena.core.stores"]
    return types.SimpleNamespace(NvmStore=found.NvmStore, frame_bytes=found.frame_bytes,
                                 SectorStore=sys.modules["sthelena.core.sector_store"]
                                 .SectorStore)
