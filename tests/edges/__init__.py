"""The edges: the handhelds' (device, PicoSystem), the Fruit Jam's, the
desktop's window and command line, the web page's, and code.py and boot.py."""
