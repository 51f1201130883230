"""boot.py's two modes, and the game's side of them (sthelena/handheld/loop.py,
drive.py), under the MicroPython VM on the board's stand-ins
(tools/harness/standins): by default the drive stays the computer's; with
SELECT held at reset boot.py remounts it for the game, which then says so on
screen and writes sthelena-stats.txt when a deal ends. boot.py finds the
board's profile, and so its SELECT key (or a four-button board's Y), in the
committed lib/sthelena_profiles.mpy, as on the board.
"""

import textwrap

import pytest

from tests.helpers.bundle_helpers import COMMITTED_PROFILES, vm_mpy
from tests.helpers.mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython

# SETTINGS: settings.toml's lines, as os.getenv reads them (the VM's os has no
# getenv: boot.py's setting() reads none there, unless a stand-in os is given).
# Keys made are told by the pins they scan ("scans ..."), where SCANS is True.
PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import board, keypad, storage, supervisor
board.use(BOARD)
if SETTINGS is not None:
    class _Os:
        @staticmethod
        def getenv(name):
            return SETTINGS.get(name)
    sys.modules["os"] = _Os()
if SCANS:
    def _scanned(kind):
        class Scanned(kind):
            def __init__(self, pins=None, **options):
                print("scans", kind.__name__, pins and [str(pin) for pin in pins])
                if pins is None:
                    kind.__init__(self, **options)
                else:
                    kind.__init__(self, pins, **options)
        return Scanned
    keypad.Keys = _scanned(keypad.Keys)
    keypad.ShiftRegisterKeys = _scanned(keypad.ShiftRegisterKeys)
"""


@pytest.fixture(scope="module")
def profiles_mpy(tmp_path_factory):
    """The committed lib/sthelena_profiles.mpy as the MicroPython VM loads it."""
    return vm_mpy(tmp_path_factory.mktemp("profiles"), COMMITTED_PROFILES)

# Reads a label's text back from the pixels it drew, by matching each 6x8
# cell against the font's glyphs (the label draws ink as 1 on 0).
READ_LABEL = """
def glyph_cells(font):
    cells = {}
    for code in list(range(126, 31, -1)) + [1, 2, 3, 4, 5, 6]:
        glyph = font.get_glyph(code)
        cell = tuple(font.bitmap[glyph.tile_index * 6 + x, y] for y in range(8) for x in range(6))
        cells.setdefault(cell, chr(code))
    return cells

def read_label(label, font):
    cells = glyph_cells(font)
    bitmap = label.bitmap
    lines = []
    for row in range((bitmap.height - PAD * 2) // 8):
        text = ""
        for column in range((bitmap.width - PAD * 2) // 6):
            cell = tuple(1 if bitmap[PAD + column * 6 + x, PAD + row * 8 + y] == 1 else 0
                         for y in range(8) for x in range(6))
            text += cells.get(cell, "?")
        lines.append(text.rstrip())
    return lines
"""


def run(script, board="pybadge", package=False, profiles=None, settings=None, scans=False):
    """Run ``script`` on the stand-in ``board``, with boot.py at / and
    ``profiles`` (the profiles' .mpy, when boot.py is to find its board) in
    /lib; ``settings``: settings.toml's lines (a dict), if any."""
    files = {"boot.py": REPO_ROOT / "boot.py",
             "assets/sheet.bmp": REPO_ROOT / "assets" / "sheet.bmp"}
    if profiles is not None:
        files["lib/sthelena_profiles.mpy"] = profiles
    packages = ("tools/harness/standins", "sthelena") if package else ("tools/harness/standins",)
    preamble = PREAMBLE.replace("BOARD", repr(board)).replace("SETTINGS", repr(settings)).replace(
        "SCANS", repr(scans))
    return run_micropython(preamble + textwrap.dedent(script), packages=packages,
                           exclude=VM_EXCLUDE, files=files).splitlines()


BOOT = """
exec(open("/boot.py").read(), {"__name__": "boot"})
print("remounts", storage.remounts)
print("readonly", storage.getmount("/").readonly)
"""


@pytest.mark.vm
@pytest.mark.parametrize("board", ["pybadge", "pygamer"])
def test_by_default_the_drive_stays_the_computers(board, profiles_mpy):
    lines = run(BOOT, board, profiles=profiles_mpy, scans=True)
    # the PyBadge's and PyGamer's keys are a shift register's: boot.py reads them all
    assert lines[0] == "scans ShiftRegisterKeys None"
    assert lines[1].startswith("CIRCUITPY stays writable from the computer.")
    assert lines[2:] == ["remounts []", "readonly True"]


@pytest.mark.vm
@pytest.mark.parametrize("board", ["pybadge", "pygamer"])
def test_select_held_at_reset_hands_the_drive_to_the_game(board, profiles_mpy):
    # SELECT: the shift register's key 3 on both (their profiles)
    lines = run("keypad.hold(3)\n" + BOOT + "keypad.push(3, False)\n", board,
                profiles=profiles_mpy)
    assert lines[0].startswith("SELECT held: CIRCUITPY is the game's")
    assert "cannot write to it until a reset without SELECT" in lines[0]
    assert lines[1:] == ["remounts [('/', False)]", "readonly False"]


@pytest.mark.vm
def test_on_a_picosystem_y_is_select(profiles_mpy):
    lines = run(BOOT, "picosystem", profiles=profiles_mpy, scans=True)
    assert lines[0] == "scans Keys ['board.SW_Y']"  # Y alone, SELECT in its profile
    assert lines[1].startswith("CIRCUITPY stays writable from the computer. Hold SELECT (a "
                               "PicoSystem's Y)")
    assert lines[2:] == ["remounts []", "readonly True"]
    lines = run("keypad.hold(0)\n" + BOOT, "picosystem", profiles=profiles_mpy)  # Y, the one key
    assert lines[0].startswith("SELECT held: CIRCUITPY is the game's")
    assert lines[1:] == ["remounts [('/', False)]", "readonly False"]


@pytest.mark.vm
def test_on_a_four_button_board_y_is_select(profiles_mpy):
    # A Pico with a Pico Display Pack 2.0 (settings.toml names it): its Y is
    # DOWN_OR_PILES, SELECT when held, the key boot.py reads.
    settings = {"STHELENA_BOARD": "pico-display-2"}
    lines = run(BOOT, "pico", profiles=profiles_mpy, settings=settings, scans=True)
    assert lines[0] == "scans Keys ['board.GP15']"
    assert lines[1].startswith("CIRCUITPY stays writable from the computer.")
    assert lines[2:] == ["remounts []", "readonly True"]
    lines = run("keypad.hold(0)\n" + BOOT, "pico", profiles=profiles_mpy, settings=settings)
    assert lines[0].startswith("SELECT held: CIRCUITPY is the game's")
    assert lines[1:] == ["remounts [('/', False)]", "readonly False"]
    # A Pico whose settings.toml names no board: boot.py does not know it.
    lines = run(BOOT, "pico", profiles=profiles_mpy, settings={})
    assert lines[0] == ("CIRCUITPY stays writable from the computer (St. Helena does not know "
                        "this board).")


@pytest.mark.vm
def test_on_a_board_the_game_does_not_know_boot_py_leaves_the_drive_and_says_so(profiles_mpy):
    lines = run(BOOT, "fruit_jam", profiles=profiles_mpy)  # (no SELECT: the Fruit Jam has none)
    assert lines == ["CIRCUITPY stays writable from the computer (St. Helena does not know "
                     "this board).", "remounts []", "readonly True"]


@pytest.mark.vm
def test_without_the_profiles_boot_py_leaves_the_drive_and_says_so():
    lines = run(BOOT)  # (lib/sthelena_profiles.mpy not copied: no board is known)
    assert lines == ["CIRCUITPY stays writable from the computer (St. Helena does not know "
                     "this board).", "remounts []", "readonly True"]


@pytest.mark.vm
def test_another_button_held_leaves_the_drive_alone(profiles_mpy):
    lines = run("keypad.hold(1)\nkeypad.hold(2)\n" + BOOT, profiles=profiles_mpy)
    assert lines[0].startswith("CIRCUITPY stays writable from the computer.")
    assert lines[1:] == ["remounts []", "readonly True"]


@pytest.mark.vm
def test_the_game_knows_whose_drive_it_is_and_shows_the_note_until_a_button(profiles_mpy):
    lines = run(READ_LABEL.replace("PAD", "3") + textwrap.dedent("""
        from sthelena.boards.pybadge import PROFILE
        from sthelena.handheld import loop, start
        from sthelena.app.buttons import A
        print("before", loop.drive_is_games())
        keypad.hold(3)
        exec(open("/boot.py").read(), {"__name__": "boot"})
        keypad.hold(3, False)
        print("after", loop.drive_is_games())
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        from sthelena.handheld import drive
        note = drive.show_drive_note(board.DISPLAY, app.view.sheet)
        print("shown", board.DISPLAY.root_group[0] is note)
        from sthelena.app.table.font import SheetFont
        for line in read_label(note, SheetFont(app.view.sheet)):
            print("|" + line)
        keypad.push(3)  # SELECT, still held from the reset: the note stays
        def wait():
            return drive.hand_over_note(board.DISPLAY, app.view.group, buttons.poll,
                                        supervisor.ticks_ms, A, iterations=50)
        print("waited", wait(), board.DISPLAY.root_group[0] is note)
        keypad.push(1)  # A
        print("played", wait(), board.DISPLAY.root_group is app.view.group)
        """), package=True, profiles=profiles_mpy)
    assert lines[0] == "before False" and lines[1].startswith("SELECT held")
    assert lines[2:4] == ["after True", "shown True"]
    text = [line[1:] for line in lines if line.startswith("|")]
    assert all(len(line) <= 25 for line in text)  # wrapped to the screen's width
    words = " ".join(line for line in text if line).split()
    assert " ".join(words) == (
        "SELECT was held at reset: the game writes its statistics to sthelena-stats.txt "
        "on the CIRCUITPY drive. Until the next reset without SELECT, the computer cannot "
        "write to the drive. A: play")
    assert lines[-2:] == ["waited False True", "played True True"]


@pytest.mark.vm
def test_the_stats_file_is_the_statistics_report_in_plain_text():
    lines = run("""
        from sthelena.handheld import drive
        from sthelena.core.game import Game
        from sthelena.core.statistics import KINDS, Statistics
        statistics = Statistics()
        stats = drive.DriveStats(KINDS)
        print("empty", stats.counted(statistics))
        for line in open("/sthelena-stats.txt"):
            print("0|" + line.rstrip("\\n"))
        statistics.record(Game.deal(2026).rules, 2026, True, 212)
        statistics.record(Game.deal(7, "louis").rules, 7, False, 88)
        print("two", stats.counted(statistics), stats.writes)
        for line in open("/sthelena-stats.txt"):
            print("1|" + line.rstrip("\\n"))
        for line in drive.report_lines(statistics, KINDS):
            print("R|" + line)
        broken = drive.DriveStats(KINDS, "/no/such/dir/stats.txt")
        print("broken", broken.counted(statistics), broken.writes)
        """, package=True)
    assert lines[0] == "empty True"
    written = [line[2:] for line in lines if line.startswith("1|")]
    report = [line[2:] for line in lines if line.startswith("R|")]
    assert written == report and written[0] == "St. Helena statistics"
    text = "\n".join(written)
    assert "#2026 won in 212 moves" in text and "#7 lost in 88 moves" in text
    assert "two True 2" in lines and lines[-1] == "broken False 0"


def test_the_app_tells_the_edge_each_time_a_deal_is_counted(display, sheet):
    """``App.on_record(statistics)``: what the board hooks the stats file to.
    A game from a position is never counted (nor told); a dealt game left for
    a new deal counts as lost; a win is counted once however often it is
    undone and won again."""
    from tests.helpers.app_driver import make_app, press
    from tests.helpers.positions import position
    from sthelena.app import game_app

    told = []
    game = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    app = make_app(display, sheet, position=game.notation())
    app.on_record = lambda statistics: told.append(statistics.played())
    press(app, "RIGHT A DOWN DOWN LEFT A UP UP HOLD_A RIGHT A A RIGHT A RIGHT A LEFT A A "
               "RIGHT HOLD_A")
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN
    assert told == []  # a position's game is not counted
    press(app, "A")  # a new deal (11)
    assert app.game.deal_number == 11 and told == []
    press(app, "A A RIGHT A A")  # play a little of it, then deal again
    assert app.game.history and told == []  # moves alone tell nothing
    press(app, "START DOWN A A")  # menu -> New deal (asked, A again): the one left counts
    assert app.game.deal_number == 12 and told == [1]  # as lost
    press(app, "START DOWN A")  # left unplayed: not counted
    assert told == [1]
    # A win of a dealt game, counted once: the small position, given a deal
    # number as a dealt game has, won through the buttons, undone, won again.
    dealt = position("st-helena", {1: "QS", 2: "KS JS", 3: "2H AH"}, round_=1)
    dealt.deal_number = 99
    app.start(dealt)
    app.cursor = 0
    press(app, "RIGHT A DOWN DOWN LEFT A UP UP HOLD_A RIGHT A A RIGHT A RIGHT A LEFT A A "
               "RIGHT HOLD_A")
    assert app.game.is_won() and told == [1, 2]
    press(app, "B")
    app.cursor = [move for move in app.game.legal_moves() if 12 <= move % 20 < 20][0] // 20
    press(app, "HOLD_A")
    assert app.game.is_won() and app.screen == game_app.WON_SCREEN and told == [1, 2]
