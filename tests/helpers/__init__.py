"""What the tests share: app_driver (presses, the screen read back),
desktop_helpers, mpvm (the MicroPython VM), positions, and the helpers of an
area each (firmware_helpers, web_helpers...); portable_checks.py runs under
both CPython and MicroPython."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository's top level
