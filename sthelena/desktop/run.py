"""Running the app on the desktop: a script of button events, or the window's loop.

Desktop only. ``run_script`` plays ``--keys`` (no window) and
``run_interactive`` reads the keyboard until the window is closed; both
refresh the display after every event and can write each frame as a PNG
(``--frames``).
"""

import os
import time

from ..app.buttons import NO_EVENT
from ..app.big_screen.pointer import LEFT_BUTTON, MIDDLE_BUTTON, RIGHT_BUTTON, WHEEL_DOWN, WHEEL_UP
from .display import cannot_write
from .keys import DRAG, KEYS, LEFT_STEPS, Press, Typed, Wait

# pygame's mouse button numbers (4 and 5: the wheel) -> the pointer's
MOUSE_BUTTONS = {1: LEFT_BUTTON, 2: MIDDLE_BUTTON, 3: RIGHT_BUTTON, 4: WHEEL_UP, 5: WHEEL_DOWN}
IDLE_SLEEP = 0.015  # seconds the interactive loop sleeps when nothing happened
HINT_FRAME = 0.03  # seconds of a hint's search a pass of the loop runs (a refresh takes longer)
WAIT_TICK_MS = 250  # a script's WAIT ticks the app this often (the board's loop, far more)
PRESS_STEP_MS = 10  # a board's key held: its timer looked at this often (keypad scans as often)


def make_frames_dir(frames_dir):
    """Make the --frames folder (and its parents) if it is not there."""
    try:
        os.makedirs(frames_dir, exist_ok=True)
    except OSError as error:
        raise cannot_write(frames_dir, error)


def frame_path(frames_dir, index, count):
    """The file of frame ``index`` of ``count``: frame-0000.png, ..."""
    digits = max(4, len(str(count)))
    return os.path.join(frames_dir, "frame-%0*d.png" % (digits, index))


def run_script(app, display, events, frames_dir=None, mouse=None):
    """Give the app each event in turn, refreshing the display after each;
    with ``frames_dir``, save frame 0 (before any event) and one frame per
    event there. An event that is a tuple is a click of ``mouse`` (a
    DesktopMouse): ``(button, x, y, held)``, or its drag: ``(DRAG, x, y,
    to_x, to_y)``, or one step of it: ``("PRESS" | "MOVE" | "RELEASE", x,
    y)``; a ``Wait`` lets the scripted clock (ms, from 0) run with idle ticks
    every ``WAIT_TICK_MS``; a ``Press`` (a board's own key) is held as long as
    it says, through the board's timer (``TapHoldTimer``: a ``ButtonTimer``
    that times keys with a tap and a hold too), every event it gives handled;
    a ``Typed`` (a key typed on the serial input) gives each event the board
    reads of it. For tests and bug reports: no argparse, no window needed."""
    from ..app.tap_hold import TapHoldTimer

    timer = TapHoldTimer()
    now = 0
    display.refresh()
    if frames_dir is not None:
        make_frames_dir(frames_dir)
        display.save_png(frame_path(frames_dir, 0, len(events)))
    for index, event in enumerate(events, 1):
        if isinstance(event, tuple) and event[0] == DRAG:
            mouse.drag(*event[1:])
        elif isinstance(event, tuple) and event[0] in LEFT_STEPS:
            mouse.left_step(*event)
        elif isinstance(event, tuple):
            mouse.click(*event)
        elif isinstance(event, Wait):
            until = now + event.ms
            while now < until:
                now = min(now + WAIT_TICK_MS, until)
                app.tick(now)
        elif isinstance(event, Press):
            now = press(app, timer, event, now)
        elif isinstance(event, Typed):  # a key typed on the serial input: what the board reads
            for given in event.events:
                app.handle(given)
        else:
            app.handle(event)
        while app.hint is not None:  # a hint runs to its end before the next key
            app.tick(now)
        display.refresh()
        if frames_dir is not None:
            display.save_png(frame_path(frames_dir, index, len(events)))
        if app.leaving:  # the menu's Quit: the keys after it are not played
            break


def press(app, timer, key, now):
    """Hold a board's key (``key``: a Press) from ``now`` as the board's loop
    would see it (keypad's events into ``timer``), handing the app each event
    it gives, a hint's search run to its end; the time it is let go."""
    given = timer.down(key.key, now)
    if given != NO_EVENT:
        app.handle(given)
    until = now + key.ms
    while now < until:
        now = min(now + PRESS_STEP_MS, until)
        given = timer.due(now)
        if given != NO_EVENT:
            app.handle(given)
    given = timer.up(key.key, now)
    if given != NO_EVENT:
        app.handle(given)
    return now


def run_interactive(app, display, frames_dir=None, clock=time.monotonic, mouse=None, typed=None):
    """The window's loop: keys to button events (repeats and holds timed by
    ButtonTimer), and with ``mouse`` (a DesktopMouse) its clicks, ``app.tick``
    when nothing happens, until the window is closed or Esc pressed; returns
    the time then (ms). Sleeps when idle, so it does not spin a core.
    ``typed``: ``{character: events}`` of a board whose keys type on the
    serial input (``keys.typed_characters``): a key typing one of those
    gives its events, as on the board."""
    import pygame

    from ..app.buttons import ButtonTimer

    keys = dict((getattr(pygame, name), button) for name, button in KEYS.items())
    timer = ButtonTimer()
    start = clock()
    count = 0
    display.refresh()
    if frames_dir is not None:
        make_frames_dir(frames_dir)
        display.save_png(frame_path(frames_dir, 0, 0))

    def handle(event):
        nonlocal count
        app.handle(event)  # (the menu's Quit sets app.leaving: the loop ends)
        display.refresh()
        if frames_dir is not None:
            count += 1
            display.save_png(frame_path(frames_dir, count, count))

    while True:
        now = int((clock() - start) * 1000)
        busy = False
        for happening in pygame.event.get():
            kind = happening.type
            if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
                return now
            if kind == pygame.KEYDOWN:
                if happening.key == pygame.K_ESCAPE:
                    return now
                button = keys.get(happening.key)
                if button is not None:
                    handle(timer.down(button, now))
                    busy = True
                elif typed and happening.unicode in typed:
                    for event in typed[happening.unicode]:
                        handle(event)
                    busy = True
            elif kind == pygame.KEYUP:
                button = keys.get(happening.key)
                if button is not None:
                    timer.up(button, now)
            elif kind == pygame.MOUSEBUTTONDOWN and mouse is not None:
                button = MOUSE_BUTTONS.get(happening.button)
                if button is not None:
                    event = mouse.press_in_window(button, happening.pos[0], happening.pos[1],
                                                  now)
                    if event != NO_EVENT:
                        handle(event)
                    busy = True
            elif kind == pygame.MOUSEBUTTONUP and mouse is not None:
                button = MOUSE_BUTTONS.get(happening.button)
                if button is not None:
                    event = mouse.release_in_window(button, happening.pos[0],
                                                    happening.pos[1], now)
                    if event != NO_EVENT:
                        handle(event)
                    busy = True
            elif kind == pygame.MOUSEMOTION and mouse is not None:
                mouse.move_in_window(happening.pos[0], happening.pos[1], now)
                busy = True
            elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                display.present()
        if app.leaving:
            return now
        event = timer.due(now)
        if event == NO_EVENT and mouse is not None:
            event = mouse.due(now)
        if event != NO_EVENT:
            handle(event)
            busy = True
        else:
            busy = app.tick(now)  # True while a hint searches: no sleep then
            if busy:  # the board's slices are short for the window's refresh: more a pass
                until = clock() + HINT_FRAME
                while app.hint is not None and clock() < until:
                    app.tick(now)
            display.refresh()
        if not busy:
            time.sleep(IDLE_SLEEP)
