"""Flash writes of scripted games, through the board's edge under the
MicroPython VM (``start.setup(PROFILE)`` and ``loop.run`` of sthelena/handheld,
the board's profile from sthelena/boards, the nvm and the clock stood in by
``tools/harness/standins``): for ``make bench-app`` and a test.

A scripted player thinks 1 to 5 s a move (uniformly, by a seeded generator)
while the main loop ticks through the pause (a tick every 50 ms of the
stand-in clock). It plays a foundation move when there is one, else a
pseudo-random card move, else a redeal. On the stuck screen it redeals (A)
if it may; a lost game it takes back (B, then B to undo, ``UNDOS`` times
eight moves a game) before it deals again (A); after ``CAP`` moves and undos
it gives up and deals again from the menu (START, DOWN, A), as a player
leaving a game would. Moves are played through ``app.play`` (as the app's
quick move does), everything else through the keypad; each move or undo
follows a pause.

Figures (the script prints ``name value...`` lines): games finished, flash
writes (``nvm.writes``), the erases among them (``nvm.erases``: on a PyBadge
every write erases its 8 KB block; on a PicoSystem, whose store appends its
saves into the erased part of its 4 KB sector, only a save that finds the
sector full), milliseconds of play, the longest time a change stayed
unwritten (what a power cut at the worst moment loses), the moves played,
the statistics' count of games, and the longest record written.
"""

import os

from tools.build.board_files import VM_EXCLUDE

from .report import vm_figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CAP = 150  # moves and undos before the scripted player gives up on a game
UNDOS = 3  # times a game is taken back (8 moves) when lost, before dealing again

SCRIPT = """
import sys
sys.path.append("/lib/standins")
import board, keypad, microcontroller, supervisor, random
board.use(BOARD)
from sthelena.app.game_app import PLAY
from sthelena.core.game import REDEAL_ONLY
random.seed(SEED)
supervisor.STEP = 0
if BOARD == "picosystem":
    microcontroller.nvm = microcontroller.ByteArray(4096)  # the RP2040's sector
    from sthelena.boards.picosystem import PROFILE
    KEY_B, KEY_A, KEY_START, KEY_DOWN = 3, 2, 1, 4  # its keys: Y X A B DOWN ...
else:
    from sthelena.boards.pybadge import PROFILE
    KEY_B, KEY_A, KEY_START, KEY_DOWN = 0, 1, 2, 5  # a PyBadge's
from sthelena.handheld.loop import run
from sthelena.handheld.start import setup
made = setup(PROFILE)
app, buttons = made.app, made.buttons
def tick():  # (the main loop as start.start runs it)
    run(app, buttons, iterations=1, lights=made.lights)
if FULL_STATISTICS:  # a player of every preset: each kind's table in the record
    from sthelena.core.rules import Rules
    for name in ("st-helena-pysol", "louis", "box-kite", "louis,wrap=true"):
        app.statistics.record(Rules.parse(name), 1, True, 100)
nvm = microcontroller.nvm
longest = 0
saving = app.store.save
def save(data):
    global longest
    longest = max(longest, len(data))
    return saving(data)
app.store.save = save
state = SEED
clock = 0
unsaved_since = -1
worst = 0
moves = 0
actions = 0  # moves and undos in this game
undos = 0
finished = 0

def rand(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    return (state >> 8) % n

def loop(ms):
    # The main loop through ``ms`` of idle time, a tick every 50 ms.
    global clock, unsaved_since, worst
    end = clock + ms
    while clock < end:
        clock += 50
        supervisor.set_ticks(clock)
        tick()
        if not app._dirty:
            unsaved_since = -1
        elif unsaved_since >= 0 and clock - unsaved_since > worst:
            worst = clock - unsaved_since

def press(key):
    keypad.push(key)
    loop(50)
    keypad.push(key, False)
    loop(150)

def changed():
    global unsaved_since
    if app._dirty and unsaved_since < 0:
        unsaved_since = clock

start = nvm.writes
erased = nvm.erases
while finished < GAMES:
    game = app.game
    if app.screen != PLAY:  # stuck or won
        if not game.is_won() and game.status() != REDEAL_ONLY and undos < UNDOS:
            undos += 1
            press(KEY_B)  # back to the table
            for _ in range(8):
                loop(1000 + rand(4001))
                press(KEY_B)  # undo
                actions += 1
            changed()
            continue
        was = game
        press(KEY_A)  # redeal, or a new deal
        changed()
        if app.game is not was:
            finished += 1
            actions = undos = 0
        continue
    if actions >= CAP:
        press(KEY_START)
        press(KEY_DOWN)
        press(KEY_A)  # the menu's "New deal": the game is left, lost
        changed()
        finished += 1
        actions = undos = 0
        continue
    legal = [move for move in game.legal_moves() if move < 400]
    home = [move for move in legal if move // 20 < 12 <= move % 20]
    legal = home or legal or list(game.legal_moves())
    app.play(legal[rand(len(legal))])
    app.go(PLAY)  # as after a button: the won or stuck screen if the game ended
    moves += 1
    actions += 1
    changed()
    loop(1000 + rand(4001))
loop(61000)  # a minute's pause after the last game: everything is written
print("games", finished)
print("writes", nvm.writes - start)
print("erases", nvm.erases - erased)
print("longest_record", longest)
print("play_ms", clock)
print("worst_unsaved_ms", worst)
print("moves", moves)
print("won", app.statistics.counts(0)[1])
print("counted", app.statistics.played())
"""


def write_figures(games=10, seed=1, board="pybadge", full_statistics=False):
    """Run ``games`` scripted games on ``board`` (pybadge or picosystem); the
    script's figures by name. ``full_statistics``: the statistics hold a
    table for every kind of rules from the start (the longest records)."""
    sheet = "sheet-large.bmp" if board == "picosystem" else "sheet.bmp"
    script = ("SEED = %d\nGAMES = %d\nCAP = %d\nUNDOS = %d\nBOARD = %r\nFULL_STATISTICS = %r\n"
              % (seed, games, CAP, UNDOS, board, full_statistics) + SCRIPT)
    return vm_figures(["--pkg", os.path.join(ROOT, "sthelena"),
                       "--exclude", VM_EXCLUDE,
                       "--pkg", os.path.join(ROOT, "tools", "harness", "standins"),
                       "--file", "assets/%s=%s" % (sheet, os.path.join(ROOT, "assets", sheet))],
                      script)


def life_years(writes_per_game, cycles, games_a_day=5):
    """Years until ``cycles`` erase cycles at ``games_a_day`` games a day."""
    return cycles / (writes_per_game * games_a_day) / 365.25

