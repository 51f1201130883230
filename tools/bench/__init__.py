"""The benchmarks: a module for each ``make bench-*`` target (``bench``,
``bench_app``, ``bench_presses``, ``bench_hint``, ``bench_solver``,
``bench_firmware``, ``bench_saves``, ``bench_web``), run as
``python -m tools.bench.NAME``, and their parts; ``figures`` (``make figures``)
gathers the sections they save into docs/figures.md."""
