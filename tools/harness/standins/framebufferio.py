"""Stand-in for CircuitPython's ``framebufferio``: a ``FramebufferDisplay``
showing a framebuffer (``picodvi.Framebuffer``): its size, ``root_group``,
``auto_refresh`` and ``refresh()``, as the board stand-in's display."""


class FramebufferDisplay:
    def __init__(self, framebuffer, *, rotation=0, auto_refresh=True):
        self.framebuffer = framebuffer
        self.width = framebuffer.width
        self.height = framebuffer.height
        self.root_group = None
        self.auto_refresh = auto_refresh
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
