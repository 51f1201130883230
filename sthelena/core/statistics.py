"""Statistics of finished deals, per rules preset (and "custom" for rules
whose options differ from their preset): played, won, win rate, the current
and best run of wins, the fewest moves in a win, and the last 20 deals
finished (number, won or lost, moves).

The app decides when a deal is finished (won; or left for another deal after
its first move) and calls ``record``; this module only counts. It imports
nothing but the core, allocates nothing when a deal is recorded (a kind's
table of bytes is made once, at its first deal) and has a bytes form for the
save (``to_bytes`` / ``Statistics.from_bytes``).

A kind's table (``_TABLE`` bytes, big-endian): played (3), won (3), current
run (2), best run (2), fewest moves in a win (2; 0: no win yet), how many
recent deals are kept (1), where the next one goes (1), then ``RECENT``
slots of 6 bytes: deal number (4), won << 15 | moves (2; moves counted up
to 32767), oldest overwritten first.
"""

from .cards import const

KINDS = ("st-helena", "st-helena-pysol", "louis", "box-kite", "custom")  # rules.PRESETS' order
PRESET_BITS = (240, 1697, 198, 11)  # each preset's Rules.to_bits() (a test checks them)
CUSTOM = const(4)
RECENT = const(20)  # finished deals kept per kind
_HEAD = const(14)  # bytes of counters before the recent deals
_SLOT = const(6)
_TABLE = const(134)  # _HEAD + RECENT * _SLOT
_MOST_MOVES = const(0x7FFF)


def _get(table, at, size):
    value = 0
    for index in range(at, at + size):
        value = value << 8 | table[index]
    return value


def _put(table, at, size, value):
    for index in range(at + size - 1, at - 1, -1):
        table[index] = value & 0xFF
        value >>= 8


def kind_of(rules):
    """The index in ``KINDS`` that a game under ``rules`` counts for."""
    bits = rules.to_bits()
    preset = bits % len(PRESET_BITS)  # to_bits() ends with the preset's index
    return preset if bits == PRESET_BITS[preset] else CUSTOM


class Statistics:
    """Counts of finished deals, one table of bytes per kind of rules."""

    def __init__(self):
        self.tables: list = [None] * len(KINDS)  # a bytearray for each kind played

    def reset(self):
        """Forget every deal (the app asks the player first)."""
        self.tables = [None] * len(KINDS)

    def record(self, rules, number, won, moves):
        """Count a finished deal: ``number`` (None for a position read from
        notation, which is not counted), won or lost, after ``moves`` moves."""
        if number is None:
            return
        kind = kind_of(rules)
        table = self.tables[kind]
        if table is None:
            table = self.tables[kind] = bytearray(_TABLE)
        _put(table, 0, 3, min(_get(table, 0, 3) + 1, 0xFFFFFF))
        streak = 0
        if won:
            _put(table, 3, 3, min(_get(table, 3, 3) + 1, 0xFFFFFF))
            streak = min(_get(table, 6, 2) + 1, 0xFFFF)
            if streak > _get(table, 8, 2):
                _put(table, 8, 2, streak)
            fewest = _get(table, 10, 2)
            if fewest == 0 or moves < fewest:
                _put(table, 10, 2, max(1, min(moves, 0xFFFF)))
        _put(table, 6, 2, streak)
        head = table[13]
        slot = _HEAD + head * _SLOT
        _put(table, slot, 4, number)
        _put(table, slot + 4, 2, (0x8000 if won else 0) | min(moves, _MOST_MOVES))
        table[13] = (head + 1) % RECENT
        if table[12] < RECENT:
            table[12] += 1

    def counts(self, kind):
        """(played, won, current run of wins, best run, fewest moves in a
        win or 0) for ``kind`` (an index in ``KINDS``)."""
        table = self.tables[kind]
        if table is None:
            return (0, 0, 0, 0, 0)
        return (_get(table, 0, 3), _get(table, 3, 3), _get(table, 6, 2), _get(table, 8, 2),
                _get(table, 10, 2))

    def recent(self, kind):
        """The deals of ``kind`` finished last, newest first: a list of
        (number, won, moves)."""
        table = self.tables[kind]
        deals: list = []
        if table is None:
            return deals
        head = table[13]
        for back in range(1, table[12] + 1):
            slot = _HEAD + (head - back) % RECENT * _SLOT
            result = _get(table, slot + 4, 2)
            deals.append((_get(table, slot, 4), result >> 15 == 1, result & _MOST_MOVES))
        return deals

    def played(self):
        """Deals finished, all kinds together."""
        total = 0
        for kind in range(len(KINDS)):
            total += self.counts(kind)[0]
        return total

    def to_bytes(self):
        """``ST``, version, a bit for each kind that has a table, the tables."""
        out = bytearray(b"ST\x01")  # version 1
        present = 0
        for kind in range(len(KINDS)):
            if self.tables[kind] is not None:
                present |= 1 << kind
        out.append(present)
        for kind in range(len(KINDS)):
            if self.tables[kind] is not None:
                out.extend(self.tables[kind])
        return bytes(out)

    @staticmethod
    def from_bytes(data):
        """The statistics in ``data``; ValueError if they hold none."""
        statistics = Statistics()
        at = 4
        for kind in range(len(KINDS)):
            if len(data) > 3 and data[3] >> kind & 1:
                table = bytearray(data[at:at + _TABLE])
                at += _TABLE
                if (len(table) != _TABLE or _get(table, 3, 3) > _get(table, 0, 3)
                        or _get(table, 6, 2) > _get(table, 8, 2)
                        or table[12] > RECENT or table[13] >= RECENT):
                    raise ValueError("statistics do not add up")
                statistics.tables[kind] = table
        if data[:3] != b"ST\x01" or at != len(data) or data[3] >> len(KINDS):
            raise ValueError("not statistics of this version")
        return statistics


def win_rate(played, won):
    """Wins in percent, rounded down; 0 before any deal."""
    return won * 100 // played if played else 0
