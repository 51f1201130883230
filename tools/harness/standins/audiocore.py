"""Stand-in for CircuitPython's ``audiocore.RawSample``."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.channel_count = channel_count
        self.sample_rate = sample_rate

    def deinit(self):
        pass
