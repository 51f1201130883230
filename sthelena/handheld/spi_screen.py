"""A screen the game sets up itself on SPI (``Profile.screen``: a
``SpiScreen``, or the one settings.toml describes), with Adafruit's driver
library for its controller, from CIRCUITPY/lib. Only the games of boards
with such a screen hold it."""


def spi_display(spec, board):
    """A ``SpiScreen`` set up: the bus, then the driver (``adafruit_st7789``,
    ``adafruit_st7735r`` or ``adafruit_ili9341``, from CIRCUITPY/lib)."""
    import busio
    import displayio
    from fourwire import FourWire  # (CircuitPython 9's and 10's, where the game's .mpy load)

    displayio.release_displays()  # (a display a program before left set up)
    try:
        spi = busio.SPI(clock=getattr(board, spec.clock), MOSI=getattr(board, spec.data))
    except ValueError as error:  # ("Invalid pins": no SPI of the chip has both; settings.toml's)
        raise ValueError("settings.toml: STHELENA_SPI_CLOCK = \"%s\", STHELENA_SPI_DATA = \"%s\": "
                         "%s: want one SPI's clock (SCK) and data out (MOSI or TX) pins"
                         % (spec.clock, spec.data, error))
    bus = FourWire(spi, command=getattr(board, spec.command),
                   chip_select=getattr(board, spec.select),
                   reset=spec.reset and getattr(board, spec.reset), baudrate=spec.baudrate)
    driver = __import__("adafruit_" + spec.driver)
    panel = getattr(driver, spec.driver.upper())  # ST7789, ST7735R, ILI9341
    return panel(bus, width=spec.width, height=spec.height, rotation=spec.rotation,
                 colstart=spec.colstart, rowstart=spec.rowstart,
                 backlight_pin=spec.backlight and getattr(board, spec.backlight),
                 auto_refresh=False)
