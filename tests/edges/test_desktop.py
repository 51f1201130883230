"""The desktop edge (sthelena/desktop/window.py): key scripts, the file store, the
speaker, and the window driven by the keyboard in a process of its own.
Whole runs of ``python code.py`` are in test_desktop_runs.py.

Blinka allows one display per process, and the suite's other tests may hold
it, so everything that needs a display runs in a subprocess of its own;
those runs are headless (SDL's dummy drivers) with HOME pointed at a
temporary directory, so no test can touch the real save file.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from tests.helpers.desktop_helpers import ROOT, deal_with_move_from_pile_1, files_under
from sthelena.app.buttons import A, B, DOWN, HOLD, LEFT, RIGHT, SELECT, START, UP
from sthelena.app.sounds import CLICK, ERROR, FANFARE, HINT_FOUND, TUNES
from sthelena.desktop.cli import CliError
from sthelena.desktop.keys import KEYS, parse_keys, read_keys
from sthelena.desktop.run import frame_path
from sthelena.desktop.sound import Speaker, square_wave
from sthelena.desktop.store import FileStore, MemoryStore


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
    assert sorted(speaker.sounds) == [CLICK, ERROR, FANFARE, HINT_FOUND]
    lengths = dict((sound, tone.get_length()) for sound, tone in speaker.sounds.items())
    assert lengths[CLICK] < 0.05 < lengths[HINT_FOUND] < lengths[ERROR] < lengths[FANFARE] < 1.0
    # each tone is its notes in sounds.TUNES, the board's table too
    for sound, notes in enumerate(TUNES):
        assert abs(lengths[sound] - sum(ms for _, ms in notes) / 1000) < 0.001, sound
    speaker.play(FANFARE)
    speaker.play(CLICK)
    assert speaker.played == [FANFARE, CLICK]


# -- the window and the keyboard, in a process of their own ------------------

WINDOW_CHECK = textwrap.dedent("""
    import os, sys
    import numpy, pygame
    from sthelena.desktop import window as desktop
    from sthelena.app.buttons import A, B, HOLD, RIGHT
    from sthelena.app.game_app import App
    from sthelena.app.table.layout import step
    from sthelena.app.table.sheet import load_sheet
    from sthelena.app.sounds import ERROR
    from sthelena.core.game import Game
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
