"""What the firmware's tests compare with: the desktop's frames of the same
presses (tests/board/test_firmware.py, tests/board/test_release.py)."""

import os
import shutil
import subprocess
import sys

from tests.helpers.app_driver import PngFrame
from tests.helpers.mpvm import REPO_ROOT

TABLE_ORIGIN = (0, 24)  # the PicoSystem's table (240x192) on its 240x240 screen


def desktop(args):
    """``python code.py --board picosystem ARGS``, headless."""
    run = subprocess.run([sys.executable, "code.py", "--board", "picosystem"] + args,
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 0, run.stderr
    return run


def same_as_the_desktop(frame, save, keys, tmp_path):
    """Whether ``frame`` is, pixel for pixel, the desktop's --shot of ``keys``
    played from ``save`` (a copy: the desktop writes it as it plays)."""
    copy = tmp_path / "desktop-save.bin"
    shutil.copyfile(save, copy)
    shot = tmp_path / "desktop.png"
    desktop(["--save", str(copy), "--keys", keys, "--shot", str(shot)])
    mine, theirs = PngFrame(frame), PngFrame(shot)
    return all(mine.pixel(x, y) == theirs.pixel(x, y)
               for y in range(mine.height) for x in range(mine.width))
