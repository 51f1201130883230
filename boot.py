"""St. Helena's boot.py: deliberately does nothing.

CircuitPython runs boot.py once at power-up, before USB starts; it is where a
game that saves to files would remount CIRCUITPY writable for itself (taking
it away from the computer). This game keeps its save in the board's 8 KB of
non-volatile memory (``microcontroller.nvm``, see ``sthelena/device.py``)
instead, so the drive stays writable from the computer and nothing needs to
change here. The file is kept so that a boot.py left over from another
program does not take the drive away.
"""
