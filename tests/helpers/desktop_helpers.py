"""What the desktop edge's tests share (tests/edges/test_desktop.py,
test_desktop_runs.py): a stand-in home directory, ``python code.py`` run
headless in a subprocess, PNG reading, and a deal to play from pile 1."""

import os
import subprocess
import sys
from pathlib import Path

from sthelena.core.game import Game
from . import ROOT


def run(args, home, timeout=120):
    """``python code.py ARGS`` from the repo root, headless, HOME at ``home``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(home), USERPROFILE=str(home))
    return subprocess.run([sys.executable, "code.py"] + [str(arg) for arg in args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)


def load_png(path):
    """A PNG as (width, height, set of colours)."""
    import pygame

    image = pygame.image.load(str(path))
    width, height = image.get_size()
    data = pygame.image.tobytes(image, "RGB")
    colours = set(data[index:index + 3] for index in range(0, len(data), 3))
    return width, height, colours, data


def files_under(path):
    return sorted(str(item.relative_to(path)) for item in Path(path).rglob("*"))


def deal_with_move_from_pile_1():
    """A deal number whose pile 1 (where the cursor starts) has a legal move."""
    for number in range(1000):
        if any(move // 20 == 0 for move in Game.deal(number, "st-helena").legal_moves()):
            return number
    raise AssertionError("no deal under 1000 with a move from pile 1")
