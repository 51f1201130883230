"""``make figures``: docs/figures.md from the benches' sections.

Each bench saves what it printed as build/figures/NAME.md (``report.section``).
The page has a section ``## make NAME`` for each ``bench*`` target of the
Makefile, in its order: the new fragment where there is one, else the section
the page already holds, else "not measured yet". ``--run NAME...`` runs those
benches first (``make NAME``)."""

import argparse
import os
import re
import subprocess
import sys

from .report import FRAGMENTS, ROOT

PAGE = os.path.join(ROOT, "docs", "figures.md")
INTRO = """# Figures

Every benchmark's figures, each beside the goal it checks and its verdict, as
the bench last printed them: `make bench-NAME` saves its section in
build/figures/, and `make figures` gathers them here (`make figures RUN="bench-app
bench-hint"` runs those first). A section says the commit, the date and the
machine it was measured at.
"""


def bench_targets(makefile):
    """The Makefile's ``bench`` and ``bench-*`` targets, in its order."""
    with open(makefile) as file:
        return list(dict.fromkeys(re.findall(r"^(bench(?:-[\w-]+)?):", file.read(), re.M)))


def sections(text):
    """``(intro, {target: section's body})`` of a page."""
    parts = re.split(r"^## make (\S+)[ \t]*\n", text, flags=re.M)
    return parts[0], {name: body.strip() + "\n" for name, body in zip(parts[1::2], parts[2::2])}


def assemble(makefile, page, fragments):
    """The page's text from ``fragments`` (a folder of NAME.md) and ``page``'s
    own sections where there is no fragment."""
    intro, old = INTRO, {}
    if os.path.exists(page):
        with open(page) as file:
            intro, old = sections(file.read())
    out = [intro.rstrip() + "\n"]
    for name in bench_targets(makefile):
        path = os.path.join(fragments, name + ".md")
        if os.path.exists(path):
            with open(path) as file:
                body = file.read().strip() + "\n"
        else:
            body = old.get(name, "Not measured yet.\n")
        out.append("## make %s\n\n%s" % (name, body))
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", nargs="*", default=[], metavar="NAME",
                        help="benches to run first (make targets: bench-app ...)")
    args = parser.parse_args(argv)
    makefile = os.path.join(ROOT, "Makefile")
    for name in args.run:
        if name not in bench_targets(makefile):
            sys.exit("figures: no bench target %r in the Makefile" % name)
        subprocess.run(["make", name], cwd=ROOT, check=True)
    text = assemble(makefile, PAGE, FRAGMENTS)
    with open(PAGE, "w") as file:
        file.write(text)
    print("docs/figures.md written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
