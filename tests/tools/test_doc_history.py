"""The pages a reader reads say how things are, not how they came to be: no
issue number ("issue 40", "#40") and no commit hash in the README, docs/ (the
changelog and figures.md included) and docs/decisions/. The history is git's:
an issue's number or a commit means nothing to a player, and a page full of
them reads as a lab notebook.

Two places may name commits: the section "Retired benchmarks" of
docs/development.md, where a benchmark removed from the tools can be found
again (``git show COMMIT:path``), and the stamps of docs/figures.md ("Measured
at COMMIT, DATE, on MACHINE", which ``make figures`` writes), which say what
code was measured. Neither may name an issue.

A commit hash is 7 to 40 hex digits standing alone that mix digits and
letters, or that this repository's git knows as a commit (so an all-letter
hash such as ``deadbee`` is seen too where git has it)."""

import re
import subprocess
from functools import lru_cache

import pytest

from tests.helpers import ROOT
from tests.tools.test_doc_links import prose

PAGES = ([ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
         + sorted((ROOT / "docs" / "decisions").glob("*.md")))
# (page, heading of the one section that may name commits)
MAY_NAME_COMMITS = ("docs/development.md", "## Retired benchmarks")
STAMP = re.compile(r"^Measured at ([0-9a-f]{7,40})\b")  # docs/figures.md's sections
ISSUE = re.compile(r"\b(?:issues?|pull requests?|PRs?)\s+#?\d+", re.I)
ISSUE_MARK = re.compile(r"(?<![\w&#/=])#\d+\b")  # "#40" in prose (a status line's "#2026" is code)
HEX = re.compile(r"(?<![\w./@#-])[0-9a-f]{7,40}(?![\w-])")
MIXED = re.compile(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])")


@lru_cache(maxsize=None)
def is_commit(word):
    """Whether this repository's git knows ``word`` as (the start of) a commit."""
    done = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", word + "^{commit}"],
                          capture_output=True)
    return done.returncode == 0


def hashes(line, known=is_commit):
    return [word for word in HEX.findall(line) if MIXED.match(word) or known(word)]


def history(text, commits=True, known=is_commit):
    """``(line, words)`` for each issue number (and, with ``commits``, each
    commit hash) in ``text``."""
    found = []
    for number, (line, said) in enumerate(zip(text.splitlines(), prose(text).splitlines()), 1):
        found += [(number, match.group(0)) for match in ISSUE.finditer(line)]
        found += [(number, match.group(0)) for match in ISSUE_MARK.finditer(said)]
        if commits:
            found += [(number, word) for word in hashes(line, known)]
    return sorted(found, key=lambda item: item[0])


def split_off(text, heading):
    """``(text without the section under heading, that section)``, the
    section running to the next heading of the same level or higher; its
    lines are emptied in the first, so that line numbers still hold."""
    lines = text.splitlines()
    level = len(heading) - len(heading.lstrip("#"))
    inside, rest, section = False, [], []
    for line in lines:
        if line.strip() == heading:
            inside = True
        elif inside and re.match(r"#{1,%d}\s" % level, line):
            inside = False
        (section if inside else rest).append(line)
        if inside:
            rest.append("")
    return "\n".join(rest), "\n".join(section)


def name(page):
    return page.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("page", PAGES, ids=[name(page) for page in PAGES])
def test_no_issue_numbers_or_commit_hashes_in_the_pages(page):
    text = page.read_text(encoding="utf-8")
    if name(page) == MAY_NAME_COMMITS[0]:
        text, section = split_off(text, MAY_NAME_COMMITS[1])
        assert section, "%s has no section %r" % MAY_NAME_COMMITS
        assert history(section, commits=False) == []
    if name(page) == "docs/figures.md":
        text = "\n".join(STAMP.sub("Measured at", line) for line in text.splitlines())
    assert history(text) == []


def test_a_figures_stamp_may_name_its_commit_and_nothing_else_may():
    stamped = "## make bench\n\nMeasured at 1ce8f29, 2026-11-28, on Linux.\n\nbefore 1ce8f29\n"
    text = "\n".join(STAMP.sub("Measured at", line) for line in stamped.splitlines())
    assert history(text, known=lambda word: False) == [(5, "1ce8f29")]


def test_only_the_retired_benchmarks_section_may_name_commits():
    text = (ROOT / MAY_NAME_COMMITS[0]).read_text(encoding="utf-8")
    rest, section = split_off(text, MAY_NAME_COMMITS[1])
    assert section.startswith(MAY_NAME_COMMITS[1]) and history(rest) == []
    # Whatever it names is a commit git has, so that it can be found again
    # (where the clone has the history: a shallow one has not).
    shallow = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--is-shallow-repository"],
                             capture_output=True, text=True).stdout.strip() != "false"
    if not shallow:
        assert [word for word in hashes(section) if not is_commit(word)] == []
    # The same words under another heading are seen.
    seeded = "## Layout\nat `1ce8f29^`\n## Retired benchmarks\n- at `1ce8f29^`\n"
    assert [word for _, word in history(split_off(seeded, MAY_NAME_COMMITS[1])[0],
                                        known=lambda word: False)] == ["1ce8f29"]


def test_issue_numbers_and_hashes_are_seen_and_other_numbers_are_not():
    # Seeded: each kind the pages had.
    seeded = ("measured before issue 40 (issue 41's store); Issue 43 asked, as #44 did\n"
              "at commit 1ce8f29, paired with e430050; `git show 75deeda:tools/x.py`\n"
              "a full sha 6395e9724c8242f9b2e0171bf30f545ceb9b80bb, and deadbeef\n")
    known = {"deadbeef"}.__contains__
    assert [words for _, words in history(seeded, known=known)] == [
        "issue 40", "issue 41", "Issue 43", "#44", "1ce8f29", "e430050", "75deeda",
        "6395e9724c8242f9b2e0171bf30f545ceb9b80bb", "deadbeef"]
    assert [line for line, _ in history(seeded, commits=False)] == [1, 1, 1, 1]
    # Not history: deal and board numbers, addresses, versions, words of hex letters.
    innocent = ("`#2026 StH R2`, deal 4294967295, flash offset 0x100000, 1.29.0-6, a decade,\n"
                "10.3.0-alpha.4-53-gcd3da4a5d8, #deal=123&rules=louis, 160x128, 8,088 bytes,\n"
                "[link](#make-bench-app), effaced\n")
    assert history(innocent, known=lambda word: False) == []


def test_a_section_is_split_off_to_its_next_heading():
    text = "# Page\n## A\na 1ce8f29\n## Retired benchmarks\nb 1ce8f29\n### sub\nc\n## D\nd\n"
    rest, section = split_off(text, "## Retired benchmarks")
    assert section == "## Retired benchmarks\nb 1ce8f29\n### sub\nc"
    assert rest.splitlines() == ["# Page", "## A", "a 1ce8f29", "", "", "", "", "## D", "d"]
    assert history(rest, known=lambda word: False) == [(3, "1ce8f29")]


def test_the_readme_is_short():
    # The README is for players and CircuitPython users; the rest is in docs/.
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 120, len(lines)
