"""The PyGamer's, PyBadge's and PyPortals' speaker: the app's sounds as square waves on
the DAC (``Profile.speaker``: a ``DacSpeaker``), in the background."""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.sounds import CLICK, ERROR, TUNES, SampleSpeaker, sample_count, square_waves

# Square waves, 8-bit unsigned, of the notes in sounds.TUNES. Each sound's
# sample rate: for the click and the error the lowest at which every note's
# half period is a whole number of samples (1760 Hz: 1 at 3520 Hz; 196 and
# 147 Hz: 3 and 4 at 1176 Hz). The DAC holds each sample, so these square
# waves come out exact, and their buffers, kept, take 56 and 188 bytes
# instead of 128 and 1280 at 8 kHz. The fanfare's notes have no small such
# rate: 8 kHz, made when a game is won (and the hint's, when one is found).
_RATES = (3520, 1176, 8000, 8000)
_AMPLITUDE = const(40)  # of 127: the speaker is loud


class Speaker(SampleSpeaker):
    """``play(sound)`` for the sounds of ``sthelena.app.sounds``, in the
    background, on the DAC's ``pin`` switched on by ``enable`` (the PyGamer's
    and PyBadge's ``SPEAKER``, ``SPEAKER_ENABLE``: ``DacSpeaker``).

    The click and error tones are built once (about 250 bytes); the fanfare
    (3.8 KB) only when a game is won, and let go with the next sound. Without
    audio (no speaker pin, audioio missing, the DAC busy) it stays silent.
    """

    def __init__(self, pin, enable):
        super().__init__()
        try:
            import audiocore
            import audioio
            import digitalio

            self._enable = digitalio.DigitalInOut(enable)
            self._enable.switch_to_output(value=True)
            self._out = audioio.AudioOut(pin)
            self._raw = audiocore.RawSample
            self._samples = [self._sample(CLICK), self._sample(ERROR)]
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError,
                OSError):
            self._out = None  # silence

    def _sample(self, sound):
        rate = _RATES[sound]
        notes = TUNES[sound]
        samples = bytearray(sample_count(notes, rate))  # 8-bit unsigned, as the DAC takes
        return self._raw(square_waves(samples, notes, rate, 128 + _AMPLITUDE, 128 - _AMPLITUDE),
                         sample_rate=rate)
