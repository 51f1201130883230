"""What the hint's search does with a winning line (``kept_line.HintLine``).

The app keeps the last winning line (``app.hint_line``): a position whose
key (``position_key``) is on it gets the line's next move at once, and a
search from a position off it counts the line's positions as won
(``goal_table``, ``goal_index``), then adds the rest of the line to the way
back onto it.
"""

from ...core.cards import const
from .keys import hash_all, key_of, make_weights
from .kept_line import HintLine  # noqa: F401 (exported: the search's lines)

_GOALS = const(509)  # slots of the table of a kept line's positions...
_GOAL_LIMIT = const(400)  # ...which holds its last positions up to this many


class _Hashes:
    """What ``keys`` reads and writes, for a key made outside a search."""

    def __init__(self, game):
        self.weights = make_weights()
        self.louis = game.rules.louis_start
        self.hash1 = self.hash2 = self.key = self.slot = 0
        self.slots = 1


def position_key(game):
    """The key a search gives ``game``'s position (a line's keys are these)."""
    hashes = _Hashes(game)
    hash_all(hashes, game)
    key_of(hashes)
    return hashes.key


def goal_table(line):
    """A table of the line's positions (but the won one; its last
    ``_GOAL_LIMIT``), by key: two bytes a slot, 1 + the position's index (0: empty)."""
    goals = bytearray(2 * _GOALS)
    keys = line.keys
    for index in range(max(0, len(keys) - 1 - _GOAL_LIMIT), len(keys) - 1):
        slot = keys[index] % _GOALS
        while goals[2 * slot] or goals[2 * slot + 1]:
            slot = slot + 1 if slot + 1 < _GOALS else 0
        goals[2 * slot] = (index + 1) >> 8
        goals[2 * slot + 1] = (index + 1) & 255
    return goals


def goal_index(goals, line, key):
    """The index on ``line`` of the position with ``key``, or -1."""
    keys = line.keys
    slot = key % _GOALS
    while True:
        index = goals[2 * slot] << 8 | goals[2 * slot + 1]
        if not index:
            return -1
        if keys[index - 1] == key:
            return index - 1
        slot = slot + 1 if slot + 1 < _GOALS else 0
