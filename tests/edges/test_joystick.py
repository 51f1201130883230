"""The PyGamer's analog joystick as the d-pad (``sthelena.handheld.keys``'
ButtonSource, with the PyGamer's profile) under the MicroPython VM, on the
board's stand-ins: its directions, repeats, dead zone and hysteresis."""

import textwrap

import pytest

from tests.edges.test_device import run

pytestmark = pytest.mark.vm


JOYSTICK_SCRIPT = """
source = setup.key_source(PROFILE, board)
def at(x, y, now):
    analogio.set_value(board.JOYSTICK_X, x)
    analogio.set_value(board.JOYSTICK_Y, y)
    event = source.poll(now)
    return NAMES[event] if event != NO_EVENT else "-"
"""


def joystick(script):
    return run(JOYSTICK_SCRIPT + textwrap.dedent(script), board="pygamer")


def test_joystick_directions_follow_adafruits_orientation():
    # Adafruit's PyBadger library: x > 50000 right, x < 15000 left,
    # y > 50000 down, y < 15000 up; 32768 or so at rest.
    lines = joystick("""
        print(at(32768, 32768, 0), at(60000, 32768, 10), at(32768, 32768, 20),
              at(5000, 32768, 30), at(32768, 32768, 40), at(32768, 5000, 50),
              at(32768, 32768, 60), at(32768, 60000, 70), at(32768, 32768, 80))
    """)
    assert lines == ["- RIGHT - LEFT - UP - DOWN -"]


def test_a_held_joystick_repeats_and_stops_on_release():
    lines = joystick("""
        found = []
        for now in range(1000, 2000):
            event = at(65535, 33000, now)
            if event != "-":
                found.append("%d:%s" % (now, event))
        print(" ".join(found))
        print(at(32768, 32768, 2000), at(32768, 32768, 2500))
    """)
    assert lines == ["1000:RIGHT 1400:RIGHT 1520:RIGHT 1640:RIGHT 1760:RIGHT 1880:RIGHT",
                     "- -"]


def test_the_joystick_has_a_dead_zone_and_hysteresis():
    lines = joystick("""
        # Near a threshold but not past it: nothing.
        print(at(16000, 32768, 0), at(49000, 48000, 10))
        # Past it: LEFT; back to 18000 (inside the press zone's margin): still held,
        # so no new press, and the repeat carries on.
        print(at(14000, 32768, 20), at(18000, 32768, 30), at(18000, 32768, 420))
        # Back to 22000 releases; 16000 again is then not a press.
        print(at(22000, 32768, 430), at(16000, 32768, 440), at(16000, 32768, 900))
    """)
    assert lines == ["- -", "LEFT - LEFT", "- - -"]


def test_a_diagonal_gives_both_directions_and_the_last_one_repeats():
    lines = joystick("""
        print(at(60000, 5000, 0), at(60000, 5000, 1), at(60000, 5000, 2),
              at(60000, 5000, 400), at(60000, 5000, 401))
        # Letting go of the x axis only: the y direction keeps repeating.
        print(at(32768, 5000, 402), at(32768, 5000, 521))
    """)
    assert lines == ["RIGHT UP - - UP", "- UP"]
