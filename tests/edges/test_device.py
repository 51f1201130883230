"""The PyGamer's and PyBadge's edge under the MicroPython VM, on stand-ins for the
board's modules (tools/harness/standins), set up from their profiles
(sthelena/boards/pygamer.py, pybadge.py): their keys and joystick
(sthelena/handheld/keys.py, made by setup.py's key_source) with repeats, the nvm
store (core/stores.py), the speaker (speaker.py), the main loop (loop.py) and the
set-up (setup.py, which start.py calls).
"""

import textwrap

import pytest

from tests.helpers.mpvm import EACH_KEY, REPO_ROOT, VM_EXCLUDE, run_micropython

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)

SHEET = REPO_ROOT / "assets" / "sheet.bmp"

# The board's profile imported as its module (the VM has no importlib for
# sthelena.boards.catalogue): the board the stand-in is (board.board_id) says which.
PREAMBLE = """
import sys
sys.path.append("/lib/standins")
import board, keypad, analogio, microcontroller, supervisor
board.use(%r)
if board.board_id == "pygamer":
    from sthelena.boards.pygamer import PROFILE
else:
    from sthelena.boards.pybadge import PROFILE
from sthelena.app.buttons import *
from sthelena.core import stores
from sthelena.handheld import loop, setup, start
from sthelena.handheld.speaker import Speaker
"""


def run(script, board="pybadge", files=None):
    """Run ``script`` after the preamble, as the board named."""
    body = PREAMBLE % board + EACH_KEY + textwrap.dedent(script)
    return run_micropython(body, packages=("sthelena", "tools/harness/standins"),
                           exclude=VM_EXCLUDE, files=files).splitlines()


def test_a_pybadge_reads_eight_keys_in_adafruits_order():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        print(source.keys.key_count, source._x is None)
        # no key with a tap and a hold: the plain timer, tap_hold never imported
        print(type(source._timer).__name__, "sthelena.app.tap_hold" in sys.modules)
        print(each_key(source, 8))
    """)
    assert lines == ["8 True", "ButtonTimer False", "B A START SELECT RIGHT DOWN UP LEFT"]


def test_a_pygamer_has_four_keys_and_a_joystick():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        print(source.keys.key_count, source._x is not None, type(source._timer).__name__)
        try:
            keypad.push(4)
        except ValueError:
            print("no key 4")
    """, board="pygamer")
    assert lines == ["4 True ButtonTimer", "no key 4"]


def test_a_held_key_repeats_or_holds_through_the_source():
    lines = run("""
        source = setup.key_source(PROFILE, board)
        def trace(start, stop):
            found = []
            for now in range(start, stop):
                event = source.poll(now)
                if event != NO_EVENT:
                    found.append("%d:%d" % (now, event))
            print(" ".join(found) or "-")
            supervisor.set_ticks(stop)  # a key's next move comes then (its event's timestamp)
        keypad.push(7)  # LEFT, held
        trace(0, 700)
        keypad.push(7, False)
        trace(700, 1500)
        keypad.push(1)  # A, held
        trace(1500, 2500)
        keypad.push(1, False)
        keypad.push(0)  # B, held: B, then B | HOLD (redo)
        trace(2500, 3500)
        keypad.push(0, False)
        keypad.push(3)  # SELECT, held: SELECT, then SELECT | HOLD (a hint)
        trace(3500, 4500)
    """)
    assert lines == ["0:2 400:2 520:2 640:2", "-", "1500:4 2000:12", "2500:5 3000:13",
                     "3500:7 4000:15"]


def test_a_hold_the_loop_read_late_comes_as_the_key_goes_up():
    # The loop busy drawing for 1.5 s: the keys' events wait in the queue,
    # each with its time (keypad's timestamp); a hold that fell due before
    # the key went up comes then, and one held too short gives none.
    lines = run("""
        source = setup.key_source(PROFILE, board)
        def polls(now, count):
            return " ".join(NAMES[event & 7] + ("+HOLD" if event & HOLD else "")
                            for event in (source.poll(now) for _ in range(count))
                            if event != NO_EVENT) or "-"
        supervisor.set_ticks(1000)
        keypad.push(1)  # A
        supervisor.set_ticks(1700)
        keypad.push(1, False)  # up 700 ms later
        supervisor.set_ticks(2000)
        keypad.push(0)  # B
        supervisor.set_ticks(2400)
        keypad.push(0, False)  # up 400 ms later
        print(polls(2500, 4), "|", polls(3000, 2))  # read at 2500: the queue at once
    """)
    assert lines == ["A A+HOLD B | -"]


def test_polling_allocates_nothing_idle_or_repeating():
    # The VM collects no garbage during one call, so gc.mem_alloc() grows by
    # exactly what the polls allocated.
    for board in ("pybadge", "pygamer"):
        lines = run("""
            import gc
            source = setup.key_source(PROFILE, board)
            source.poll(0)
            def polls(now, stop):
                before = gc.mem_alloc()
                while now < stop:
                    source.poll(now)
                    now += 1
                return gc.mem_alloc() - before
            print("idle", polls(1, 3000))
            keypad.push(6 if board.board_id == "pybadge" else 1)  # UP held, or A
            print("held", polls(3000, 6000))
        """, board=board)
        assert lines == ["idle 0", "held 0"], board


def test_the_store_round_trips_and_says_when_the_flash_is_torn():
    # (Before frames the store handed any bytes not blank to the app to
    # refuse; now a flash neither blank nor a whole save is a power cut's.)
    lines = run("""
        nvm = microcontroller.nvm
        store = stores.NvmStore(microcontroller.nvm)
        print(len(nvm), store.capacity, store.load(), store.lost)  # blank flash
        data = bytes(range(256)) * 3
        print(store.save(data), nvm.writes, nvm.erases, store.load() == data)
        print(store.save(data), nvm.writes)  # unchanged: no write
        print(store.save(b"x"), nvm.writes, stores.NvmStore(microcontroller.nvm).load())
        print(store.save(b""), stores.NvmStore(microcontroller.nvm).load())
        print(bytes(nvm[0:4]), nvm[10], nvm[11])  # one frame at the start, the rest erased
        # Neither blank nor a whole save: torn (lost), nothing loaded.
        nvm[0:8] = b"\\x00\\x01garbag"
        again = stores.NvmStore(microcontroller.nvm)
        print(again.load(), again.lost)
        # The layout before frames (St3, length, record) loads as it is.
        nvm[0:10] = b"St3\\x00\\x05hello"
        again = stores.NvmStore(microcontroller.nvm)
        print(again.load(), again.lost)
        try:
            store.save(bytes(8183))
        except ValueError:
            print("too big")
        print(store.save(bytes(8182)), stores.NvmStore(microcontroller.nvm).load() == bytes(8182))
    """)
    assert lines == ["8192 8182 None False", "True 1 1 True", "False 1", "True 2 b'x'",
                     "True b''", "b'St4\\x00' 255 255", "None True", "b'hello' False", "too big",
                     "True True"]


def test_the_speaker_plays_in_the_background_or_keeps_silent():
    lines = run("""
        import audioio, digitalio
        from sthelena.app.sounds import CLICK, ERROR, FANFARE
        speaker = Speaker(board.SPEAKER, board.SPEAKER_ENABLE)
        out = audioio.outs[-1]
        print(speaker._enable.value, speaker._enable.direction == digitalio.Direction.OUTPUT)
        for sound in (CLICK, ERROR, FANFARE, CLICK):
            speaker.play(sound)
            sample = out.last
            print(out.played, len(sample.buffer), sample.sample_rate,
                  min(sample.buffer), max(sample.buffer))
        print(speaker._playing is out.last)
        silent = Speaker(None, board.SPEAKER_ENABLE)  # no speaker pin: silence, no error
        silent.play(CLICK)
        silent.play(FANFARE)
        print("silent", len(audioio.outs))
    """)
    assert lines == ["True True",
                     "1 56 3520 88 168", "2 188 1176 88 168", "3 3840 8000 88 168",
                     "4 56 3520 88 168", "True", "silent 1"]


def test_the_board_plays_the_notes_the_desktop_plays():
    # Both edges build their tones from sounds.TUNES: at the board's sample
    # rate for each sound the desktop's square wave is high and low where the
    # board's buffer is.
    from sthelena.app.sounds import TUNES
    from sthelena.desktop.sound import square_wave

    lines = run("""
        import audioio
        from sthelena.app.sounds import CLICK, ERROR, FANFARE, HINT_FOUND
        speaker = Speaker(board.SPEAKER, board.SPEAKER_ENABLE)
        out = audioio.outs[-1]
        for sound in (CLICK, ERROR, FANFARE, HINT_FOUND):
            speaker.play(sound)
            print(out.last.sample_rate,
                  "".join("+" if value > 128 else "-" for value in out.last.buffer))
    """)
    assert len(lines) == len(TUNES) == 4
    assert [int(line.split()[0]) for line in lines] == [3520, 1176, 8000, 8000]
    for sound, line in enumerate(lines):
        notes = TUNES[sound]
        rate, line = line.split()
        rate = int(rate)
        assert len(line) == sum(ms * rate // 1000 for _, ms in notes), sound
        wave = square_wave(notes, rate)
        assert len(wave) == len(line)
        signs = "".join("+" if value > 0 else "-" for value in wave)
        # the desktop fades each note's end to silence; compare where it sounds
        assert all(mine == theirs for mine, theirs, value in zip(line, signs, wave) if value),\
            sound
    # The click (1760 Hz) and the error (196 then 147 Hz) are exact square waves.
    assert lines[0].split()[1] == "+-" * 28
    assert lines[1].split()[1] == ("+++---" * 16)[:94] + ("++++----" * 12)[:94]


def test_the_loop_hands_events_to_the_app_and_ticks_when_idle():
    lines = run("""
        class App:
            def __init__(self):
                self.log = []
            def handle(self, event):
                self.log.append("e%d" % event)
            def tick(self, now):
                if not self.log or self.log[-1][0] != "t":
                    self.log.append("t%d" % now)
        app = App()
        source = setup.key_source(PROFILE, board)
        supervisor.set_ticks((1 << 29) - 5)
        supervisor.STEP = 1
        keypad.push(4)  # RIGHT, held across the wrap of ticks_ms
        loop.run(app, source, iterations=530)
        print(" ".join(app.log))
    """)
    wrap = 1 << 29
    assert lines == ["e3 t%d e3 t%d e3 t%d" % (wrap - 4, 396, 516)]


def run_with_sheet(script, board="pybadge"):
    """``run`` with assets/sheet.bmp at /assets in the VM."""
    return run(script, board, files={"assets/sheet.bmp": SHEET})


def sheet_pixels():
    """assets/sheet.bmp's pixel values, top row first, read here on CPython."""
    data = SHEET.read_bytes()
    offset = int.from_bytes(data[10:14], "little")
    width = int.from_bytes(data[18:22], "little")
    height = int.from_bytes(data[22:26], "little", signed=True)
    stride = (width * 4 + 31) // 32 * 4
    rows = [data[offset + row * stride:offset + (row + 1) * stride] for row in range(abs(height))]
    if height > 0:
        rows.reverse()  # bottom-up in the file
    return [row[x // 2] >> (0 if x % 2 else 4) & 15 for row in rows for x in range(width)]


def test_set_up_builds_the_app_on_the_display_with_the_sheet_loaded():
    lines = run_with_sheet("""
        import displayio
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        print(type(board.DISPLAY.root_group).__name__, board.DISPLAY.root_group is app.view.group)
        sheet = app.view.status.bitmap
        print(sheet.width, sheet.height)
        print(",".join(str(sheet[index]) for index in range(sheet.width * sheet.height)))
    """)
    assert lines[0] == "Group True"
    assert lines[1] == "96 104"
    assert [int(value) for value in lines[2].split(",")] == sheet_pixels()


def test_the_loop_plays_saves_to_nvm_and_a_restart_resumes_the_game():
    lines = run_with_sheet("""
        import random
        random.seed(7)
        supervisor.STEP = 1
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        first = app.cursor
        analogio.set_value(board.JOYSTICK_X, 64000)  # RIGHT: the cursor moves
        loop.run(app, buttons, iterations=5)
        analogio.set_value(board.JOYSTICK_X, 32000)
        keypad.push(1)  # A held: the quick move from the new place
        loop.run(app, buttons, iterations=600)
        keypad.push(1, False)
        print(app.cursor != first, microcontroller.nvm.writes)
        print("moves", len(app.game.move_stack()))
        loop.run(app, buttons, iterations=2500)  # 2.5 s idle: not yet written
        print(microcontroller.nvm.writes == 0, stores.NvmStore(microcontroller.nvm).load() is None)
        supervisor.STEP = 100
        loop.run(app, buttons, iterations=610)  # a minute's pause: written
        print(microcontroller.nvm.writes == 1,
              stores.NvmStore(microcontroller.nvm).load() is not None)
        played = app.game.notation()
        def screen(group):  # every layer's tiles, place, visibility and colours
            seen = []
            for layer in group._children:
                if hasattr(layer, "_children"):
                    seen.append(screen(layer))
                elif not hasattr(layer, "_tiles"):  # a shape (the baize)
                    seen.append((layer.width, layer.height, layer.x, layer.y, layer.hidden,
                                 bytes(layer.pixel_shader._colours)))
                else:
                    seen.append((bytes(layer._tiles), layer.x, layer.y, layer.hidden,
                                 bytes(layer.pixel_shader._colours)))
            return seen
        shown = screen(board.DISPLAY.root_group)
        again = start.setup(PROFILE).app  # as after a reset: the game comes back from nvm
        print(again.game.notation() == played, again.cursor == app.cursor)
        print("same screen", screen(board.DISPLAY.root_group) == shown,
              board.DISPLAY.root_group is again.view.group)
        print("resumed", list(again.game.move_stack()) == list(app.game.move_stack()))
        start.start(PROFILE, iterations=50)  # start() itself runs too
        print("start ok")
    """, board="pygamer")
    assert lines == ["True 0", "moves 1", "True True", "True True", "True True",
                     "same screen True True", "resumed True", "start ok"]


def test_presses_and_moves_allocate_nothing_on_the_board():
    # Within one VM call no garbage is collected, so gc.mem_alloc() grows by
    # exactly what each press allocated (a first move may grow the history's
    # buffer: that is the history bytes, so the move is measured replayed).
    # Deal 2026: pile 1 onto pile 9 is legal, and 8-AS stays open after it
    # (the stuck search is not needed).
    lines = run_with_sheet("""
        import gc
        from sthelena.core.game import Game
        from sthelena.app.buttons import A, B, DOWN, LEFT, RIGHT, UP
        made = start.setup(PROFILE)
        app, buttons = made.app, made.buttons
        app.start(Game.deal(2026))
        def cost(event):
            before = gc.mem_alloc()
            app.handle(event)
            return gc.mem_alloc() - before
        print("cursor", cost(RIGHT), cost(DOWN), cost(UP), cost(LEFT))
        print("lift and cancel", cost(A), cost(B))
        pile_nine_before = app.game.pile_size(8)
        app.handle(A)
        app.cursor = 8
        app.handle(A)  # the first move may grow the history's buffer
        print("played", app.game.pile_size(8) - pile_nine_before)
        app.handle(B)  # undo; the redo list takes the move
        app.cursor = 0
        lift = cost(A)
        app.cursor = 8
        print("move again", lift, cost(A), app.game.pile_size(8) - pile_nine_before)
    """)
    assert lines == ["cursor 0 0 0 0", "lift and cancel 0 0", "played 1", "move again 0 0 1"]
