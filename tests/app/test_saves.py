"""Saves that last: the app's record in the board's nvm store (the real
``stores.NvmStore`` and ``sector_store.SectorStore`` of sthelena/core on
the stand-in nvm), torn by a power cut at every byte, moved from an older
layout, copied to a drive that cannot take it (tests/app/test_records.py:
records cut short or corrupt, too big, not written, and the statistics kept
with them)."""

import ast
from pathlib import Path

import pytest

from tests.helpers.app_driver import make_app
from tests.helpers.mpvm import REPO_ROOT, VM_EXCLUDE, run_micropython
from tests.helpers.save_helpers import _STANDIN, _load, _nvm, _played, _some_statistics
from sthelena.app import record
from sthelena.core.rules import Rules


def _store(stores, nvm, copy=None):
    """The board's store for ``nvm``: the RP2040's 4 KB sector appends its
    saves (sector_store.SectorStore), the SAMD51's 8 KB block one at its start
    (stores.NvmStore)."""
    if len(nvm) == 4096:
        return stores.SectorStore(nvm, copy=copy)
    return stores.NvmStore(nvm, copy=copy)


def _drive(stores):  # (after the stores fixture: the stand-ins loaded)
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
        display, sheet, stores, tmp_path, chip, with_copy):
    # The save before and the save cut differ in the game, the cursor and the
    # statistics (a deal counted): what the board resumes holds them all from
    # one save, so no deal is lost or counted twice. The store is read after a
    # cut at every step of the write; the app is started on a sample of them
    # (those next to each change of outcome among them).
    size, full, counted = CHIPS[chip]
    copy = _drive(stores).DriveCopy(str(tmp_path / "saves")) if with_copy else None
    nvm = _nvm(size)
    store = _store(stores, nvm, copy)
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
            store = _store(stores, torn, copy)
            store.load()
            store.save(data)
            assert cut >= steps, cut  # no cut: the write ended before it
        except _STANDIN.PowerCut:
            pass
        store = _store(stores, torn, copy)
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
        again = make_app(display, sheet, store=_store(stores, torn, copy))
        assert again.message == said, (cut, again.message)
        if kind == "new":
            assert again.game.deal_number == 11 and again.statistics.played() == 0, cut
        else:
            assert _state(again) == (after if kind == "last" else before), cut


def test_a_torn_append_is_passed_over_and_the_next_saves_need_no_erase(display, sheet, stores):
    nvm = _nvm(4096)
    app = make_app(display, sheet, store=_store(stores, nvm), deal=5)
    app.save_now()
    first = _state(app)
    _played(app, 3)
    nvm.cut = 20  # the next frame torn after 20 bytes
    with pytest.raises(_STANDIN.PowerCut):
        app.save_now()
    again = make_app(display, sheet, store=_store(stores, nvm))
    assert _state(again) == first and again.message == ""
    for count in range(3):
        _played(again, 2, seed=count)
        again.save_now()
    assert nvm.erases == 0 and nvm[again.store._at - 1] != 0xFF  # right after the torn bytes
    last = make_app(display, sheet, store=_store(stores, nvm))
    assert _state(last) == _state(again) and last.message == ""


def test_frames_that_end_in_erased_bytes_and_deltas_are_read_back_whole(stores):
    # A frame's last bytes may read as erased (0xFF): the next goes after
    # them, not over them. Records beginning as the last whole frame's are
    # deltas of it, read back with it; a delta whose base is torn is passed
    # over for the save before.
    ending = next(b"S" * 100 + bytes((n,)) for n in range(256)
                  if stores.frame_bytes(b"St4", 1, b"S" * 100 + bytes((n,)))[-1] == 0xFF)
    nvm = _nvm(4096)
    store = _store(stores, nvm)
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
        assert _store(stores, again).load() == saves[count - 1], count
    torn = _nvm(4096)
    torn._data[:] = nvm._data
    torn._data[50] ^= 0x10  # the base torn (the flash's start: said), its deltas with it
    found = _store(stores, torn)
    assert found.load() == saves[3] and found.lost
    torn._data[144:] = b"\xff" * (4096 - 144)  # (the last whole frame gone)
    found = _store(stores, torn)
    assert found.load() is None and found.lost  # frame 0 torn: said
    for at in (4088, 4093):  # a frame's magic too near the end for its head: no frame
        near_end = _nvm(4096)
        near_end._data[at:at + 3] = b"St4"
        found = _store(stores, near_end)
        assert found.load() is None and found.lost


def test_a_cut_erase_that_spares_the_first_frame_is_still_told(stores):
    # A cut early in the sector's erase may leave the first frames whole and
    # tear the later ones: more than one torn frame after the newest whole
    # one is no append's cut, and is said. One torn frame after it is.
    nvm = _nvm(4096)
    store = _store(stores, nvm)
    store.load()
    starts = []
    for count in range(12):
        starts.append(store._end)
        store.save(bytes((count,)) * (60 + count))  # whole frames (no deltas: nothing shared)
    for first_torn, said in ((11, False), (8, True)):
        torn = _copied(nvm)
        for at in starts[first_torn:]:
            torn._data[at + 9] ^= 0x0F  # each frame from there on torn in its body
        found = _store(stores, torn)
        assert found.load() == bytes((first_torn - 1,)) * (59 + first_torn)
        assert found.lost == said, first_torn


def test_a_flash_torn_by_a_cut_erase_is_told_from_a_blank_one(display, sheet, stores):
    # Blank: never played (or erased whole by a cut before anything was
    # written: the two look the same), a new deal without a word. Partly
    # erased (neither blank nor a save at the start): a new deal, said.
    for size in (4096, 8192):
        blank = make_app(display, sheet, store=_store(stores, _nvm(size)))
        assert blank.message == "" and blank.game.deal_number == 11
        nvm = _nvm(size)
        app = make_app(display, sheet, store=_store(stores, nvm), deal=3)
        _some_statistics(app)
        for count in range(4):
            _played(app, 2, seed=count)
            app.save_now()
        nvm.cut, nvm.seed = 0, 5  # the next write erases (an 8 KB block's; a 4 KB
        nvm._data[size - 10:] = b"\x00" * 10  # sector full), and is cut in the erase
        with pytest.raises(_STANDIN.PowerCut):
            _store(stores, nvm).save(b"x" * 10)
        torn = make_app(display, sheet, store=_store(stores, nvm))
        assert torn.message == record.CUT_LOST and torn.status_line.shown == record.CUT_LOST
        assert torn.game.deal_number == 11 and torn.statistics.played() == 0
        torn.save_now()  # the next save erases what the cut left
        again = make_app(display, sheet, store=_store(stores, nvm))
        assert again.message == "" and _state(again) == _state(torn)


def _old_layout(record_data):
    """The nvm's bytes as the store kept a record before frames: ``St3``,
    its length, the record, at the start."""
    return b"St3" + len(record_data).to_bytes(2, "big") + record_data


@pytest.mark.parametrize("size", [4096, 8192])
def test_a_save_in_todays_layout_loads_and_is_migrated_once(display, sheet, stores, size):
    appends = size == 4096
    app = make_app(display, sheet, deal=64)
    _some_statistics(app)
    _played(app, 20)
    app.cursor = 9
    saved = _state(app)
    nvm = _nvm(size)
    nvm[0:0] = b""
    nvm._data[0:len(record.record_bytes(app)) + 5] = _old_layout(record.record_bytes(app))
    again = make_app(display, sheet, store=_store(stores, nvm))
    assert _state(again) == saved and again.message == ""
    _played(again, 1, seed=3)
    again.save_now()  # the first save in frames
    if appends:  # after the old record, in erased flash: nothing erased
        assert nvm.erases == 0 and bytes(nvm[0:3]) == b"St3"
    else:
        assert bytes(nvm[0:3]) == b"St4" and nvm[len(record.record_bytes(again)) + 10] == 0xFF
    last = make_app(display, sheet, store=_store(stores, nvm))
    assert _state(last) == _state(again) and last.message == ""
    while appends and nvm.erases == 0:  # the sector full: the old record goes
        last.cursor = (last.cursor + 1) % 20
        last.save_now()
    assert bytes(nvm[0:3]) == b"St4"
    assert _state(make_app(display, sheet,
                           store=_store(stores, nvm))) == _state(last)


def test_a_drive_that_cannot_take_the_copy_costs_the_game_nothing(display, sheet, stores,
                                                                    tmp_path, capsys):
    copy = _drive(stores).DriveCopy(str(tmp_path / "missing" / "saves"))  # no such folder
    nvm = _nvm(8192)
    app = make_app(display, sheet, store=stores.NvmStore(nvm, copy=copy), deal=6)
    for count in range(3):
        _played(app, 1, seed=count)
        app.save_now()
    assert nvm.writes == 3 and copy.writes == 0 and copy.failed and app.message == ""
    assert capsys.readouterr().out.count("no copy of the save on the drive") == 1
    again = make_app(display, sheet, store=stores.NvmStore(nvm, copy=copy))
    assert _state(again) == _state(app)


@pytest.mark.slow
@pytest.mark.vm
def test_the_store_and_its_cuts_under_micropython():
    # The same store on the MicroPython VM (as the board runs it: bytes.rfind,
    # memoryview, the stand-in nvm), a write cut at every byte on each chip:
    # the newest whole save or the one before, and a torn flash said.
    script = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor
board.use("picosystem")
from sthelena.core.stores import NvmStore
from sthelena.core.sector_store import SectorStore
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
    lines = run_micropython(script, packages=("sthelena", "tools/harness/standins"),
                            exclude=VM_EXCLUDE).splitlines()
    assert lines[0] == "4096 True 0 False ['last', 'previous']"  # appended: no erase
    # Erased (the sector full; the SAMD51's every write): lost till the frame
    # is whole, and said so, but where the cut left the flash blank (erased,
    # nothing programmed yet: a board never played looks the same).
    for line, erasing in zip(lines[1:], ("4096 True 14 True ", "8192 False 0 True ")):
        assert line.startswith(erasing), line
        seen = set(ast.literal_eval(line[len(erasing):]))
        assert {"None lost", "last"} <= seen <= {"None lost", "last", "None"}, line
