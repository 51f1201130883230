"""Test set-up: the tiers' markers (skips where what a tier needs is missing,
the slow tests first, no skip in CI), the shared fixtures and SDL's dummy
drivers. The tests are packages under tests/ (pytest puts the top level on
sys.path), so they import ``sthelena``, the tools' packages (``tools.build``...)
and their helpers (``tests.helpers``) from the checkout."""

import functools
import os

import pytest

from tests.helpers import ROOT

# Headless SDL for every test, set before any test module imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(scope="session")
def display():
    """The one pygame-backed display a test process may have (headless)."""
    from blinka_displayio_pygamedisplay import PyGameDisplay

    return PyGameDisplay(width=160, height=128, auto_refresh=False)


@pytest.fixture(scope="session")
def sheet():
    from sthelena.app.table.sheet import load_sheet

    return load_sheet(str(ROOT / "assets" / "sheet.bmp"))


@pytest.fixture
def home(tmp_path):
    """A stand-in home directory for subprocesses (their default save file)."""
    path = tmp_path / "home"
    path.mkdir()
    return path


@pytest.fixture(scope="module")
def reader(sheet):
    """Reads cards and text back off the screen (tools/harness/screen_reader.py);
    once per module."""
    from tests.helpers.app_driver import ScreenReader

    return ScreenReader(sheet)


# The tiers, as markers (registered in pyproject.toml): ``vm`` runs the
# MicroPython VM (tools/harness/mpvm); ``firmware(NAME...)`` needs CircuitPython's
# own builds, named as circuitpython_builds.FILES names them (its interpreter,
# mpy-cross, a board's firmware), and ``emulator=True`` runs them on the RP2040
# emulator (tools/harness/emulator, with mtools); ``browser`` drives Chromium;
# ``slow`` takes long. A test whose build, emulator or browser is missing is
# skipped, saying why (a build: naming both places it is looked for).
# ``pytest -m "not firmware"`` is the quick loop.


@functools.lru_cache(maxsize=None)
def _build_missing(name):
    from tools.build import circuitpython_builds

    return circuitpython_builds.missing(name)


@functools.lru_cache(maxsize=None)
def _emulator_missing():
    from tools.harness import emulated

    return emulated.emulator_missing()  # (each test's firmware: its marker's builds)


@functools.lru_cache(maxsize=None)
def _browser_missing():
    from tests.helpers.web_helpers import browser_missing

    return browser_missing()


def why_not(item):
    """Why ``item`` cannot run here (what its markers need is missing), or None."""
    for mark in item.iter_markers("firmware"):
        for name in mark.args:
            if _build_missing(name):
                return _build_missing(name)
        if mark.kwargs.get("emulator") and _emulator_missing():
            return _emulator_missing()
    if item.get_closest_marker("browser") and _browser_missing():
        return _browser_missing()
    return None


def pytest_runtest_setup(item):
    why = why_not(item)
    if why:
        pytest.skip(why)


# The firmware and slow tests first: with one process a core (``make test``:
# pytest-xdist, scheduling one test at a time, ``--dist loadgroup``), the workers
# start on them and the quick tests fill in after, rather than one long test
# ending the run alone. A stable sort: the order is otherwise pytest's.
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not (item.get_closest_marker("firmware")
                                     or item.get_closest_marker("slow")))


# In CI (CI=true, as .ci/run sets it) with CircuitPython's builds at hand, no
# test may skip: a firmware test that cannot find what it needs is a broken
# path, so its skip is reported as a failure. SKIP_IN_CI names the tests that
# may skip there, each with the package CI cannot install (none now).
SKIP_IN_CI = {}


def strict_about_skips():
    from tools.build import circuitpython_builds

    return os.environ.get("CI", "").lower() in ("true", "1") and circuitpython_builds.present()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (report.skipped and not hasattr(report, "wasxfail") and item.nodeid not in SKIP_IN_CI
            and strict_about_skips()):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = "skipped in CI, where every test must run: %s" % reason


@pytest.fixture(scope="module")
def fan_sheet():
    """The Fruit Jam's fanned table's sheet (tests/app/test_fan_table.py, test_fan_drag.py)."""
    from sthelena.app.table.sheet import load_sheet

    return load_sheet(str(ROOT / "assets" / "sheet-fruitjam.bmp"))


@pytest.fixture(scope="module")
def deal_seven(tmp_path_factory):
    """Deal 7 just dealt, as a save: the desktop's file, and the nvm holding it
    (tests/board/test_firmware.py, tests/board/test_release.py)."""
    from tools.harness import emulated
    from tests.helpers.firmware_helpers import desktop

    folder = tmp_path_factory.mktemp("deal7")
    save = folder / "save.bin"
    desktop(["--deal", "7", "--keys", "", "--save", str(save)])
    nvm = folder / "nvm.bin"
    nvm.write_bytes(emulated.nvm_holding(save.read_bytes()))
    return save, nvm


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    from tests.helpers.web_helpers import Browser

    with sync_playwright() as playwright:
        chromium = Browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def pages(browser):  # (tests/edges/test_web_browser.py, tests/board/test_release.py)
    """Open the page at a URL in a fresh browser profile (``width``,
    ``height``: the window; ``touch``: a touch screen; ``paused``: its clock
    run by the test, else the real one)."""
    opened = []

    def open_page(url, width=520, height=720, touch=False, paused=True):
        from tests.helpers.web_helpers import Page

        page = Page(browser.context(width, height, touch), url, paused)
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        browser.close_context(page.context)
    for page in opened:
        assert page.errors == []  # nothing on the console, no request failed


@pytest.fixture(scope="module")
def small_fan_sheet():
    """The 320x240 and 240x135 fanned tables' sheet (tests/app/test_small_fan_tables.py)."""
    from sthelena.app.table.sheet import load_sheet

    return load_sheet(str(ROOT / "assets" / "sheet-fan.bmp"))


@pytest.fixture(scope="module")
def large_sheet():
    """The large sheet (the PicoSystem's, and the 320x240 fanned table's text screens)."""
    from sthelena.app.table.sheet import load_sheet

    return load_sheet(str(ROOT / "assets" / "sheet-large.bmp"))
