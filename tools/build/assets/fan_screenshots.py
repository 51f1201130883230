"""The pictures in docs/ of the fanned tables of smaller screens:
``docs/pico-display-2-table.png`` (320x240, a Pico Display Pack 2.0's;
shown twice its size) and ``docs/pico-display-table.png`` (240x135, a Pico
Display Pack 1.14"'s; three times), each the table big_screen/tables.py
makes for that screen, drawn by the desktop's displayio, deal 2026 part
played (its longest pile past its room: its deepest cards as one edge) and
a card lifted, its places marked.

    python -m tools.build.assets.fan_screenshots [--out DIR]

Each table is drawn in a process of its own (Blinka allows one display a
process). Desktop only.
"""

import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

DEAL = 2026
SHOTS = (("pico-display-2-table.png", 320, 240, 2), ("pico-display-table.png", 240, 135, 3))
_MOVES = 40  # random moves played before the picture (homes first, 7 times in 10)
_SEED = 10  # (the first seed that leaves a pile of 11 and a card a pile takes)


def played(game, count, seed):
    """``count`` random legal moves pushed on ``game``, redeals too."""
    rng = random.Random(seed)
    for _ in range(count):
        moves = list(game.legal_moves())
        if not moves:
            return
        homes = [move for move in moves if move < 400 and move % 20 >= 12 > move // 20]
        game.push(rng.choice(homes if homes and rng.random() < 0.7 else moves))


def shoot(width, height, scale, path):
    """Draw the table of a ``width`` x ``height`` screen and write it to ``path``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from sthelena.app import buttons
    from sthelena.app.big_screen.tables import fit_table, table_screen
    from sthelena.app.game_app import App
    from sthelena.core.game import Game
    from sthelena.desktop.display import Display
    from sthelena.desktop.sound import Speaker
    from sthelena.desktop.store import MemoryStore

    display = Display(scale=1, window=False, size=(width, height))
    screen, sheet = table_screen(display, fit_table(width, height), os.path.join(ROOT, "assets"))
    app = App(screen, MemoryStore(), Speaker(audio=False), sheet, deal=DEAL,
              texts=os.path.join(ROOT, "assets", "help.txt"))
    game = Game.deal(DEAL, "st-helena")
    played(game, _MOVES, _SEED)
    app.start(game)
    # the card lifted: the first one a pile takes
    app.cursor = min(move // 20 for move in game.legal_moves() if move < 240 and move % 20 < 12)
    app.handle(buttons.A)
    display.refresh()
    display.save_png(path, scale)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "docs"), help="folder (docs/)")
    parser.add_argument("--one", nargs=4, metavar=("WIDTH", "HEIGHT", "SCALE", "PATH"),
                        help=argparse.SUPPRESS)  # (one table, in this process)
    args = parser.parse_args(argv)
    if args.one:
        width, height, scale, path = args.one
        shoot(int(width), int(height), int(scale), path)
        return
    for name, width, height, scale in SHOTS:
        path = os.path.join(args.out, name)
        subprocess.run([sys.executable, "-m", "tools.build.assets.fan_screenshots", "--one",
                        str(width), str(height), str(scale), path], check=True, cwd=ROOT)
        print(path)


if __name__ == "__main__":
    main()
