"""A winning line the hint found, kept for the hints that follow: its moves
and the key of each position along it, and nothing else.

A module of its own, with no imports, because both the game and the hint's
search hold it (on a board each in its ``.mpy``): the search makes a line
when it wins, and the game keeps a copy made by its own class (on_table.py), so
that a line kept for later holds nothing of the search's code, which is let
go when the hint ends.
"""


class HintLine:
    """A winning line: its moves (a ``bytearray``, two bytes a move) and the
    key of each position along it (``keys[i]`` before move ``i``; the last
    one is the won position)."""

    def __init__(self, moves, keys):
        self.moves = moves
        self.keys = keys

    def __len__(self):
        return len(self.moves) >> 1

    def move(self, index):
        return self.moves[2 * index] << 8 | self.moves[2 * index + 1]

    def index_of(self, key):
        """The index of the position with this key on the line, or -1."""
        keys = self.keys
        for index in range(len(keys) - 1):
            if keys[index] == key:
                return index
        return -1
