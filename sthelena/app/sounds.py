"""The sounds the app asks its speaker for: ``speaker.play(CLICK)``.

A speaker is any object with ``play(sound)``; it must return at once (the
boards' play in the background, through ``SampleSpeaker``; a silent one does
nothing).
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

CLICK = const(0)  # a card picked up or put down
ERROR = const(1)  # an illegal drop
FANFARE = const(2)  # a won game
HINT_FOUND = const(3)  # a hint found

# Each sound's notes, (frequency in Hz, ms) played one after another:
# ``TUNES[sound]``. Both edges make their square waves from these.
TUNES = (
    ((1760, 16),),  # CLICK: A6
    ((196, 80), (147, 80)),  # ERROR: G3 then D3
    ((523, 80), (659, 80), (784, 80), (1047, 240)),  # FANFARE: C5 E5 G5 C6
    ((1319, 40), (1760, 60)),  # HINT_FOUND: E6 then A6
)


def sample_count(notes, rate):
    """Samples ``notes`` take at ``rate`` samples a second."""
    size = 0
    for note in notes:
        size += note[1] * rate // 1000
    return size


def square_waves(samples, notes, rate, high, low):
    """Fill ``samples`` (``sample_count`` long: a bytearray, an array) with
    ``notes`` as square waves at ``rate``, each sample ``high`` or ``low``
    (each board's format); high on even half periods, so the pitch holds
    though a rate is coarse."""
    at = 0
    for frequency, ms in notes:
        for offset in range(ms * rate // 1000):
            samples[at] = high if offset * 2 * frequency // rate % 2 == 0 else low
            at += 1
    return samples


class SampleSpeaker:
    """``play(sound)`` through a board's audio output, in the background.

    An edge sets ``_out`` (an AudioOut, an I2SOut...; None: silence) and
    makes the samples in its own format and rate (``_sample(sound)``): the
    click and the error once, into ``_samples``; the fanfare only when a
    game is won, let go with the next sound.
    """

    def __init__(self):
        self._out = None
        self._samples = None
        self._playing = None  # keeps the buffer alive while it plays

    def play(self, sound):
        """Start ``sound`` (CLICK, ERROR, FANFARE or HINT_FOUND), cutting off the one playing."""
        out = self._out
        samples = self._samples
        if out is None or samples is None:
            return
        try:
            if sound < len(samples):
                sample = samples[sound]
            else:
                self._playing = None  # let the last fanfare (or hint's) go first
                sample = self._sample(sound)
            if out.playing:
                out.stop()
            self._playing = sample
            out.play(sample)
        except (ValueError, RuntimeError, MemoryError, OSError):
            pass  # a sound is never worth a crash

    def _sample(self, sound):
        """The edge's sample of ``sound``, in its own format and rate."""
        raise NotImplementedError
