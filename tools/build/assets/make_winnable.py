"""Make ``assets/winnable.bin``: what the solver proved of each deal.

    python -m tools.build.assets.make_winnable [--deals 1-2000] [--ranges R=A-B;...]
        [--budget 10] [--jobs 2] [--rules R;R...]
        [--from DIR|RULES=FILE ...] [--out assets/winnable.bin]

For each rule set (default: the four presets) it solves the deals of its
range (``--ranges`` gives one a rule set, else ``--deals``) or, with
``--from``, reads the results that ``python -m sthelena stats --results``
wrote: ``DIR/<rules>.jsonl`` for each rule set found there, and any
``RULES=FILE`` given (``--from`` repeats; a deal met twice keeps a proof
over an unknown, and the shorter of two wins). It writes the file
``sthelena/core/winnable.py`` reads on the board (its docstring has the layout):
a section a rule set, one code a deal, in as few bits as its longest win
needs.
"""

import argparse
import json
import os

from sthelena.core.rules import PRESETS, Rules
from sthelena.desktop.solve_commands import parse_range
from sthelena.solver.winrate import solve_deals

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

MAGIC = b"SHW2"
ENTRY = 20
LOST = -1  # a deal proved lost, in the results given to encode()
LIMIT = 0xFFFF  # deals a section, counts and moves: 2-byte fields


def encode(sections):
    """The file's bytes for ``sections``: a list of ``(rules_bits, first,
    span, results)``, ``results`` mapping deal numbers to the moves of their
    winning line, or LOST (deals not in it are not known)."""
    head = bytearray(MAGIC + bytes((len(sections), 0, 0, 0)))
    offset = len(head) + ENTRY * len(sections)
    entries = bytearray()
    bodies = bytearray()
    for bits, first, span, results in sections:
        wins = [moves for moves in results.values() if moves != LOST]
        if not 0 < span <= LIMIT or any(not 0 < moves <= LIMIT for moves in wins):
            raise ValueError("a section of %d deals, or a win's moves, out of 1..%d"
                             % (span, LIMIT))
        base = min(wins, default=0)
        width = max(1, (max(wins, default=base) - base + 2).bit_length())
        stream = 0
        for number, moves in results.items():
            index = number - first
            if not 0 <= index < span:
                raise ValueError("deal %d outside %d..%d" % (number, first, first + span - 1))
            stream |= (1 if moves == LOST else moves - base + 2) << (index * width)
        codes = stream.to_bytes((span * width + 7) // 8, "little")
        entries += bits.to_bytes(2, "little") + bytes((width, 0))
        for value, size in ((first, 4), (span, 2), (len(wins), 2), (len(results) - len(wins), 2),
                            (base, 2), (offset + len(bodies), 4)):
            entries += value.to_bytes(size, "little")
        bodies += codes
    return bytes(head + entries + bodies)


def merge_result(results, number, result, moves):
    """Add one deal's result (``"win"``, ``"loss"``, else unknown) to ``results``."""
    before = results.get(number)
    if result == "win":
        if before == LOST:
            raise SystemExit("deal %d is both won and proved lost" % number)
        results[number] = moves if before is None else min(before, moves)
    elif result == "loss":
        if before not in (None, LOST):
            raise SystemExit("deal %d is both won and proved lost" % number)
        results[number] = LOST


def read_results(path, results, seen):
    """Add a ``stats --results`` file's lines to ``results``; ``seen``
    gets every deal number in it."""
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            seen.add(row["deal"])
            merge_result(results, row["deal"], row["result"], row["moves"])


def results_from(sources, rules, first, last):
    """The results for ``rules`` in ``first..last`` from the ``--from``
    sources; every deal of the range must be in them."""
    results = {}
    seen = set()
    for source in sources:
        name, equals, path = source.rpartition("=")
        if equals:
            if str(Rules.parse(name)) == str(rules):
                read_results(path, results, seen)
        elif os.path.isfile(os.path.join(source, str(rules) + ".jsonl")):
            read_results(os.path.join(source, str(rules) + ".jsonl"), results, seen)
    missing = set(range(first, last + 1)) - seen
    if missing:
        raise SystemExit("%s: the results lack %d deals of %d-%d"
                         % (rules, len(missing), first, last))
    return {number: moves for number, moves in results.items() if first <= number <= last}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-2000")
    parser.add_argument("--rules", default=";".join(name for name, _ in PRESETS))
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--from", dest="sources", action="append", default=[],
                        metavar="DIR|RULES=FILE")
    parser.add_argument("--ranges", default="",
                        help="per-rules ranges, RULES=A-B;... (overrides --deals)")
    parser.add_argument("--out", default=os.path.join(ROOT, "assets", "winnable.bin"))
    args = parser.parse_args(argv)
    ranges = dict(part.split("=", 1) for part in args.ranges.split(";") if part)
    sections = []
    for text in args.rules.split(";"):
        rules = Rules.parse(text)
        first, last = parse_range(ranges.get(text, args.deals))
        if args.sources:
            results = results_from(args.sources, rules, first, last)
        else:
            results = {}
            for number, result, moves, _, _ in solve_deals(first, last, rules, args.budget,
                                                           args.jobs):
                merge_result(results, number, result, moves)
        sections.append((rules.to_bits(), first, last - first + 1, results))
        wins = [moves for moves in results.values() if moves != LOST]
        print("%s: deals %d-%d, %d proved winnable (%d-%d moves), %d proved lost"
              % (rules, first, last, len(wins), min(wins, default=0), max(wins, default=0),
                 len(results) - len(wins)))
    data = encode(sections)
    with open(args.out, "wb") as out:
        out.write(data)
    print("%s: %d bytes" % (args.out, len(data)))


if __name__ == "__main__":
    main()
