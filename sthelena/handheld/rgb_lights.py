"""An RGB LED that says what a speaker would (``Profile.lights``: an
``RgbLed``): the PicoSystem's, the Pico Display Packs'."""

from .parts import SoundLights

# The LED's colour (red, green, blue duty cycles of 65535: dim, it is in the
# player's eye) for each of app.sounds' CLICK, ERROR, FANFARE, HINT_FOUND.
_COLOURS = ((3000, 3000, 3000), (20000, 0, 0), (0, 16000, 0), (0, 0, 20000))


class RgbLights(SoundLights):
    """An RGB LED (its red, green and blue ``pins``: the PicoSystem's) as the
    app's speaker (``SoundLights``): a dim colour for each sound, the click's
    too; ``lit_low``, a common anode's, lit while its pins are low. Without
    the LED's PWM, it stays dark."""

    lit_ms = (60, 250, 1500, 400)

    def __init__(self, pins, lit_low=False):
        super().__init__()
        self._pins: list | None = None
        self._off = 65535 if lit_low else 0  # the duty cycle that leaves it dark
        try:
            import pwmio

            self._pins = [pwmio.PWMOut(pin, frequency=1000, duty_cycle=self._off)
                          for pin in pins]
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError):
            pass  # dark

    def _show(self, sound):
        pins = self._pins
        if pins is None:
            return False
        colour = _COLOURS[sound]
        for index in range(3):
            pins[index].duty_cycle = colour[index] ^ self._off  # (65535 - it, lit low)
        return True

    def _dark(self):
        for pin in self._pins or ():  # (lit only where there are pins)
            pin.duty_cycle = self._off
