"""The Fruit Jam OS app folder (``make fruitjam``) and the desktop playing the
Fruit Jam (``python code.py --board fruit-jam``): what the folder
holds, the keyboard's keys, and the desktop's shots at the Fruit Jam's
resolution showing the handheld's very table three times larger (code.py
choosing the Fruit Jam's edge: test_fruitjam_code_py.py)."""

import json
import struct

import pytest

from tests.helpers.desktop_helpers import ROOT, deal_with_move_from_pile_1, load_png, run
from sthelena.app import buttons
from sthelena.fruitjam.inputs import LEAVE, KeyboardSource
from tools.build import board_mpy, fruitjam_app
from tools.build.board_libs import FRUIT_JAM_LIBRARIES
from tools.build.bundle import BundleError


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return fruitjam_app.build_app(str(tmp_path_factory.mktemp("fruitjam")))


@pytest.mark.slow
def test_the_folder_holds_what_the_launcher_and_the_game_read(folder, tmp_path):
    from pathlib import Path

    folder = Path(folder)
    assert folder.name == "sthelena"
    assert json.loads((folder / "metadata.json").read_text()) == {"title": "St. Helena",
                                                                  "icon": "icon.bmp"}
    assert (folder / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    for name in fruitjam_app.ASSETS:
        assert (folder / "assets" / name).read_bytes() == (ROOT / "assets" / name).read_bytes()
    libraries = {name for _, files in FRUIT_JAM_LIBRARIES for name in files}
    for name in libraries:
        assert (folder / name).is_file(), name
    # The game as CircuitPython's .mpy of the sources as they are, and no .py
    # of it: the board only loads it (a .py would be compiled, and first).
    game = folder / "sthelena_fruitjam.mpy"
    assert game.read_bytes() == (ROOT / "lib" / "sthelena_fruitjam.mpy").read_bytes()
    assert board_mpy.stale(str(game), fruitjam_app.bundle_source()) is None
    assert sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.py")) == \
        sorted(["code.py"] + [name for name in libraries if name.endswith(".py")])
    icon = (folder / "icon.bmp").read_bytes()
    width, height, _, bits = struct.unpack("<iiHH", icon[18:30])
    assert icon[:2] == b"BM" and (width, height, bits) == (64, 64, 4)  # as Fruit Jam OS's own
    again = Path(fruitjam_app.build_app(str(tmp_path)))  # the same bytes every build
    assert sorted(p.relative_to(again).as_posix() for p in again.rglob("*")) == \
        sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
    assert (again / "icon.bmp").read_bytes() == icon


@pytest.mark.parametrize("change", ["stale", "missing", "micropythons"])
def test_the_folder_is_not_built_with_a_stale_or_missing_mpy(tmp_path, change):
    # A copy of the repository's sources, its lib/sthelena_fruitjam.mpy spoilt.
    import shutil

    root = tmp_path / "repository"
    for name in ("sthelena", "assets", "lib"):
        shutil.copytree(ROOT / name, root / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "code.py", root / "code.py")
    committed = root / "lib" / "sthelena_fruitjam.mpy"
    if change == "stale":  # a source changed since the .mpy was made
        game = root / "sthelena" / "app" / "screens" / "menu.py"
        game.write_text(game.read_text() + "\nCHANGED = 1\n")
    elif change == "missing":
        committed.unlink()
    else:  # MicroPython's mpy-cross made it
        committed.write_bytes(board_mpy.for_micropython(committed.read_bytes()))
    out = tmp_path / "out"
    (out / "sthelena").mkdir(parents=True)
    (out / "sthelena" / "kept.txt").write_text("an earlier build")
    with pytest.raises(BundleError) as raised:
        fruitjam_app.build_app(str(out), root=str(root))
    said = str(raised.value)
    assert said.split(" ")[0].endswith("lib/sthelena_fruitjam.mpy") and "\n" not in said
    assert {"stale": "was not made from the sources as they are",
            "missing": "is missing",
            "micropythons": "is not a CircuitPython .mpy"}[change] in said
    assert said.endswith(": run `make lib` and commit it")
    assert (out / "sthelena" / "kept.txt").is_file()  # nothing written, nothing lost


def test_the_command_says_in_one_line_why_it_built_nothing(tmp_path, monkeypatch, capsys):
    from tools.build import drive_image

    missing = tmp_path / "lib" / "sthelena_fruitjam.mpy"
    monkeypatch.setattr(drive_image, "board_mpy_path", lambda root=None, name=None: str(missing))
    assert fruitjam_app.main(["--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("fruitjam_app: ") and err.count("\n") == 1
    assert err.endswith("sthelena_fruitjam.mpy is missing: run `make lib` and commit it\n")
    assert not (tmp_path / "out").exists()


def test_mpy_libraries_without_circuitpythons_mpy_cross_say_where_it_looked(tmp_path,
                                                                            monkeypatch, capsys):
    monkeypatch.setattr(fruitjam_app, "MPY_CROSS", str(tmp_path / "mpy-cross"))
    (tmp_path / "sthelena").mkdir()
    (tmp_path / "sthelena" / "kept.txt").write_text("an earlier build")
    assert fruitjam_app.main(["--out", str(tmp_path), "--mpy-libraries"]) == 1
    err = capsys.readouterr().err
    missing = tmp_path / "mpy-cross"
    assert err == "fruitjam_app: CircuitPython's mpy-cross is not at %s\n" % missing
    assert (tmp_path / "sthelena" / "kept.txt").is_file()  # nothing written, nothing lost


def keys(text):
    typed = [text]
    source = KeyboardSource(lambda n: typed.pop(0)[:n] if typed else "",
                            lambda: len(typed[0]) if typed else 0)
    events = []
    while True:
        event = source.poll(0)
        if event == buttons.NO_EVENT:
            return events
        events.append(event)


def test_the_keyboard_has_the_desktops_keys_and_keys_for_holds():
    assert keys("\x1b[A\x1b[B\x1b[D\x1b[CxXzZ\r\n ") == [
        buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT, buttons.A, buttons.A,
        buttons.B, buttons.B, buttons.START, buttons.START, buttons.SELECT]
    assert keys("crh") == [buttons.A | buttons.HOLD, buttons.B | buttons.HOLD, buttons.SELECT,
                           buttons.SELECT | buttons.HOLD]
    assert keys("q") == [LEAVE] and keys("\x1b") == [LEAVE] and keys("Q") == [LEAVE]
    assert keys("\x1bOA") == [buttons.UP]  # the arrows in the terminal's other mode
    assert keys("7") == [] and keys("\x1b[Zx") == [buttons.A]  # unknown keys: nothing


# -- the desktop playing the Fruit Jam ---------------------------------------------

def test_the_fruit_jams_menu_is_the_handhelds_three_times_larger(tmp_path, home):
    # (the table is the fanned one: tests/app/test_fan_table.py)
    deal = deal_with_move_from_pile_1()
    big, small = tmp_path / "big.png", tmp_path / "small.png"
    jam = run(["--board", "fruit-jam", "--deal", deal, "--keys", "CLICK@360,4",
               "--shot", big], home)
    handheld = run(["--deal", deal, "--keys", "START", "--shot", small], home)
    assert jam.returncode == 0 and handheld.returncode == 0, jam.stderr + handheld.stderr
    width, height, colours, data = load_png(big)
    assert (width, height) == (720, 400)
    _, _, _, table = load_png(small)
    for row in range(128):
        for column in range(160):
            pixel = table[3 * (row * 160 + column):3 * (row * 160 + column) + 3]
            for dy in range(3):
                at = 3 * ((8 + 3 * row + dy) * 720 + 120 + 3 * column)
                assert data[at:at + 9] == pixel * 3, (column, row)
    baize = bytes((0x18, 0x69, 0x31))  # BAIZE, 16 bits a pixel
    for x, y in ((0, 0), (5, 200), (719, 399), (650, 100)):  # round the table: baize too
        assert data[3 * (y * 720 + x):3 * (y * 720 + x) + 3] == baize


def test_mouse_words_are_the_fruit_jams_only(tmp_path, home):
    proc = run(["--keys", "CLICK@10,10"], home)
    assert proc.returncode == 2 and "unknown key name" in proc.stderr
    proc = run(["--board", "pygamer", "--keys", "CLICK@10,10"], home)  # a board without a mouse
    assert proc.returncode == 2 and "unknown key name" in proc.stderr
    proc = run(["--board", "picogamer"], home)
    assert proc.returncode == 2 and "bad --board" in proc.stderr
    proc = run(["--board", "fruit-jam", "--keys", "CLICK@10 RIGHT_CLICK@1,2"], home)
    assert proc.returncode == 2 and "CLICK@X,Y" in proc.stderr
    proc = run(["--board", "fruit-jam", "--keys", "RIGHT_CLICK@1,2 WHEEL_DOWN MIDDLE_CLICK@9,9 "
                "HOLD_CLICK@300,200 START", "--shot", tmp_path / "x.png"], home)
    assert proc.returncode == 0, proc.stderr
    assert load_png(tmp_path / "x.png")[:2] == (720, 400)


@pytest.mark.slow
def test_a_fruit_jam_game_won_by_clicks_in_a_script(tmp_path, home, display, sheet):
    # The won game of tools/harness/won_games.py, played by CLICK words alone.
    from tools.harness.won_games import mouse_words, won_game

    text, line = won_game(3)
    words = mouse_words(text, line)
    script = tmp_path / "clicks.txt"
    script.write_text("\n".join(words))
    shot = tmp_path / "won.png"
    proc = run(["--board", "fruit-jam", "--position", text, "--keys", "@%s" % script,
                "--shot", shot, "--save", tmp_path / "save"], home)
    assert proc.returncode == 0, proc.stderr
    from tests.helpers.app_driver import make_app
    from sthelena.desktop.store import FileStore

    app = make_app(display, sheet, store=FileStore(str(tmp_path / "save")))  # the save read back
    assert app.game.is_won() and len(app.game.move_stack()) == len(line)


# What the Fruit Jam's firmware has built in (CircuitPython 10 on an RP2350), and
# what Fruit Jam OS puts on its drive (the launcher's settings, adafruit_fruitjam).
FIRMWARE = {"micropython", "sys", "gc", "os", "time", "math", "array", "struct", "json",
            "displayio", "random", "bitmaptools", "board", "keypad", "digitalio",
            "supervisor", "audiocore", "usb", "traceback", "vectorio", "terminalio",
            "framebufferio", "picodvi",  # (picodvi: a Metro RP2350's screen, the game sets up)
            "microcontroller"}  # (a Metro RP2350's nvm, where its game saves)
FRUIT_JAM_OS = {"adafruit_fruitjam", "launcher_config"}


def test_every_import_in_the_folder_resolves_to_the_firmware_the_os_or_the_folder(folder,
                                                                                  tmp_path):
    from pathlib import Path

    from tests.helpers.bundle_helpers import imports_of, module_names

    folder = Path(folder)
    in_folder = module_names(folder, (".py", ".mpy"))
    game = tmp_path / "sthelena_fruitjam.py"  # the source the folder's .mpy is made from
    game.write_text(fruitjam_app.bundle_source())
    checked = 0
    for path in sorted(folder.rglob("*.py")) + [game]:
        package = ".".join(path.relative_to(path.parent if path == game else folder)
                           .with_suffix("").parts[:-1])
        for name in imports_of(path, package):
            top = name.split(".")[0]
            if top in ("typing", "circuitpython_typing", "fontio", "sthelena_board",
                       "sthelena_full", "sthelena"):
                continue  # typing only; the handhelds' games; the notation, never on a board
            checked += 1
            assert name in in_folder or top in FIRMWARE | FRUIT_JAM_OS, (path.name, name)
    assert checked > 40


def test_the_speaker_plays_the_three_tunes_and_never_crashes_for_sound():
    from sthelena.app.sounds import CLICK, ERROR, FANFARE, TUNES
    from sthelena.fruitjam.speaker import RATE, Speaker, open_audio, tune_samples

    class Out:
        playing = False

        def __init__(self, fail=False):
            self.played = []
            self.fail = fail

        def play(self, sample):
            if self.fail:
                raise RuntimeError("the DAC is busy")
            self.played.append(sample)
            self.playing = True

        def stop(self):
            self.playing = False

    def raw(samples, sample_rate):
        return (samples, sample_rate)

    out = Out()
    speaker = Speaker(out, raw)
    for sound in (CLICK, ERROR, FANFARE):
        speaker.play(sound)
    assert [len(samples) for samples, _ in out.played] == [
        sum(ms * RATE // 1000 for _, ms in TUNES[sound]) for sound in (CLICK, ERROR, FANFARE)]
    assert {rate for _, rate in out.played} == {RATE}
    wave = tune_samples(((441, 10),))  # 441 Hz: 25 samples a period at 11,025 a second
    assert wave.typecode == "h" and list(wave[:13]) == [6000] * 13 and wave[13] == -6000
    Speaker(Out(fail=True), raw).play(CLICK)  # a failing output: silence, no error
    Speaker(None, raw).play(FANFARE)  # no DAC: silence
    assert open_audio() == (None, None)  # no Fruit Jam libraries here: silence


MOUSE_WINDOW = """
import sys
import pygame
from sthelena.desktop import window as desktop
from sthelena.desktop.mouse import DesktopMouse
from sthelena.app.big_screen.scaled import BigScreen
from sthelena.app.game_app import App
from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.sheet import load_sheet

DEAL, SCALE = int(sys.argv[1]), int(sys.argv[2])
display = desktop.Display(scale=SCALE, size=desktop.FRUIT_JAM_SIZE)
screen = BigScreen(display)
app = App(screen, desktop.MemoryStore(), desktop.Speaker(audio=False),
          load_sheet(desktop.SHEET_PATH), deal=DEAL)
mouse = DesktopMouse(app, screen, SCALE)
assert display.window_surface().get_size() == (720 * SCALE, 400 * SCALE)

def at(place):  # the window pixel over a place's card
    x, y = screen.from_table(place_x(place) + 12, place_y(place) + 12)
    return x * SCALE, y * SCALE

def button(kind, number, place):
    pygame.event.post(pygame.event.Event(kind, button=number, pos=at(place)))

app.cursor = 5
button(pygame.MOUSEBUTTONDOWN, 1, 0)  # a left click on pile 1: its card lifted
button(pygame.MOUSEBUTTONUP, 1, 0)
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
desktop.run_interactive(app, display, mouse=mouse)
assert (app.cursor, app.lifted) == (0, 0), (app.cursor, app.lifted)
target = [move % 20 for move in app.game.legal_moves() if move // 20 == 0][0]
button(pygame.MOUSEBUTTONDOWN, 1, target)  # ...and put down
button(pygame.MOUSEBUTTONUP, 1, target)
button(pygame.MOUSEBUTTONDOWN, 3, 7)  # a right click: undone
button(pygame.MOUSEBUTTONUP, 3, 7)
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
desktop.run_interactive(app, display, mouse=mouse)
assert app.game.move_stack() == [] and app.redo, app.game.move_stack()
frame = pygame.surfarray.array3d(display.frame())
window = pygame.surfarray.array3d(display.window_surface())
assert (window[::SCALE, ::SCALE] == frame).all()
print("ok")
"""


def test_the_windows_mouse_plays_the_fruit_jams_screen(tmp_path, home):
    import os
    import subprocess
    import sys

    script = tmp_path / "mouse_window.py"
    script.write_text(MOUSE_WINDOW)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, str(script), str(deal_with_move_from_pile_1()), "2"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "ok\n")


@pytest.mark.slow
def test_the_menus_quit_ends_a_fruit_jam_run_and_the_handheld_has_none(tmp_path, home, display,
                                                                       sheet):
    from tests.helpers.app_driver import make_app, shown_state
    from sthelena.app.screens import menu

    frames = tmp_path / "frames"
    proc = run(["--board", "fruit-jam", "--deal", 5, "--keys", "START UP A RIGHT RIGHT",
                "--frames", frames], home)
    assert proc.returncode == 0, proc.stderr
    assert len(list(frames.iterdir())) == 4  # before the keys, and START UP A: then it quit
    handheld = make_app(display, sheet, deal=5)
    press_keys = "START UP"
    for name in press_keys.split():
        handheld.handle(buttons.NAMES.index(name))
    assert len(shown_state(handheld).labels) == menu._MENU_ITEMS
    assert shown_state(handheld).item == menu._WINNABLE
    handheld.handle(buttons.A)
    assert not handheld.leaving
