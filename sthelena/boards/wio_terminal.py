"""Seeed Wio Terminal: SAMD51P19 (the PyGamer's 192 KB of RAM), a 320x240
screen at ``board.DISPLAY``: the 320x240 fanned table. The 5-way switch is
the d-pad and pressing it is A; the three buttons on the top edge
(CircuitPython's BUTTON_1, 2 and 3, Seeed's keys A, B and C) are B, START
(the menu) and SELECT (every pile; held, a hint). Each joins its pin to
ground (Seeed's own code reads them pulled up). Its firmware is built
without ``vectorio``: the table's baize is drawn without it. The SAMD51's
nvm: one 8 KB flash block, as the PyGamer's. Its buzzer, light sensor and
LED are left alone.

Its game is its own, ``lib/sthelena_wio.mpy``: the fanned table's parts and
none of the RP2040's (their store, four-key timer, RGB LED) nor the lights'
and sensors' (the full game's would leave a hint's full search too little of
the PyGamer's heap: ``make bench-app`` prints the figures)."""

from ..app.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from .profile import BLOCK_STORE, BOARD_DISPLAY, Keys, Profile

PROFILE = Profile(
    name="wio-terminal", title="Wio Terminal", game="sthelena_wio", screen=BOARD_DISPLAY,
    size=(320, 240), board_ids=("seeeduino_wio_terminal",),
    keys=Keys((("UP", "SWITCH_UP", UP), ("DOWN", "SWITCH_DOWN", DOWN),
               ("LEFT", "SWITCH_LEFT", LEFT), ("RIGHT", "SWITCH_RIGHT", RIGHT),
               ("PRESS", "SWITCH_PRESS", A), ("BUTTON_1", "BUTTON_1", B),
               ("BUTTON_2", "BUTTON_2", START), ("BUTTON_3", "BUTTON_3", SELECT))),
    store=BLOCK_STORE, help="buttons-wio", hint_label="Hint (or hold button 3)",
    lacks=("vectorio",),
    install="slide the power switch twice quickly: the Arduino drive appears")
