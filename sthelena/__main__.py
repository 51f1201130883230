"""``python -m sthelena``: the desktop command line (see ``sthelena.cli``)."""

import sys

from .cli import main

if __name__ == "__main__":  # not when a worker process imports it
    sys.exit(main())
