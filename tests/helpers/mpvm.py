"""Run Python code under a real MicroPython VM from pytest.

The VM is the ``@micropython/micropython-webassembly-pyscript`` npm package,
driven by ``tools/harness/mpvm/run.mjs`` under Node.js. Install it with
``npm ci --prefix tools/harness/mpvm`` (``make test`` does this).
"""

import os
import shutil
import subprocess
from pathlib import Path

from tools.build.board_files import VM_EXCLUDE
from tools.build.board_libs import library_files

from . import ROOT as REPO_ROOT

MPVM_DIR = REPO_ROOT / "tools" / "harness" / "mpvm"
RUNNER = MPVM_DIR / "run.mjs"
_VM_PACKAGE = (
    MPVM_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
)
_INSTALL_HINT = "run `make test` (which installs it) or `npm ci --prefix tools/harness/mpvm`"


def library_vm_files():
    """The board's libraries (adafruit_display_text, adafruit_displayio_layout,
    adafruit_ticks) as VM file name -> host path, from the pinned packages."""
    return {"lib/" + name: path for name, path in library_files()}


def _node():
    """Return the node executable, or raise RuntimeError if the VM is missing."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError(
            "Node.js (`node`) is not on PATH; it is needed to run the MicroPython "
            f"VM tests. Install Node.js, then {_INSTALL_HINT}."
        )
    if not (_VM_PACKAGE / "package.json").is_file():
        raise RuntimeError(
            f"The MicroPython VM npm package is not installed in {MPVM_DIR}; "
            f"{_INSTALL_HINT}."
        )
    return node


def run_micropython(
    script: str,
    packages=("sthelena",),
    exclude=VM_EXCLUDE,
    timeout=300,
    files=None,
    heapsize=None,
    libraries=None,
) -> str:
    """Run ``script`` under MicroPython and return its stdout.

    Each entry of ``packages`` is a package directory, relative to the repo
    root unless absolute; its ``*.py`` files are copied to ``/lib/<name>/``
    in the VM, skipping those whose relative path matches the ``exclude``
    regex (``None`` copies everything). ``files`` maps VM file names (a
    relative one is placed under ``/``) to host paths, copied in too. The
    board's libraries (``library_vm_files()``) are always in ``/lib``, as on
    a board set up with circup.

    Raises AssertionError (with the VM's stderr and stdout) if the script
    fails, and RuntimeError if Node.js or the VM package is not installed.
    """
    cmd = [_node(), str(RUNNER)]
    for pkg in packages:
        pkg_dir = Path(pkg) if os.path.isabs(pkg) else REPO_ROOT / pkg
        if not pkg_dir.is_dir():
            raise FileNotFoundError(f"package directory not found: {pkg_dir}")
        cmd += ["--pkg", str(pkg_dir)]
    if exclude:
        cmd += ["--exclude", exclude]
    if libraries is None:
        libraries = library_vm_files()
    for name, path in dict(libraries, **(files or {})).items():
        cmd += ["--file", f"{name}={path}"]
    if heapsize:
        cmd += ["--heapsize", str(heapsize)]
    cmd.append("-")
    try:
        proc = subprocess.run(
            cmd,
            input=script,
            capture_output=True,
            encoding="utf-8",
            timeout=timeout,
            cwd=REPO_ROOT,
        )
    except subprocess.TimeoutExpired as exc:
        partial = (exc.stdout or b"").decode("utf-8", "replace")
        raise AssertionError(
            f"MicroPython script timed out after {timeout} s\n"
            f"--- stdout ---\n{partial}"
        ) from None
    if proc.returncode != 0:
        raise AssertionError(
            f"MicroPython script failed (exit status {proc.returncode})\n"
            f"--- stderr ---\n{proc.stderr}--- stdout ---\n{proc.stdout}"
        )
    return proc.stdout


# For a VM script on the keypad stand-in: each of ``count`` keys pressed and
# let go in turn, and the button events a source gives for them, by name.
EACH_KEY = """
def each_key(source, count):
    for key in range(count):
        keypad.push(key)
        keypad.push(key, False)
    names = []
    now = 0
    while True:
        event = source.poll(now)
        if event == NO_EVENT:
            break
        names.append(NAMES[event])
        now += 10
    return " ".join(names)
"""
