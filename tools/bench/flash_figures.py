"""The flash's figures of ``make bench-app``: the writes of scripted games
(tools/bench/write_policy.py) and the erases among them, on a PyBadge (every
write erases its 8 KB block) and a PicoSystem (its saves appended into its
4 KB sector), and the size of a long game's record, whole and trimmed as the
store keeps it. Prints figures, passes or fails nothing."""


def print_write_figures(games):
    """The flash writes of scripted games (tools/bench/write_policy.py), printed."""
    from .write_policy import CAP, UNDOS, life_years, write_figures

    figures = write_figures(games)
    writes, played_ms = figures["writes"][0], figures["play_ms"][0]
    per_game = writes / games
    print("flash writes (tools/bench/write_policy.py: %d scripted games through the board's edge,"
          " 1-5 s a move," % games)
    print("  up to %d moves and undos a game, lost games taken back %d times):" % (CAP, UNDOS))
    print("  %d moves in %.0f minutes of play; %d writes: %.1f a game, %.2f a minute of play"
          % (figures["moves"][0], played_ms / 60000, writes, per_game,
             writes / (played_ms / 60000)))
    for cycles in (100000, 10000):
        print("  life of the 8 KB block at 5 games a day, %d erase cycles: %.1f years"
              % (cycles, life_years(per_game, cycles)))
    print("  the most a power cut could lose: %.1f s of play (the oldest change not yet"
          " written)" % (figures["worst_unsaved_ms"][0] / 1000))
    hours = played_ms / 3600000
    print("  erases: %d, %.1f an hour of play (a PyBadge's every write erases its block)"
          % (figures["erases"][0], figures["erases"][0] / hours))
    for full in (False, True):
        pico = write_figures(games, board="picosystem", full_statistics=full)
        erases, pico_writes = pico["erases"][0], pico["writes"][0]
        print("  PicoSystem, the same games%s: %d writes, %d erases of its 4 KB sector, %.1f an"
              " hour (%.0f times fewer than a write's erase each), records up to %d bytes"
              % (" with every preset's statistics" if full else "", pico_writes, erases,
                 erases / hours, pico_writes / max(erases, 1), pico["longest_record"][0]))


def print_long_records(capacity, moves=8000):
    """The record of a game of ``moves`` moves (CPython: the same bytes as
    the board's), whole and as a store of ``capacity`` bytes keeps it, trimmed."""
    import random

    from sthelena.app.record import KEEP_MOVES, record_bytes
    from sthelena.core.game import Game
    from sthelena.core.rules import Rules
    from sthelena.core.statistics import Statistics

    class Holder:  # what record_bytes reads of the app
        four_colours = sound_on = finished = auto_on = winnable_only = False
        cursor = 0
        power = None  # (a handheld's brightness: its settings' section is as long either way)
        lights_on = True

    holder = Holder()
    holder.statistics = Statistics()
    for number in range(100):  # every kind's table full
        holder.statistics.record(Rules.parse(("st-helena", "st-helena-pysol", "louis",
                                              "box-kite", "louis,wrap=true")[number % 5]),
                                 number, number % 2 == 0, 100)
    rules = "st-helena-pysol,restricted_first_deal=false"  # a game that need not end
    holder.next_rules = Rules.parse(rules)
    holder.game = Game.deal(4, rules)
    rng = random.Random(4)
    for _ in range(moves):
        holder.game.push(rng.choice([move for move in holder.game.legal_moves() if move < 400]))
    print("records: a %d-move game (full statistics) would take %d bytes; the store takes at"
          " most %d," % (moves, len(record_bytes(holder)), capacity))
    print("  so it keeps the last %d moves undoable: %d bytes"
          % (KEEP_MOVES, len(record_bytes(holder, KEEP_MOVES))))
