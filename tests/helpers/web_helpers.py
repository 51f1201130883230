"""What the web page's tests share (tests/edges/test_web.py, test_web_browser.py):
scripts of presses played on the page and as the desktop's ``--keys``, the
desktop's ``--shot`` as RGB bytes, the web edge run under the MicroPython VM,
and the page served by Python's http.server in Debian's Chromium, driven by
Playwright for Python (no browser download: the system's Chromium)."""

import base64

from tools.harness import chromium
from tests.helpers.desktop_helpers import load_png, run
from tests.helpers.mpvm import REPO_ROOT, run_micropython

HANDHELD = (160, 128)
WIDE = (720, 400)  # the Fruit Jam's screen, as the desktop's --board fruit-jam
VM_HEAP = 8 * 1024 * 1024  # the page's (page.js): the wide screen's frame alone is 1.1 MB
HOLD_MS = 650  # longer than the buttons' HOLD_DELAY (500 ms): a hold
# The web edge under the VM: the board's modules, the web's, not the other edges'.
WEB_EXCLUDE = r"^(desktop|solver|handheld|fruitjam)/|^__main__\.py$"
ASSET_FILES = {"assets/" + name: str(REPO_ROOT / "assets" / name)
               for name in ("sheet.bmp", "sheet-fruitjam.bmp", "help.txt", "winnable.bin")}


def desktop_words(script):
    """The desktop's ``--keys`` for a page script: words of button names, a
    ``HOLD_X`` being X pressed and held (on the desktop: ``X HOLD_X``)."""
    words = []
    for word in script.split():
        if word.startswith("HOLD_"):
            words += [word[5:], word]
        else:
            words.append(word)
    return " ".join(words)


def desktop_shot(tmp_path, script, deal=None, rules=None, wide=False, scale=1, extra=(),
                 options=()):
    """The desktop's last frame after ``script`` (a page script; ``extra``:
    desktop words after it; ``options``: more of code.py's): (width, height,
    RGB bytes)."""
    path = tmp_path / ("desktop-%d.png" % len(list(tmp_path.glob("desktop-*.png"))))
    args = ["--keys", desktop_words(script) + "".join(" " + word for word in extra),
            "--shot", path, "--shot-scale", scale] + list(options)
    if deal is not None:
        args += ["--deal", deal]
    if rules is not None:
        args += ["--rules", rules]
    if wide:
        args += ["--board", "fruit-jam"]
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    proc = run(args, home)
    assert proc.returncode == 0, proc.stderr
    width, height, _, data = load_png(path)
    return width, height, data


# The web edge under the VM: a storage standing in for localStorage, and a
# page script played as the page plays it (presses and releases, the clock
# run past HOLD_DELAY for a hold, the steps until a hint has answered).
VM_PRELUDE = """
import sys
sys.path.insert(0, "/lib/sthelena/web/native")
from sthelena.web.page import WebGame, parse_link


class Storage:
    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value


def play(game, script, now=1000):
    for word in script.split():
        hold = word.startswith("HOLD_")
        button = game.button_named(word[5:] if hold else word)
        assert button >= 0, word
        game.press(button, now)
        if hold:
            now += %d
            game.step(now)
        game.release(button, now)
        now += 50
        while game.app.hint is not None:
            game.step(now)
    game.step(now)
    return now


def differences(game, path):
    want = open(path, "rb").read()
    frame = game.screen.frame
    found = []
    for at in range(len(want) // 3):
        if want[3 * at:3 * at + 3] != frame[4 * at:4 * at + 3]:
            found.append((at %% game.width, at // game.width))
    return found
""" % HOLD_MS


def run_web_vm(body, files=None):
    """``body`` after ``VM_PRELUDE`` under the MicroPython VM with the web
    edge, the board's modules, libraries and assets: its stdout lines."""
    return run_micropython(VM_PRELUDE + body, packages=("sthelena",), exclude=WEB_EXCLUDE,
                           files=dict(ASSET_FILES, **(files or {})),
                           heapsize=VM_HEAP).splitlines()


# -- the page in Chromium ----------------------------------------------------


def browser_missing():
    """Why the browser tests cannot run here, or None."""
    return chromium.missing()


class Browser:
    """Chromium, each page in a context of its own with a fresh profile."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.contexts = []

    def context(self, width=520, height=720, touch=False):
        context = chromium.launch(self.playwright, width, height, touch)
        self.contexts.append(context)
        return context

    def close_context(self, context):
        self.contexts.remove(context)
        chromium.close(context)

    def close(self):
        for context in list(self.contexts):
            self.close_context(context)


class Page:
    """A loaded page and what it said on its console. Its clock is paused
    (``chromium.pause_clock``) unless ``paused`` is False: a page on the real
    clock is only looked at, never played (a press could become a hold)."""

    def __init__(self, context, url, paused=True):
        self.context = context
        self.page = chromium.first_page(context)
        self.paused = paused
        if paused:
            chromium.pause_clock(self.page)
        self.errors = []
        self.requests = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append("pageerror: %s" % error))
        self.page.on("requestfailed", lambda request: self.errors.append(
            "request failed: %s" % request.url))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.goto(url)

    def _console(self, message):
        if message.type in ("error", "warning"):
            self.errors.append("%s: %s" % (message.type, message.text))

    def goto(self, url):
        self.page.goto(url)
        self.wait_ready()

    def reload(self):
        self.page.reload()
        self.wait_ready()

    def wait_ready(self):
        chromium.wait_ready(self.page)

    def js(self, expression, argument=None):
        return self.page.evaluate(expression, argument)

    def game(self, expression):
        """An expression of the page's WebGame (``game``), converted to JS."""
        return self.js("(() => { const game = window.sthelena.game; "
                       "const mp = window.sthelena.mp; "
                       "return mp.PyProxy.toJs(%s); })()" % expression)

    def size(self):
        return self.js("[document.getElementById('screen').width, "
                       "document.getElementById('screen').height]")

    def canvas_rgb(self):
        """The canvas's pixels (its own, unscaled), RGB: read as a PNG (a
        getImageData would make Chromium warn on the console)."""
        import io

        import pygame

        url = self.js("document.getElementById('screen').toDataURL('image/png')")
        image = pygame.image.load(io.BytesIO(base64.b64decode(url.split(",", 1)[1])), "x.png")
        return pygame.image.tobytes(image, "RGB")

    def shown_rgb(self, path):
        """The canvas as the page shows it (scaled), from a screenshot: (width, height, RGB)."""
        self.page.locator("#screen").screenshot(path=str(path))
        width, height, _, data = load_png(path)
        return width, height, data

    def settle(self):
        """The page's clock run until no button is held, no hint searches and
        no error flashes, and two frames more."""
        assert self.paused, "a page on the real clock is not played"
        chromium.settle(self.page)

    def play(self, script, on_screen=False):
        """A page script pressed on the keyboard (or tapped on the on-screen
        buttons), the page's clock paused: a press is a press however long the
        machine makes the page wait for its release, and a hold is held
        ``HOLD_MS`` of the page's time, its frames running meanwhile."""
        assert self.paused, "a page on the real clock is not played"
        keys = {"UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft",
                "RIGHT": "ArrowRight", "A": "x", "B": "z", "START": "Enter", "SELECT": " "}
        for word in script.split():
            hold = word.startswith("HOLD_")
            name = word[5:] if hold else word
            if on_screen:
                button = self.page.locator("#pad button[data-button=%s]" % name)
                if hold:
                    box = button.bounding_box()
                    self.page.mouse.move(box["x"] + box["width"] / 2,
                                         box["y"] + box["height"] / 2)
                    self.page.mouse.down()
                    chromium.run_clock(self.page, HOLD_MS)
                    self.page.mouse.up()
                else:
                    button.tap()
            elif hold:
                self.page.keyboard.down(keys[name])
                chromium.run_clock(self.page, HOLD_MS)
                self.page.keyboard.up(keys[name])
            else:
                self.page.keyboard.press(keys[name])
            self.settle()

    def moves_made(self):
        return self.game("game.app.moves_made()")


AFTER = ("WAIT:1000",)  # the desktop's clock run on as the page's runs (an error's flash ends)


def check_shown(page, tmp_path, script, deal, rules=None, wide=False, extra=AFTER, options=(),
                before=None):
    """The canvas is the desktop's --shot after ``script``: its pixels, and
    as the page shows it, scaled (``before()``: called before each desktop run)."""
    if before is not None:
        before()
    width, height, data = desktop_shot(tmp_path, script, deal, rules, wide, extra=extra,
                                       options=options)
    assert page.size() == [width, height]
    assert_same(page.canvas_rgb(), data, width, page)
    scale = page.js("window.sthelena.scale")
    assert scale >= 1
    shown = page.shown_rgb(tmp_path / "shown.png")
    if before is not None:
        before()
    scaled = desktop_shot(tmp_path, script, deal, rules, wide, scale, extra, options)
    assert shown[:2] == scaled[:2]
    assert_same(shown[2], scaled[2], shown[0], page)


def assert_same(got, want, width, page):
    """The canvas's RGB is the desktop's; else say where they differ, and what the game is at."""
    if got == want:
        return
    different = [at // 3 for at in range(0, len(want), 3) if got[at:at + 3] != want[at:at + 3]]
    xs = [at % width for at in different]
    ys = [at // width for at in different]
    raise AssertionError("%d pixels differ, in x %d-%d, y %d-%d; the page's game: %s, cursor %d"
                         % (len(different), min(xs), max(xs), min(ys), max(ys),
                            page.game("game.app.game.notation()"), page.game("game.app.cursor")))


def deal_of(page):
    link = page.game("game.link()")
    fields = dict(part.split("=", 1) for part in link.split("&"))
    return int(fields["deal"]), fields["rules"]
