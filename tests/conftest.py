"""Test set-up: the repository root and tests/ on sys.path, so the tests import
``sthelena`` from the checkout and the helpers beside them."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (str(HERE.parent), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)
