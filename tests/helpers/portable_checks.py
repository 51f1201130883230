"""Checks that run unchanged under CPython and MicroPython.

``tests/core/test_micropython.py`` runs this file under both and compares what it
prints line for line: the same deals, the same long random playout with
undo, the same notation and save round trips. Only what CircuitPython also
has is used here (no random module: a small LCG picks the moves).
"""

from sthelena.core import save
from sthelena.core.game import STATUS_NAMES, Game
from sthelena.core.notation import move_name
from sthelena.core.rules import PRESETS

DEALS = (0, 1, 2, 12345, 4294967295)


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def below(self, count):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % count


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def deals():
    for name, _ in PRESETS:
        for number in DEALS:
            print("deal", number, Game.deal(number, name).notation())


def playout(rules, number, steps):
    """A random walk of ``steps`` pushes and pops, checking as it goes."""
    game = Game.deal(number, rules)
    keys = [game.position_key()]
    rng = Lcg(number)
    pushes = pops = 0
    for step in range(steps):
        legal = list(game.legal_moves())
        if not legal or (game.history and rng.below(5) == 0):
            if not game.history:
                break
            game.pop()
            keys.pop()
            pops += 1
            check(game.position_key() == keys[-1], "pop restores the position")
        else:
            game.push(legal[rng.below(len(legal))])
            keys.append(game.position_key())
            pushes += 1
        in_play = sum(len(pile) for pile in game.piles) + len(game.stock)
        check(in_play + sum(game.foundations) == 104, "cards are conserved")
        if step % 25 == 0:
            text = game.notation()
            check(Game.from_notation(text).notation() == text, "notation round trip")
    data = save.to_bytes(game)
    again = save.from_bytes(data)
    check(again.notation() == game.notation(), "save round trip")
    check(again.history == game.history, "save keeps the history")
    moves = " ".join(move_name(move) for move in game.move_stack()[-5:])
    print("playout", rules, number, pushes, pops, len(data), STATUS_NAMES[game.status()], moves)
    print("end", game.notation())
    while game.history:
        game.pop()
    check(game.notation() == Game.deal(number, rules).notation(), "undo all returns to the deal")


def main():
    deals()
    for name, _ in PRESETS:
        playout(name, 7, 600)
    playout("st-helena,build=any,wrap=true,foundation_moves=all,gather=clockwise", 11, 600)
    print("ok")


main()
