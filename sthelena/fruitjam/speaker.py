"""The Fruit Jam's sound: the game's three tunes through its DAC, to the
headphones or the speaker, as Fruit Jam OS's settings say.

The DAC and its I2S output are set up by ``adafruit_fruitjam``'s
``Peripherals`` (every Fruit Jam OS drive has the library), at its rate of
11,025 samples a second; the launcher's settings (``launcher_config``, at
the drive's top level) choose the output and the volume. Without them the
game plays silently.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.sounds import CLICK, ERROR, TUNES, SampleSpeaker, sample_count, square_waves

RATE = const(11025)  # samples a second: the rate Peripherals sets the DAC to
_AMPLITUDE = const(6000)  # of 32767: a square wave is loud


def tune_samples(notes):
    """16-bit signed samples playing ``notes`` ((Hz, ms) pairs) in turn at ``RATE``."""
    import array

    size = sample_count(notes, RATE)
    samples = array.array("h", bytearray(2 * size))  # (a bytearray: raw zeros on both Pythons)
    return square_waves(samples, notes, RATE, _AMPLITUDE, -_AMPLITUDE)


class Speaker(SampleSpeaker):
    """``play(sound)`` for the sounds of ``sthelena.app.sounds``, in the
    background (``SampleSpeaker``); ``out`` is an audio output (Peripherals'
    ``audio``), or None for silence."""

    def __init__(self, out, raw_sample):
        super().__init__()
        self._raw = raw_sample  # audiocore.RawSample
        if out is not None:
            self._out = out
            self._samples = [self._sample(CLICK), self._sample(ERROR)]

    def _sample(self, sound):
        return self._raw(tune_samples(TUNES[sound]), sample_rate=RATE)


def open_audio():
    """``(peripherals, audio out)`` set up as the launcher's settings say,
    or ``(None, None)`` where they cannot be (no library, no DAC)."""
    output = "headphone"
    volume = 0.35  # Fruit Jam OS's defaults
    limit = 0.75
    try:
        from launcher_config import LauncherConfig

        config = LauncherConfig()
        output = config.audio_output
        volume = config.audio_volume
        limit = config.audio_volume_override_danger
    except (ImportError, AttributeError, OSError, ValueError):
        pass  # not under Fruit Jam OS: its defaults
    try:
        from adafruit_fruitjam.peripherals import Peripherals

        peripherals = Peripherals(audio_output=output, safe_volume_limit=max(limit, volume))
        peripherals.volume = volume
        return peripherals, peripherals.audio
    except (ImportError, AttributeError, ValueError, RuntimeError, OSError):
        return None, None
