"""PyPI's python-minifier weighed against the bundler's own renaming
(tools/board/bundle_names.py), on the board's heap (issue 43, item 3).

Each variant merges the same modules (tools/board/bundle_merge.py), renames
them its way, compiles them with CircuitPython's ``mpy-cross`` as ``make lib``
does, and plays the drive image on CircuitPython's unix port with a board's
fixed heap, as ``make bench-app`` does (tools/board/firmware_figures.py, the
40-part play and the least heap it runs in; tools/board/heap_play.py, issue
40's goals over 12 deals), and reads the interned names (``qstr_info``):

- ``bundle_names``: what ``make lib`` does now;
- ``constants only``: no renaming but the constants made private (folded,
  kept nowhere), to show what renaming is worth at all;
- ``minifier as it comes``: python-minifier's renaming instead (its
  ``rename_locals`` and ``rename_globals``, preserving what scripts import,
  the classes, the constants and ``const``; its other transforms off), the
  constants made private first (python-minifier cannot: it would make them
  public again);
- ``minifier``: the same, tuned for the board (``minified``: the builtins
  and the parameters preserved too);
- ``minifier + attributes``: the same, with bundle_names' short private
  attributes and methods, which python-minifier never renames;
- ``minifier on top``: bundle_names' renaming, then python-minifier's.

    .venv/bin/python tools/bench/minifier_trial.py [--quick] [--variant NAME]...

Desktop only; needs python-minifier (requirements-dev.txt) and ``make
firmware-vm``. Prints a table; passes or fails nothing.
"""

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), part)
                for part in ("board", "bench", "assets")]  # the tools' folders
import ast  # noqa: E402
import builtins  # noqa: E402

import board_mpy  # noqa: E402
import board_start  # noqa: E402
import bundle_merge  # noqa: E402
import firmware_figures  # noqa: E402
import heap_play  # noqa: E402
from bundle_modules import (BUNDLE_API, BUNDLE_NAME, HINT_NAME, PUBLIC_CONSTANTS,  # noqa: E402
                            TREE_FILES)
from drive_image import compiled_bundles  # noqa: E402
from firmware_figures import BOARD_HEAP, kb  # noqa: E402

ROOT = bundle_merge.ROOT
OUT = os.path.join(ROOT, "build", "minifier")


@contextlib.contextmanager
def _renaming(globals_private=True, short_locals=True, short_names="all"):
    """bundle_merge.merge with parts of bundle_names' renaming turned off:
    ``globals_private`` (non-API globals made private), ``short_locals``,
    ``short_names`` ("all", "attributes": only the classes' private
    attributes and methods, or "none")."""
    saved = {name: getattr(bundle_merge, name)
             for name in ("private_globals", "shorten_locals", "short_private_names")}
    if not globals_private:
        bundle_merge.private_globals = lambda statements, public: {}
    if not short_locals:
        bundle_merge.shorten_locals = lambda tree, *rest: tree
    if short_names == "none":
        bundle_merge.short_private_names = lambda statements: ({}, {})
    elif short_names == "attributes":
        def attributes_only(statements):
            names, attributes = saved["short_private_names"](statements)
            return {old: new for old, new in names.items() if old in attributes}, attributes
        bundle_merge.short_private_names = attributes_only
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(bundle_merge, name, value)


def _kept_names(source, modules):
    """What python-minifier must leave as it is: what scripts import (or every
    public global of a bundle with no BUNDLE_API), the classes, the
    constants (private ones stay folded only under their ``_`` names) and
    ``const`` itself (the compiler folds calls of that name only)."""
    tree = ast.parse(source)
    api = BUNDLE_API.get(tuple(modules))
    kept = {"const"} | set(PUBLIC_CONSTANTS) | set(api or ())
    for statement in tree.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.ClassDef):
                kept.add(node.name)
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call) \
                and getattr(statement.value.func, "id", None) == "const":
            kept.update(target.id for target in statement.targets)
        if api is None:
            kept.update(name for name in bundle_merge.bound_names(statement)
                        if not name.startswith("_"))
    return sorted(kept)


def minified(source, modules, tuned=True):
    """``source`` renamed by python-minifier (locals and globals), nothing else.
    As it comes, it binds the builtins a module uses to short globals (``C =
    len``) and rebinds a parameter to a short local at a function's start (``E
    = preset``): a shorter text, but more globals and more code on the board.
    ``tuned`` keeps both from it (``preserve_globals``: the builtins;
    ``preserve_locals``: the parameters)."""
    import python_minifier
    renamer = sys.modules["python_minifier.rename.renamer"]  # (its package's name is a function)
    # MicroPython replaces a constant's name wherever it is met, a local
    # assigned of that name too ("can't assign to expression"): python-minifier
    # knows no such rule, so its names generator is made to skip them.
    constants = set(PUBLIC_CONSTANTS)
    generate = renamer.name_filter
    renamer.name_filter = lambda: (name for name in generate() if name not in constants)
    kept_globals = _kept_names(source, modules)
    kept_locals = []
    if tuned:
        kept_globals += dir(builtins)
        kept_locals = sorted({node.arg for node in ast.walk(ast.parse(source))
                              if isinstance(node, ast.arg)})
    try:
        text = python_minifier.minify(
            source, rename_locals=True, preserve_locals=kept_locals, rename_globals=True,
            preserve_globals=kept_globals, remove_annotations=False, remove_pass=False,
            remove_literal_statements=False, combine_imports=False, hoist_literals=False,
            remove_object_base=False, convert_posargs_to_args=False, preserve_shebang=False,
            remove_asserts=False, remove_debug=False, remove_explicit_return_none=False,
            remove_builtin_exception_brackets=False, constant_folding=False,
            remove_dead_branches=False)
    finally:
        renamer.name_filter = generate
    return ast.unparse(ast.parse(text)) + "\n"  # laid out as merge lays it out


def _bundle_names(modules):
    return bundle_merge.merge(modules)


def _constants_only(modules):
    with _renaming(globals_private=False, short_locals=False, short_names="none"):
        return bundle_merge.merge(modules)


def _minifier_as_it_comes(modules):
    return minified(_constants_only(modules), modules, tuned=False)


def _minifier(modules):
    return minified(_constants_only(modules), modules)


def _minifier_attributes(modules):
    with _renaming(globals_private=False, short_locals=False, short_names="attributes"):
        return minified(bundle_merge.merge(modules), modules)


def _minifier_on_top(modules):
    return minified(bundle_merge.merge(modules), modules)


VARIANTS = (("bundle_names", _bundle_names), ("constants only", _constants_only),
            ("minifier as it comes", _minifier_as_it_comes), ("minifier", _minifier),
            ("minifier + attributes", _minifier_attributes), ("minifier on top", _minifier_on_top))


def build(variant, make):
    """The variant's drive root (code.py, assets/, lib/*.mpy, the stand-ins)
    under build/minifier/; ``{bundle: .mpy bytes}``."""
    root = os.path.join(OUT, re.sub(r"\W+", "_", variant))
    shutil.rmtree(root, ignore_errors=True)
    for name in TREE_FILES:
        os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, name), os.path.join(root, name))
    os.makedirs(os.path.join(root, "tools"))
    os.makedirs(os.path.join(root, "lib"))
    os.symlink(os.path.join(ROOT, "tools", "standins"), os.path.join(root, "tools", "standins"))
    sizes = {}
    for name, modules in compiled_bundles():
        source = make(modules)
        with open(os.path.join(root, "lib", name + ".py.txt"), "w", encoding="utf-8") as file:
            file.write(source)  # to read (not .py: the board would import it)
        sizes[name] = board_mpy.compile_module(source, os.path.join(root, "lib", name + ".mpy"),
                                               board_mpy.MPY_CROSS, name)
    return root, sizes


@contextlib.contextmanager
def _drive_root(root):
    """firmware_figures and heap_play lay out their drive from ``root``."""
    saved = firmware_figures.ROOT
    firmware_figures.ROOT = root
    try:
        yield
    finally:
        firmware_figures.ROOT = saved


_QSTR = re.compile(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), "
                   r"n_total_bytes=(\d+)")


def interned(board="pygamer"):
    """The interpreter's interned names after the set-up and after a hint
    (its search's module loaded): ``[(pools, names, bytes)...]``. The
    stand-ins and the script, compiled from source, intern theirs too: the
    same in every variant."""
    path, why = firmware_figures.interpreter()
    if path is None:
        raise RuntimeError(why)
    with tempfile.TemporaryDirectory() as directory:
        drive = firmware_figures.lay_out_drive(directory)
        script = board_start.script(board, 2, standins_dir=os.path.join(directory, "standins"),
                                    root=drive + "/", firmware=True)
        report = "import micropython\nmicropython.qstr_info()\n"
        script = script.replace('state = 12345\n', report + 'state = 12345\n', 1) + report
        proc = subprocess.run([path, "-X", "heapsize=%d" % (4 * BOARD_HEAP), "-c", script],
                              cwd=drive, capture_output=True, text=True, timeout=600)
        if proc.returncode:
            raise RuntimeError((proc.stderr or proc.stdout).strip().splitlines()[-1])
        return [(int(pools), int(names), int(total))
                for pools, names, _, total in _QSTR.findall(proc.stdout)]


def measure(root, seeds, board="pygamer"):
    """One variant's figures on CircuitPython's interpreter."""
    with _drive_root(root):
        found = firmware_figures.board_figures(board, "mpy")
        if "error" in found:
            raise RuntimeError("%s: %s" % (root, found["error"]))
        figures = {"import": found["import"][0], "set_up": found["set_up"][0],
                   "play": max(live for _, live, _ in found["play"]),
                   "searching": found["searching"][0], "least_heap": found["least_heap"]}
        for areas in (False, True):
            _, runs = heap_play.board_runs(board, BOARD_HEAP, seeds, areas=areas)
            failed = [(seed, why) for seed, done, why in runs if done is None]
            if failed:
                raise RuntimeError("%s: seed %d: %s" % ((root,) + failed[0]))
            done = [done for _, done, _ in runs]
            hints = [hint for one in done for hint in one["hint"] if hint[0] != 2]
            key = "areas " if areas else ""
            figures[key + "set-up (most)"] = max(one["set_up"][0] for one in done)
            figures[key + "in play (most)"] = max(one["in_play"][0] for one in done)
            figures[key + "hints full"] = "%d/%d" % (sum(hint[0] == 1 for hint in hints),
                                                     len(hints))
            figures[key + "least free in a hint"] = min(hint[3] for hint in hints)
        figures["interned"] = interned(board)
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", choices=[name for name, _ in VARIANTS],
                        help="only these (default all)")
    parser.add_argument("--quick", action="store_true", help="3 deals, not 12")
    parser.add_argument("--build-only", action="store_true", help="build, do not measure")
    args = parser.parse_args(argv)
    seeds = heap_play.SEEDS[:3] if args.quick else heap_play.SEEDS
    rows = []
    for variant, make in VARIANTS:
        if args.variant and variant not in args.variant:
            continue
        root, sizes = build(variant, make)
        print("%s: %s" % (variant, ", ".join("%s.mpy %d" % item for item in sizes.items())),
              flush=True)
        if not args.build_only:
            rows.append((variant, sizes, measure(root, seeds)))
            print("  %r" % (rows[-1][2],), flush=True)
    if rows:
        print_table(rows, seeds)
    return 0


def print_table(rows, seeds):
    print("\nOn CircuitPython's unix port, a PyGamer's heap (%s), deals of random.seed(%s):"
          % (kb(BOARD_HEAP), ",".join(map(str, seeds))))
    print("| | " + " | ".join(variant for variant, _, _ in rows) + " |")
    print("|---" * (len(rows) + 1) + "|")
    lines = [(".mpy of the board's game", lambda s, f: "%d B" % s[BUNDLE_NAME]),
             (".mpy of the hint's search", lambda s, f: "%d B" % s[HINT_NAME]),
             ("interned names after set-up (pools, names, bytes)",
              lambda s, f: "%d, %d, %d" % f["interned"][0]),
             ("... after a hint", lambda s, f: "%d, %d, %d" % f["interned"][-1]),
             ("import (40-part play)", lambda s, f: kb(f["import"])),
             ("set-up", lambda s, f: kb(f["set_up"])),
             ("in play, the most kept", lambda s, f: kb(f["play"])),
             ("a hint searching", lambda s, f: kb(f["searching"])),
             ("the least heap it runs in", lambda s, f: kb(f["least_heap"]))]
    for key in ("", "areas "):
        for name in ("set-up (most)", "in play (most)", "hints full", "least free in a hint"):
            lines.append(("300 moves%s: %s" % (", heap in areas" if key else "", name),
                          lambda s, f, k=key + name: f[k] if isinstance(f[k], str) else kb(f[k])))
    for title, cell in lines:
        print("| %s | %s |" % (title, " | ".join(cell(sizes, found) for _, sizes, found in rows)))


if __name__ == "__main__":
    sys.exit(main())
