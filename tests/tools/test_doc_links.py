"""Every picture and every relative link of the README, docs/ and
docs/decisions/ leads somewhere: the file it names exists, and a ``#anchor``
names a heading of the page it points at, as GitHub makes a heading's anchor
(lowercase, spaces to dashes, punctuation dropped, ``-1``, ``-2``... for a
heading met again). A page is read on GitHub, where a broken link shows
nothing and says nothing: a picture written from inside docs/ as
``docs/hint.png`` was broken that way. Links in code (fenced blocks and
`inline code`) are text, not links, and web addresses are not followed."""

import re

import pytest

from tests.helpers import ROOT

PAGES = ([ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
         + sorted((ROOT / "docs" / "decisions").glob("*.md")))
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMAGE_TAG = re.compile(r"<img\b[^>]*\bsrc=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose(text):
    """``text`` without its fenced code blocks and inline code spans (their
    lines kept, emptied, so that line numbers still hold)."""
    lines, fence = [], None
    for line in text.splitlines():
        mark = re.match(r"\s*(```+|~~~+)", line)
        if fence is None and mark:
            fence = mark.group(1)
            lines.append("")
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            lines.append("")
        else:
            lines.append(line)
    return re.sub(r"`[^`]*`", lambda span: "\n" * span.group(0).count("\n"),
                  "\n".join(lines))


def links(text):
    """``(line, target)`` of every link and picture of a page's prose."""
    found = []
    for number, line in enumerate(prose(text).splitlines(), 1):
        found += [(number, match.group(2)) for match in LINK.finditer(line)]
        found += [(number, match.group(1)) for match in IMAGE_TAG.finditer(line)]
    return found


def slug(heading):
    """GitHub's anchor of a heading's text: the text as shown (no code
    marks, a link's words), lowercase, punctuation dropped, spaces to dashes."""
    shown = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    shown = re.sub(r"<[^>]+>", "", shown).lower()
    return re.sub(r"[^\w\- ]", "", shown).replace(" ", "-")


def anchors(text):
    """Every anchor a page's headings give (fenced blocks hold no heading)."""
    seen, found = {}, set()
    for line in prose_keeping_code_spans(text):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else "%s-%d" % (base, count))
    return found


def prose_keeping_code_spans(text):
    """A page's lines outside fenced blocks (a heading's `code` is its text)."""
    fence = None
    for line in text.splitlines():
        mark = re.match(r"\s*(```+|~~~+)", line)
        if fence is None and mark:
            fence = mark.group(1)
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
        else:
            yield line


def broken(page, text=None):
    """What is wrong with each relative link of ``page`` (a path; ``text``
    its words, else read), one line each."""
    text = page.read_text(encoding="utf-8") if text is None else text
    problems = []
    for line, target in links(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:...
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            problems.append("%s:%d: %s: no such file" % (page.name, line, target))
            continue
        if anchor and where.suffix == ".md":
            shown = text if where == page else where.read_text(encoding="utf-8")
            if anchor not in anchors(shown):
                problems.append("%s:%d: %s: no heading gives #%s in %s"
                                % (page.name, line, target, anchor, where.name))
    return problems


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(ROOT).as_posix() for page in PAGES])
def test_every_link_and_picture_leads_somewhere(page):
    assert broken(page) == []


def test_the_pages_are_read():
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    assert {"README.md", "docs/board.md", "docs/figures.md", "docs/decisions/README.md"} <= names
    assert sum(len(links(page.read_text(encoding="utf-8"))) for page in PAGES) >= 50


def test_githubs_anchors():
    assert slug("Saves, and what a power cut can lose") == "saves-and-what-a-power-cut-can-lose"
    assert slug("make bench-app") == "make-bench-app"
    assert slug("The `.mpy` on the drive") == "the-mpy-on-the-drive"
    assert slug("Brightness, the idle screen, the battery and the lights") == \
        "brightness-the-idle-screen-the-battery-and-the-lights"
    page = "# A\n## Tests\n```\n# not a heading\n```\n## Tests\n"
    assert anchors(page) == {"a", "tests", "tests-1"}


def test_a_broken_picture_a_missing_page_and_a_wrong_anchor_are_seen():
    # Seeded errors, on a page that sits in docs/: a picture named from the top
    # level, a page that is not there, a heading that is not there; and the same
    # kinds written right, and in code, pass.
    page = ROOT / "docs" / "playing.md"
    text = ("# Playing\n\n## Hint\n\n"
            "![hint](docs/hint.png) ![hint](hint.png)\n"
            "[gone](no-such-page.md) [board](board.md)\n"
            "[wrong](board.md#no-such-heading) [right](#hint) [self, wrong](#hints)\n"
            "`[in code](nowhere.md)`\n```\n[in a block](nowhere.md)\n```\n"
            "[web](https://circuitpython.org/) [figures](figures.md#make-bench-app)\n")
    problems = broken(page, text)
    assert len(problems) == 4, problems
    assert "docs/hint.png: no such file" in problems[0]
    assert "no-such-page.md: no such file" in problems[1]
    assert "#no-such-heading in board.md" in problems[2]
    assert "#hints in playing.md" in problems[3]
