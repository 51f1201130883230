"""What the app keeps in its store, and when it writes it.

The record is ``b"SR"``, its version, then sections, each a kind byte,
a length (2 bytes), the body and a CRC-16 of the kind, length and body:

- ``S``: the statistics (``Statistics.to_bytes``), first: they change only
  when a deal is counted, so a PicoSystem's store writes the other saves as
  a delta of the last (``picosystem.SectorStore``);
- ``G``: settings (flags: four colours 1, sound off 2, this game's result
  counted 4, auto-play on 8, winnable deals only 16; the cursor; the rules
  for the next deal, 2 bytes) and the game's save bytes (``sthelena.core.save``);
- ``H``: the handheld's settings: the brightness step (``power.py``) and
  flags (lights off 1). A record without it (an older one) gives the
  defaults; a reader that does not know it passes over it.

The write policy (``Keeper``): at once when a game is won, a new deal
starts (the game left is counted), the statistics are reset or the menu
opens (the app calls ``save_now``); otherwise a minute after the first
change not yet written, and never sooner than a minute after the last
write. So play writes at most once a minute, and a power cut loses at most
the last minute of play (the store keeps the save before whole while it
writes the next; where a cut tore an erase, it says so: ``CUT_LOST``,
``CUT_RESTORED``). A record too big for the store keeps only the last
``KEEP_MOVES`` moves undoable; a write that fails leaves the game going.
Each is told once, in one line.
"""

from ..core.cards import const
from ..core.rules import Rules
from ..core.save import crc16, from_bytes, to_bytes
from ..core.statistics import Statistics
from .buttons import TICKS_MASK
from .power_levels import BRIGHTNESS_STEPS

RECORD_MAGIC = b"SR"
RECORD_VERSION = const(1)
WRITE_EVERY_MS = const(60000)  # the most play a power cut can lose
KEEP_MOVES = const(1000)  # undoable moves kept when a record must be trimmed
LONGEST = const(0xF000)  # a store without a capacity (a file): the length fields' 16 bits
_STATISTICS = const(83)  # "S"
_GAME = const(71)  # "G"
_HANDHELD = const(72)  # "H"
_LIGHTS_OFF = const(1)
_FOUR_COLOURS = const(1)
_SOUND_OFF = const(2)
_COUNTED = const(4)
_AUTO_ON = const(8)
_WINNABLE_ONLY = const(16)

UNREADABLE = "saved game unreadable: new deal"
STATISTICS_LOST = "statistics unreadable: reset"
TRIMMED = "save full: oldest undo dropped"
NOT_SAVED = "cannot save: flash error"
CUT_LOST = "power cut lost the save"
CUT_RESTORED = "power cut: save restored"


def _section(out, kind, body):
    start = len(out)
    out.append(kind)
    out.append(len(body) >> 8)
    out.append(len(body) & 0xFF)
    out.extend(body)
    out.extend(crc16(out[start:]).to_bytes(2, "big"))


def record_bytes(app, keep=-1):
    """The record of ``app``: its statistics, settings and game (the game's
    last ``keep`` moves undoable, if ``keep`` is 0 or more)."""
    out = bytearray(RECORD_MAGIC)
    out.append(RECORD_VERSION)
    _section(out, _STATISTICS, app.statistics.to_bytes())
    body = bytearray(4)
    body[0] = (app.four_colours * _FOUR_COLOURS | (not app.sound_on) * _SOUND_OFF
               | app.finished * _COUNTED | app.auto_on * _AUTO_ON
               | app.winnable_only * _WINNABLE_ONLY)
    body[1] = app.cursor
    bits = app.next_rules.to_bits()
    body[2] = bits >> 8
    body[3] = bits & 0xFF
    body.extend(to_bytes(app.game, keep))
    _section(out, _GAME, body)
    power = app.power
    _section(out, _HANDHELD, bytes((power.step if power is not None else 255,
                                    (not app.lights_on) * _LIGHTS_OFF)))
    return bytes(out)


def sections(data):
    """The bodies of the statistics, game and handheld sections of a
    record, each None if missing, cut or corrupt; and whether the record is
    ours."""
    found = [None, None, None]
    if len(data) < 3 or data[:2] != RECORD_MAGIC or data[2] != RECORD_VERSION:
        return found, False
    at = 3
    while at + 5 <= len(data):
        kind = data[at]
        end = at + 3 + (data[at + 1] << 8 | data[at + 2])
        if end + 2 > len(data) or crc16(data[at:end]) != data[end] << 8 | data[end + 1]:
            break  # torn or corrupt: nothing after it can be trusted
        if kind == _STATISTICS:
            found[0] = data[at + 3:end]
        elif kind == _GAME:
            found[1] = data[at + 3:end]
        elif kind == _HANDHELD:
            found[2] = data[at + 3:end]
        at = end + 2
    return found, True


def restore(app):
    """Read the store into ``app``: the statistics and settings, and the
    saved game, which is returned (None if there is none or it cannot be
    read; then ``app.message`` says so, once)."""
    store = app.store
    try:
        data = store.load()
    except OSError:
        data = None
    if getattr(store, "lost", False):  # the flash torn by a power cut (shared.NvmStore)
        app.message = CUT_RESTORED if data else CUT_LOST
        print("sthelena: %s (the flash was neither blank nor a whole save)" % app.message)
    if not data:
        return None
    found, ours = sections(data)
    why = "a part cut short or corrupt" if ours else "not a record of this version"
    stats, body, handheld = found
    if handheld is not None and len(handheld) >= 2:
        app.lights_on = handheld[1] & _LIGHTS_OFF == 0
        if app.power is not None and handheld[0] != 255:
            app.power.step = handheld[0] % BRIGHTNESS_STEPS
    if stats is not None:
        try:
            app.statistics = Statistics.from_bytes(stats)
        except ValueError:
            stats = None
    game = None
    if body is not None:
        try:
            game = from_bytes(body[4:])
            flags = body[0]
            app.four_colours = flags & _FOUR_COLOURS != 0
            app.sound_on = flags & _SOUND_OFF == 0
            app.finished = flags & _COUNTED != 0
            app.auto_on = flags & _AUTO_ON != 0
            app.winnable_only = flags & _WINNABLE_ONLY != 0
            app.cursor = body[1] % 20
            try:
                app.next_rules = Rules.from_bits(body[2] << 8 | body[3])
            except ValueError:
                pass  # the game's rules, then
        except (ValueError, IndexError) as error:
            game = None
            why = str(error)
    if game is None or stats is None:
        app.message = UNREADABLE if game is None else STATISTICS_LOST
        print("sthelena: %s (%s)" % (app.message, why))
    return game


class Keeper:
    """Writes ``app``'s record to the store by the write policy (see the
    module docstring). ``due(now, dirty)`` is asked on every idle tick and
    allocates nothing; ``write(app)`` writes and says what to tell."""

    def __init__(self, store):
        self.store = store
        self.capacity = getattr(store, "capacity", 0) or LONGEST
        self._first = -1  # when the first change not yet written was seen
        self._written = -1  # when the last write was (-1: none yet)
        self._stamp = False  # a write since the last tick: time it there
        self._told = 0  # TRIMMED 1, NOT_SAVED 2: each is told once

    def due(self, now, dirty):
        """Whether an idle tick at ``now`` ms should write the changes."""
        if self._stamp:
            self._written = now
            self._stamp = False
        if not dirty:
            return False
        if self._first < 0:
            self._first = now
            return False
        if (now - self._first) & TICKS_MASK < WRITE_EVERY_MS:
            return False
        return self._written < 0 or (now - self._written) & TICKS_MASK >= WRITE_EVERY_MS

    def write(self, app):
        """Write the record: (written, a line to tell the player or "")."""
        limit = self.capacity
        note = ""
        # The whole record is at most a few hundred bytes longer than the
        # history (a move takes at least as much there as in the save bytes).
        data = record_bytes(app) if len(app.game.history) < limit else b""
        if not data or len(data) > limit:
            data = record_bytes(app, KEEP_MOVES)
            if len(data) > limit:
                data = record_bytes(app, 0)
            if not self._told & 1:
                self._told |= 1
                note = TRIMMED
        self._first = -1
        self._stamp = True
        try:
            self.store.save(data)
        except (OSError, RuntimeError, ValueError) as error:
            print("sthelena: could not save (%s)" % error)
            if not self._told & 2:
                self._told |= 2
                note = NOT_SAVED
            return False, note
        return True, note
