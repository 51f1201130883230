"""The edge of every board with buttons and a screen (the PyGamer, PyBadge,
PicoSystem, Sprig, a Pico's display add-ons), made from the board's profile
(``sthelena/boards/``): ``start`` (play a profile's board: its set-up, then
the loop), ``setup`` (the set-up: the parts and the app, let go once built),
``screen`` (the screen and the table that fits it), ``spi_screen`` (a screen
the game sets up on SPI), ``settings`` (a wiring settings.toml describes),
``keys`` (the keys and joystick as the app's events), ``parts`` (the
sensors and NeoPixels), ``rgb_lights`` (an RGB LED), ``speaker`` (the DAC's),
``stores`` (the save in the SAMD51's nvm) and ``sector_store`` (the
RP2040's), ``loop`` (the main loop) and ``drive`` (the drive's note and the
save's copy, when boot.py gave the game the drive). On the board merged into
the game a profile names (``lib/sthelena_board.mpy`` or
``lib/sthelena_full.mpy``, each with only the parts its boards use) and its
set-up (``lib/<game>_setup.mpy``); ``drive`` as ``lib/sthelena_drive.py``."""
