"""The web page in Chromium (``make bench-web``), each figure beside its goal
(docs/web.md) where it has one. The site is ``build/web`` (``make web``), served on
127.0.0.1 by Python's http.server (tools/build/serve_site.py); the browser is
Debian's Chromium, driven by Playwright for Python, each load in a fresh
profile (nothing cached).

1. Load: from the page asked for to its first table frame on the canvas
   (``performance.now()`` then: the navigation's start is 0), and when the
   VM, the game's files and the game were ready; ``--loads`` loads of each
   layout (the handheld's 160x128 table in a narrow window, the wide fanned
   720x400 one in a wide window). Goal: 2 s.
2. Transfer: every byte the page fetched (the responses' bodies; headers
   aside), by file. Goal: 1.5 MB.
3. A key to its frame: from the key's event (``event.timeStamp``) to its
   frame drawn on the canvas, for presses ``--gap`` ms apart on the table
   (the cursor, lifting, dropping, illegal drops, undo, redo) and, apart,
   those that change the screen (the menu, the overview); median and
   longest, and the keys over 30 ms; and the same from the key handler's
   start (without the time the key waited behind other work: the page's
   own, or the machine's). Goal: 30 ms. The keys are real input on the
   real clock, so on a busy machine the page may see a key's release half a
   second after its press: a hold (A: the quick move) or a repeat. Each run
   is checked against the same keys played on the page's clock paused (the
   game and the canvas at the end), and a run that played another game says
   so under its figures.
4. The hint with the board's budget (``HINT_NODES`` positions, the handheld
   layout, as the board), from each deal of ``--deals`` as dealt: from its
   search's start (SELECT held half a second) to its answer on the table,
   and what it says; the page draws between slices of 25 ms.
"""

import argparse
import os
import statistics
import sys

from tools.build import serve_site
from tools.harness import chromium

from .report import goal, percentile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SITE = os.path.join(ROOT, "build", "web")
LAYOUTS = (("handheld", (520, 720)), ("wide", (1280, 800)))
KEYS = {"UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft", "RIGHT": "ArrowRight",
        "A": "x", "B": "z", "START": "Enter", "SELECT": " "}
# On the table of deal 7: the cursor round the places, cards lifted and put down
# (some illegal: the error's flash), undone and redone.
TABLE_KEYS = ("RIGHT A DOWN A LEFT A B UP RIGHT RIGHT A LEFT A DOWN DOWN A RIGHT A UP A "
              "LEFT LEFT A DOWN A B B RIGHT A RIGHT A UP UP A DOWN A LEFT B").split()
SCREEN_KEYS = "START B SELECT SELECT START DOWN B SELECT SELECT".split()  # menu, overview


class Chromium:
    def __init__(self, playwright, url):
        self.playwright = playwright
        self.url = url

    def open(self, size, link="", paused=False):
        """A page in a fresh profile, loaded (``paused``: on its clock paused,
        ``chromium.pause_clock``): (context, page, {path: body bytes})."""
        context = chromium.launch(self.playwright, *size)
        page = chromium.first_page(context)
        if paused:
            chromium.pause_clock(page)
        bodies = {}

        def fetched(response):
            try:
                bodies[response.url.replace(self.url, "/")] = len(response.body())
            except Exception:  # noqa: BLE001 (a response without a body: a redirect)
                pass

        page.on("response", fetched)
        page.goto(self.url + link)
        chromium.wait_ready(page)
        page.wait_for_load_state("networkidle")
        return context, page, bodies


close = chromium.close


def ms(values):
    """Median, 90th percentile and longest of ``values`` (ms), and how many."""
    return "median %.1f ms, 90%% %.1f ms, longest %.1f ms (%d)" % (
        statistics.median(values), percentile(values, 0.9), max(values), len(values))


def bench_loads(browser, loads):
    print("1. Load, to the first table frame (%d loads each, fresh profiles):" % loads)
    transfer = None
    for name, size in LAYOUTS:
        firsts = []
        marks = []
        for _ in range(loads):
            context, page, bodies = browser.open(size)
            firsts.append(page.evaluate("window.sthelena.firstFrame"))
            marks.append(page.evaluate("window.sthelena.marks"))
            assert page.evaluate("window.sthelena.wide") == (name == "wide")
            transfer = transfer or bodies
            close(context)
        goal("   %s, the first frame (VM ready %.0f ms, files %.0f ms, game made %.0f ms: "
             "medians)" % (name, statistics.median(m["vm"] for m in marks),
                           statistics.median(m["files"] for m in marks),
                           statistics.median(m["game"] for m in marks)),
             ms(firsts), "median <= 2000 ms", statistics.median(firsts) <= 2000)
    total = sum(transfer.values())
    files = sorted(transfer.items(), key=lambda item: -item[1])
    goal("2. Transfer (%s)" % ", ".join("%s %d" % (os.path.basename(path) or path, size)
                                        for path, size in files),
         "%d bytes, %.2f MB" % (total, total / 2 ** 20), "<= 1.5 MB", total <= 1.5 * 2 ** 20)


def press(page, names, gap):
    for name in names:
        page.keyboard.press(KEYS[name])
        page.wait_for_timeout(gap)
    page.wait_for_function("!window.sthelena.game.playing()")


SHOWN = """(() => [window.sthelena.mp.PyProxy.toJs(window.sthelena.game.app.game.notation()),
    document.getElementById("screen").toDataURL("image/png")])()"""


def played(browser, size, gap):
    """The game and the canvas (``SHOWN``) after the table's keys, then after
    the screens' keys, pressed ``gap`` ms of its time apart on a page whose
    clock is paused: what the script plays, however busy the machine."""
    context, page, _ = browser.open(size, "#deal=7", paused=True)
    shown = []
    for names in (TABLE_KEYS, SCREEN_KEYS):
        for name in names:
            page.keyboard.press(KEYS[name])
            chromium.run_clock(page, gap)
        chromium.settle(page)
        shown.append(page.evaluate(SHOWN))
    close(context)
    return shown


def bench_keys(browser, gap):
    print("3. A key to its frame (keys %d ms apart):" % gap)
    for name, size in LAYOUTS:
        context, page, _ = browser.open(size, "#deal=7")
        press(page, TABLE_KEYS, gap)
        shown = [page.evaluate(SHOWN)]
        press(page, SCREEN_KEYS, gap)
        shown.append(page.evaluate(SHOWN))
        frames = page.evaluate("window.sthelena.keyFrames")
        work = page.evaluate("window.sthelena.keyWork")
        split = len(TABLE_KEYS)
        for what, names, times, handled in (
                ("on the table", TABLE_KEYS, frames[:split], work[:split]),
                ("changing screen (menu, overview)", SCREEN_KEYS, frames[split:], work[split:])):
            if names is TABLE_KEYS:
                goal("   %s, %s" % (name, what), ms(times) + slow(names, times),
                     "median <= 30 ms", statistics.median(times) <= 30)
            else:
                print("   %-8s %s: %s%s" % (name, what, ms(times), slow(names, times)))
            print("   %-8s %s, from the handler's start: %s" % ("", what, ms(handled)))
        close(context)
        if shown == played(browser, size, gap):
            print("   %-8s the script's game (the same keys on a paused clock play it)" % "")
        else:
            print("   %-8s NOT the script's game: the machine held a key's release back long "
                  "enough to make a press a hold or a repeat (the figures are of the game "
                  "played)" % "")


def slow(names, times, goal=30):
    """The keys over ``goal`` ms: their place in the script, name and time."""
    over = ["%d %s %.0f ms" % (index + 1, name, time) for index, (name, time)
            in enumerate(zip(names, times)) if time > goal]
    return "; over %d ms: %s" % (goal, ", ".join(over)) if over else ""


WAIT_HINT = """started => new Promise(done => {
    const check = () => {
        if ((window.sthelena.game.app.hint !== null) === started) done(performance.now());
        else requestAnimationFrame(check);
    };
    check();
})"""


def bench_hint(browser, first, last):
    from sthelena.app.hint.search import HINT_NODES

    print("4. The hint from each deal of %d-%d as dealt, the board's budget (%d positions; "
          "the handheld layout):" % (first, last, HINT_NODES))
    context, page, _ = browser.open(LAYOUTS[0][1], "#deal=%d" % first)
    times = []
    wins = []
    for deal in range(first, last + 1):
        if deal != first:
            page.evaluate("deal => { location.hash = 'deal=' + deal; }", deal)
            page.wait_for_function("deal => window.sthelena.game.link() == "
                                   "'deal=' + deal + '&rules=st-helena'", arg=deal)
        assert page.evaluate("window.sthelena.game.app.hint_nodes") == HINT_NODES
        page.keyboard.down(" ")
        start = page.evaluate(WAIT_HINT, True)
        page.keyboard.up(" ")
        end = page.evaluate(WAIT_HINT, False)
        says = page.evaluate("window.sthelena.game.app.message")
        times.append(end - start)
        if says.startswith("Wins"):
            wins.append(end - start)
        print("   deal %3d: %6.0f ms  %s" % (deal, end - start, says))
    print("   all: %s; the %d that found a win: %s" % (ms(times), len(wins), ms(wins)
                                                      if wins else "none"))
    close(context)


def main(argv=None):
    parser = argparse.ArgumentParser(description="The web page's figures in Chromium.")
    parser.add_argument("--deals", default="1-20", help="the hint's deals, A-B (default 1-20)")
    parser.add_argument("--loads", type=int, default=5, help="loads of each layout (default 5)")
    parser.add_argument("--gap", type=int, default=80, help="ms between keys (default 80)")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("-")
    why = chromium.missing()
    if why:
        print("bench_web: %s" % why, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    if not os.path.isfile(os.path.join(SITE, "index.html")):
        print("bench_web: no build/web: run make web", file=sys.stderr)
        return 2
    httpd = serve_site.server(SITE)
    print("St. Helena's web page (%s), Chromium %s, load average %.1f" % (
        os.path.relpath(SITE, ROOT), chromium_version(), os.getloadavg()[0]))
    with sync_playwright() as playwright:
        browser = Chromium(playwright, httpd.url)
        bench_loads(browser, args.loads)
        bench_keys(browser, args.gap)
        bench_hint(browser, int(first), int(last or first))
    httpd.shutdown()
    return 0


def chromium_version():
    import subprocess

    try:
        return subprocess.run([chromium.CHROMIUM, "--version"], capture_output=True, text=True,
                              timeout=30).stdout.split()[1]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "?"


if __name__ == "__main__":
    from .report import run

    run("bench-web", main)
