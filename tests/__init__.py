"""The tests, in packages by area (core/, app/, edges/, solver/, board/,
tools/) with their shared helpers in helpers/; tests/conftest.py sets them up
and runs them by tier (the markers ``vm``, ``firmware``, ``browser`` and
``slow``: docs/development.md)."""
