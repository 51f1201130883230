"""Debian's Chromium, driven by Playwright for Python, as the web page's
tests, benchmark and screenshots use it: the system's browser at
``/usr/bin/chromium`` (Playwright's own browsers are never downloaded),
headless, each context in a fresh profile that ``close`` removes.

The tests and the pictures play on the page's own clock paused (``pause_clock``):
Playwright sends a key's down and its up (or a mouse's) one after the other, and on a
busy machine the page may see them half a second apart, a press held (the quick move)
or a direction repeated; with the page's time standing still between them, a press is
a press, and a hold is what ``run_clock`` runs while the key is down.
"""

import os
import shutil
import tempfile

CHROMIUM = "/usr/bin/chromium"
# Playwright's clock gives a page an animation frame every 16 ms of the page's time.
FRAME_MS = 16
PAUSED_AT = 3600 * 1000  # the page's Date when paused: well past its install's, however slow
SETTLE_MS = 100  # the paused clock run this much at a time while the game is busy
SETTLE_LIMIT_MS = 60000  # the page's time a game may be busy before settle gives up
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def missing():
    """Why Chromium cannot be driven here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("Playwright for Python is not installed (pip install -r requirements-dev.txt; "
                "make test does)")
    if not os.path.exists(CHROMIUM):
        return ("Debian's chromium is not installed at %s (apt-get install chromium; .ci/run "
                "does as root)" % CHROMIUM)
    return None


def launch(playwright, width, height, touch=False):
    """A browser context in a fresh profile, its window ``width`` x ``height``
    CSS pixels, one device pixel each (``touch``: a touch screen)."""
    profile = tempfile.mkdtemp(prefix="sthelena-chromium-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=FLAGS, headless=True,
        viewport={"width": width, "height": height}, has_touch=touch, device_scale_factor=1)
    context.sthelena_profile = profile
    return context


def first_page(context):
    return context.pages[0] if context.pages else context.new_page()


def close(context):
    """Close the context and remove its profile."""
    context.close()
    shutil.rmtree(context.sthelena_profile, ignore_errors=True)


def wait_ready(page):
    """Until the page's game has drawn its first frame and takes input."""
    page.wait_for_function("window.sthelena && window.sthelena.ready", timeout=60000)


def pause_clock(page):
    """From the next page loaded on, the page's time stands still until
    ``run_clock`` or ``settle`` runs it. Playwright's clock stands in for
    every time the page reads: ``performance.now``, ``Date`` (the game's
    ``time.ticks_ms``), its timers and animation frames, and (Playwright 1.65
    does) ``event.timeStamp``, by which the page times a key. The page's code
    is the same; only its time is the caller's. Call it before the page loads."""
    page.clock.install(time=0)
    page.clock.pause_at(PAUSED_AT)


def run_clock(page, ms):
    """The paused clock run ``ms`` ms: the page's timers and frames that fall due."""
    page.clock.run_for(ms)


def settle(page):
    """Run the paused clock until the game is idle (no button held, no hint
    searching, no error's flash), and two frames more."""
    for _ in range(SETTLE_LIMIT_MS // SETTLE_MS):
        if not page.evaluate("window.sthelena.game.playing()"):
            break
        run_clock(page, SETTLE_MS)
    else:
        raise AssertionError("the page's game still busy after %d ms of its time"
                             % SETTLE_LIMIT_MS)
    run_clock(page, 2 * FRAME_MS)
