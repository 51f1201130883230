"""A folder listed in the docs is the folder the build writes, file for file.

A player copies what a page says goes on the drive, so a listing that has
drifted from the build misleads at the worst moment. Each plain ``` block of
the README and docs/ whose first line is a folder (``CIRCUITPY/``,
``apps/sthelena/``...) is such a listing, and is compared with that folder
built here into a temporary one:

- ``CIRCUITPY/``: ``make circuitpy`` (bundle.main, which writes build/CIRCUITPY);
- ``sthelena-VERSION-handhelds/``: the handhelds' zip of ``make release``
  (release.handheld_folders: a drive for each CircuitPython major);
- ``apps/sthelena/``: ``make fruitjam`` (fruitjam_app.build_app, the libraries as .py);
- ``build/web/``: ``make web`` (build_site.build).

How a listing reads: after the folder's line, one line per entry or several
entries on a line, separated by single spaces, then (after two spaces or
more) what they are; a line that starts as far in as those words do goes on
with them. A name ending in ``/`` with nothing listed inside it stands for
all that folder holds; a line more indented than a folder's line lists what
is in it. A name with no dot and no slash goes on with the next word
(``CircuitPython 10.x/``)."""

import os
import re
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tools.build import board_mpy, build_site, bundle, fruitjam_app, release

PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def listings(text):
    """``(first line's number, root, [entry lines])`` of each listing in ``text``."""
    found, block, lines = [], None, text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.strip().startswith("```"):
            if block is None and line.strip() == "```" and number < len(lines):
                first = lines[number].strip()
                if re.fullmatch(r"[\w.@-]+(/[\w.@-]+)*/", first):
                    block = (number + 1, first, [])
                    continue
                block = False
            elif block is None:
                block = False
            else:
                if block:
                    found.append(block)
                block = None
            continue
        if block and number > block[0]:
            block[2].append(line)
    return found


def entries(lines):
    """The set of paths a listing's lines name (folders end in ``/``)."""
    named, folders = [], []  # folders: (indent, path) of the lines above
    described = [re.search(r"\S\s{2,}(\S)", line) for line in lines]
    column = min([found.start(1) for found in described if found] or [10 ** 6])
    for line in lines:
        indent = len(line) - len(line.lstrip())
        if not line.strip() or indent >= column:  # a description's next line
            continue
        while folders and folders[-1][0] >= indent:
            folders.pop()
        prefix = folders[-1][1] if folders else ""
        words, names = re.split(r"\s{2,}", line.strip())[0].split(" "), []
        for word in words:
            if names and "." not in names[-1] and "/" not in names[-1]:
                names[-1] += " " + word
            else:
                names.append(word)
        named += [prefix + name for name in names]
        if len(names) == 1 and names[0].endswith("/"):
            folders.append((indent, prefix + names[0]))
    listed = set(named)
    return {name for name in listed  # a folder whose files are listed is not itself an entry
            if not (name.endswith("/") and any(other != name and other.startswith(name)
                                                for other in listed))}


def built(folder):
    """Every file under ``folder``, as paths relative to it."""
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def difference(listed, files):
    """``(listed but not built, built but not listed)``: each built file counts
    as the listed folder that holds it, if one does."""
    shown = set()
    for name in files:
        holders = [folder for folder in listed if folder.endswith("/") and name.startswith(folder)]
        shown.add(max(holders, key=len) if holders else name)
    return sorted(listed - shown), sorted(shown - listed)


def circuitpy(out):
    # make circuitpy runs bundle.main: it compiles the libraries where
    # CircuitPython's mpy-cross is at hand (as circup installs them, and as the
    # pages show them); where it is not, it copies their .py, which count as
    # the .mpy here.
    assert bundle.main(["--out", str(out)]) == 0
    files = built(out)
    if os.path.isfile(board_mpy.MPY_CROSS):
        return files
    return {name[:-3] + ".mpy" if name.startswith("lib/adafruit_") and name.endswith(".py")
            else name for name in files}


def handhelds(out):
    out.mkdir(parents=True)
    release.handheld_folders(str(out))
    return built(out)


def fruit_jam(out):
    return built(Path(fruitjam_app.build_app(str(out))))


def web(out):
    build_site.build(str(out))
    return built(out)


BUILDS = {"CIRCUITPY/": circuitpy, "sthelena-VERSION-handhelds/": handhelds,
          "apps/sthelena/": fruit_jam, "build/web/": web}
FOUND = [(page, line, root, lines) for page in PAGES
         for line, root, lines in listings(page.read_text(encoding="utf-8"))]


def test_every_listing_is_of_a_folder_the_build_writes():
    assert {root for _, _, root, _ in FOUND} == set(BUILDS), \
        [(page.name, line, root) for page, line, root, _ in FOUND]
    assert {(page.name, root) for page, _, root, _ in FOUND} >= {
        ("board.md", "CIRCUITPY/"), ("board.md", "sthelena-VERSION-handhelds/"),
        ("fruitjam.md", "apps/sthelena/"), ("web.md", "build/web/")}


@pytest.mark.parametrize("page, line, root, lines", [
    pytest.param(*found, id="%s:%d" % (found[0].name, found[1]),
                 marks=[pytest.mark.vm] if found[2] == "build/web/" else [])  # the VM's port
    for found in FOUND])
def test_a_listing_is_what_the_build_writes(page, line, root, lines, tmp_path):
    files = BUILDS[root](tmp_path / "out")
    assert files
    assert difference(entries(lines), files) == ([], [])


def test_a_file_listed_but_not_built_or_built_but_not_listed_is_seen(tmp_path):
    # Seeded errors on board.md's drive: a file the build does not write, and
    # one it writes that the page leaves out.
    page = (ROOT / "docs" / "board.md").read_text(encoding="utf-8")
    (_, _, lines), = [found for found in listings(page) if found[1] == "CIRCUITPY/"]
    files = circuitpy(tmp_path / "out")
    assert difference(entries(lines), files) == ([], [])
    extra = lines + ["  lib/sthelena_extra.mpy    not built"]
    assert difference(entries(extra), files) == (["lib/sthelena_extra.mpy"], [])
    short = [line for line in lines if "sthelena_hint.mpy" not in line]
    assert difference(entries(short), files) == ([], ["lib/sthelena_hint.mpy"])


def test_how_a_listing_is_read():
    text = ("```\nCIRCUITPY/\n  code.py boot.py   the start\n  lib/\n    a.mpy  the game\n"
            "  assets/    all of it\n  CircuitPython 10.x/  a folder with a space\n"
            "                   and more words of.it/\n```\n"
            "```\nnot/ a listing: two words\n```\n```sh\nmake/\n```\n")
    (number, root, lines), = listings(text)
    assert (number, root) == (2, "CIRCUITPY/")
    assert entries(lines) == {"code.py", "boot.py", "lib/a.mpy", "assets/", "CircuitPython 10.x/"}
    assert difference(entries(lines), {"code.py", "boot.py", "lib/a.mpy", "assets/x.bmp",
                                       "assets/y/z.txt", "CircuitPython 10.x/code.py"}) == ([], [])
    built = {"code.py", "boot.py", "lib/a.mpy", "lib/b.mpy", "CircuitPython 10.x/code.py"}
    assert difference(entries(lines), built) == (["assets/"], ["lib/b.mpy"])
