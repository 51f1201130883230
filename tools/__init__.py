"""The project's tools, desktop only, in folders by job; each is run as a
module from the repository's root (``python -m tools.build.bundle``, as the
Makefile does):

- ``build/``: what builds what ships: the one-file games and the CIRCUITPY
  drive, the Fruit Jam's app folder, the web site, the release's downloads,
  the sprite sheets and the winnable deals (``build/assets/``), and
  CircuitPython's own firmware (``build/circuitpython/``, shell scripts);
- ``harness/``: what the tests and the benchmarks drive the game with: the
  boards' modules stood in (``harness/standins/``, a folder put on the VMs'
  paths), the MicroPython VM (``harness/mpvm/``) and the RP2040 emulator
  (``harness/emulator/``), both npm projects, and the Python that runs them;
- ``bench/``: the benchmarks, a module for each ``make bench-*`` target and
  their parts;
- ``docs/``: docs/architecture.md's pictures, drawn from the import graph.
"""
