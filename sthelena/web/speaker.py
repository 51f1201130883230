"""The web page's speaker: the app's tunes as square waves, played by the
page through Web Audio.

The samples are made as the boards make theirs (``app.sounds``: the click
and the error once, the fanfare and the hint's when played), 8-bit unsigned
at ``RATE``, and handed to the page's ``audio.play(samples, rate)``, which
plays nothing until the player's first press, as browsers require.
"""

from ..app.sounds import CLICK, ERROR, TUNES, SampleSpeaker, sample_count, square_waves
from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

RATE = const(22050)  # samples a second
_AMPLITUDE = const(40)  # of 127, as the PyGamer's: a square wave is loud


class _PageOut:
    """What SampleSpeaker plays through: the page's audio (it cuts off the
    sound playing itself)."""

    playing = False

    def __init__(self, audio):
        self.audio = audio

    def stop(self):
        pass

    def play(self, samples):
        self.audio.play(samples, RATE)


class PageSpeaker(SampleSpeaker):
    """``play(sound)`` for the sounds of ``sthelena.app.sounds``; ``audio``:
    the page's player, or None for silence. ``played`` lists every sound
    asked for (the tests read it)."""

    def __init__(self, audio=None):
        super().__init__()
        self.played = []
        if audio is not None:
            self._out = _PageOut(audio)
            self._samples = [self._sample(CLICK), self._sample(ERROR)]

    def play(self, sound):
        self.played.append(sound)
        super().play(sound)

    def _sample(self, sound):
        notes = TUNES[sound]
        samples = bytearray(sample_count(notes, RATE))
        return square_waves(samples, notes, RATE, 128 + _AMPLITUDE, 128 - _AMPLITUDE)
