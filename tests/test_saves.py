"""Saves that last: the app's record in the board's nvm store (the real
``device.NvmStore`` on the stand-in nvm), torn by a power cut at every byte,
cut short or corrupt in every field, too big for the flash, or not written
at all; and the statistics kept with it, across won, lost and abandoned
games, reloads and a reset."""

import ast
import importlib.util
import random
import sys
from pathlib import Path

import pytest

from app_driver import MemoryStore, make_app, press
from mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython
from positions import position
from sthelena.app import record
from sthelena.app.screens import menu, common as screens
from sthelena.app.record import NOT_SAVED, STATISTICS_LOST, TRIMMED, UNREADABLE
from sthelena.app.screens.common import STATS, STATS_RESET
from sthelena.app.screens.stats import statistics_lines
from sthelena.core.game import Game
from sthelena.core.rules import Rules
from sthelena.core.statistics import Statistics

STANDINS = REPO_ROOT / "tools" / "standins"


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def device(monkeypatch):
    """``sthelena.handheld.device`` (and ``shared``) imported on CPython over the board's stand-ins
    (only for this test: sys.modules is put back afterwards)."""
    for name in ("busdisplay", "board", "keypad", "microcontroller", "supervisor"):
        monkeypatch.setitem(sys.modules, name, _load(name, STANDINS / (name + ".py")))
    for name in ("shared", "device", "picosystem"):  # (each imports shared)
        module = _load("sthelena.handheld." + name,
                       REPO_ROOT / "sthelena" / "handheld" / (name + ".py"))
        monkeypatch.setitem(sys.modules, "sthelena.handheld." + name, module)
    return sys.modules["sthelena.handheld.device"]


def _store(device, nvm, copy=None):
    """The board's store for ``nvm``: the RP2040's 4 KB sector appends its
    saves (picosystem.SectorStore), the SAMD51's 8 KB block one at its start."""
    if len(nvm) == 4096:
        return sys.modules["sthelena.handheld.picosystem"].SectorStore(nvm, copy=copy)
    return device.NvmStore(nvm, copy=copy)


_STANDIN = _load("standin_microcontroller", STANDINS / "microcontroller.py")


def _nvm(size=8192):
    return _STANDIN.ByteArray(size)


def _played(app, count, seed=1):
    """Play ``count`` pseudo-random legal card moves through the app."""
    rng = random.Random(seed)
    for _ in range(count):
        legal = [move for move in app.game.legal_moves() if move < 400]
        if not legal:
            break
        app.play(rng.choice(legal))


def _some_statistics(app):
    for number in range(6):
        app.statistics.record(Rules("st-helena"), number, number % 2 == 0, 100 + number)


def _drive(device):
    """``sthelena.handheld.drive`` on CPython (its DriveCopy: the save's copy on the drive)."""
    return _load("sthelena.handheld.drive", REPO_ROOT / "sthelena" / "handheld" / "drive.py")


def _copied(nvm):
    """A stand-in nvm with the same bytes (the flash as a write found it)."""
    twin = _nvm(len(nvm))
    twin._data[:] = nvm._data
    return twin


def _files(copy):
    """The drive copy's two files' bytes (None: no file) and the one it writes
    next, to put back later."""
    names = [Path(copy.folder) / ("sthelena-nvm.%d" % slot) for slot in (0, 1)]
    return [path.read_bytes() if path.exists() else None for path in names], copy._next


def _put_back(copy, files):
    contents, copy._next = files
    for slot, data in enumerate(contents):
        path = Path(copy.folder) / ("sthelena-nvm.%d" % slot)
        if data is None:
            path.unlink(missing_ok=True)
        else:
            path.write_bytes(data)


def _state(app):
    return app.game.notation(), app.statistics.to_bytes(), app.cursor


# Each board's store and the flash before the write cut: an RP2040 appending a
# frame (no erase), or a delta (the statistics unchanged: a frame of what
# follows them), the same with its sector full (an erase, the frame at the
# start), a SAMD51 (every write erases its block).
CHIPS = {"rp2040 append": (4096, False, True), "rp2040 delta": (4096, False, False),
         "rp2040 full": (4096, True, True), "samd51": (8192, False, True)}


@pytest.mark.parametrize("chip", sorted(CHIPS))
@pytest.mark.parametrize("with_copy", [False, True], ids=["nvm", "drive copy"])
def test_a_save_cut_at_every_byte_resumes_the_last_whole_save_or_the_one_before(
        display, sheet, device, tmp_path, chip, with_copy):
    # The save before and the save cut differ in the game, the cursor and the
    # statistics (a deal counted): what the board resumes holds them all from
    # one save, so no deal is lost or counted twice. The store is read after a
    # cut at every step of the write; the app is started on a sample of them
    # (those next to each change of outcome among them).
    size, full, counted = CHIPS[chip]
    copy = _drive(device).DriveCopy(str(tmp_path / "saves")) if with_copy else None
    nvm = _nvm(size)
    store = _store(device, nvm, copy)
    app = make_app(display, sheet, store=store, deal=2026)
    _some_statistics(app)
    _played(app, 12)
    app.save_now()
    while full and size - store._end >= len(record.record_bytes(app)) + 10 + 40:
        app.cursor = (app.cursor + 1) % 20  # earlier saves, each a frame, till the
        app.save_now()  # room left is less than the next save's (a table longer)
    before, before_data = _state(app), record.record_bytes(app)
    _played(app, 5, seed=2)
    if counted:
        app.statistics.record(Rules("louis"), 99, True, 77)  # (its table: 134 bytes more)
    app.cursor = 7
    after, data = _state(app), record.record_bytes(app)
    flash, files, erases = _copied(nvm), copy and _files(copy), nvm.erases
    store.save(data)
    erased = nvm.erases > erases
    assert erased == (size == 8192 or full)
    frame = store._end - store._at  # (a delta's is shorter than the record)
    assert (frame < len(data)) == (chip == "rp2040 delta")
    # The steps of the write: the erase (if it erases), then each byte it
    # programs: every one up to the frame's end and a little past it, then
    # sampled (past the frame, a whole block's write programs erased bytes
    # as erased).
    steps = erased + (len(nvm) if erased else frame)
    cuts = sorted(set(range(erased + frame + 9)) | set(range(0, steps + 1, 997)))
    outcomes = []
    for cut in cuts:
        torn = _copied(flash)
        torn.cut, torn.seed = cut, cut + 1
        if copy is not None:
            _put_back(copy, files)
        try:
            store = _store(device, torn, copy)
            store.load()
            store.save(data)
            assert cut >= steps, cut  # no cut: the write ended before it
        except _STANDIN.PowerCut:
            pass
        store = _store(device, torn, copy)
        loaded = store.load()
        kind = {data: "last", before_data: "previous", None: "new"}[loaded]
        said = (record.CUT_RESTORED if loaded else record.CUT_LOST) if store.lost else ""
        if not erased:  # appended: no more than the save being written is lost
            assert kind in ("last", "previous") and said == "", (cut, kind, said)
        elif with_copy:  # the drive's copy, written before the erase, restores it
            assert kind == "last" and said in ("", record.CUT_RESTORED), (cut, kind, said)
        else:  # erased: lost until the frame is whole again, and said so
            assert (kind, said) == (("last", "") if cut >= erased + frame else
                                    ("new", record.CUT_LOST)), (cut, kind, said)
        outcomes.append((cut, torn, kind, said))
    assert {(kind, said) for _, _, kind, said in outcomes} == (
        {("previous", ""), ("last", "")} if not erased else
        {("last", ""), ("last", record.CUT_RESTORED)} if with_copy else
        {("new", record.CUT_LOST), ("last", "")})
    # The app started on the flash: the first and last cut of each outcome.
    for index, (cut, torn, kind, said) in enumerate(outcomes):
        if 0 < index < len(outcomes) - 1 and outcomes[index - 1][2:] == outcomes[index + 1][2:]:
            continue
        again = make_app(display, sheet, store=_store(device, torn, copy))
        assert again.message == said, (cut, again.message)
        if kind == "new":
            assert again.game.deal_number == 11 and again.statistics.played() == 0, cut
        else:
            assert _state(again) == (after if kind == "last" else before), cut


def test_a_torn_append_is_passed_over_and_the_next_saves_need_no_erase(display, sheet, device):
    nvm = _nvm(4096)
    app = make_app(display, sheet, store=_store(device, nvm), deal=5)
    app.save_now()
    first = _state(app)
    _played(app, 3)
    nvm.cut = 20  # the next frame torn after 20 bytes
    with pytest.raises(_STANDIN.PowerCut):
        app.save_now()
    again = make_app(display, sheet, store=_store(device, nvm))
    assert _state(again) == first and again.message == ""
    for count in range(3):
        _played(again, 2, seed=count)
        again.save_now()
    assert nvm.erases == 0 and nvm[again.store._at - 1] != 0xFF  # right after the torn bytes
    last = make_app(display, sheet, store=_store(device, nvm))
    assert _state(last) == _state(again) and last.message == ""


def test_frames_that_end_in_erased_bytes_and_deltas_are_read_back_whole(device):
    # A frame's last bytes may read as erased (0xFF): the next goes after
    # them, not over them. Records beginning as the last whole frame's are
    # deltas of it, read back with it; a delta whose base is torn is passed
    # over for the save before.
    shared = sys.modules["sthelena.handheld.shared"]
    ending = next(b"S" * 100 + bytes((n,)) for n in range(256)
                  if shared.frame_bytes(b"St4", 1, b"S" * 100 + bytes((n,)))[-1] == 0xFF)
    nvm = _nvm(4096)
    store = _store(device, nvm)
    store.load()
    saves = [ending, ending + b"a", ending[:-1] + b"bb", b"T" * 90]
    for data in saves:
        store.save(data)
    # Whole frames of 111 and 100 bytes, deltas of 16 and 17 (101 and 100 bytes shared).
    starts = (0, 111, 127, 144, 244)
    assert nvm.erases == 0 and nvm[110] == 0xFF and nvm[244] == 0xFF
    assert [bytes(nvm[at:at + 3]) for at in starts[:4]] == [b"St4", b"St5", b"St5", b"St4"]
    for count in range(1, len(saves) + 1):  # the flash as each save left it
        again = _copied(nvm)
        again._data[starts[count]:] = b"\xff" * (4096 - starts[count])
        assert _store(device, again).load() == saves[count - 1], count
    torn = _nvm(4096)
    torn._data[:] = nvm._data
    torn._data[50] ^= 0x10  # the base torn (the flash's start: said), its deltas with it
    found = _store(device, torn)
    assert found.load() == saves[3] and found.lost
    torn._data[144:] = b"\xff" * (4096 - 144)  # (the last whole frame gone)
    found = _store(device, torn)
    assert found.load() is None and found.lost  # frame 0 torn: said
    for at in (4088, 4093):  # a frame's magic too near the end for its head: no frame
        near_end = _nvm(4096)
        near_end._data[at:at + 3] = b"St4"
        found = _store(device, near_end)
        assert found.load() is None and found.lost


def test_a_cut_erase_that_spares_the_first_frame_is_still_told(device):
    # A cut early in the sector's erase may leave the first frames whole and
    # tear the later ones: more than one torn frame after the newest whole
    # one is no append's cut, and is said. One torn frame after it is.
    nvm = _nvm(4096)
    store = _store(device, nvm)
    store.load()
    starts = []
    for count in range(12):
        starts.append(store._end)
        store.save(bytes((count,)) * (60 + count))  # whole frames (no deltas: nothing shared)
    for first_torn, said in ((11, False), (8, True)):
        torn = _copied(nvm)
        for at in starts[first_torn:]:
            torn._data[at + 9] ^= 0x0F  # each frame from there on torn in its body
        found = _store(device, torn)
        assert found.load() == bytes((first_torn - 1,)) * (59 + first_torn)
        assert found.lost == said, first_torn


def test_a_flash_torn_by_a_cut_erase_is_told_from_a_blank_one(display, sheet, device):
    # Blank: never played (or erased whole by a cut before anything was
    # written: the two look the same), a new deal without a word. Partly
    # erased (neither blank nor a save at the start): a new deal, said.
    for size in (4096, 8192):
        blank = make_app(display, sheet, store=_store(device, _nvm(size)))
        assert blank.message == "" and blank.game.deal_number == 11
        nvm = _nvm(size)
        app = make_app(display, sheet, store=_store(device, nvm), deal=3)
        _some_statistics(app)
        for count in range(4):
            _played(app, 2, seed=count)
            app.save_now()
        nvm.cut, nvm.seed = 0, 5  # the next write erases (an 8 KB block's; a 4 KB
        nvm._data[size - 10:] = b"\x00" * 10  # sector full), and is cut in the erase
        with pytest.raises(_STANDIN.PowerCut):
            _store(device, nvm).save(b"x" * 10)
        torn = make_app(display, sheet, store=_store(device, nvm))
        assert torn.message == record.CUT_LOST and torn.shown == record.CUT_LOST
        assert torn.game.deal_number == 11 and torn.statistics.played() == 0
        torn.save_now()  # the next save erases what the cut left
        again = make_app(display, sheet, store=_store(device, nvm))
        assert again.message == "" and _state(again) == _state(torn)


def _old_layout(record_data):
    """The nvm's bytes as the store kept a record before issue 41: ``St3``,
    its length, the record, at the start."""
    return b"St3" + len(record_data).to_bytes(2, "big") + record_data


@pytest.mark.parametrize("size", [4096, 8192])
def test_a_save_in_todays_layout_loads_and_is_migrated_once(display, sheet, device, size):
    appends = size == 4096
    app = make_app(display, sheet, deal=64)
    _some_statistics(app)
    _played(app, 20)
    app.cursor = 9
    saved = _state(app)
    nvm = _nvm(size)
    nvm[0:0] = b""
    nvm._data[0:len(record.record_bytes(app)) + 5] = _old_layout(record.record_bytes(app))
    again = make_app(display, sheet, store=_store(device, nvm))
    assert _state(again) == saved and again.message == ""
    _played(again, 1, seed=3)
    again.save_now()  # the first save in frames
    if appends:  # after the old record, in erased flash: nothing erased
        assert nvm.erases == 0 and bytes(nvm[0:3]) == b"St3"
    else:
        assert bytes(nvm[0:3]) == b"St4" and nvm[len(record.record_bytes(again)) + 10] == 0xFF
    last = make_app(display, sheet, store=_store(device, nvm))
    assert _state(last) == _state(again) and last.message == ""
    while appends and nvm.erases == 0:  # the sector full: the old record goes
        last.cursor = (last.cursor + 1) % 20
        last.save_now()
    assert bytes(nvm[0:3]) == b"St4"
    assert _state(make_app(display, sheet,
                           store=_store(device, nvm))) == _state(last)


def test_a_drive_that_cannot_take_the_copy_costs_the_game_nothing(display, sheet, device,
                                                                    tmp_path, capsys):
    copy = _drive(device).DriveCopy(str(tmp_path / "missing" / "saves"))  # no such folder
    nvm = _nvm(8192)
    app = make_app(display, sheet, store=device.NvmStore(nvm, copy=copy), deal=6)
    for count in range(3):
        _played(app, 1, seed=count)
        app.save_now()
    assert nvm.writes == 3 and copy.writes == 0 and copy.failed and app.message == ""
    assert capsys.readouterr().out.count("no copy of the save on the drive") == 1
    again = make_app(display, sheet, store=device.NvmStore(nvm, copy=copy))
    assert _state(again) == _state(app)


def test_the_store_and_its_cuts_under_micropython():
    # The same store on the MicroPython VM (as the board runs it: bytes.rfind,
    # memoryview, the stand-in nvm), a write cut at every byte on each chip:
    # the newest whole save or the one before, and a torn flash said.
    script = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor
board.use("picosystem")
from sthelena.handheld.shared import NvmStore
from sthelena.handheld.picosystem import SectorStore
for size, appends, fill in ((4096, True, 0), (4096, True, 14), (8192, False, 0)):
    nvm = microcontroller.ByteArray(size)
    Store = SectorStore if appends else NvmStore
    store = Store(nvm)
    saves = [bytes((n,)) * (250 + n) for n in range(fill + 2)]
    for data in saves[:-1]:
        store.save(data)
    image = bytes(nvm._data)
    before, after = saves[-2], saves[-1]
    erases = nvm.erases
    store.save(after)
    erased = nvm.erases > erases
    steps = erased + (size if erased else 10 + len(after))
    seen = {}
    for cut in list(range(erased + len(after) + 20)) + list(range(0, steps + 1, 601)):
        nvm._data[:] = image
        nvm.cut, nvm.seed = cut, cut + 1
        try:
            store = Store(nvm)
            store.load()
            store.save(after)
        except microcontroller.PowerCut:
            pass
        store = Store(nvm)
        loaded = store.load()
        kind = "last" if loaded == after else "previous" if loaded == before else repr(loaded)[:9]
        seen[kind + (" lost" if store.lost else "")] = 1
    print(size, appends, fill, erased, sorted(seen))
"""
    lines = run_micropython(script, packages=("sthelena", "tools/standins"),
                            exclude=VM_EXCLUDE).splitlines()
    assert lines[0] == "4096 True 0 False ['last', 'previous']"  # appended: no erase
    # Erased (the sector full; the SAMD51's every write): lost till the frame
    # is whole, and said so, but where the cut left the flash blank (erased,
    # nothing programmed yet: a board never played looks the same).
    for line, erasing in zip(lines[1:], ("4096 True 14 True ", "8192 False 0 True ")):
        assert line.startswith(erasing), line
        seen = set(ast.literal_eval(line[len(erasing):]))
        assert {"None lost", "last"} <= seen <= {"None lost", "last", "None"}, line


_HANDHELD_SECTION = 7  # kind, length, brightness and flags, CRC: the record's last section


def _restored(data):
    """What ``record.restore`` makes of ``data``: (game, a stand-in app)."""

    class Bare:
        store = MemoryStore(data)
        statistics = Statistics()
        message = ""
        four_colours = sound_on = finished = False
        cursor = 0
        next_rules = None
        power = None
        lights_on = True

    bare = Bare()
    return record.restore(bare), bare


def test_records_cut_short_or_corrupt_in_any_byte_are_refused_cleanly(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=99)
    _some_statistics(app)
    _played(app, 20)
    app.save_now()
    data = store.data
    played, counts = app.game.notation(), app.statistics.counts(0)
    game, bare = _restored(data)
    assert game.notation() == played and bare.statistics.counts(0) == counts
    settings = len(data) - _HANDHELD_SECTION
    for cut in range(1, len(data)):
        game, bare = _restored(data[:cut])
        if cut >= settings:  # only the handheld's settings are cut: they go back to defaults
            assert game.notation() == played and bare.message == "" and bare.lights_on, cut
            continue
        assert game is None and bare.message == UNREADABLE, cut
    for index in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            broken = bytearray(data)
            broken[index] ^= flip
            game, bare = _restored(bytes(broken))
            if index >= settings:
                assert game.notation() == played and bare.message == "", (index, flip)
                continue
            # Every byte is under a check: the damaged part is refused, and
            # what is intact is kept (the game, or the statistics).
            assert bare.message in (UNREADABLE, STATISTICS_LOST), (index, flip)
            if game is not None:
                assert game.notation() == played and bare.message == STATISTICS_LOST
            else:
                assert bare.statistics.counts(0) in (counts, (0, 0, 0, 0, 0))
    # Older records (the "SA" store of save version 2) and other bytes.
    for old in (b"SA\x00\x00\x00\x00garbage", b"\x00" * 40, b"SR\x02" + data[3:]):
        app = make_app(display, sheet, store=MemoryStore(old))
        assert app.message == UNREADABLE and app.game.deal_number == 11


def test_a_record_too_big_for_the_flash_keeps_the_last_moves_and_tells_once(
        display, sheet, device):
    nvm = _nvm()
    rules = "st-helena-pysol,restricted_first_deal=false"  # a game that need not end
    app = make_app(display, sheet, store=device.NvmStore(nvm), deal=4, rules=rules)
    rng = random.Random(4)
    for _ in range(7999):  # straight to the core: the app would ask for the status each move
        app.game.push(rng.choice([move for move in app.game.legal_moves() if move < 400]))
    _played(app, 1)
    moves = app.game.move_stack()
    assert len(moves) == 8000 and len(record.record_bytes(app)) > 8192
    app.save_now()  # no exception: the oldest undo history is left out
    assert app.message == TRIMMED and app.shown == TRIMMED
    assert not app._dirty and nvm.writes == 1
    _played(app, 1, seed=5)
    assert app.message == ""
    app.save_now()
    assert app.message == "" and nvm.writes == 2  # told once
    again = make_app(display, sheet, store=device.NvmStore(nvm))
    assert again.game.notation() == app.game.notation() and again.message == ""
    assert again.game.deal_number == 4
    kept = again.game.move_stack()
    assert kept == app.game.move_stack()[-record.KEEP_MOVES:]
    assert again.game.earlier_moves + len(kept) == 8001
    # Restart goes back to the deal itself, not to where the save was trimmed.
    press(again, "START " + "DOWN " * menu._RESTART + "A A")  # asked once: A again
    assert again.game.notation() == Game.deal(4, rules).notation()


class FailingNvm:
    """An nvm whose writes fail as the firmware's do (RuntimeError or OSError)."""

    def __init__(self, error):
        self.data = bytearray(b"\xff" * 8192)
        self.error = error
        self.attempts = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.attempts += 1
        if self.error is not None:
            raise self.error("flash write failed")
        self.data[index] = value


@pytest.mark.parametrize("error", [RuntimeError, OSError])
def test_a_failed_flash_write_keeps_the_game_going_and_tells_once(display, sheet, device,
                                                                  error):
    nvm = FailingNvm(error)
    app = make_app(display, sheet, store=device.NvmStore(nvm), deal=30)
    press(app, "A A")
    press(app, "START")  # the menu opens: a write, which fails
    assert nvm.attempts == 1 and app.screen == screens.MENU
    press(app, "B")
    assert app.message == NOT_SAVED and app.shown == NOT_SAVED
    _played(app, 3)
    assert app.message == "" and app._dirty  # still to be written
    app.tick(0)
    app.tick(60000)  # tried again a minute later: fails, not told again
    assert nvm.attempts == 2 and app.message == "" and app._dirty
    nvm.error = None  # the flash works again
    for now in (60001, 119000):  # (the loop ticks far more often than this)
        app.tick(now)
    assert nvm.attempts == 2  # not within a minute of the last try
    app.tick(120001)
    assert nvm.attempts == 3 and not app._dirty
    again = make_app(display, sheet, store=device.NvmStore(nvm))
    assert again.game.notation() == app.game.notation()


def _winnable(number):
    """A position one quick move from won, given a deal number so that it
    counts (positions read from notation are not deals)."""
    return position("box-kite", {1: "AS", 2: "KH"}).notation(), number


def test_statistics_count_won_lost_and_abandoned_games_across_reloads(display, sheet):
    store = MemoryStore()
    KITE = 3  # the box-kite preset's statistics
    text, number = _winnable(501)
    app = make_app(display, sheet, store=store, position=text)
    app.game.deal_number = number
    press(app, "A A RIGHT A A")
    assert app.screen == screens.WON_SCREEN and store.saves == 1  # written at once
    assert app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    press(app, "B")  # undo the last move, win again: counted once
    press(app, "A A")
    assert app.game.is_won() and app.statistics.counts(KITE)[:2] == (1, 1)
    # Leaving a won game is no loss; the statistics come back with a reload.
    app.next_rules = Rules("box-kite")
    press(app, "A")  # new deal (11)
    assert app.game.deal_number == 11 and app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    app = make_app(display, sheet, store=store)
    assert app.game.deal_number == 11 and app.statistics.counts(KITE) == (1, 1, 1, 1, 2)
    press(app, "START DOWN A")  # left before its first move: not played
    assert app.game.deal_number == 11 and app.statistics.counts(KITE)[0] == 1
    _played(app, 1)  # a move
    assert app.game.history
    press(app, "START DOWN A A")  # left for a new deal (asked once): lost
    assert app.statistics.counts(KITE) == (2, 1, 0, 1, 2)
    assert app.statistics.recent(KITE)[0][:2] == (11, False)
    # Stuck with no redeal, and the player deals again: lost.
    stuck = position("st-helena,spaces=none,redeals=0", {1: "KS", 7: "AH"}).notation()
    store2 = MemoryStore(store.data)
    app = make_app(display, sheet, store=store2, position=stuck)
    app.game.deal_number = 777
    assert app.screen == screens.STUCK
    # This position has no move to make; history as if one had been made
    # (what counts a game as played), the game's state aside.
    app.game.history.extend(b"\x00\x00")
    press(app, "A")
    kind = 4  # custom rules
    assert app.statistics.counts(kind)[:2] == (1, 0)
    assert app.statistics.recent(kind)[0][:2] == (777, False)
    # And it is all in the store, through a reload.
    again = make_app(display, sheet, store=store2)
    assert again.statistics.to_bytes() == app.statistics.to_bytes()


def test_the_statistics_screen_and_its_confirmed_reset(display, sheet):
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=40)
    _some_statistics(app)
    press(app, "START " + "DOWN " * menu._STATISTICS)
    assert menu.menu_label(app, menu._STATISTICS) == "Statistics"
    press(app, "A")
    assert app.screen == STATS
    lines = statistics_lines(app.statistics, 0)
    assert lines[0] == "played 6  won 3 (50%)" and all(len(line) <= 26 for line in lines)
    press(app, "RIGHT")  # the next preset: nothing played
    assert statistics_lines(app.statistics, app.stats_kind)[0] == "played 0  won 0 (0%)"
    press(app, "LEFT A HOLD_A")  # A held: the question stays, for a press of its own
    assert app.screen == STATS_RESET and app.statistics.played() == 6
    press(app, "B")  # keep them
    assert app.screen == STATS and app.statistics.played() == 6
    saves = store.saves
    press(app, "A A")  # reset, confirmed
    assert app.screen == STATS and app.statistics.played() == 0
    assert store.saves == saves + 1  # written at once
    assert make_app(display, sheet, store=store).statistics.played() == 0
    press(app, "B")
    assert app.screen == screens.MENU


def test_a_file_store_trims_a_game_too_long_for_the_records_length_fields(
        display, sheet, monkeypatch):
    # A file has no capacity, but the record's lengths are 16 bits: past
    # LONGEST bytes of history (here made small) the oldest undo goes too.
    monkeypatch.setattr(record, "LONGEST", 400)
    store = MemoryStore()
    app = make_app(display, sheet, store=store, deal=4,
                   rules="st-helena-pysol,restricted_first_deal=false")
    rng = random.Random(4)
    for _ in range(299):
        app.game.push(rng.choice([move for move in app.game.legal_moves() if move < 400]))
    _played(app, 1)
    assert len(app.game.history) >= 400
    app.save_now()
    assert app.message == TRIMMED and store.saves == 1
    again = make_app(display, sheet, store=store)
    assert again.game.notation() == app.game.notation()
    assert again.game.earlier_moves + len(again.game.move_stack()) == 300
