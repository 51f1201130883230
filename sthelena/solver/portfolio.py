"""The solver's portfolio: several searches from one position, run in turns.

Desktop only. One depth-first search's time has a heavy tail: a search
that has walked into a lost part of the space (a last round that cannot be
won, say) must visit all of it before it tries anything else, while a
search ordered differently, or one that gives up on each last round sooner,
wins the same deal in a few thousand positions. So ``run`` keeps a few
searches (``Solver.searching``, each a paused generator with its own visited
set) and gives each in turn a slice of positions, the slices doubling
every round, each search resumed where it paused rather than restarted.
Where redeals are left, the searches are the exact one, capped ones
(``Solver.cap``, restarted wider) and a greedy best-first one over single
moves (``Solver.best_first``); where none is left (box-kite), the exact one,
ones that walk only part of each closure, and restarts of exact searches
with the closures' order shaken (``Solver.closure_jitter``, the Luby
sequence's limits); with PySolFC's rules, the exact one for a first look
(FIRST_LOOK_ALL positions), then the narrow probes one after another
(some of them guided: closures best first in the first deal too, the last
round's walked in a shaken order; some redealing early in the first deal;
one over whole closures).
Except with PySolFC's rules, the searches share what they prove lost
(``Solver.lost``, the search's reduction 5), so a restart, or another
search, does not search again what one has finished.
The exact search (every move, nothing cut) goes first, with the first
slice of FIRST_SEARCH positions (most deals are won by then, so their
time is the exact search's alone); the first answer wins:

- a winning line from any search (every search plays legal moves only);
- ``loss`` from a search that left nothing out (the exact one, the
  best-first one, or a capped one whose caps never cut), as every reachable
  position was visited;
- ``unknown`` when the time or node budget runs out first.

Each search's slice is its share of the round's (the searches that do best
on the hardest deals get more). A search that ends having cut something (a
cap reached) proves nothing; the next search of its *series* takes its
place, a wider one (a restart): at the next round, or for the restarts
with shaken closures at once, in the rest of the turn.
Slices are counted in positions, not seconds, so a run repeats position for
position on any machine (only the time budget depends on the machine).
"""

import gc
import itertools
import random
import time
from collections import namedtuple

from .closure import NO_LIMIT
from .result import LOSS, UNKNOWN, WIN, Result, with_relocations

# The exact search's first slice, and each search's slice in the first round
# (doubled every round).
FIRST_SEARCH = 5000
# With cards back off the foundations (``foundation_moves=all``) no deal of
# 1-1000 was won in the exact search's first 5,000 positions (the narrow
# probes won them all): it keeps a short first look, which settles small
# positions (near a game's end) at once.
FIRST_LOOK_ALL = 500
CHECK = 2048  # positions between looks at the clock
# Capped searches (``Solver.cap``: positions below each position the last
# redeal or Louis' deal reaches), wider at each restart, the pack that lets
# the most cards go straight home tried first (``order_redeals``), closures
# best first under the restriction too.
CAPS = (2000, 8000, 32000, 128000)
# The best-first search's weight (``Solver.best_first``): a card home is
# worth this many cards over a wanted one.
WEIGHT = 3
# Where no redeal is left, the exact search's share of each round against the
# others' 1 (it proves every loss; deal 798 of box-kite, lost, was decided in
# 8.8-9.4 s with 2 and left unknown at 10 s with 1).
EXACT_SHARE_FINAL = 2
# Searches with only the first positions of each closure walked
# (``Solver.closure_cap``), wider at each restart: where no redeal is left.
CLOSURE_CAPS = (10, 50, 250, 1250, 6250)
# Where no redeal is left, also restarts: exact searches with the closures'
# order shaken (``Solver.closure_jitter``: a card home nearer the top is
# still likelier first), each seeded on its own and stopped after
# RESTART_UNIT times the Luby sequence's next term (1, 1, 2, 1, 1, 2, 4...)
# positions, RESTARTS of them, then one without a limit. What each proves
# lost is kept for all (reduction 5), so a restart does not search again
# what an earlier one finished.
RESTART_UNIT = 8000
RESTART_JITTER = 8.0
RESTARTS = 200
# With ``foundation_moves=all`` (closures too big to walk whole), probes, each
# of a shape (a Probe): closure positions walked, redeals tried from each
# closure, positions below each last redeal, positions in all, whether cards
# may come back off the foundations, how far the redeals' order is shaken,
# whether it is *guided* (closures best first in the restricted first deal
# too, ``guide_always``, and those of the last round walked in an order
# shaken by GUIDED_SHAKE times the redeals' shake), and whether, in the
# first deal, it tries the redeals before the plays to foundations
# (``redeals_first``). First FIRST_PROBE, the redeals in the greedy order:
# it wins about a quarter of the deals in a few thousand positions. Then
# NARROW_PASSES passes of SHAKEN_PROBES, each probe seeded on its own, the
# greedy order shaken a little (by up to 3 cards home), more (8) or nearly
# at random (20): no one shape wins every deal (guided probes win most deals
# sooner, plain ones some that guided ones miss, the ones that redeal early
# some that all the others leave for hundreds of probes: deal 570), and
# narrow probes tried again with new seeds win most deals sooner than a
# wide one. LATER_PROBES, once each after that many passes: after the first,
# one that walks whole closures and tries every redeal (a capped search, as
# where redeals are left: it wins in a few thousand positions half the deals
# the first pass leaves), then the widest narrow one, both in the greedy
# order; after the third, one with the moves off the foundations (it proves
# a loss when it left nothing out).
Probe = namedtuple("Probe", "walk width cap nodes every_move jitter guided redeals_first",
                   defaults=(False, 0.0, False, False))
FIRST_PROBE = Probe(20, 2, 500, 5000)
SHAKEN_PROBES = (Probe(20, 2, 500, 5000, jitter=3.0, guided=True),
                 Probe(20, 2, 500, 5000, jitter=8.0, redeals_first=True),
                 Probe(50, 3, 1000, 15000, jitter=8.0, guided=True),
                 Probe(20, 2, 500, 5000, jitter=8.0, guided=True),
                 Probe(50, 3, 1000, 15000, jitter=8.0, guided=True, redeals_first=True),
                 Probe(100, 4, 2000, 30000, jitter=8.0, guided=True),
                 Probe(20, 2, 500, 5000, jitter=20.0, guided=True),
                 Probe(20, 2, 500, 5000, jitter=8.0),
                 Probe(50, 3, 1000, 15000, jitter=8.0))
LATER_PROBES = ((1, Probe(NO_LIMIT, NO_LIMIT, 2000, 20000, guided=True)),
                (1, Probe(1000, 8, 5000, 60000)),
                (3, Probe(20, 2, 500, 5000, every_move=True)))
NARROW_PASSES = 200
GUIDED_SHAKE = 0.25


def series_of(solver):
    """The portfolio for ``solver``'s rules: a list of ``(series, share,
    keeps_turn)``, each series a generator of ``(settings for
    Solver.member, most positions or None)``, its share of each round's
    positions relative to the others, and whether its next search takes
    the rest of the turn when one ends (restarts) or waits for the next
    round; the exact search's first."""
    if solver.off_foundation:
        # The exact search for a first look only, the probes, the exact search
        # after the last pass (sharing turns with the probes cost this rule
        # set a quarter more time in all and three times the memory: the
        # exact search's stack of huge closures).
        return [(iter([({}, FIRST_LOOK_ALL)]), 1, False),
                (itertools.chain(_narrow_probes(), [({}, None)]), 1, False)]
    if solver._final(solver.snapshot()):
        return [(iter([({}, None)]), EXACT_SHARE_FINAL, False),
                (iter([(dict(closure_cap=cap), None) for cap in CLOSURE_CAPS]), 1, False),
                (_restarts(), 1, True)]
    return [(iter([({}, None)]), 1, False),
            (iter([(dict(cap=cap, order_redeals=True, guide_always=True), None)
                   for cap in CAPS]), 2, False),
            (iter([(dict(weight=WEIGHT), None)]), 1, False)]


def luby(index):
    """The Luby sequence's term ``index`` (from 0): 1, 1, 2, 1, 1, 2, 4..."""
    size = 1  # the length of the sequence's prefix that ends in its largest term
    while size < index + 1:
        size = 2 * size + 1
    while True:
        if index + 1 == size:
            return (size + 1) // 2
        size //= 2
        if index >= size:
            index -= size


def _restarts():
    """Where no redeal is left: RESTARTS exact searches with shaken closures
    and Luby limits, then one without a limit (each seeded: a run repeats)."""
    for number in range(RESTARTS + 1):
        yield (dict(closure_jitter=RESTART_JITTER, rng=random.Random(number)),
               RESTART_UNIT * luby(number) if number < RESTARTS else None)


def _narrow_probes():
    """The narrow probes (``foundation_moves=all``): FIRST_PROBE, then passes
    of SHAKEN_PROBES with LATER_PROBES among them, each probe seeded on its
    own (a run repeats)."""
    yield _probe(FIRST_PROBE, 0)
    for number in range(1, NARROW_PASSES + 1):
        for index, shape in enumerate(SHAKEN_PROBES):
            yield _probe(shape, number << 8 | index)
        for index, (after, shape) in enumerate(LATER_PROBES):
            if after == number:
                yield _probe(shape, 255 - index)


def _probe(shape, seed):
    """A probe's settings for ``Solver.member`` and its most positions."""
    shake = shape.jitter * GUIDED_SHAKE if shape.guided else 0.0
    return dict(cap=shape.cap, closure_cap=shape.walk, redeal_width=shape.width,
                order_redeals=True, jitter=shape.jitter, rng=random.Random(seed),
                every_move=shape.every_move, guide_always=shape.guided, closure_jitter=shake,
                redeals_first=shape.redeals_first), shape.nodes


class _Entry:
    """One search of the portfolio: the member solver, its paused search,
    the series it came from and the most positions it may visit."""

    def __init__(self, solver, series, share, keeps_turn):
        self.series = series
        self.share = share
        self.keeps_turn = keeps_turn
        self.solver = self.search = None
        self.limit = None
        self.next_member(solver)

    def next_member(self, solver):
        """Start the series' next search; False when the series is done."""
        for settings, limit in self.series:
            self.solver = solver.member(**settings)
            self.search = self.solver.best_first() if settings.get("weight") \
                else self.solver.searching()
            self.limit = limit
            return True
        return False


def run(solver, budget=10.0, max_nodes=None):
    """The portfolio's answer from ``solver``'s position, a ``Result``:
    ``budget`` seconds (None: no limit) and ``max_nodes`` positions in all
    (None: no limit). The searches make a great many small tuples and no
    reference cycles, so the cycle collector's passes over them free nothing
    and cost about 5% of a solve (of Louis' median deals and of box-kite's
    slower ones alike): it is off while they run, and back on after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(solver, budget, max_nodes)
    finally:
        if collecting:
            gc.enable()


def _run(solver, budget, max_nodes):
    """``run``'s portfolio."""
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    # Reduction 5's proofs, shared; not where cards come back off the
    # foundations (a position there may lead back to one still searched).
    solver.lost = frozenset() if solver.off_foundation else set()
    solver.tables = {}
    entries = [_Entry(solver, *one) for one in series_of(solver)]
    done = 0  # positions visited by searches that ended
    slice_ = FIRST_SEARCH
    first = True
    while entries:
        for entry in list(entries):
            target = entry.solver.nodes + (
                FIRST_SEARCH if first else max(1, int(slice_ * entry.share)))
            first = False
            while True:
                member = entry.solver
                total = done + sum(other.solver.nodes for other in entries)
                if (deadline is not None and time.perf_counter() > deadline) or \
                        (max_nodes is not None and total >= max_nodes):
                    return Result(UNKNOWN, [], total, time.perf_counter() - start)
                pause = min(target, member.nodes + CHECK)
                if max_nodes is not None:
                    pause = min(pause, member.nodes + max_nodes - total)
                if entry.limit is not None:
                    pause = min(pause, entry.limit)
                member.pause_at = pause
                try:
                    next(entry.search)
                except StopIteration as stop:
                    outcome = stop.value
                else:
                    if entry.limit is not None and member.nodes >= entry.limit:
                        outcome = UNKNOWN  # this search's own limit: it cut
                    elif member.nodes >= target:
                        break  # its slice is spent: the next search's turn
                    else:
                        continue
                if outcome == UNKNOWN:
                    done += member.nodes
                    if not entry.next_member(solver):
                        entries.remove(entry)
                        break
                    target -= member.nodes  # the next one's share of the turn
                    if not entry.keeps_turn or target <= 0:
                        break
                    continue
                total = done + sum(other.solver.nodes for other in entries)
                seconds = time.perf_counter() - start
                if outcome == LOSS:
                    return Result(LOSS, [], total, seconds)
                if solver.absorb:
                    outcome = with_relocations(solver, outcome)
                return Result(WIN, outcome, total, seconds)
        slice_ *= 2
    # Every series ended cut (none is left without the exact search ending).
    return Result(UNKNOWN, [], done, time.perf_counter() - start)
