"""The assets' makers: the sprite sheets (``make_assets``, from ``glyphs`` and
``fan_glyphs``), ``assets/winnable.bin`` (``make_winnable``), the Fruit Jam
launcher's icon (``make_icon``) and the pictures in docs/ (``screenshots.sh``,
``fruitjam_launcher``, ``web_screenshots``)."""
