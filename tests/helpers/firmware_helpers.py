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


def board_desktop(board, args):
    """``python code.py --board BOARD ARGS``, headless."""
    run = subprocess.run([sys.executable, "code.py", "--board", board] + args,
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=600,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 0, run.stderr
    return run


def desktop_frames(board, save, keys, folder):
    """The desktop's frames of ``keys`` (a board's words) played on ``board``
    from ``save`` (a copy: the desktop writes it as it plays, and leaves
    its last save in ``folder``/save.bin): frame 0 before any key, then one
    a word, as paths."""
    copy = folder / "save.bin"
    shutil.copyfile(save, copy)
    script = folder / "keys.txt"
    script.write_text(keys)
    frames = folder / "frames"
    board_desktop(board, ["--save", str(copy), "--keys", "@%s" % script,
                          "--frames", str(frames)])
    return sorted(frames.iterdir())


def pixels(path):
    """A PNG's size and its pixels, as RGB bytes."""
    import pygame

    surface = pygame.image.load(str(path))
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def pixels_differing(one, other):
    """How many pixels two PNGs of the same size differ in (all of them if the sizes differ)."""
    (size, mine), (theirs_size, theirs) = pixels(one), pixels(other)
    if size != theirs_size:
        return size[0] * size[1]
    if mine == theirs:
        return 0
    return sum(mine[at:at + 3] != theirs[at:at + 3] for at in range(0, len(mine), 3))
