"""Shared by tools/bundle.py's tests (tests/test_bundle.py,
tests/test_bundle_vm.py): the committed one-file modules, and a script run
under the MicroPython VM with the board stand-ins and the game's modules."""

import textwrap

from mpvm import REPO_ROOT, run_micropython

SHEET = REPO_ROOT / "assets" / "sheet.bmp"
COMMITTED = REPO_ROOT / "lib" / "sthelena_board.py"
COMMITTED_DRIVE = REPO_ROOT / "lib" / "sthelena_drive.py"


def run_vm(script, bundles=(), package=False, files=None):
    """Run ``script`` under the VM with the stand-ins, the sprite sheet, and
    either the package or the given one-file modules (name -> path) in /lib."""
    files = dict(files or {})
    files.update(("lib/%s.py" % name, path) for name, path in bundles)
    files["assets/sheet.bmp"] = SHEET
    packages = ("tools/standins", "sthelena") if package else ("tools/standins",)
    return run_micropython(textwrap.dedent(script), packages=packages,
                           exclude=r"(^|/)(__main__|cli\w*|desktop)\.py$", files=files).splitlines()
