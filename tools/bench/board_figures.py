"""``make bench-app``'s figures of the boards whose game is their own, each
on CircuitPython's interpreter at its board's heap (from the firmware's link
map, tools/harness/board_heap.py, or measured on the chip): the PyPortals'
game of taps (tools/harness/touch_play.py), the Wio Terminal's and the
Cardputer's games of presses (tools/harness/board_game_heap.py); each hint's
full search with 8 KB free its goal (heap_play.FREE_GOAL)."""

from tools.harness import firmware_figures, heap_play

from .report import goal, kb


def print_touch_figures(deal=21, moves=24):
    """A game of taps on the PyPortal, on CircuitPython's interpreter at the
    PyPortal's heap (tools/harness/touch_play.py): the heap in play, and free
    while the full hint searches, against the lean goal's 8 KB."""
    from sthelena.boards import catalogue
    from tools.harness import board_heap, touch_play, touch_scripts

    print("the PyPortals on CircuitPython's interpreter, the heap from the PyPortal's link map"
          " (the Titano's: its terminal the 480x320 screen's):")
    for name, board in (("pyportal", "pyportal"), ("pyportal-titano", "pyportal_titano")):
        heap = board_heap.HEAPS[board]
        script, _ = touch_scripts.tap_script(catalogue.named(name), deal, moves)
        found, why = touch_play.run(board, script)
        what = ("  %s (a heap of %s; the stand-ins keep %s more), a game of %d taps (deal %d,"
                " %d moves, the menu, the overview, undo, redo, a hint)"
                % (name, kb(heap.full), kb(found["standins"][0]) if found else "?",
                   len(script.words), deal, moves))
        if found is None:
            if why and "neither" in why:
                print("  not measured (%s)" % why)
            else:
                goal(what, "FAILED: %s" % why, "runs", False)
            continue
        print("%s: after set-up %s kept, %s free; in play, the most kept %s, the least free %s"
              % (what, kb(found["set_up"][0]), kb(found["set_up"][1]), kb(found["play"][0]),
                 kb(found["play"][1])))
        searching, least, compact = found["searching"]
        goal(what + ", the hint searching (50 slices in, collected): %s kept, %d compact"
             % (kb(searching), compact), "the least free %s" % kb(least),
             ">= %s, all full" % kb(heap_play.FREE_GOAL),
             least >= heap_play.FREE_GOAL and not compact)
# The boards whose game is their own, played at their own heap (board_game_heap's
# game_heapsize: from the firmware's link map, or measured on the chip): (profile,
# stand-in board, board id).
OWN_GAMES = (("wio-terminal", "wio", "seeeduino_wio_terminal"),
             ("cardputer", "cardputer", "m5stack_cardputer"))


def print_own_games(deals=(3, 10, 21), moves=40):
    """Each OWN_GAMES board's game on CircuitPython's interpreter at its heap
    (tools/harness/board_game_heap.py): a legal game of ``moves`` card moves
    with the menu and the overview (board_scripts.game_script) from each deal,
    then a hint; in the heap as one, and in 14 areas (a figure: the board's
    grows in fewer, larger ones)."""
    from sthelena.boards import catalogue
    from tools.harness import board_game_heap, board_heap, board_scripts

    version, why = firmware_figures.interpreter_version()
    if version is None:
        print("the boards' own games: not measured (%s)" % why)
        return
    areas = (False, True) if firmware_figures.interpreter(True)[0] else (False,)
    for name, stand_in, board in OWN_GAMES:
        profile = catalogue.named(name)
        heap = board_game_heap.game_heapsize(board)
        print("%s's %s on CircuitPython's interpreter at its heap (%s as -X heapsize=, %s; the "
              "stand-ins' share on top), deals %s, %d moves with the menu, then a hint:"
              % (profile.title, profile.game, kb(heap), "from its link map"
                 if board in board_heap.HEAPS else "measured on its chip",
                 ",".join(map(str, deals)), moves))
        found = {False: [], True: []}
        for deal in deals:
            script = board_scripts.game_script(profile, deal, moves)
            events = [event for given in script.events for event in given]
            _, runs = board_game_heap.board_run(profile, stand_in, script.record, events, heap,
                                                areas=areas)
            for in_areas, (figures, why) in zip(areas, runs):
                found[in_areas].append(figures or why)
        for in_areas in areas:
            done = [figures for figures in found[in_areas] if isinstance(figures, dict)]
            failed = [why for why in found[in_areas] if not isinstance(why, dict)]
            what = "  %s%s" % (name, ", the heap in 14 areas" if in_areas else "")
            if done:
                print("%s, in play, the most kept: %s" % (
                    what, kb(max(figures["in_play"][0] for figures in done))))
            full = sum(figures["hint"][0] == 1 for figures in done)
            least = min([figures["hint"][2] for figures in done] or [0])
            line = "%d of %d hints full, the least free while one ran %s%s" % (
                full, len(deals), kb(least), "; failed: " + "; ".join(failed) if failed else "")
            if in_areas:
                print(what + ", the hint: " + line)
            else:
                goal(what + ", the hint mid-game", line, "all full, >= %s" % kb(
                    heap_play.FREE_GOAL), full == len(deals) and least >= heap_play.FREE_GOAL)
