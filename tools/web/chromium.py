"""Debian's Chromium, driven by Playwright for Python, as the web page's
tests, benchmark and screenshots use it: the system's browser at
``/usr/bin/chromium`` (Playwright's own browsers are never downloaded),
headless, each context in a fresh profile that ``close`` removes.
"""

import os
import shutil
import tempfile

CHROMIUM = "/usr/bin/chromium"
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
