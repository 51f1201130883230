"""The game on CircuitPython's own programs: the boards' heaps, the firmware
on the emulated RP2040, the Fruit Jam's folder on CircuitPython's interpreter,
the code against CircuitPython's API, and the release."""
