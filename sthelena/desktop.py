"""The desktop edge: the handheld app in a window, driven by the keyboard.

``python code.py [options]`` (what ``make play`` runs) builds what the board's
edge builds (a display, a store, a speaker, the sprite sheet) from desktop
parts and hands them to the app:

- ``Display``: Blinka's displayio drawn by ``blinka_displayio_pygamedisplay``
  into an offscreen 160x128 pygame surface, shown scaled up in a window.
- ``FileStore``: the save bytes in a file, replaced atomically.
- ``Speaker``: short square-wave tones through pygame's mixer, or silence.

With ``--keys`` the app is driven by a script of button names instead of the
keyboard (no window is opened), and ``--shot`` / ``--frames`` write what the
screen showed: for tests, bug reports and screenshots.

Desktop only: this module uses argparse, pygame and numpy, which the board
does not have, and nothing on the board imports it.
"""

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time

from .app.buttons import A, B, DOWN, HOLD, LEFT, NAMES, NO_EVENT, RIGHT, SELECT, START, UP
from .app.sounds import TUNES
from .cli_arguments import (CliError, Parser, deal_number, guarded, parse_args, parse_notation,
                        parse_rules, shown, whole_number)
from .deal import DEAL_LIMIT

WIDTH = 160  # the PyGamer's and PyBadge's screen
HEIGHT = 128
SCALE = 4  # default window pixels per screen pixel
SCALE_LIMIT = 10  # the largest --scale: a 1600x1280 window
SHOT_SCALE_LIMIT = 16  # the largest --shot-scale: a 2560x2048 PNG
KEYS_LIMIT = 10000  # the most button names one --keys script may hold
KEY_FILE_LIMIT = 1 << 20  # bytes of a --keys @FILE
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # repo / CIRCUITPY root
SHEET_PATH = os.path.join(ROOT, "assets", "sheet.bmp")
TEXTS_PATH = os.path.join(ROOT, "assets", "help.txt")
SAVE_PATH = os.path.join(os.path.expanduser("~"), ".sthelena-save")
IDLE_SLEEP = 0.015  # seconds the interactive loop sleeps when nothing happened

# The keyboard: pygame key constant name -> button. Esc or closing the window quits.
KEYS = {
    "K_UP": UP,
    "K_DOWN": DOWN,
    "K_LEFT": LEFT,
    "K_RIGHT": RIGHT,
    "K_x": A,
    "K_z": B,
    "K_RETURN": START,
    "K_KP_ENTER": START,
    "K_SPACE": SELECT,
}

# Script words: the button names, and a held A (the app's quick move).
SCRIPT_WORDS = dict((name, index) for index, name in enumerate(NAMES))
for _word in ("HOLD_A", "A+HOLD"):
    SCRIPT_WORDS[_word] = A | HOLD


class WindowError(CliError):
    """No window can be opened (no display): one line for stderr, exit 1."""

    status = 1


# -- the script of button names ---------------------------------------------


def parse_keys(text):
    """Button events from a script: names separated by whitespace, ``#`` to
    the end of a line a comment, case-insensitive. CliError names the first
    unknown word."""
    events = []
    for line in text.splitlines():
        for word in line.split("#", 1)[0].split():
            event = SCRIPT_WORDS.get(word.upper())
            if event is None:
                raise CliError("unknown key name %s: want one of %s"
                               % (shown(word), " ".join(SCRIPT_WORDS)))
            events.append(event)
    if len(events) > KEYS_LIMIT:
        raise CliError("too many keys: %d, want at most %d" % (len(events), KEYS_LIMIT))
    return events


def read_keys(argument):
    """The events of a ``--keys`` argument: a script, or ``@FILE`` naming one."""
    if argument.startswith("@"):
        path = argument[1:]
        try:
            with open(path, "rb") as file:
                data = file.read(KEY_FILE_LIMIT + 1)
            if len(data) > KEY_FILE_LIMIT:
                raise ValueError("over %d bytes" % KEY_FILE_LIMIT)
            text = data.decode("utf-8")
        except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            raise CliError("cannot read key file %s: %s"
                           % (shown(path), getattr(error, "strerror", None) or error))
        return parse_keys(text)
    return parse_keys(argument)


# -- the store and the speaker ----------------------------------------------


class FileStore:
    """The app's save bytes in one file.

    A save goes to a temporary file beside it that then replaces it, so a
    crash or a full disk never leaves half a save. A missing, empty or
    unreadable file loads as None; what the bytes mean is the app's concern.
    """

    def __init__(self, path):
        self.path = path

    def load(self):
        try:
            with open(self.path, "rb") as file:
                data = file.read()
        except OSError:
            return None
        return data or None

    def save(self, data):
        directory = os.path.dirname(os.path.abspath(self.path))
        handle, temporary = tempfile.mkstemp(prefix=".sthelena-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(bytes(data))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def keep_backup(self):
        """Copy the save file to the first free ``FILE.bak``, ``FILE.bak2``,
        ... before the app replaces it with a game it did not resume; the
        backup's path, or None if there is nothing to keep."""
        data = self.load()
        if data is None:
            return None
        number = 1
        while True:
            backup = self.path + (".bak" if number == 1 else ".bak%d" % number)
            if not os.path.exists(backup):
                break
            number += 1
        FileStore(backup).save(data)
        return backup


class MemoryStore:
    """A store that keeps the last save in memory only (``--no-save``)."""

    def __init__(self, data=None):
        self.data = data

    def load(self):
        return self.data

    def save(self, data):
        self.data = bytes(data)


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
    _quiet_import()
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


# -- the display ------------------------------------------------------------


def _quiet_import():
    """Import pygame and Blinka's displayio without their greetings on stdout
    (pygame's banner, Blinka's "GENERIC_X86 is not fully supported"): stdout
    stays for what the program itself prints."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        import pygame  # noqa: F401
        import displayio  # noqa: F401
        import blinka_displayio_pygamedisplay  # noqa: F401


_display_class = None


def Display(scale=SCALE, window=True, caption="St. Helena"):
    """The one display of this process (Blinka allows one): a 160x128
    displayio display drawn into an offscreen surface and shown ``scale``
    times larger in a window, or in no window if ``window`` is false."""
    global _display_class
    if _display_class is None:
        _display_class = _make_display_class()
    return _display_class(scale=scale, window=window, caption=caption)


def _make_display_class():
    """Define the display class; it is made at first use, as its base class
    comes from a module that only the desktop has (and that prints on import)."""
    _quiet_import()
    import busdisplay
    import numpy
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    from displayio._area import Area

    class ScaledDisplay(PyGameDisplay):
        """PyGameDisplay drawing into ``frame()``, a 160x128 surface, and
        showing it scaled by nearest pixel.

        Unlike its base class it redraws only what displayio marks as changed
        (the frame keeps the rest), and only when ``refresh()`` is called from
        the main thread: the edge refreshes after every event and tick, so
        nothing depends on displayio's background thread or pygame's events.
        """

        def __init__(self, scale, window, caption):
            if scale < 1:
                raise ValueError("scale must be 1 or more")
            self.scale = scale
            self._want_window = window
            self._window = None
            self._frame = pygame.Surface((WIDTH, HEIGHT))
            self._drawn = False  # did the last refresh change the frame?
            super().__init__(width=WIDTH, height=HEIGHT, caption=caption, auto_refresh=False)

        # PyGameDisplay's hooks

        def _initialize(self, init_sequence):
            self._pygame_screen = self._frame  # where the base class would draw
            if self._want_window:
                try:
                    pygame.display.init()
                    pygame.display.set_caption(self._caption)
                    self._window = pygame.display.set_mode((WIDTH * self.scale,
                                                            HEIGHT * self.scale))
                except pygame.error as error:
                    raise WindowError("cannot open a window (%s); --keys runs need none" % error)

        def _get_refresh_areas(self):
            return busdisplay.BusDisplay._get_refresh_areas(self)

        def _refresh_area(self, area):
            clipped = Area()
            if not self._core.clip_area(area, clipped):
                return True
            width, height = clipped.width(), clipped.height()
            pixels = width * height
            words = (pixels + 1) // 2  # two 16-bit pixels to a 32-bit word
            buffer = memoryview(bytearray(words * 4)).cast("I")
            mask = memoryview(bytearray((pixels // 32 + 1) * 4)).cast("I")
            self._core.fill_area(clipped, mask, buffer)
            # RGB565, high byte first; widen each channel to 8 bits
            packed = buffer.tobytes()[:pixels * 2]
            rgb565 = numpy.frombuffer(packed, dtype=">u2").astype(numpy.uint32)
            red, green, blue = rgb565 >> 11, (rgb565 >> 5) & 63, rgb565 & 31
            rgb = numpy.empty((pixels, 3), dtype=numpy.uint8)
            rgb[:, 0] = (red << 3) | (red >> 2)
            rgb[:, 1] = (green << 2) | (green >> 4)
            rgb[:, 2] = (blue << 3) | (blue >> 2)
            image = pygame.image.frombuffer(rgb.tobytes(), (width, height), "RGB")
            self._frame.blit(image, (clipped.x1, clipped.y1))
            self._drawn = True
            return True

        def _refresh_display(self):
            self._drawn = False
            done = busdisplay.BusDisplay._refresh_display(self)
            if self._drawn:
                self.present()
            self._last_refresh = time.monotonic()
            self._refresh_pending = False
            return done

        def _background(self):
            pass  # refreshes come from the main thread only (see the class)

        # for the edge and tests

        def present(self):
            """Show the frame in the window, scaled (after a refresh, or when
            the window was uncovered)."""
            if self._window is not None:
                pygame.transform.scale(self._frame, self._window.get_size(), self._window)
                pygame.display.flip()

        def frame(self):
            """The 160x128 surface of what the screen shows."""
            return self._frame

        def window_surface(self):
            """The window's scaled surface, or None without a window."""
            return self._window

        def pixel(self, x, y):
            """The (r, g, b) of screen pixel (x, y)."""
            return tuple(self._frame.get_at((x, y)))[:3]

        def save_png(self, path, scale=1):
            """Write the frame as a PNG, ``scale`` times larger, whatever the
            name's extension; CliError if the file cannot be written."""
            surface = self._frame
            if scale != 1:
                surface = pygame.transform.scale(surface, (WIDTH * scale, HEIGHT * scale))
            try:
                with open(path, "wb") as file:
                    pygame.image.save(surface, file, "frame.png")
            except (OSError, pygame.error) as error:
                raise cannot_write(path, error)

    return ScaledDisplay


# -- running the app --------------------------------------------------------


def cannot_write(path, error):
    """The CliError for an output file or folder that could not be written."""
    reason = getattr(error, "strerror", None) or error
    return CliError("cannot write %s: %s" % (shown(path), reason))


def make_frames_dir(frames_dir):
    """Make the --frames folder (and its parents) if it is not there."""
    try:
        os.makedirs(frames_dir, exist_ok=True)
    except OSError as error:
        raise cannot_write(frames_dir, error)


def frame_path(frames_dir, index, count):
    """The file of frame ``index`` of ``count``: frame-0000.png, ..."""
    digits = max(4, len(str(count)))
    return os.path.join(frames_dir, "frame-%0*d.png" % (digits, index))


def run_script(app, display, events, frames_dir=None):
    """Give the app each event in turn, refreshing the display after each;
    with ``frames_dir``, save frame 0 (before any event) and one frame per
    event there. For tests and bug reports: no argparse, no window needed."""
    display.refresh()
    if frames_dir is not None:
        make_frames_dir(frames_dir)
        display.save_png(frame_path(frames_dir, 0, len(events)))
    for index, event in enumerate(events, 1):
        app.handle(event)
        display.refresh()
        if frames_dir is not None:
            display.save_png(frame_path(frames_dir, index, len(events)))


def run_interactive(app, display, frames_dir=None, clock=time.monotonic):
    """The window's loop: keys to button events (repeats and holds timed by
    ButtonTimer), ``app.tick`` when nothing happens, until the window is
    closed or Esc pressed; returns the time then (ms). Sleeps when idle, so it
    does not spin a core."""
    import pygame

    from .app.buttons import ButtonTimer

    keys = dict((getattr(pygame, name), button) for name, button in KEYS.items())
    timer = ButtonTimer()
    start = clock()
    count = 0
    display.refresh()
    if frames_dir is not None:
        make_frames_dir(frames_dir)
        display.save_png(frame_path(frames_dir, 0, 0))

    def handle(event):
        nonlocal count
        app.handle(event)
        display.refresh()
        if frames_dir is not None:
            count += 1
            display.save_png(frame_path(frames_dir, count, count))

    while True:
        now = int((clock() - start) * 1000)
        busy = False
        for happening in pygame.event.get():
            kind = happening.type
            if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
                return now
            if kind == pygame.KEYDOWN:
                if happening.key == pygame.K_ESCAPE:
                    return now
                button = keys.get(happening.key)
                if button is not None:
                    handle(timer.down(button, now))
                    busy = True
            elif kind == pygame.KEYUP:
                button = keys.get(happening.key)
                if button is not None:
                    timer.up(button, now)
            elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                display.present()
        event = timer.due(now)
        if event != NO_EVENT:
            handle(event)
            busy = True
        else:
            app.tick(now)
            display.refresh()
        if not busy:
            time.sleep(IDLE_SLEEP)


# -- the command line -------------------------------------------------------


def build_parser():
    parser = Parser(
        prog="code.py",
        description="St. Helena patience as on the PyGamer/PyBadge, in a window. Keys: arrows "
                    "move, X = A (pick up, put down; hold for a quick move), Z = B (cancel, "
                    "undo), Enter = START (menu), Space = SELECT (peek), Esc quits.",
        epilog="KEYS: button names UP DOWN LEFT RIGHT A B START SELECT, and HOLD_A (or A+HOLD) "
               "for A held down; any case, separated by spaces or newlines; in a file, # "
               "starts a comment; at most %d of them. Bad input exits with status 2 and one "
               "line on stderr." % KEYS_LIMIT)
    parser.add_argument("--deal", metavar="N", help="deal number 0..%d" % (DEAL_LIMIT - 1))
    parser.add_argument("--rules", metavar="RULES",
                        help="PRESET[,option=value...] (e.g. st-helena, louis,wrap=true)")
    parser.add_argument("--position", metavar="NOTATION",
                        help="start from a position's notation line (it names its own rules)")
    parser.add_argument("--keys", metavar="KEYS|@FILE",
                        help="play these button names, write --shot/--frames, and exit "
                             "(no window)")
    parser.add_argument("--shot", metavar="PATH", help="write the last frame as a PNG")
    parser.add_argument("--shot-scale", metavar="N", default="1",
                        help="--shot N times larger, 1..%d (default 1: 160x128)"
                        % SHOT_SCALE_LIMIT)
    parser.add_argument("--frames", metavar="DIR",
                        help="write frame-0000.png (before any key) and one PNG per key")
    parser.add_argument("--save", metavar="FILE",
                        help="the save file (default ~/.sthelena-save in the window; "
                             "with --keys, none unless given)")
    parser.add_argument("--no-save", action="store_true",
                        help="neither read nor write a save file")
    parser.add_argument("--scale", metavar="N", default=str(SCALE),
                        help="window pixels per screen pixel, 1..%d (default %d)"
                        % (SCALE_LIMIT, SCALE))
    parser.add_argument("--sound", action=argparse.BooleanOptionalAction, default=None,
                        help="play sounds (default: on in the window, off with --keys)")
    return parser


def _check(args):
    """Everything about the arguments that can be wrong, before anything is
    opened or written: (events or None, App keyword arguments)."""
    if args.position is not None and (args.deal is not None or args.rules is not None):
        raise CliError("--position names its own deal and rules: "
                       "give it without --deal and --rules")
    if args.save is not None and args.no_save:
        raise CliError("--save and --no-save contradict each other")
    args.scale = whole_number(args.scale, "--scale", 1, SCALE_LIMIT)
    args.shot_scale = whole_number(args.shot_scale, "--shot-scale", 1, SHOT_SCALE_LIMIT)
    if args.save is not None:
        args.save = os.path.expanduser(args.save)  # as the store will read it
    for option, path in (("--shot", args.shot), ("--save", args.save)):
        _check_output(option, path, folder=False)
    _check_output("--frames", args.frames, folder=True)
    if args.shot is not None and args.save is not None and (
            os.path.realpath(args.shot) == os.path.realpath(args.save)):
        raise CliError("bad --shot %s: it is the --save file" % shown(args.shot))
    options = {}
    if args.deal is not None:
        options["deal"] = deal_number(args.deal)
    # App takes the rules and the position as text, so these only check them.
    if args.rules is not None:
        parse_rules(args.rules)
        options["rules"] = args.rules
    if args.position is not None:
        parse_notation(args.position)
        options["position"] = args.position
    events = read_keys(args.keys) if args.keys is not None else None
    return events, options


def _check_output(option, path, folder):
    """CliError if ``path`` (a file, or a ``folder``, to be written) cannot be
    one: a file that is a folder, or the other way round, or in a folder
    that is not there. What this cannot foresee (a read-only disk) fails
    when written (cannot_write)."""
    if path is None:
        return
    if path == "" or "\0" in path:
        raise CliError("bad %s %s: want a path" % (option, shown(path)))
    if os.path.isdir(path) != folder and os.path.exists(path):
        raise CliError("bad %s %s: it is a %s" % (option, shown(path),
                                                 "file, not a folder" if folder else "folder"))
    parent = os.path.dirname(os.path.abspath(path))
    while folder and not os.path.exists(parent):  # a --frames folder's parents are made
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise CliError("bad %s %s: no folder %s" % (option, shown(path), shown(parent)))


def main(argv=None):
    """Run the desktop edge; return the exit status (2 for a bad argument,
    or an output file that cannot be written: the game is saved first)."""
    return guarded(_main, argv)


def _main(argv):
    args = parse_args(build_parser(), argv)
    if args is None:
        return 0
    events, options = _check(args)
    scripted = events is not None
    display = Display(scale=args.scale, window=not scripted)
    from .app.game_app import App
    from .app.sheet import load_sheet

    save = args.save if args.save is not None or scripted else SAVE_PATH
    store = MemoryStore() if args.no_save or save is None else FileStore(os.path.expanduser(save))
    sound = args.sound if args.sound is not None else not scripted
    speaker = Speaker(audio=sound)
    app = App(display, store, speaker, load_sheet(SHEET_PATH), texts=TEXTS_PATH,
              **options)
    if isinstance(store, FileStore) and not app.resumed:
        # --deal, --rules, --position, or an unreadable or newer save: the
        # saved game is not the one played, so it is kept before any write.
        try:
            backup = store.keep_backup()
        except OSError as error:
            print_error(CliError("the saved game in %s cannot be backed up (%s): not playing "
                                 "over it" % (store.path, error.strerror or error)))
            return 1
        if backup is not None:
            print("sthelena: the saved game in %s is kept in %s; this run plays another"
                  % (store.path, backup), file=sys.stderr)
    try:
        try:
            if scripted:
                run_script(app, display, events, args.frames)
            else:
                run_interactive(app, display, args.frames)
        except KeyboardInterrupt:
            pass
        if args.shot is not None:
            display.save_png(args.shot, args.shot_scale)
    finally:  # even if a frame or the shot could not be written
        app.flush()  # a change the write policy has not written yet
    return 0
