"""``python -m sthelena``: the desktop command line (see ``sthelena.cli``)."""

import sys

from .cli import main

sys.exit(main())
