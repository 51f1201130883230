"""What the hint's search and the app agree on: the search's budgets and the
results it ends with.

A module of its own because on the boards the search (``search`` and
the modules it imports) is a ``.mpy`` of its own, ``lib/sthelena_hint.mpy``,
loaded only while a hint runs (on_table.py); these constants are folded into it
and into the game alike.
"""

from ...core.cards import const

HINT_NODES = const(9000)  # positions one hint may meet (docs/playing.md: seconds on a SAMD51)
HINT_SLOTS = const(3584)  # the table of positions met (emptied when 7/8 full)...
# Where the heap is large (the Fruit Jam's), its edge gives a hint more: positions,
# and a table of a small int a slot (64 KB), docs/fruitjam.md.
LARGE_HINT_NODES = const(30000)
LARGE_HINT_SLOTS = const(16384)

# What a finished search found (``hint_result``).
WINNING = const(1)  # the first move of a line reaching a won position
PROGRESS = const(2)  # the first move of the line bringing the most cards home
NOTHING = const(3)  # no line brought a card home within the budget
LOST = const(4)  # every position reachable was searched: none is won
