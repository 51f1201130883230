"""The sounds the app asks its speaker for: ``speaker.play(CLICK)``.

A speaker is any object with ``play(sound)``; it must return at once (the
device's plays in the background; a silent one does nothing).
"""

from ..cards import const  # the core's: micropython's, or a stand-in on CPython

CLICK = const(0)  # a card picked up or put down
ERROR = const(1)  # an illegal drop
FANFARE = const(2)  # a won game
