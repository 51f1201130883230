"""Whole runs of ``python code.py`` as subprocesses, headless, HOME at a
temporary directory: screenshots and frames, bad arguments, positions and
rules, and the save file (resumed, kept, backed up)."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from tests.helpers.desktop_helpers import (ROOT, deal_with_move_from_pile_1, files_under, load_png,
                                          run)
from sthelena.core.game import Game


# -- whole runs of code.py ------------------------------------------------


def test_scripted_run_writes_a_screenshot(tmp_path, home):
    shot = tmp_path / "tmp.png"
    done = run(["--deal", 7, "--keys", "RIGHT A", "--shot", shot, "--no-save"], home)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")
    width, height, colours, _ = load_png(shot)
    assert (width, height) == (160, 128)
    assert len(colours) >= 5  # baize, card faces, ink, cursor ...
    assert files_under(home) == []  # --no-save: no save file


def test_shot_scale(tmp_path, home):
    small, big = tmp_path / "small.png", tmp_path / "big.png"
    assert run(["--deal", 3, "--keys", "DOWN", "--shot", small], home).returncode == 0
    assert run(["--deal", 3, "--keys", "DOWN", "--shot", big, "--shot-scale", 2],
               home).returncode == 0
    width, height, _, small_data = load_png(small)
    big_width, big_height, _, big_data = load_png(big)
    assert (big_width, big_height) == (320, 256)
    for x, y in ((0, 0), (5, 17), (80, 64), (159, 127), (33, 101)):
        at = (y * 160 + x) * 3
        big_at = ((2 * y + 1) * 320 + 2 * x + 1) * 3
        assert small_data[at:at + 3] == big_data[big_at:big_at + 3]
    assert files_under(home) == []  # --keys without --save: no save file either


def test_frames_one_per_key_and_one_before(tmp_path, home):
    frames = tmp_path / "frames"
    script = tmp_path / "keys"
    script.write_text("# cursor right, then down\nRIGHT\nDOWN # and down\nstart\n")
    done = run(["--deal", 7, "--keys", "@%s" % script, "--frames", frames, "--no-save"], home)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")
    assert files_under(frames) == ["frame-%04d.png" % index for index in range(4)]
    pictures = [load_png(frames / ("frame-%04d.png" % index))[3] for index in range(4)]
    for before, after in zip(pictures, pictures[1:]):
        assert before != after  # each key changed the screen
    for index in range(4):
        assert load_png(frames / ("frame-%04d.png" % index))[:2] == (160, 128)


def test_same_script_same_pictures(tmp_path, home):
    first, second = tmp_path / "1.png", tmp_path / "2.png"
    keys = "RIGHT RIGHT A DOWN A HOLD_A B SELECT"
    for shot in (first, second):
        done = run(["--deal", 12, "--rules", "louis", "--keys", keys, "--shot", shot], home)
        assert (done.returncode, done.stderr) == (0, "")
    assert load_png(first)[3] == load_png(second)[3]
    assert files_under(home) == []


@pytest.mark.parametrize("args, word", [
    (["--deal", 7, "--keys", "RIGHT JUMP A"], "JUMP"),
    (["--deal", 7, "--rules", "st-helena,wrap=maybe", "--keys", "A"], "wrap=maybe"),
    (["--deal", 7, "--rules", "napoleon", "--keys", "A"], "napoleon"),
    (["--deal", -1, "--keys", "A"], "-1"),
    (["--deal", 2 ** 32, "--keys", "A"], str(2 ** 32)),
    (["--deal", "seven", "--keys", "A"], "seven"),
    (["--position", "st-helena r0 KKKK/AAAA nonsense -", "--keys", "A"], "position"),
    (["--position", Game.deal(5, "louis").notation(), "--deal", 5, "--keys", "A"], "--position"),
    (["--deal", 7], "--save"),  # with --no-save below: a contradiction
    (["--keys", "@/nonexistent/keys.txt"], "keys.txt"),
])
def test_bad_arguments_exit_2_and_do_nothing(tmp_path, home, args, word):
    out = tmp_path / "out"
    out.mkdir()
    extra = ["--save", tmp_path / "out" / "save"]
    if word == "--save":
        extra.append("--no-save")
    done = run(args + ["--shot", out / "shot.png", "--frames", out / "frames"] + extra, home)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.endswith("\n")
    assert done.stderr.startswith("sthelena: ") and word in done.stderr
    assert files_under(out) == [] and files_under(home) == []


@pytest.mark.parametrize("desktop_args, cli_args", [
    (["--deal", "seven"], ["deal", "seven"]),
    (["--deal", "-1"], ["deal", "-1"]),
    (["--deal", str(2 ** 32)], ["deal", str(2 ** 32)]),
    (["--deal", "7", "--rules", "napoleon"], ["deal", "7", "--rules", "napoleon"]),
    (["--position", "st-helena r0 KKKK/AAAA nonsense -"],
     ["moves", "st-helena r0 KKKK/AAAA nonsense -"]),
])
def test_the_window_and_the_cli_read_deals_rules_and_positions_alike(
        capsys, desktop_args, cli_args):
    from sthelena.desktop import cli, window as desktop
    assert desktop.main(desktop_args + ["--keys", "A", "--no-save"]) == 2
    window = capsys.readouterr()
    assert cli.main(cli_args) == 2
    assert (window.out, window.err) == ("", capsys.readouterr().err)
    assert window.err.startswith("sthelena: bad ") and window.err.count("\n") == 1


def test_help_exits_0(capsys):
    from sthelena.desktop import window as desktop
    assert desktop.main(["--help"]) == 0
    assert "--position" in capsys.readouterr().out


def test_argparse_errors_exit_2(home):
    done = run(["--scale", "big"], home)
    assert done.returncode == 2 and done.stdout == ""
    done = run(["--scale", 0, "--keys", "A"], home)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1


def test_position_and_rules_start_the_app(tmp_path, home):
    game = Game.deal(5, "st-helena-pysol")
    for move in list(game.legal_moves())[:1]:
        game.push(move)
    shot_position, shot_deal = tmp_path / "p.png", tmp_path / "d.png"
    done = run(["--position", game.notation(), "--keys", "", "--shot", shot_position], home)
    assert (done.returncode, done.stderr) == (0, "")
    done = run(["--deal", 5, "--rules", "st-helena-pysol", "--keys", "", "--shot", shot_deal],
               home)
    assert (done.returncode, done.stderr) == (0, "")
    assert load_png(shot_position)[3] != load_png(shot_deal)[3]  # one move apart


def test_save_file_resumes_and_survives_garbage(tmp_path, home):
    number = deal_with_move_from_pile_1()
    save = tmp_path / "save"
    garbage = b"\x00garbage\xff" * 10
    save.write_bytes(garbage)
    first, second = tmp_path / "first.png", tmp_path / "second.png"
    # HOLD_A: pick up pile 1's top card and send it on (the quick move)
    done = run(["--deal", number, "--save", save, "--keys", "HOLD_A", "--shot", first], home)
    assert done.returncode == 0
    # The unreadable save is kept, and the player told in one line.
    assert done.stderr.count("\n") == 1 and "kept in %s.bak" % save in done.stderr
    assert (tmp_path / "save.bak").read_bytes() == garbage
    data = save.read_bytes()
    assert data.startswith(b"SR") and b"garbage" not in data  # replaced by a real save
    # no --deal: the app resumes the saved game, which looks just the same
    done = run(["--save", save, "--keys", "", "--shot", second], home)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")
    assert load_png(first)[3] == load_png(second)[3]
    assert files_under(tmp_path) == sorted(["first.png", "home", "save", "save.bak",
                                            "second.png"])
    assert files_under(home) == []


@pytest.mark.slow
def test_deal_rules_or_position_never_replace_a_saved_game_silently(tmp_path, home):
    save = tmp_path / "save"
    done = run(["--deal", 5, "--save", save, "--keys", "HOLD_A"], home)
    assert (done.returncode, done.stderr) == (0, "")  # no save yet: nothing to keep
    saved = save.read_bytes()
    # The same rules as the saved game's: it is resumed, nothing to keep.
    done = run(["--rules", "st-helena", "--save", save, "--keys", "RIGHT"], home)
    assert (done.returncode, done.stderr) == (0, "")
    saved = save.read_bytes()
    backups = []
    for args in (["--deal", 6], ["--rules", "louis"],
                 ["--position", Game.deal(7).notation()]):
        done = run(args + ["--save", save, "--keys", "HOLD_A"], home)
        backups.append(tmp_path / ("save.bak" if not backups else "save.bak%d"
                                   % (len(backups) + 1)))
        assert done.returncode == 0 and done.stderr.count("\n") == 1, done.stderr
        assert "is kept in %s; this run plays another" % backups[-1] in done.stderr
        assert backups[-1].read_bytes() == saved  # the game before this run, whole
        saved = save.read_bytes()
    assert backups[0].read_bytes() != backups[1].read_bytes()  # none replaced
    # A position already won is counted as it starts: still not before the backup.
    won = "st-helena r0 AAAA/KKKK " + "/".join(["-"] * 12) + " -"
    done = run(["--position", won, "--save", save, "--keys", ""], home)
    assert done.returncode == 0 and "kept in %s.bak4" % save in done.stderr
    assert (tmp_path / "save.bak4").read_bytes() == saved
    # The latest backup, copied back, resumes as it was.
    shutil.copy(backups[1], save)
    done = run(["--save", save, "--keys", ""], home)
    assert (done.returncode, done.stderr) == (0, "")
    assert save.read_bytes() == backups[1].read_bytes()  # resumed: nothing changed


def test_a_saved_game_that_cannot_be_backed_up_is_not_played_over(tmp_path, home):
    save = tmp_path / "save"
    assert run(["--deal", 5, "--save", save, "--keys", "HOLD_A"], home).returncode == 0
    saved = save.read_bytes()
    script = textwrap.dedent("""
        import sys
        from sthelena.desktop import window as desktop, store as desktop_store
        def full_disk(store):
            raise OSError(28, "No space left on device")

        desktop_store.FileStore.keep_backup = full_disk
        sys.exit(desktop.main(sys.argv[1:]))
        """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home))
    done = subprocess.run([sys.executable, "-c", script, "--deal", "6", "--save", str(save),
                           "--keys", "HOLD_A"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "cannot be backed up (No space left on device): not playing over it" in done.stderr
    assert save.read_bytes() == saved and files_under(tmp_path) == ["home", "save"]
