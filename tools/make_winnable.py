"""Make ``assets/winnable.bin``: the deals the solver proved winnable.

    python tools/make_winnable.py [--deals 1-2000] [--budget 10] [--jobs 2]
        [--rules R;R...] [--from DIR] [--out assets/winnable.bin]

For each rule set (default: the four presets) it solves the deals (or,
with ``--from DIR``, reads ``DIR/<rules>.jsonl``, the results that
``python -m sthelena stats --results`` wrote) and writes one section of
the file ``sthelena/winnable.py`` reads on the board: a bitset, one bit a
deal, set when the solver proved the deal winnable.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from sthelena.rules import PRESETS, Rules  # noqa: E402
from sthelena.winrate import parse_range, solve_deals  # noqa: E402

MAGIC = b"SHW1"
ENTRY = 20


def encode(sections):
    """The file's bytes for ``sections``: a list of ``(rules_bits, first,
    span, winnable_numbers)``."""
    head = bytearray(MAGIC + bytes((len(sections), 0, 0, 0)))
    offset = len(head) + ENTRY * len(sections)
    entries = bytearray()
    bodies = bytearray()
    for bits, first, span, numbers in sections:
        bitset = bytearray((span + 7) // 8)
        count = 0
        for number in sorted(set(numbers)):
            index = number - first
            if not 0 <= index < span:
                raise ValueError("deal %d outside %d..%d" % (number, first, first + span - 1))
            bitset[index // 8] |= 1 << (index % 8)
            count += 1
        entries += bits.to_bytes(2, "little") + bytes(2)
        for value in (first, span, count, offset + len(bodies)):
            entries += value.to_bytes(4, "little")
        bodies += bitset
    return bytes(head + entries + bodies)


def won_from_results(path, first, last):
    """Winnable deal numbers from a ``stats --results`` file; every deal of
    the range must be in it."""
    won = set()
    seen = set()
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            seen.add(row["deal"])
            if row["result"] == "win":
                won.add(row["deal"])
    missing = set(range(first, last + 1)) - seen
    if missing:
        raise SystemExit("%s lacks %d deals of %d-%d" % (path, len(missing), first, last))
    return {number for number in won if first <= number <= last}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-2000")
    parser.add_argument("--rules", default=";".join(name for name, _ in PRESETS))
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--from", dest="source", metavar="DIR")
    parser.add_argument("--ranges", default="",
                        help="per-rules ranges, RULES=A-B;... (overrides --deals)")
    parser.add_argument("--out", default=os.path.join(ROOT, "assets", "winnable.bin"))
    args = parser.parse_args(argv)
    ranges = dict(part.split("=", 1) for part in args.ranges.split(";") if part)
    sections = []
    for text in args.rules.split(";"):
        rules = Rules.parse(text)
        first, last = parse_range(ranges.get(text, args.deals))
        if args.source:
            won = won_from_results(os.path.join(args.source, str(rules) + ".jsonl"), first, last)
        else:
            won = {row[0] for row in solve_deals(first, last, rules, args.budget, args.jobs)
                   if row[1] == "win"}
        sections.append((rules.to_bits(), first, last - first + 1, won))
        print("%s: deals %d-%d, %d proved winnable" % (rules, first, last, len(won)))
    data = encode(sections)
    with open(args.out, "wb") as out:
        out.write(data)
    print("%s: %d bytes" % (args.out, len(data)))


if __name__ == "__main__":
    main()
