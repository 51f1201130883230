"""What builds what ships: ``bundle`` (``make lib``, ``make circuitpy``: the
board's modules merged into one and compiled, and the CIRCUITPY drive),
``fruitjam_app`` (``make fruitjam``), ``build_site`` and ``serve_site``
(``make web``, ``make serve-web``), ``release`` (``make release``), and
``circuitpython_builds``, where CircuitPython's builds are. ``assets/`` makes
the sprite sheets and the winnable deals; ``circuitpython/`` builds
CircuitPython's own interpreter and firmware (``make firmware-*``)."""
