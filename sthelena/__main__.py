"""``python -m sthelena``: the desktop command line (see ``sthelena.desktop.cli``)."""

import sys

from .desktop.cli import main

if __name__ == "__main__":  # not when a worker process imports it
    sys.exit(main())
