"""The Fruit Jam edge: a monitor or TV over DVI, a USB mouse, keyboard or
gamepad, the board's three buttons, the headphone/speaker DAC and Fruit Jam
OS's ``/saves``, handed to the same app as the handheld's. Imports app, core.
"""
