"""St. Helena patience: what CircuitPython runs at start-up, and what
``python code.py`` runs on a desktop. It picks the edge (the board's buttons
and screen, or a window and the keyboard) and starts the app."""

import sys

if sys.implementation.name == "circuitpython":
    import micropython

    # Compile the game without line numbers (tracebacks then name functions
    # only): 2.3 KB less heap. For line numbers while debugging, set 0.
    try:
        micropython.opt_level(3)
    except AttributeError:  # a firmware built without it compiles as before
        pass
    try:
        from sthelena_board import main  # lib/sthelena_board.py, the one-file build: less heap
    except ImportError:
        from sthelena.device import main  # the package copied as it is

    main()
elif __name__ == "__main__":  # not when imported as the standard library's `code` (pdb does)
    from sthelena.desktop import main

    sys.exit(main())
