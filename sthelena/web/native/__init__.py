"""CircuitPython's built-in modules the game imports (displayio, bitmaptools,
vectorio), written in Python for the web page, where MicroPython has none of
them; the edge puts this folder first on ``sys.path`` (``sthelena.web.page``)."""
