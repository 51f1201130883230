"""Win rates and the solver's commands: ``solve`` and ``stats``."""

import json

import pytest

from sthelena.desktop.cli import main
from sthelena.core.game import Game
from sthelena.solver.winrate import run_stats, wilson, win_rate_interval

EMPTY11 = "/-" * 11
ALMOST_WON = "st-helena r0 AAAA/QKKK -/-/-/-/KS%s -" % ("/-" * 7)
LOST = "st-helena,spaces=none,redeals=0 r0 AAAA/QKKK KS%s -" % EMPTY11


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- the Wilson interval against worked figures --------------------------------


@pytest.mark.parametrize("won, count, low, high", [
    (50, 100, 0.4038, 0.5962),   # the textbook half-and-half case
    (0, 10, 0.0, 0.2775),        # none won: the upper bound is not zero
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (300, 1000, 0.2724, 0.3292),  # "30%" over a thousand deals
])
def test_wilson_interval_worked_figures(won, count, low, high):
    got_low, got_high = wilson(won, count)
    assert got_low == pytest.approx(low, abs=1e-4)
    assert got_high == pytest.approx(high, abs=1e-4)


def test_unknowns_count_as_losses_below_and_as_wins_above():
    rate, low, high = win_rate_interval(80, 10, 10)
    assert rate == pytest.approx(80 / 90)
    assert low == pytest.approx(wilson(80, 100)[0])
    assert high == pytest.approx(wilson(90, 100)[1])
    assert win_rate_interval(0, 0, 5)[0] is None


# -- solve ------------------------------------------------------------------------


def test_solve_json_lists_moves_that_win(capsys):
    code, out, err = run(capsys, "solve", ALMOST_WON, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"result", "moves", "nodes", "seconds"}
    assert data["result"] == "win"
    code, out, _ = run(capsys, "play", ALMOST_WON, *data["moves"])
    assert code == 0
    assert Game.from_notation(out.strip()).is_won()


def test_solve_a_deal_by_number(capsys):
    code, out, err = run(capsys, "solve", "--deal", "7", "--rules", "st-helena", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["result"] == "win"
    game = Game.deal(7, "st-helena")
    code, out, _ = run(capsys, "play", "7", *data["moves"])
    assert Game.from_notation(out.strip()).is_won()
    code, text, _ = run(capsys, "solve", "7")
    assert text.startswith("win in %d moves" % len(data["moves"]))
    assert text.splitlines()[1].split() == data["moves"]
    assert game.notation()  # the deal itself is untouched by solving


def test_solve_reports_a_proved_loss(capsys):
    code, out, _ = run(capsys, "solve", LOST, "--json")
    assert code == 0
    assert json.loads(out)["result"] == "loss"
    assert json.loads(out)["moves"] == []
    code, out, _ = run(capsys, "solve", LOST)
    assert out.startswith("loss: proved lost")


@pytest.mark.parametrize("argv, message", [
    (("solve",), "give a POSITION or --deal N"),
    (("solve", "3", "--deal", "4"), "not both"),
    (("solve", "--deal", "x"), "bad deal number"),
    (("solve", "3", "--budget", "0"), "bad budget"),
    (("solve", "3", "--budget", "soon"), "bad budget"),
    (("solve", "st-helena r9 nonsense"), "bad position"),
    (("solve", "3", "--rules", "chess"), "bad rules"),
    (("stats", "--deals", "5-2"), "bad deal range"),
    (("stats", "--deals", "1-"), "bad deal range"),
    (("stats", "--deals", "1-3", "--jobs", "0"), "bad jobs"),
    (("stats", "--deals", "1-3", "--rules", "x"), "bad rules"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


# -- stats ------------------------------------------------------------------------


def test_stats_counts_add_up_and_jobs_agree(capsys):
    code, out, err = run(capsys, "stats", "--deals", "1-6", "--budget", "10", "--json")
    assert code == 0
    assert err == ""  # no progress line: stderr is not a terminal
    data = json.loads(out)
    assert data["count"] == 6
    assert data["won"] + data["lost"] + data["unknown"] == 6
    low, high = data["interval"]
    assert 0 <= low <= high <= 1
    parallel = run_stats(1, 6, Game("st-helena").rules, 10.0, jobs=2)
    assert (parallel["won"], parallel["lost"], parallel["unknown"]) == \
        (data["won"], data["lost"], data["unknown"])
    code, text, _ = run(capsys, "stats", "--deals", "1-2")
    assert "won" in text and "Wilson interval" in text


def test_stats_results_file(capsys, tmp_path):
    path = tmp_path / "results.jsonl"
    code, out, _ = run(capsys, "stats", "--deals", "7-8", "--results", str(path), "--json")
    assert code == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(row["deal"] for row in rows) == [7, 8]
    assert sum(row["result"] == "win" for row in rows) == json.loads(out)["won"]
    code, _, err = run(capsys, "stats", "--deals", "7-8", "--results", str(tmp_path / "no" / "x"))
    assert code == 2 and "cannot write" in err


def test_stats_progress_line_on_a_terminal():
    class Terminal:
        def __init__(self):
            self.text = ""

        def isatty(self):
            return True

        def write(self, text):
            self.text += text

        def flush(self):
            pass

    stream = Terminal()
    figures = run_stats(7, 8, Game("st-helena").rules, 10.0, stream=stream)
    assert "2/2 deals" in stream.text
    assert figures["count"] == 2


def load_bench_solver():
    from tools.bench import bench_solver

    return bench_solver


def test_bench_solver_results_lines_read_back(tmp_path, capsys):
    """tools/bench/bench_solver.py --results writes the lines ``--from`` reads
    (into a folder it makes first)."""
    bench_solver = load_bench_solver()
    (tmp_path / "a file").write_text("")
    with pytest.raises(SystemExit) as exit_:  # refused before any deal is solved
        bench_solver.main(["--deals", "7", "--results", str(tmp_path / "a file" / "results")])
    assert exit_.value.code == 2
    assert "--results: cannot make the folder" in capsys.readouterr().err
    folder = tmp_path / "new" / "results"
    bench_solver.main(["--deals", "7-8", "--rules", "st-helena", "--results", str(folder)])
    made = capsys.readouterr().out
    lines = [json.loads(line) for line in (folder / "st-helena.jsonl").read_text().splitlines()]
    assert [line["deal"] for line in lines] == [7, 8]
    assert {line["result"] for line in lines} == {"win"}
    assert "st-helena: 2 of 2 deals decided: met" in made
    assert "st-helena: every win replays: met" in made
    bench_solver.main(["--deals", "7-8", "--rules", "st-helena", "--from", str(folder)])
    read = capsys.readouterr().out
    row = [line for line in read.splitlines() if line.startswith("st-helena ")][0].split()
    assert row[1:5] == ["this", "2", "0", "0"]
    assert float(row[10]) == pytest.approx(sum(line["cpu"] for line in lines), abs=0.06)


def test_bench_solver_pairs_two_revisions(capsys):
    """``--against REV`` solves each deal with both solvers and prints ratios."""
    bench_solver = load_bench_solver()
    bench_solver.main(["--deals", "3,5", "--rules", "louis", "--against", "HEAD", "--jobs", "2"])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("louis ")]
    assert [row[1] for row in rows[:2]] == ["this", rows[1][1]] and rows[1][1] != "this"
    assert rows[0][2] == rows[1][2] == "2"  # both won both deals
    assert rows[2][1] == "ratio" and "contradictions: none" in " ".join(rows[2])
    assert "louis: every win replays: met" in out


def test_bench_solver_counts_a_win_that_does_not_replay():
    bench_solver = load_bench_solver()
    rows = [{"deal": 3, "result": "win", "moves": [0], "nodes": 5, "seconds": 0.5,
             "peak_kb": 1024}]
    assert bench_solver.figures(rows, "louis")["bad_replays"] == 1
    assert bench_solver.contradictions(rows, [dict(rows[0], result="loss")]) == [3]


def test_bench_solver_names_a_bad_rule_set(capsys):
    bench_solver = load_bench_solver()
    with pytest.raises(SystemExit) as exit_:
        bench_solver.main(["--deals", "1", "--rules", "box-kite,louis"])
    assert exit_.value.code == 2
    assert "rule sets are separated by ;" in capsys.readouterr().err
