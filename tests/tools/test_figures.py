"""docs/figures.md and make figures (tools/bench/figures.py): a bench's
section saved with its stamp, the page assembled from the sections in the
Makefile's order, a section kept where no new one was measured."""

import os
import subprocess

from tools.bench import figures, report
from tests.helpers import ROOT

MAKEFILE = os.path.join(ROOT, "Makefile")


def test_a_bench_saves_what_it_prints_stamped(tmp_path, capsys):
    with report.section("bench-app", str(tmp_path)):
        report.at_most("heap", 2048, 4096, "KB")
        report.goal("start", "700 ms", "<= 600 ms", False)
    saved = (tmp_path / "bench-app.md").read_text()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    assert saved.startswith("Measured at " + commit)
    assert "%d CPUs" % os.cpu_count() in saved
    assert "1 of 2 goals met." in saved
    assert "heap: 2.0 KB; goal <= 4.0 KB: met" in saved
    assert "start: 700 ms; goal <= 600 ms: NOT MET" in capsys.readouterr().out


def test_a_failing_bench_saves_nothing(tmp_path):
    try:
        with report.section("bench-app", str(tmp_path)):
            raise RuntimeError("the VM failed")
    except RuntimeError:
        pass
    assert not (tmp_path / "bench-app.md").exists()


def test_the_page_from_fragments_in_the_makefiles_order(tmp_path):
    targets = figures.bench_targets(MAKEFILE)
    assert targets[0] == "bench" and "bench-firmware" in targets and "bench-web" in targets
    fragments = tmp_path / "figures"
    fragments.mkdir()
    (fragments / "bench-hint.md").write_text("Measured at abc1234, new.\n")
    page = tmp_path / "figures.md"
    page.write_text("# Figures\n\nOur intro.\n\n## make bench-hint\n\nold hint\n\n"
                    "## make bench-app\n\nMeasured at 0000000, kept.\n")
    text = figures.assemble(MAKEFILE, str(page), str(fragments))
    intro, sections = figures.sections(text)
    assert intro == "# Figures\n\nOur intro.\n\n"
    assert list(sections) == targets
    assert sections["bench-hint"] == "Measured at abc1234, new.\n"
    assert sections["bench-app"] == "Measured at 0000000, kept.\n"
    assert sections["bench-web"] == "Not measured yet.\n"
    page.write_text(text)
    assert figures.assemble(MAKEFILE, str(page), str(tmp_path / "none")) == text


def test_every_bench_target_has_its_section_in_docs_figures():
    with open(os.path.join(ROOT, "docs", "figures.md")) as file:
        _, sections = figures.sections(file.read())
    assert list(sections) == figures.bench_targets(MAKEFILE)


def test_each_bench_target_runs_a_module_of_tools_bench_saving_its_section():
    with open(MAKEFILE) as file:
        text = file.read()
    for target in figures.bench_targets(MAKEFILE):
        module = text.split("\n%s:" % target, 1)[1].split("-m tools.bench.", 1)[1].split()[0]
        with open(os.path.join(ROOT, "tools", "bench", module + ".py")) as file:
            assert 'run("%s", main)' % target in file.read(), target


def test_a_percentile_is_the_nearest_rank():
    twenty = list(range(20, 0, -1))
    assert report.percentile(twenty, 0.9) == 18  # 18 of the 20 are at most it
    assert report.percentile(twenty, 0.5) == 10 and report.percentile(twenty, 1.0) == 20
    assert report.percentile([7], 0.9) == 7 and report.percentile([], 0.9) == 0
