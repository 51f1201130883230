"""The boards the game plays on, one profile a board (``profile.py`` says
what a profile holds): ``catalogue.profiles()`` lists them, ``find`` picks
the one for the board the game runs on. Plain data: nothing here reads a
board; the handheld's set-up (``sthelena/handheld/start.py``), the desktop
and the build read the profiles."""
