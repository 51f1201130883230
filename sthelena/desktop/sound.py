"""The desktop's speaker: the app's tunes as square waves through pygame.

Desktop only (pygame and numpy). The notes are the board's
(``app.sounds.TUNES``), made as square waves as the board's speaker makes
them, so the desktop sounds like the handheld.
"""

from ..app.sounds import TUNES
from .display import quiet_import

VOLUME = 0.15  # of full scale: square waves are loud


def square_wave(notes, rate, channels=1):
    """Signed 16-bit samples (interleaved for ``channels``) of square-wave
    ``notes``, each faded out over its last few ms so it does not click."""
    import numpy

    parts = []
    for frequency, ms in notes:
        count = rate * ms // 1000
        # half periods since the note began (whole numbers, as the board's)
        phase = numpy.arange(count, dtype=numpy.int64) * (2 * frequency) // rate
        wave = numpy.where(phase % 2 == 0, 1.0, -1.0)
        fade = min(count, rate * 4 // 1000)
        if fade:
            wave[count - fade:] *= numpy.linspace(1.0, 0.0, fade)
        parts.append(wave)
    samples = (numpy.concatenate(parts) * (VOLUME * 32767)).astype(numpy.int16)
    return numpy.repeat(samples, channels)


class Speaker:
    """The app's speaker: ``play(sound)`` returns at once.

    Every sound asked for is appended to ``played`` (tests read it). With
    ``audio``, the sounds are made as tones for pygame's mixer; if the mixer
    will not start (no sound device) the speaker is silent.
    """

    def __init__(self, audio=False):
        self.played = []
        self.sounds = {}
        if audio:
            self.sounds = _mixer_sounds()

    def play(self, sound):
        self.played.append(sound)
        tone = self.sounds.get(sound)
        if tone is not None:
            tone.play()


def _mixer_sounds():
    """pygame Sounds for sounds.TUNES, or {} if the mixer cannot be used."""
    quiet_import()
    import pygame

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        rate, size, channels = pygame.mixer.get_init()
        if size != -16:
            return {}
        return dict((sound, pygame.mixer.Sound(buffer=square_wave(notes, rate, channels).tobytes()))
                    for sound, notes in enumerate(TUNES))
    except (pygame.error, TypeError, ValueError):
        return {}
