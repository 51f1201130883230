"""The README's pictures of the web page, taken in Chromium by the tests'
tooling (Playwright, tools/harness/chromium.py): ``docs/web.png``, the page in a
phone-sized window with the handheld's table and its buttons, and
``docs/web-wide.png``, the wide fanned table, a card being dragged.

``python -m tools.build.assets.web_screenshots [--out DIR]`` after ``make web``.
"""

import argparse
import os
import sys

from tools.build import serve_site
from tools.harness import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

DEAL = 2026
PHONE = (412, 740)  # a phone's window, in CSS pixels
WIDE = (800, 560)  # a small laptop's window: the wide table, no buttons (a mouse)


def shoot(playwright, url, size, path, keys=(), drag=None):
    context = chromium.launch(playwright, *size)
    try:
        page = chromium.first_page(context)
        chromium.pause_clock(page)  # (a press stays a press, the card dragged is not a hold)
        page.goto(url)
        chromium.wait_ready(page)
        for key in keys:
            page.keyboard.press(key)
        if drag is not None:  # from one place to a point, the card held there
            box = page.locator("#screen").bounding_box()
            pixel = box["width"] / page.evaluate("window.sthelena.game.width")
            start = page.evaluate("place => window.sthelena.mp.PyProxy.toJs("
                                  "window.sthelena.game.points.place_point(place))", drag[0])
            page.mouse.move(box["x"] + start[0] * pixel, box["y"] + start[1] * pixel)
            page.mouse.down()
            page.mouse.move(box["x"] + drag[1] * pixel, box["y"] + drag[2] * pixel, steps=8)
        chromium.settle(page)
        page.screenshot(path=path)
    finally:
        chromium.close(context)


def main(argv=None):
    parser = argparse.ArgumentParser(description="The web page's pictures for the README.")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs"))
    parser.add_argument("--site", default=serve_site.SITE)
    args = parser.parse_args(argv)
    why = chromium.missing()
    if why:
        print("web_screenshots: %s" % why, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    httpd = serve_site.server(args.site)
    with sync_playwright() as playwright:
        shoot(playwright, httpd.url + "#deal=%d" % DEAL, PHONE, os.path.join(args.out, "web.png"),
              ["x"])  # a card lifted, the places it may go marked
        shoot(playwright, httpd.url + "#deal=%d" % DEAL, WIDE,
              os.path.join(args.out, "web-wide.png"), drag=(4, 420, 250))
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
