"""The web page's edge, never on a board: the handheld's game in a browser,
on MicroPython's WebAssembly port (``page``: the WebGame the page drives;
``screen``: the layers drawn into the <canvas>'s pixels; ``store``:
localStorage; ``speaker``: Web Audio), the firmware's modules the game
imports done in Python (``native/``), and the page (``index.html``,
``page.js``, ``page.css``), which ``make web`` builds into ``build/web/``."""
