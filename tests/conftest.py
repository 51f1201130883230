"""Test set-up: the repository root and tests/ on sys.path, so the tests import
``sthelena`` from the checkout and the helpers beside them."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (str(HERE.parent), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

import os

import pytest

ROOT = HERE.parent


@pytest.fixture(scope="session")
def display():
    """The one pygame-backed display a test process may have (headless)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from blinka_displayio_pygamedisplay import PyGameDisplay

    return PyGameDisplay(width=160, height=128, auto_refresh=False)


@pytest.fixture(scope="session")
def sheet():
    from sthelena.app.sheet import load_sheet

    return load_sheet(str(ROOT / "assets" / "sheet.bmp"))
