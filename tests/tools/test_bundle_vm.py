"""tools/build/bundle.py's merged modules under the MicroPython VM on the board
stand-ins: the one-file app plays by buttons like the package, lets the
layout go once the places are laid out, the merged core deals and plays like
the package and refuses a position's save; and the merged core's short locals.
"""


import pytest

from tests.helpers.bundle_helpers import (COMMITTED_HINT, COMMITTED_PROFILES, COMMITTED_SETUP,
                                         run_vm, vm_mpy)
from tools.build import bundle


@pytest.fixture(scope="module")
def core(tmp_path_factory):
    path = tmp_path_factory.mktemp("core") / "sthelena_core.py"
    bundle.write_module(str(path), bundle.merge(bundle.CORE_MODULES))
    return path


# -- under the MicroPython VM ---------------------------------------------------

APP_SCRIPT = """
import sys, random
sys.path.append("/lib/standins")
import board, keypad, supervisor
board.use("pybadge")
IMPORTS
print("names", GAME, "sthelena" in sys.modules)

def conserved(game):
    counts = {}
    cards = list(game.stock)
    for pile in game.piles:
        cards.extend(pile)
    for foundation in range(8):
        suit = foundation & 3
        for n in range(game.foundations[foundation]):
            cards.append(suit << 4 | (13 - n if foundation < 4 else n + 1))
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return len(cards) == 104 and all(
        counts.get(suit << 4 | rank) == 2 for suit in range(4) for rank in range(1, 14))

def go(place):
    # The cursor to ``place`` by the d-pad, the shortest way (the layout's step).
    paths = {app.cursor: []}
    todo = [app.cursor]
    while place not in paths:
        at = todo.pop(0)
        for button in (UP, DOWN, LEFT, RIGHT):
            to = step(at, button)
            if to not in paths:
                paths[to] = paths[at] + [button]
                todo.append(to)
    for button in paths[place]:
        app.handle(button)
    assert app.cursor == place

random.seed(3)
made = setup(PROFILE)
app, buttons = made.app, made.buttons
print("setup", type(app).__name__, board.DISPLAY.root_group is app.view.group,
      app.game.deal_number, conserved(app.game))
app.start(Game.deal(DEAL, "st-helena,build=any"))
print("deal", app.game.position_key().hex())
# Card moves by buttons: the cursor to the source, A (pick up), the cursor to
# the target, A (put down); foundation plays first, else a pseudo-random move;
# when stuck, A on the stuck screen redeals.
state = 1
for turn in range(40):
    legal = [move for move in app.game.legal_moves() if move < 400]
    home = [move for move in legal if move % 20 >= 12]
    legal = home or legal
    if not legal:  # stuck: the app says so, and A redeals
        if 400 not in app.game.legal_moves():
            break
        app.handle(A)
        assert app.game.move_stack()[-1] == 400
        continue
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    move = legal[(state >> 8) % len(legal)]
    played = len(app.game.move_stack())
    go(move // 20)
    app.handle(A)
    go(move % 20)
    app.handle(A)
    assert len(app.game.move_stack()) == played + 1 and app.game.move_stack()[-1] == move
print("played", len(app.game.move_stack()), conserved(app.game))
print("position", app.game.position_key().hex())
app.undo()
print("undone", len(app.game.move_stack()), conserved(app.game))
# Through the board's loop: RIGHT held on the keypad moves the cursor.
supervisor.STEP = 1
start = app.cursor
keypad.push(4)
run(app, buttons, iterations=5)
keypad.push(4, False)
print("loop", app.cursor != start)
# SELECT held through the loop: a hint, run in the loop's idle passes.
key = app.game.position_key()
keypad.push(3)
run(app, buttons, iterations=520)
keypad.push(3, False)
passes = 0
while app.hint is not None and passes < 100:
    run(app, buttons, iterations=100)
    passes += 1
print("hint", app.hint is None, app.game.position_key() == key, app.message, app.cursor,
      app.hint_target)
"""

PACKAGE_IMPORTS = """
from sthelena.handheld.start import setup
from sthelena.handheld.loop import run
from sthelena.boards.pybadge import PROFILE
GAME = "sthelena.handheld.start"
from sthelena.app.buttons import A, DOWN, LEFT, RIGHT, UP
from sthelena.app.table.layout import step
from sthelena.core.game import Game
"""
BUNDLE_IMPORTS = """
from sthelena_board import setup, run
from sthelena_profiles import board_profile, profiles
PROFILE = board_profile([profile for profile in profiles() if profile.name == "pybadge"][0])
GAME = "sthelena_board"
from sthelena_board import A, DOWN, LEFT, RIGHT, UP, step, Game
"""


@pytest.mark.slow
@pytest.mark.vm
def test_the_merged_app_plays_by_buttons_like_the_package(tmp_path):
    script = APP_SCRIPT.replace("DEAL", "4242")
    # The committed .mpy (and the hint's).
    merged = run_vm(script.replace("IMPORTS", BUNDLE_IMPORTS),
                    bundles=[("sthelena_board", vm_mpy(tmp_path)),
                             ("sthelena_hint", vm_mpy(tmp_path, COMMITTED_HINT)),
                             ("sthelena_profiles", vm_mpy(tmp_path, COMMITTED_PROFILES)),
                             ("sthelena_board_setup", vm_mpy(tmp_path, COMMITTED_SETUP))])
    package = run_vm(script.replace("IMPORTS", PACKAGE_IMPORTS), package=True)
    assert merged[0] == "names sthelena_board False"  # no package on the drive
    assert package[0] == "names sthelena.handheld.start True"
    assert merged[1].startswith("setup App True ") and merged[1].endswith(" True")
    assert merged[1] == package[1]  # the same random deal on start-up
    assert merged[2] == package[2]  # deal 4242: the same piles and foundations
    played = merged[3].split()
    assert played[0] == "played" and int(played[1]) >= 30 and played[2] == "True"
    assert merged[3:] == package[3:]  # the same moves, position, undo and loop
    assert merged[5] == "undone %d True" % (int(played[1]) - 1)
    assert merged[6] == "loop True"
    assert merged[7].startswith("hint True True ")  # the same hint as the package's


LAYOUT_SCRIPT = """
import sys
sys.path.append("/lib/standins")
import board, displayio
board.use("pybadge")
IMPORTS
made = setup(PROFILE)
app, buttons = made.app, made.buttons
print("modules", sorted(name for name in sys.modules if name.startswith("adafruit_displayio")))
places = app.view.places
print("places", type(places) is displayio.Group, places.x, places.y,
      [(places.x + grid.x, places.y + grid.y) == (place_x(place), place_y(place))
       for place, grid in enumerate(places)] == [True] * 20, len(places))
"""


@pytest.mark.vm
def test_the_board_lets_the_layout_go_once_the_places_are_laid_out(tmp_path):
    # GridLayout places the 20 TileGrids at start-up; then the board keeps
    # them in a plain group and drops the layout's modules (about 8 KB).
    for imports, options in (
            (BUNDLE_IMPORTS + "from sthelena_board import place_x, place_y",
             {"bundles": [("sthelena_board", vm_mpy(tmp_path)),
                          ("sthelena_profiles", vm_mpy(tmp_path, COMMITTED_PROFILES)),
                          ("sthelena_board_setup", vm_mpy(tmp_path, COMMITTED_SETUP))]}),
            (PACKAGE_IMPORTS + "from sthelena.app.table.layout import place_x, place_y",
             {"package": True})):
        lines = run_vm(LAYOUT_SCRIPT.replace("IMPORTS", imports), **options)
        assert lines == ["modules []", "places True 2 12 True 20"], imports


CORE_SCRIPT = """
import sys
IMPORTS
for number in (0, 1, 123, 4242, 4294967295):
    for rules in ("st-helena", "st-helena-pysol", "louis", "box-kite"):
        print("deal", number, rules, Game.deal(number, rules).position_key().hex())
game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
state = 7
for step in range(400):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    legal = list(game.legal_moves())
    if not legal or (game.history and (state >> 8) % 5 == 0):
        game.pop()
    else:
        game.push(legal[(state >> 8) % len(legal)])
print("playout", len(game.history), game.status(), game.position_key().hex())
data = to_bytes(game)
print("save", data.hex(), from_bytes(data).position_key() == game.position_key())
print("modules", sorted(name for name in sys.modules if name.startswith("sthelena")))
"""


@pytest.mark.vm
def test_the_merged_core_deals_and_plays_like_the_package(core):
    merged = run_vm(CORE_SCRIPT.replace(
        "IMPORTS", "from sthelena_core import Game, to_bytes, from_bytes"),
        bundles=[("sthelena_core", core)])
    package = run_vm(CORE_SCRIPT.replace(
        "IMPORTS", "from sthelena.core.game import Game\nfrom sthelena.core.save import to_bytes, "
        "from_bytes"), package=True)
    assert sum(line.startswith("deal ") for line in merged) == 20
    assert merged[:-1] == package[:-1]
    assert merged[-2].endswith(" True")
    assert merged[-1] == "modules ['sthelena_core']"
    assert "sthelena.core.game" in package[-1]


@pytest.mark.vm
def test_the_board_refuses_a_save_of_a_position_with_a_clear_error(core):
    from sthelena.core.game import Game
    from sthelena.core.save import to_bytes

    text = Game.deal(8).notation()
    data = to_bytes(Game.from_notation(text))  # starts from a position, not a deal number
    lines = run_vm("""
        from sthelena_core import SaveError, from_bytes
        try:
            from_bytes(bytes.fromhex("%s"))
        except SaveError as error:
            print("refused", error)
        """ % data.hex(), bundles=[("sthelena_core", core)])
    assert lines == ["refused this save starts from a position, which only the desktop reads"]


def test_the_merged_modules_keep_the_sources_names(core):
    source = core.read_text()
    assert "for foundation in" in source and "def may_play_to(self, pile, foundation):" in source
