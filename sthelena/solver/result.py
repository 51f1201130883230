"""What the solver answers: a ``Result``, and a winning line made playable.

Desktop only, with ``solver``.
"""

from ..core.notation import move_name

WIN = "win"
LOSS = "loss"
UNKNOWN = "unknown"


class Result:
    """What a search found: ``result`` (win, loss, unknown), ``moves``
    (core move numbers; the winning line for a win), ``nodes`` (positions
    visited) and ``seconds``."""

    def __init__(self, result, moves, nodes, seconds):
        self.result = result
        self.moves = moves
        self.nodes = nodes
        self.seconds = seconds

    def names(self):
        return [move_name(move) for move in self.moves]

    def as_dict(self):
        return {"result": self.result, "moves": self.names(), "nodes": self.nodes,
                "seconds": round(self.seconds, 4)}

    def __repr__(self):
        return "Result(%s, %d moves, %d nodes, %.3f s)" % (
            self.result, len(self.moves), self.nodes, self.seconds)


def with_relocations(position, moves):
    """The line ``moves`` from ``position`` (a ``solver_position.Position``)
    with the relocations reduction 4 leaves out put back in, so the core can
    play it; the position is left as it was."""
    first = position.snapshot()
    found = position.found
    line = []
    for move in moves:
        source = move // 20
        target = move % 20
        card = position.piles[source][-1] if source < 12 else 0
        if target >= 12 and card and found[card >> 4] + found[(card >> 4) + 4] == 13:
            suit = card >> 4
            rank = card & 15
            # Slide the meeting point of the suit's foundations, a card at a time.
            want = 13 - rank if target < 16 else 14 - rank  # the king foundation's count
            while found[suit] > want:
                line.append((12 + suit) * 20 + 16 + suit)
                found[suit] -= 1
                found[suit + 4] += 1
            while found[suit] < want:
                line.append((16 + suit) * 20 + 12 + suit)
                found[suit] += 1
                found[suit + 4] -= 1
        position.play(move)
        line.append(move)
    position.restore(first)
    return line
