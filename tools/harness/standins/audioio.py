"""Stand-in for CircuitPython's ``audioio.AudioOut`` (the SAMD51's DAC).

``played`` counts the samples started and ``last`` is the latest, for tests;
nothing is heard. It "plays" until the next ``play`` or ``stop``.
"""

outs = []  # every AudioOut made


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel is None:
            raise ValueError("pin needed")
        self.played = 0
        self.last = None
        self.playing = False
        outs.append(self)

    def play(self, sample, *, loop=False):
        self.played += 1
        self.last = sample
        self.playing = True

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
