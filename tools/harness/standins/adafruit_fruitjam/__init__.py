"""Stand-in for Adafruit's ``adafruit_fruitjam`` (its ``peripherals``)."""
