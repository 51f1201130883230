"""Shared by the hint's tests (tests/app/test_hint.py, tests/app/test_hint_table.py): a
lost position, random positions, and the game's exact state."""

import random

from sthelena.core.game import Game

# Pile 1: AAAA, pile 2 JJKK, 3 KHQH, 4 QSKS; any-suit building, no spaces,
# no redeal: only moves that undo each other (the core's CYCLING example).
STUCK = ("st-helena,build=any,spaces=none,redeals=0 r0 AAAA/JJKK "
         "KHQH/QSKS/-/-/-/-/-/-/-/-/-/- -")


def walked(preset, seed, most=80):
    """A position of ``preset`` some random card moves into deal ``seed``
    (a redeal only when no card move is left)."""
    game = Game.deal(seed, preset)
    rng = random.Random(seed)
    for _ in range(rng.randrange(most)):
        moves = [move for move in game.legal_moves() if move < 400] \
            or list(game.legal_moves())
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def exactly(game):
    return game.notation(), bytes(game.history)
