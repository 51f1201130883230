"""The flash's figures of ``make bench-app``, each beside its goal
(docs/playing.md): the writes of scripted games (tools/bench/write_policy.py)
and the erases among them, on a PyBadge (every write erases its 8 KB block)
and a PicoSystem (its saves appended into its 4 KB sector), and the size of a
long game's record, whole and trimmed as the store keeps it."""

from .report import at_most, goal


def print_write_figures(games):
    """The flash writes of scripted games (tools/bench/write_policy.py), printed."""
    from .write_policy import CAP, UNDOS, life_years, write_figures

    figures = write_figures(games)
    writes, played_ms = figures["writes"][0], figures["play_ms"][0]
    per_game = writes / games
    print("flash writes (%d scripted games through the board's edge, 1-5 s a move, up to %d "
          "moves and undos a game, lost games taken back %d times): %d moves in %.0f minutes, "
          "%.2f writes a minute of play" % (games, CAP, UNDOS, figures["moves"][0],
                                           played_ms / 60000, writes / (played_ms / 60000)))
    at_most("  flash writes a game (%d in all)" % writes, round(per_game, 2), 10)
    for cycles, years in ((100000, 5), (10000, 0.5)):
        life = life_years(per_game, cycles)
        goal("  life of the 8 KB block at 5 games a day, %d erase cycles" % cycles,
             "%.1f years" % life, ">= %g years" % years, life >= years)
    at_most("  the most a power cut could lose, the oldest change not yet written (s of play)",
            figures["worst_unsaved_ms"][0] / 1000, 60)
    hours = played_ms / 3600000
    print("  erases: %d, %.1f an hour of play (a PyBadge's every write erases its block)"
          % (figures["erases"][0], figures["erases"][0] / hours))
    for full in (False, True):
        pico = write_figures(games, board="picosystem", full_statistics=full)
        erases, pico_writes = pico["erases"][0], pico["writes"][0]
        goal("  PicoSystem, the same games%s: erases of its 4 KB sector an hour (%d writes, "
             "%d erases, records up to %d bytes)" % (
                 " with every preset's statistics" if full else "", pico_writes, erases,
                 pico["longest_record"][0]),
             "%.1f, %.0f times fewer than a write's erase each" % (
                 erases / hours, pico_writes / max(erases, 1)),
             ">= 10 times fewer", pico_writes >= 10 * erases)


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
    kept = len(record_bytes(holder, KEEP_MOVES))
    goal("the record of a %d-move game, full statistics (whole: %d bytes), as the store keeps "
         "it (the last %d moves undoable)" % (moves, len(record_bytes(holder)), KEEP_MOVES),
         "%d bytes" % kept, "fits the store's %d" % capacity, kept <= capacity)
