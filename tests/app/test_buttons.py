"""ButtonTimer: button downs and ups plus the time become the app's events; and
TapHoldTimer (sthelena/app/tap_hold.py), which times the plain keys as
ButtonTimer does and gives the four-button boards' keys with a tap and a hold,
RIGHT_OR_MENU and DOWN_OR_PILES, their events.

Checked on CPython, then the same trace under the MicroPython VM (the board's
interpreter family), where ``due`` must also allocate nothing: the board's
loop calls it thousands of times a second.
"""

import subprocess
import sys

import pytest

from tests.helpers.mpvm import REPO_ROOT, run_micropython
from sthelena.app.buttons import (A, B, DOWN, DOWN_OR_PILES, HOLD, HOLD_DELAY, LEFT, NO_EVENT,
                                  REPEAT_DELAY, REPEAT_EVERY, RIGHT, RIGHT_OR_MENU, SELECT,
                                  START, TAP_OR_HOLD, UP, ButtonTimer)
from sthelena.app.tap_hold import TapHoldTimer

WRAP = 1 << 29  # supervisor.ticks_ms() wraps here
# A plain key's events are the same from either timer (TapHoldTimer is the
# ButtonTimer of boards with keys that have a tap and a hold).
TIMERS = pytest.mark.parametrize("timer_class", [ButtonTimer, TapHoldTimer])


def events_between(timer, start, stop):
    """(time, event) for each event ``due`` gives, polled every millisecond."""
    found = []
    for now in range(start, stop):
        event = timer.due(now % WRAP)
        if event != NO_EVENT:
            found.append((now, event))
    return found


def test_the_constants_are_unchanged():
    assert (UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, HOLD, NO_EVENT) == \
        (0, 1, 2, 3, 4, 5, 6, 7, 8, -1)
    assert (REPEAT_DELAY, REPEAT_EVERY, HOLD_DELAY) == (400, 120, 500)
    # keys with a tap and a hold come after every button and its hold
    assert (TAP_OR_HOLD, RIGHT_OR_MENU, DOWN_OR_PILES) == (16, 16, 17)


@pytest.mark.parametrize("button", [UP, DOWN, LEFT, RIGHT, A, B, START, SELECT])
@TIMERS
def test_a_press_gives_its_event_at_once_and_nothing_while_idle(button, timer_class):
    timer = timer_class()
    assert timer.due(0) == NO_EVENT
    assert timer.down(button, 1000) == button
    assert timer.held == 1 << button
    assert timer.up(button, 1050) == NO_EVENT  # a plain key gives nothing going up
    assert timer.held == 0
    assert events_between(timer, 1000, 4000) == []


@pytest.mark.parametrize("button", [UP, DOWN, LEFT, RIGHT])
@TIMERS
def test_a_held_direction_repeats_after_400_then_every_120_ms(button, timer_class):
    timer = timer_class()
    timer.down(button, 1000)
    found = events_between(timer, 1000, 2000)
    assert found == [(1400, button), (1520, button), (1640, button), (1760, button),
                     (1880, button)]
    timer.up(button, 2000)
    assert events_between(timer, 2000, 3000) == []


@TIMERS
def test_a_late_poll_gives_one_repeat_not_a_burst(timer_class):
    timer = timer_class()
    timer.down(LEFT, 0)
    assert timer.due(399) == NO_EVENT
    assert timer.due(1000) == LEFT  # the app was busy for 600 ms
    assert timer.due(1001) == NO_EVENT
    assert timer.due(1119) == NO_EVENT
    assert timer.due(1120) == LEFT


@pytest.mark.parametrize("button", [A, B, SELECT])
@TIMERS
def test_a_b_or_select_held_gives_one_hold_after_500_ms(button, timer_class):
    timer = timer_class()
    assert timer.down(button, 100) == button
    assert events_between(timer, 100, 3000) == [(600, button | HOLD)]
    timer.up(button, 3000)
    assert events_between(timer, 3000, 4000) == []


@TIMERS
def test_a_released_before_500_ms_gives_no_hold(timer_class):
    timer = timer_class()
    timer.down(A, 100)
    timer.up(A, 599)
    assert events_between(timer, 599, 2000) == []


@pytest.mark.parametrize("button", [START])
@TIMERS
def test_other_buttons_give_nothing_when_held(button, timer_class):
    timer = timer_class()
    timer.down(button, 0)
    assert events_between(timer, 0, 3000) == []


@TIMERS
def test_the_last_pressed_button_is_the_timed_one(timer_class):
    timer = timer_class()
    timer.down(RIGHT, 0)
    assert timer.down(UP, 200) == UP  # both held: UP repeats, from its own press
    assert events_between(timer, 200, 700) == [(600, UP)]
    timer.up(RIGHT, 700)  # releasing the other one changes nothing
    assert timer.due(720) == UP
    timer.up(UP, 730)
    assert timer.held == 0
    assert events_between(timer, 730, 2000) == []


@pytest.mark.parametrize("button", [A, B, SELECT])
@TIMERS
def test_a_hold_read_late_is_given_as_the_button_goes_up(button, timer_class):
    # The loop busy drawing asks ``due`` too late: a hold that fell due before
    # the button went up (keypad's timestamp) is given then, once.
    timer = timer_class()
    assert timer.down(button, 100) == button
    assert timer.up(button, 700) == button | HOLD
    assert timer.held == 0
    assert events_between(timer, 700, 2000) == []
    timer.down(button, 2000)  # let go a millisecond short of it: no hold
    assert timer.up(button, 2499) == NO_EVENT
    timer.down(button, 3000)  # exactly at it: the hold
    assert timer.up(button, 3500) == button | HOLD
    timer.down(button, 4000)  # its hold already given by due: not again going up
    assert events_between(timer, 4000, 4600) == [(4500, button | HOLD)]
    assert timer.up(button, 4600) == NO_EVENT


@pytest.mark.parametrize("button", [UP, DOWN, LEFT, RIGHT, START])
@TIMERS
def test_a_repeat_read_late_is_not_given_going_up(button, timer_class):
    timer = timer_class()
    timer.down(button, 0)
    assert timer.up(button, 3000) == NO_EVENT  # repeats are for a key still held


@TIMERS
def test_another_press_stops_a_pending_hold(timer_class):
    timer = timer_class()
    timer.down(A, 0)
    timer.down(START, 100)
    assert events_between(timer, 100, 2000) == []


@TIMERS
def test_repeats_and_hold_across_the_tick_wrap(timer_class):
    timer = timer_class()
    start = WRAP - 200
    timer.down(DOWN, start)
    found = events_between(timer, start, start + 700)
    assert found == [(start + 400, DOWN), (start + 520, DOWN), (start + 640, DOWN)]
    timer.up(DOWN, (start + 700) % WRAP)
    timer.down(A, WRAP - 1)
    assert timer.due(WRAP - 1 + 499 - WRAP) == NO_EVENT  # 498 after the wrap
    assert timer.due(WRAP - 1 + 500 - WRAP) == A | HOLD
    timer.down(B, WRAP - 100)  # a hold read late, going up after the wrap
    assert timer.up(B, 399) == NO_EVENT  # 499 ms after it went down
    timer.down(B, WRAP - 100)
    assert timer.up(B, 400) == B | HOLD


# -- keys with a tap and a hold (the four-button boards' X and Y) ---------------


@pytest.mark.parametrize("key, tapped", [(RIGHT_OR_MENU, RIGHT), (DOWN_OR_PILES, DOWN)])
def test_a_tap_or_hold_key_tapped_gives_its_tap_as_it_goes_up(key, tapped):
    timer = TapHoldTimer()
    assert timer.down(key, 1000) == NO_EVENT  # nothing yet: a tap, or a hold?
    assert timer.held == 1 << key
    assert events_between(timer, 1000, 1499) == []
    assert timer.up(key, 1499) == tapped
    assert timer.held == 0
    assert events_between(timer, 1499, 4000) == []  # no repeat, no hold


def test_x_held_is_the_menu_once():
    timer = TapHoldTimer()
    timer.down(RIGHT_OR_MENU, 100)
    assert events_between(timer, 100, 3000) == [(600, START)]
    assert timer.up(RIGHT_OR_MENU, 3000) == NO_EVENT  # held: no tap as it goes up
    assert events_between(timer, 3000, 4000) == []


def test_y_held_is_every_pile_then_held_on_a_hint():
    timer = TapHoldTimer()
    timer.down(DOWN_OR_PILES, 100)
    assert events_between(timer, 100, 3000) == [(600, SELECT), (1100, SELECT | HOLD)]
    assert timer.up(DOWN_OR_PILES, 3000) == NO_EVENT
    timer.down(DOWN_OR_PILES, 4000)  # held again, let go between the two
    assert events_between(timer, 4000, 4800) == [(4500, SELECT)]
    assert timer.up(DOWN_OR_PILES, 4800) == NO_EVENT
    assert events_between(timer, 4800, 6000) == []


def test_a_tap_or_hold_key_times_across_the_tick_wrap():
    timer = TapHoldTimer()
    timer.down(DOWN_OR_PILES, WRAP - 100)
    assert events_between(timer, WRAP - 100, WRAP + 1000) == [(WRAP + 400, SELECT),
                                                               (WRAP + 900, SELECT | HOLD)]
    timer.down(RIGHT_OR_MENU, WRAP - 10)
    assert timer.up(RIGHT_OR_MENU, 400) == RIGHT  # 410 ms after it went down


def test_a_tap_or_hold_keys_hold_read_late_is_given_as_it_goes_up():
    # Held past its hold, ``due`` not asked (the loop busy drawing): the hold
    # as it goes up, not its tap.
    timer = TapHoldTimer()
    timer.down(RIGHT_OR_MENU, 0)
    assert timer.up(RIGHT_OR_MENU, 600) == START
    timer.down(DOWN_OR_PILES, 1000)
    assert timer.up(DOWN_OR_PILES, 1700) == SELECT  # its first hold, not the hint
    assert timer.held == 0
    assert events_between(timer, 1700, 3000) == []
    # Y's first hold given by due, the overview drawn for 1.5 s, Y let go
    # after its second hold fell due: the hint, as it goes up.
    timer.down(DOWN_OR_PILES, 4000)
    assert events_between(timer, 4000, 4501) == [(4500, SELECT)]
    assert timer.up(DOWN_OR_PILES, 6000) == SELECT | HOLD
    # let go before the second hold: nothing more
    timer.down(DOWN_OR_PILES, 7000)
    assert events_between(timer, 7000, 7501) == [(7500, SELECT)]
    assert timer.up(DOWN_OR_PILES, 7999) == NO_EVENT
    # X's one hold given by due: nothing going up, however late
    timer.down(RIGHT_OR_MENU, 8000)
    assert events_between(timer, 8000, 8501) == [(8500, START)]
    assert timer.up(RIGHT_OR_MENU, 12000) == NO_EVENT


def test_another_press_ends_a_pending_tap_or_hold():
    timer = TapHoldTimer()
    timer.down(RIGHT_OR_MENU, 0)
    assert timer.down(A, 100) == A  # A is timed now: its hold, not X's
    assert timer.up(RIGHT_OR_MENU, 200) == NO_EVENT
    assert events_between(timer, 200, 1000) == [(600, A | HOLD)]


# The same trace under both interpreters, and due()'s allocation in the VM.
# TIMER: the timer's class, ButtonTimer or TapHoldTimer (the same events).
TRACE_SCRIPT = """
from sthelena.app.buttons import A, B, LEFT, UP, NO_EVENT, ButtonTimer
from sthelena.app.tap_hold import TapHoldTimer
WRAP = 1 << 29
timer = TIMER()
# (button, ms after the wrap, down or up); times print unwrapped.
script = ((LEFT, -300, 1), (LEFT, 500, 0), (A, 1000, 1), (A, 1700, 0), (UP, 2000, 1),
          (B, 2100, 1), (B, 2200, 0), (UP, 2300, 0))
now = WRAP - 400
for button, after, pressed in script:
    at = WRAP + after
    while now < at:
        event = timer.due(now % WRAP)
        if event != NO_EVENT:
            print("due", now, event)
        now += 1
    if pressed:
        print("down", at, timer.down(button, at % WRAP))
    else:
        timer.up(button, at % WRAP)
print("held", timer.held)
"""

# X tapped, X held, Y held on, across the wrap (printed: time, event).
TAP_TRACE_SCRIPT = """
from sthelena.app.buttons import DOWN_OR_PILES, NO_EVENT, RIGHT_OR_MENU
from sthelena.app.tap_hold import TapHoldTimer
WRAP = 1 << 29
timer = TapHoldTimer()
script = ((RIGHT_OR_MENU, -300, 1), (RIGHT_OR_MENU, -100, 0), (RIGHT_OR_MENU, -50, 1),
          (RIGHT_OR_MENU, 600, 0), (DOWN_OR_PILES, 700, 1), (DOWN_OR_PILES, 2000, 0))
now = WRAP - 400
for button, after, pressed in script:
    at = WRAP + after
    while now < at:
        event = timer.due(now % WRAP)
        if event != NO_EVENT:
            print("due", now, event)
        now += 1
    event = timer.down(button, at % WRAP) if pressed else timer.up(button, at % WRAP)
    print("down" if pressed else "up", at, event)
print("held", timer.held)
"""

# TIMER: the timer's class (a ButtonTimer's keys have no tap and hold to time).
ALLOCATION_SCRIPT = """
import gc
from sthelena.app.buttons import A, DOWN_OR_PILES, LEFT, RIGHT_OR_MENU, ButtonTimer
from sthelena.app.tap_hold import TapHoldTimer
timer = TIMER()
timer.down(LEFT, 0)
now = before = 0  # (every global made first: a new one may grow the module's dict)
before = gc.mem_alloc()
while now < 5000:
    timer.due(now)
    now += 1
print("due repeating", gc.mem_alloc() - before)
timer.up(LEFT, now)
before = gc.mem_alloc()
while now < 10000:
    timer.due(now)
    now += 1
print("due idle", gc.mem_alloc() - before)
before = gc.mem_alloc()
while now < 10100:
    timer.down(A, now)
    timer.due(now + 600)
    timer.up(A, now)
    now += 1
print("down hold up", gc.mem_alloc() - before)
before = gc.mem_alloc()
while now < 10200 and isinstance(timer, TapHoldTimer):
    timer.down(DOWN_OR_PILES, now)
    timer.due(now + 500)
    timer.due(now + 1000)
    timer.up(DOWN_OR_PILES, now + 1000)
    timer.down(RIGHT_OR_MENU, now)
    timer.up(RIGHT_OR_MENU, now + 10)
    now += 1
if isinstance(timer, TapHoldTimer):
    print("tap or hold", gc.mem_alloc() - before)
"""


def expected_trace():
    # LEFT from 300 ms before the wrap repeats across it; A held 700 ms gives
    # one hold; B pressed while UP is held stops UP's repeat.
    wrap = 1 << 29
    lines = ["down %d 2" % (wrap - 300)]
    lines += ["due %d 2" % (wrap - 300 + offset) for offset in (400, 520, 640, 760)]
    lines += ["down %d 4" % (wrap + 1000), "due %d 12" % (wrap + 1500),
              "down %d 0" % (wrap + 2000), "down %d 5" % (wrap + 2100), "held 0"]
    return lines


@pytest.mark.vm
@pytest.mark.parametrize("timer_class", ["ButtonTimer", "TapHoldTimer"])
def test_the_same_trace_under_cpython_and_micropython(timer_class):
    script = TRACE_SCRIPT.replace("TIMER()", timer_class + "()")
    cpython = subprocess.run([sys.executable, "-c", script], capture_output=True,
                             text=True, cwd=REPO_ROOT, check=True).stdout.splitlines()
    assert cpython == expected_trace()
    assert run_micropython(script).splitlines() == cpython


@pytest.mark.vm
def test_the_same_taps_and_holds_under_cpython_and_micropython():
    cpython = subprocess.run([sys.executable, "-c", TAP_TRACE_SCRIPT], capture_output=True,
                             text=True, cwd=REPO_ROOT, check=True).stdout.splitlines()
    wrap = 1 << 29
    assert cpython == ["down %d -1" % (wrap - 300), "up %d 3" % (wrap - 100),  # tapped: RIGHT
                       "down %d -1" % (wrap - 50), "due %d 6" % (wrap + 450),  # held: START
                       "up %d -1" % (wrap + 600), "down %d -1" % (wrap + 700),
                       "due %d 7" % (wrap + 1200), "due %d 15" % (wrap + 1700),  # SELECT, hint
                       "up %d -1" % (wrap + 2000), "held 0"]
    assert run_micropython(TAP_TRACE_SCRIPT).splitlines() == cpython


@pytest.mark.vm
@pytest.mark.parametrize("timer_class, tap_or_hold", [("ButtonTimer", []),
                                                      ("TapHoldTimer", ["tap or hold 0"])])
def test_down_up_and_due_allocate_nothing_under_micropython(timer_class, tap_or_hold):
    # The VM does not collect during a call, so gc.mem_alloc() grows by
    # exactly what the loop allocated.
    script = ALLOCATION_SCRIPT.replace("TIMER()", timer_class + "()")
    lines = run_micropython(script).splitlines()
    assert lines == ["due repeating 0", "due idle 0", "down hold up 0"] + tap_or_hold
