#!/usr/bin/env bash
# Regenerate the screenshots in docs/ (headless, 160x128 shown 3x; the Fruit Jam's at 720x400;
# the PicoSystem's 240x240 at 2x; the 320x240 and 240x135 fanned tables; the web page in
# Chromium).
# Usage: tools/build/assets/screenshots.sh [PYTHON]   (default .venv/bin/python)
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${1:-.venv/bin/python}
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
shot() {  # NAME then code.py arguments
  local name=$1
  shift
  "$PY" code.py --no-save --shot-scale 3 --shot "docs/$name.png" "$@"
}
WON="st-helena r1 A3AA/TKKK QS/KSJS/2HAH/-/-/-/-/-/-/-/-/- -"
shot play --deal 2026 --keys "RIGHT LEFT"
shot lifted --deal 2026 --keys "A DOWN DOWN DOWN RIGHT"
shot four-colours --deal 2026 --keys "START $(printf 'DOWN %.0s' {1..16}) A START DOWN LEFT"
shot menu --deal 2026 --keys "START DOWN DOWN DOWN DOWN DOWN DOWN DOWN"
shot overview --deal 2026 --keys "RIGHT SELECT"
shot peek --deal 2026 --keys "RIGHT SELECT A"
shot help --deal 2026 --keys "START $(printf 'UP %.0s' {1..3}) A"
shot help-table --deal 2026 --keys "START UP UP UP A RIGHT"
shot hint --deal 7 --keys "SELECT HOLD_SELECT"
shot stuck --deal 2026 --keys "UP RIGHT RIGHT A A"
shot won --position "$WON" --keys "RIGHT A DOWN DOWN LEFT A UP UP HOLD_A RIGHT A A RIGHT A RIGHT A LEFT A A RIGHT HOLD_A"
# The Fruit Jam: its 720x400 screen as the launcher leaves it, the fanned table played
# by the mouse (pile 8's card dragged towards the ace of spades, which may take it);
# and the icon as the launcher shows it.
"$PY" code.py --no-save --board fruit-jam --deal 2026 \
    --keys "PRESS@457,352 MOVE@430,330 MOVE@360,300" --shot docs/fruitjam-table.png
"$PY" -m tools.build.assets.fruitjam_launcher docs/fruitjam-launcher.png
# The PicoSystem: its 240x240 screen, the cards drawn from the large sheet (shown 2x); the
# emulated firmware draws the same frame, pixel for pixel (tests/board/test_firmware.py).
"$PY" code.py --no-save --board picosystem --deal 7 --keys "RIGHT RIGHT A" --shot-scale 2 \
    --shot docs/picosystem-table.png
# The fanned tables of a 320x240 screen (2x) and a 240x135 one (3x).
"$PY" -m tools.build.assets.fan_screenshots
# The web page in Chromium (Debian's, through Playwright: tools/harness/chromium.py), as a
# phone and a laptop show it; skipped, saying why, where Chromium or Playwright is missing.
"$PY" -m tools.build.build_site
"$PY" -m tools.build.assets.web_screenshots || echo "docs/web.png and docs/web-wide.png not remade" >&2
echo "screenshots written to docs/"
