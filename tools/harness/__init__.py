"""What the tests and the benchmarks drive the game with: the boards'
modules stood in (``standins/``, top-level modules named as CircuitPython's,
put on the VMs' paths: not a package), the MicroPython VM (``mpvm/``, npm),
CircuitPython's firmware on an emulated RP2040 (``emulator/``, npm, driven by
``emulated``), the drive started and played on CircuitPython's interpreter
(``board_start``, ``firmware_figures``, ``heap_play``, ``board_heap``),
power cuts (``cut_runs``), won games played through the buttons
(``won_games``) and the firmware's press scripts (``firmware_sessions``),
Chromium (``chromium``), and the check against CircuitPython's API
(``conformance``)."""
