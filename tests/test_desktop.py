"""The desktop edge (sthelena/desktop.py, code.py): key scripts, the file
store, the speaker, and whole runs of ``python code.py`` as subprocesses.

Blinka allows one display per process, and the suite's other tests may hold
it, so everything that needs a display runs in a subprocess of its own;
those runs are headless (SDL's dummy drivers) with HOME pointed at a
temporary directory, so no test can touch the real save file.
"""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sthelena.app.buttons import A, B, DOWN, HOLD, LEFT, RIGHT, SELECT, START, UP
from sthelena.app.sounds import CLICK, ERROR, FANFARE, TUNES
from sthelena.cli import CliError
from sthelena.desktop_keys import KEYS, parse_keys, read_keys
from sthelena.desktop_run import frame_path
from sthelena.desktop_sound import Speaker, square_wave
from sthelena.desktop_store import FileStore, MemoryStore
from sthelena.game import Game

ROOT = Path(__file__).resolve().parent.parent


# -- helpers ------------------------------------------------------------


@pytest.fixture
def home(tmp_path):
    """A stand-in home directory for subprocesses (their default save file)."""
    path = tmp_path / "home"
    path.mkdir()
    return path


def run(args, home, timeout=120):
    """``python code.py ARGS`` from the repo root, headless, HOME at ``home``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(home), USERPROFILE=str(home))
    return subprocess.run([sys.executable, "code.py"] + [str(arg) for arg in args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)


def load_png(path):
    """A PNG as (width, height, set of colours)."""
    import pygame

    image = pygame.image.load(str(path))
    width, height = image.get_size()
    data = pygame.image.tobytes(image, "RGB")
    colours = set(data[index:index + 3] for index in range(0, len(data), 3))
    return width, height, colours, data


def files_under(path):
    return sorted(str(item.relative_to(path)) for item in Path(path).rglob("*"))


def deal_with_move_from_pile_1():
    """A deal number whose pile 1 (where the cursor starts) has a legal move."""
    for number in range(1000):
        if any(move // 20 == 0 for move in Game.deal(number, "st-helena").legal_moves()):
            return number
    raise AssertionError("no deal under 1000 with a move from pile 1")


# -- key scripts ----------------------------------------------------------


def test_key_names_any_case_and_held_a():
    assert parse_keys("RIGHT right Right a B start SELECT up DOWN left") == [
        RIGHT, RIGHT, RIGHT, A, B, START, SELECT, UP, DOWN, LEFT]
    assert parse_keys("HOLD_A a+hold") == [A | HOLD, A | HOLD]
    assert parse_keys("") == []
    assert parse_keys("  \n\t ") == []


def test_key_script_comments_and_lines():
    text = "# open the menu\nSTART  # menu\n\nDOWN\tDOWN\nA # choose\n#B\n"
    assert parse_keys(text) == [START, DOWN, DOWN, A]


def test_key_file(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("right # one\nA\n# nothing here: B\nhold_a\n")
    assert read_keys("@%s" % script) == [RIGHT, A, A | HOLD]
    assert read_keys("RIGHT A") == [RIGHT, A]


def test_unknown_key_names_the_word():
    with pytest.raises(CliError, match="'JUMP'"):
        parse_keys("RIGHT JUMP A")
    with pytest.raises(CliError, match="'AA'"):
        parse_keys("# fine\nAA")
    with pytest.raises(CliError, match="cannot read key file"):
        read_keys("@/nonexistent/keys.txt")


def test_keyboard_table_names_real_keys():
    import pygame

    for name in KEYS:
        assert isinstance(getattr(pygame, name), int)
    assert sorted(set(KEYS.values())) == [UP, DOWN, LEFT, RIGHT, A, B, START, SELECT]


def test_frame_names_sort_in_order(tmp_path):
    names = [os.path.basename(frame_path(str(tmp_path), index, 12000))
             for index in (0, 9, 10, 12000)]
    assert names == sorted(names)
    assert names[0] == "frame-00000.png"
    assert os.path.basename(frame_path(str(tmp_path), 3, 5)) == "frame-0003.png"


# -- the file store -------------------------------------------------------


def test_file_store_round_trip(tmp_path):
    store = FileStore(str(tmp_path / "save"))
    assert store.load() is None  # no file yet
    store.save(b"SA\x00first")
    assert store.load() == b"SA\x00first"
    store.save(bytearray(b"second, longer than the first"))
    assert store.load() == b"second, longer than the first"
    store.save(b"3")
    assert store.load() == b"3"
    assert files_under(tmp_path) == ["save"]  # no temporary files left over


def test_file_store_survives_garbage_and_odd_paths(tmp_path):
    garbage = tmp_path / "garbage"
    garbage.write_bytes(bytes(range(256)) * 3)
    assert FileStore(str(garbage)).load() == bytes(range(256)) * 3  # the app judges it
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    assert FileStore(str(empty)).load() is None
    assert FileStore(str(tmp_path)).load() is None  # a directory: unreadable
    missing_dir = FileStore(str(tmp_path / "no" / "such" / "save"))
    assert missing_dir.load() is None
    with pytest.raises(OSError):
        missing_dir.save(b"data")


def test_file_store_failed_save_keeps_the_old_one(tmp_path, monkeypatch):
    path = tmp_path / "save"
    store = FileStore(str(path))
    store.save(b"old save")

    def crash(source, target):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk gone"):
        store.save(b"new save, never finished")
    monkeypatch.undo()
    assert store.load() == b"old save"
    assert files_under(tmp_path) == ["save"]


def test_memory_store():
    store = MemoryStore()
    assert store.load() is None
    store.save(bytearray(b"abc"))
    assert store.load() == b"abc"


# -- the speaker ------------------------------------------------------------


def test_silent_speaker_records_sounds():
    speaker = Speaker(audio=False)
    for sound in (CLICK, ERROR, CLICK, FANFARE):
        speaker.play(sound)
    assert speaker.played == [CLICK, ERROR, CLICK, FANFARE]
    assert speaker.sounds == {}


def test_square_wave():
    samples = square_wave([(1000, 10)], 8000)
    assert len(samples) == 80
    assert str(samples.dtype) == "int16"
    top = int(samples.max())
    assert 3000 < top < 8000 and int(samples.min()) == -top  # quiet, and symmetric
    assert list(samples[:8]) == [top] * 4 + [-top] * 4  # 1 kHz at 8 kHz: 4 up, 4 down
    assert int(samples[-1]) == 0  # faded out: no click at the end
    # 1760 Hz at 8 kHz: half periods of 2 or 3 samples, 1760 periods a second
    high = square_wave([(1760, 100)], 8000) > 0
    assert list(high[:10]) == [True] * 3 + [False] * 2 + [True] * 2 + [False] * 3
    assert sum(1 for index in range(1, 800) if high[index] and not high[index - 1]) == 175
    stereo = square_wave([(440, 5), (880, 5)], 22050, channels=2)
    assert len(stereo) == 2 * (110 + 110)
    assert list(stereo[0::2]) == list(stereo[1::2])


def test_mixer_speaker_makes_every_sound():
    speaker = Speaker(audio=True)  # SDL's dummy audio driver: the mixer starts
    assert sorted(speaker.sounds) == [CLICK, ERROR, FANFARE]
    lengths = dict((sound, tone.get_length()) for sound, tone in speaker.sounds.items())
    assert lengths[CLICK] < 0.05 < lengths[ERROR] < lengths[FANFARE] < 1.0
    # each tone is its notes in sounds.TUNES, the board's table too
    for sound, notes in enumerate(TUNES):
        assert abs(lengths[sound] - sum(ms for _, ms in notes) / 1000) < 0.001, sound
    speaker.play(FANFARE)
    speaker.play(CLICK)
    assert speaker.played == [FANFARE, CLICK]


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
    from sthelena import cli, desktop

    assert desktop.main(desktop_args + ["--keys", "A", "--no-save"]) == 2
    window = capsys.readouterr()
    assert cli.main(cli_args) == 2
    assert (window.out, window.err) == ("", capsys.readouterr().err)
    assert window.err.startswith("sthelena: bad ") and window.err.count("\n") == 1


def test_help_exits_0(capsys):
    from sthelena import desktop

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
        from sthelena import desktop, desktop_store

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


# -- the window and the keyboard, in a process of their own ------------------

WINDOW_CHECK = textwrap.dedent("""
    import os, sys
    import numpy, pygame
    from sthelena import desktop
    from sthelena.app.buttons import A, B, HOLD, RIGHT
    from sthelena.app.game_app import App
    from sthelena.app.layout import step
    from sthelena.app.sheet import load_sheet
    from sthelena.app.sounds import ERROR
    from sthelena.game import Game
    import displayio

    DEAL, SCALE = int(sys.argv[1]), int(sys.argv[2])
    display = desktop.Display(scale=SCALE)
    speaker = desktop.Speaker()
    store = desktop.MemoryStore()
    app = App(display, store, speaker, load_sheet(desktop.SHEET_PATH), deal=DEAL)

    def arrays():
        frame = pygame.surfarray.array3d(display.frame())
        window = pygame.surfarray.array3d(display.window_surface())
        return frame, window

    # the window shows the frame, each pixel as a SCALE x SCALE square
    desktop.run_script(app, display, [RIGHT, A, B, B])
    assert speaker.played[-1] == ERROR, speaker.played  # B, B: cancel, then nothing to undo
    frame, window = arrays()
    assert frame.shape == (160, 128, 3) and window.shape == (160 * SCALE, 128 * SCALE, 3)
    assert len(numpy.unique(frame.reshape(-1, 3), axis=0)) >= 5
    for k in range(SCALE):
        for j in range(SCALE):
            assert (window[k::SCALE, j::SCALE] == frame).all(), (k, j)
    for x, y in ((0, 0), (159, 127), (40, 30), (77, 100)):
        assert display.pixel(x, y) == tuple(int(c) for c in frame[x, y])
        for k in (0, SCALE - 1):
            assert tuple(display.window_surface().get_at((x * SCALE + k, y * SCALE + k)))[:3] \\
                == display.pixel(x, y)

    # redrawing only what changed gives what a full redraw gives
    desktop.run_script(app, display, [RIGHT, RIGHT, A, RIGHT, A])
    kept = pygame.surfarray.array3d(display.frame())
    display.root_group = displayio.Group()
    display.root_group = app.view.group  # a new root: displayio redraws everything
    display.refresh()
    assert (pygame.surfarray.array3d(display.frame()) == kept).all()

    # the keyboard: a tap moves the cursor, X held gives the quick move, Esc quits
    def key(kind, name):
        pygame.event.post(pygame.event.Event(kind, key=getattr(pygame, name)))

    cursor = app.cursor
    moves = len(app.game.move_stack())
    for name in ("K_RIGHT", "K_LEFT", "K_RIGHT"):
        key(pygame.KEYDOWN, name)
        key(pygame.KEYUP, name)
    key(pygame.KEYDOWN, "K_ESCAPE")
    desktop.run_interactive(app, display)
    assert app.cursor == step(cursor, RIGHT), (cursor, app.cursor)
    assert len(app.game.move_stack()) == moves

    app.start(Game.deal(DEAL, "st-helena"))  # afresh: pile 1 has a move in this deal
    app.cursor = 0
    moves = len(app.game.move_stack())
    times = iter(range(0, 10 ** 6, 50))  # a clock 50 ms on at each look

    def clock():
        now = next(times)
        if now == 2000:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return now / 1000

    key(pygame.KEYDOWN, "K_x")  # held past 500 ms: A, then A | HOLD
    desktop.run_interactive(app, display, clock=clock)
    assert len(app.game.move_stack()) == moves + 1, app.game.move_stack()
    print("ok")
""")


def test_window_is_the_frame_scaled_and_keys_drive_the_app(tmp_path, home):
    script = tmp_path / "window_check.py"
    script.write_text(WINDOW_CHECK)
    number = deal_with_move_from_pile_1()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [os.environ.get("PYTHONPATH", "")]))
    for scale in (3, 4):
        done = subprocess.run([sys.executable, str(script), str(number), str(scale)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stderr, done.stdout) == (0, "", "ok\n")
