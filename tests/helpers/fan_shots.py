"""Frames of a fanned table in a given state, and reading them back
(tests/app/test_small_fan_tables.py, test_small_fan_vm.py).

``STEPS`` is one play of the app, run unchanged by the desktop (CPython,
Blinka's displayio: ``desktop_frames`` runs it in a process of its own, a
process having one display) and by the MicroPython VM (the web page's
displayio in Python): the table a screen's size takes (big_screen/tables.py)
after the given moves of deal 2026, its frame shot (``shot(name)``) then,
with a card lifted, and in four colours. ``read_frame`` checks a frame's
pixels against the game it shows: every pile, each foundation's top and
label, the cursor round the top card.
"""

import json
import os
import random
import subprocess
import sys

from tests.helpers import ROOT
from tests.helpers.desktop_helpers import load_png
from tests.helpers.fan_reader import MORE, PixelReader, quantised
from sthelena.app.big_screen.fan_layout import FanLayout
from sthelena.app.screens.common import NOWHERE
from sthelena.app.table.view import FOUR_COLOURS, TWO_COLOURS
from sthelena.core.game import Game

SHOTS = ("table", "lifted", "four")

# (MicroPython's too: no next() with a default, no random.Random)
STEPS = """
app = App(screen, Store(), Speaker(), sheet, deal=2026, texts=TEXTS)
game = app.game
for move in MOVES:
    game.push(move)
app.cursor = 4  # a side pile: no foundation greyed by the first-deal limit
app.start(game)
if app.screen != 0:  # the stuck screen: B, back to the table
    app.handle(5)
shot("table")
source = 0
for move in game.legal_moves():
    if move < 240:
        source = move // 20
        break
app.cursor = source
app.handle(4)  # A: lifted
shot("lifted")
app.handle(5)  # B: put back
app.four_colours = True
app.view.set_suit_colours(FOUR_COLOURS)
app.cursor = 0
app.go(0)
shot("four")
"""

DESKTOP = """
import json, sys
from sthelena.desktop.display import Display
from sthelena.desktop import window as desktop
from sthelena.app.big_screen.tables import fit_table, table_screen
from sthelena.app.game_app import App
from sthelena.app.table.view import FOUR_COLOURS

width, height, MOVES, out = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4]
display = Display(scale=1, window=False, size=(width, height))
screen, sheet = table_screen(display, fit_table(width, height), desktop.ROOT + "/assets")
Store, Speaker = desktop.MemoryStore, lambda: desktop.Speaker(audio=False)
TEXTS = desktop.TEXTS_PATH
shots = []


def shot(name):
    display.refresh()
    display.save_png(out + name + ".png")
    shots.append({"name": name, "cursor": app.cursor, "lifted": app.lifted,
                  "top_x": list(screen.top_x), "notation": app.game.notation()})
""" + STEPS + """
print(json.dumps(shots))
"""


def random_line(count, seed=11):
    """``count`` random legal moves (no redeal) from deal 2026."""
    game = Game.deal(2026, "st-helena")
    rng = random.Random(seed)
    for _ in range(count):
        legal = [move for move in game.legal_moves() if move < 400]
        if legal:
            game.push(rng.choice(legal))
    return list(game.move_stack())


def desktop_frames(tmp_path, size, moves):
    """Run ``STEPS`` on the desktop at ``size`` after ``moves``: the states
    shot (name, cursor, lifted place, top cards' left edges, the position),
    each frame in ``tmp_path / ("frame-" + name + ".png")``."""
    script = tmp_path / "shot.py"
    script.write_text(DESKTOP)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(script), str(size[0]), str(size[1]),
                           json.dumps(moves), str(tmp_path / "frame-")], capture_output=True,
                          text=True, env=env, cwd=str(ROOT), timeout=120)
    assert done.returncode == 0, done.stderr
    states = json.loads(done.stdout.strip().splitlines()[-1])
    assert [state["name"] for state in states] == list(SHOTS)
    return states


_CURSOR = quantised((0xFF, 0xE0, 0x00))  # view.py's cursor colours, as the screen shows them
_CURSOR_LIFTED = quantised((0x00, 0xE5, 0xFF))


def read_frame(path, size, geometry, state):
    """Check one frame against the game it shows (``state``: desktop_frames'):
    (the game, how many foundations were read: those greyed are not)."""
    width, height, _, frame = load_png(path)
    assert (width, height) == size
    game = Game.from_notation(state["notation"])
    colours = FOUR_COLOURS if state["name"] == "four" else TWO_COLOURS
    reader = PixelReader(frame, width, colours, geometry)
    layout = FanLayout(width, height, geometry)
    lifted = state["lifted"]
    chooser = state["cursor"] if lifted == NOWHERE else lifted
    for place in range(12):
        pile = list(game.piles[place])
        room = layout.room[place]
        if place == lifted:  # its top card is read where it rose to
            top = pile.pop()
            assert reader.card_at(state["top_x"][place], layout.top[place] - geometry.lift) == \
                top, place
            room -= 1
        seen = reader.pile(layout.left[place], layout.top[place], room)
        assert seen == (pile if len(pile) <= room else [MORE] + pile[len(pile) - room + 1:]), \
            (state["name"], place)
    read = 0
    for place in range(12, 20):
        top = game.top(place)
        # (greyed: a foundation whose base moved off, or closed to the pile
        # chosen by the first-deal limit)
        if top and not (game.restricted() and chooser < 12
                        and not game.may_play_to(chooser, place - 12)):
            assert reader.card_at(layout.left[place], layout.top[place]) == top, place
            read += 1
        count = game.foundations[place - 12]
        if count < 13:  # the label under it: the card it takes next
            x = layout.left[place] + (geometry.card_width - 3 * geometry.tile_width) // 2
            rank = count + 1 if place >= 16 else 13 - count
            assert reader.label_at(x, layout.top[place] + geometry.card_height) == \
                ((place - 12) & 3) << 4 | rank, place
    # the cursor: its top bar 2 pixels over the top card (lifted with it), its right side
    place = state["cursor"]
    x = state["top_x"][place]
    y = layout.top[place] - (geometry.lift if place == lifted else 0)
    colour = _CURSOR_LIFTED if place == lifted else _CURSOR
    right = x + geometry.card_width
    for at in range(x, right + 2):
        assert reader.pixel(at, y - 2) == colour and reader.pixel(at, y - 1) == colour
    for at in range(y - 2, y + geometry.card_height + 2):
        assert reader.pixel(right, at) == colour and reader.pixel(right + 1, at) == colour
    return game, read
