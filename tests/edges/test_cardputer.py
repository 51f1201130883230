"""The M5Stack Cardputer (sthelena/boards/cardputer.py): its keyboard read
from the serial input (app/serial_keys.py), its NVS store
(handheld/nvs_store.py), a legal game with the menu typed on its keys on
CircuitPython's own interpreter at the ESP32-S3's heap
(tools/harness/serial_play.py), and its frames: the game set up and played
by the board's own code on the stand-ins under the MicroPython VM, its keys'
characters typed on the serial input its set-up reads
(tests/helpers/board_frames.py), pixel for pixel the desktop's ``--board
cardputer`` frames of the same keys. Its heap with a hint:
tests/board/test_cardputer_heap.py."""


import pytest

from sthelena.app.buttons import A, B, DOWN, HOLD, LEFT, NO_EVENT, RIGHT, SELECT, START, UP
from sthelena.app.serial_keys import SerialKeySource
from sthelena.boards.cardputer import PROFILE


class Typing:
    """The serial input: characters typed wait until read."""

    def __init__(self):
        self.waiting = ""
        self.reads = 0

    def read(self, count):
        self.reads += 1
        typed, self.waiting = self.waiting[:count], self.waiting[count:]
        return typed

    def available(self):
        return len(self.waiting)


def events_of(text):
    typing = Typing()
    source = SerialKeySource(PROFILE.keys, typing.read, typing.available)
    typing.waiting = text
    found = []
    event = source.poll(0)
    while event != NO_EVENT:
        found.append(event)
        event = source.poll(0)
    return found


def test_the_cardputers_keys_give_the_desktops_events_and_others_nothing():
    # What its firmware types (ports/espressif/module/cardputer_keymap.h): the
    # arrows' keys bare and with Fn (the terminal's sequences), X/Z (and
    # with Shift), Del bare and with Fn, Enter, Space; the holds' keys.
    assert events_of(";.,/") == [UP, DOWN, LEFT, RIGHT]
    assert events_of("\x1b[A\x1b[B\x1b[D\x1b[C") == [UP, DOWN, LEFT, RIGHT]
    assert events_of("xXzZ\b\x1b[3~\r ") == [A, A, B, B, B, B, START, SELECT]
    assert events_of("cr") == [A | HOLD, B | HOLD]
    assert events_of("h") == [SELECT, SELECT | HOLD]  # the hint: SELECT held on the table
    # Keys that mean nothing are passed over, an unknown sequence whole.
    assert events_of("q1\t\x1b[Zx\x1b\x1bz`") == [A, B]


def test_the_desktop_window_gives_a_typed_key_what_the_board_reads_of_it():
    from sthelena.desktop.keys import typed_characters

    typed = typed_characters(PROFILE)
    assert (typed[";"], typed["/"], typed["\b"], typed["c"], typed["H"]) == (
        (UP,), (RIGHT,), (B,), (A | HOLD,), (SELECT, SELECT | HOLD))
    assert "\x1b[A" not in typed  # (the window's arrow keys are the desktop's own)


def test_an_arrows_sequence_read_in_two_parts_is_one_key():
    typing = Typing()
    source = SerialKeySource(PROFILE.keys, typing.read, typing.available)
    typing.waiting = "\x1b["
    assert source.poll(0) == NO_EVENT
    reads = typing.reads
    for _ in range(5):  # waiting for its end: no read while nothing more is typed
        assert source.poll(0) == NO_EVENT
    assert typing.reads == reads
    typing.waiting = "Dx"
    assert [source.poll(0), source.poll(0), source.poll(0)] == [LEFT, A, NO_EVENT]


class Nvs:
    """An ESP32-S3's nvm as its firmware keeps it: 8 KB reading as zeros
    until written; each read and write counted (each a whole blob's copy)."""

    def __init__(self):
        self.data = bytearray(8192)
        self.reads = self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        self.reads += 1
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes += 1
        self.data[index] = value


@pytest.fixture
def nvs_store():
    """handheld/nvs_store.py's class (the nvm is handed in: a stand-in here)."""
    from sthelena.handheld.nvs_store import NvsStore

    return NvsStore


def test_the_nvs_store_is_blank_at_first_and_keeps_each_save_in_one_write(nvs_store):
    nvm = Nvs()
    store = nvs_store(nvm)
    assert store.load() is None and not store.lost and nvm.reads <= 2  # zeros: never written
    assert store.save(b"record one") and nvm.writes == 1
    assert not store.save(b"record one") and nvm.writes == 1  # the newest: nothing written
    assert store.save(b"two") and nvm.writes == 2
    nvm.reads = 0
    again = nvs_store(nvm)
    assert again.load() == b"two" and not again.lost and nvm.reads == 2  # head, then frame
    nvm.data[0:4] = b"junk"
    torn = nvs_store(nvm)
    assert torn.load() is None and torn.lost  # neither a frame nor blank
    with pytest.raises(ValueError):
        store.save(bytes(store.capacity + 1))


# -- a legal game with the menu, and its frames ------------------------------

DEAL, MOVES = 21, 10
# Keys the frames' script types with Fn every other time it presses them: the
# arrows' and Del's escape sequences, read as the bare keys' characters are.
WITH_FN = {"DOT": "FN_DOT", "SLASH": "FN_SLASH", "COMMA": "FN_COMMA", "Z": "FN_DEL"}


@pytest.fixture(scope="module")
def script():
    """Deal DEAL's script on the Cardputer's own keys (tools/harness/board_scripts.py,
    each press checked on the App): the menu and the overview, MOVES moves of
    the solver's line, one taken back and given again, the menu; and the
    moves the App then holds."""
    from tools.harness import board_scripts
    from tools.harness.firmware_sessions import make_app

    made = board_scripts.game_script(PROFILE, DEAL, moves=MOVES)
    app = make_app(made.record)  # the App the words were checked on, played again
    for given in made.events:
        for event in given:
            app.handle(event)
    return made, app.game.move_stack()


@pytest.mark.firmware("10.x/circuitpython", "10.x/mpy-cross")
def test_on_circuitpython_a_legal_game_with_the_menu_plays_at_the_cardputers_heap(
        script, tmp_path):
    from tools.harness import emulated, serial_play

    made, moves = script
    assert "ENTER" in made.words and len(moves) >= MOVES - 1
    drive = serial_play.lay_out(str(tmp_path))
    proc = serial_play.play(drive, serial_play.typed(made.words),
                            nvm=emulated.nvm_holding(made.record))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines()}
    assert lines["set_up"] == ["SerialKeySource", "NvsStore", "False", "FanScreen", "240",
                               "135", "keys-cardputer"]
    assert lines["idle"] == ["0"]  # polls with nothing typed allocate nothing
    played = lines["played"]
    assert played[0] == str(DEAL) and played[1:-1] == [str(move) for move in moves]
    assert played[-1] == "0"  # the table (PLAY), the menu closed
    assert int(lines["saved"][0]) >= 1 and lines["saved"][1] == "b'St4'"


@pytest.mark.vm
def test_the_cardputers_frames_are_the_desktops_for_a_legal_game_with_the_menu_and_a_hint(
        script, tmp_path):
    from tests.helpers import board_frames
    from tools.harness import board_scripts

    made, _ = script
    words = made.words[:-2] + [board_scripts.key_words(PROFILE)[board_scripts.HINT]] \
        + made.words[-2:]  # (a hint before the last menu)
    seen = {}
    for index, word in enumerate(words):
        if word in WITH_FN:
            seen[word] = not seen.get(word)
            words[index] = word if seen[word] else WITH_FN[word]
    assert {"SEMICOLON", "DOT", "FN_DOT", "COMMA", "SLASH", "FN_SLASH", "X", "Z", "FN_DEL",
            "ENTER", "SPACE", "C", "R", "H"} <= set(words), words
    board, last = board_frames.board_digests(PROFILE, "cardputer", made.record, words, tmp_path)
    desktop = board_frames.desktop_digests(PROFILE, made.record, words, tmp_path)
    assert len(board) == len(desktop) == len(words) + 1
    assert [index for index in range(len(board)) if board[index] != desktop[index]] == []
    assert len(set(board)) >= len(words) // 2  # (each key drew)
    assert last == "FanScreen Rectangle True"  # (its firmware has vectorio: the baize's)
