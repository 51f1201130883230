"""The sounds the app asks its speaker for: ``speaker.play(CLICK)``.

A speaker is any object with ``play(sound)``; it must return at once (the
device's plays in the background; a silent one does nothing).
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

CLICK = const(0)  # a card picked up or put down
ERROR = const(1)  # an illegal drop
FANFARE = const(2)  # a won game

# Each sound's notes, (frequency in Hz, ms) played one after another:
# ``TUNES[sound]``. Both edges make their square waves from these.
TUNES = (
    ((1760, 16),),  # CLICK: A6
    ((196, 80), (147, 80)),  # ERROR: G3 then D3
    ((523, 80), (659, 80), (784, 80), (1047, 240)),  # FANFARE: C5 E5 G5 C6
)
