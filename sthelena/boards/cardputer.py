"""M5Stack Cardputer: ESP32-S3 (no PSRAM), a 240x135 screen at
``board.DISPLAY`` and a keyboard, which its firmware's ``cardputer_keyboard``
types on the serial input (ports/espressif/module/cardputer_keyboard.c:
each key pressed as its character; with Fn held, the arrows printed on ``;``
``.`` ``,`` ``/`` as the terminal's arrow sequences, Del as ``\\x1b[3~``).
The desktop's keys where it has them: the arrows (with or without Fn), X
and Z, Enter, Space, and Del as Z; a terminal tells no key going up, so
the holds have keys of their own, as on the Fruit Jam's keyboard: C the
quick move, R redo, H a hint. The table is the Pico Display Pack's (the
same 240x135); the store, the NVS blob its nvm is (``NVS_STORE``)."""

from ..app.buttons import A, B, DOWN, HOLD, LEFT, RIGHT, SELECT, START, UP
from .profile import BOARD_DISPLAY, NVS_STORE, Pixels, Profile, SerialKeys

_ESCAPE = "\x1b["  # how the terminal's sequences begin (the arrows with Fn)

PROFILE = Profile(
    name="cardputer", title="M5Stack Cardputer", game="sthelena_cardputer", screen=BOARD_DISPLAY,
    size=(240, 135), board_ids=("m5stack_cardputer",),
    keys=SerialKeys((
        ("SEMICOLON", ";", UP), ("FN_SEMICOLON", _ESCAPE + "A", UP), ("DOT", ".", DOWN),
        ("FN_DOT", _ESCAPE + "B", DOWN), ("COMMA", ",", LEFT), ("FN_COMMA", _ESCAPE + "D", LEFT),
        ("SLASH", "/", RIGHT), ("FN_SLASH", _ESCAPE + "C", RIGHT),
        ("X", "x", A), ("Z", "z", B), ("DEL", "\b", B), ("FN_DEL", _ESCAPE + "3~", B),
        ("ENTER", "\r", START), ("SPACE", " ", SELECT),
        ("C", "c", A | HOLD), ("R", "r", B | HOLD), ("H", "h", SELECT | HOLD)),
        holds_after_press=(SELECT | HOLD,)),
    store=NVS_STORE, lights=Pixels("NEOPIXEL", 1), help="keys-cardputer",
    hint_label="Hint (or H)",
    install="hold G0 while plugging the USB cable in, then install CircuitPython from "
            "circuitpython.org's page for the board (its installer writes the ESP32-S3)")
