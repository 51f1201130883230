"""tools/build/bundle.py's CIRCUITPY tree, on CPython: what it holds (the game's
.mpy, the pinned libraries, code.py, boot.py, the assets), every import
resolving, the merged module compiling and importing only firmware modules at
top level, the committed .mpy and drive module being what the sources make,
and the built tree starting under the MicroPython VM in both drive modes. The
VM runs of the merged modules: tests/tools/test_bundle_vm.py; the merge rules:
tests/tools/test_bundle_merge.py; the heap at start-up: tests/board/test_board_heap.py.
"""

import ast
import os
import pathlib
import subprocess
import sys

import pytest

from tests.helpers.bundle_helpers import (
    COMMITTED, COMMITTED_DRIVE, COMMITTED_FRUIT_JAM, COMMITTED_HINT, COMMITTED_FULL,
    COMMITTED_PROFILES, COMMITTED_SETUP,
    imports_of, module_names, run_vm, vm_mpy)
from tests.helpers.mpvm import REPO_ROOT
from tools.build import board_libs, board_mpy, bundle, drive_image

FIRMWARE = {"micropython", "sys", "gc", "displayio", "vectorio", "random", "bitmaptools", "board",
            "keypad", "analogio", "digitalio", "microcontroller", "supervisor", "audioio",
            "audiocore", "neopixel_write", "time", "busdisplay", "busio", "fourwire", "pwmio"}


@pytest.fixture(scope="module")
def merged():
    """The board's modules merged: the source of lib/sthelena_board.mpy."""
    return drive_image.bundle_source(bundle.BUNDLE_NAME, bundle.BOARD_MODULES)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    size = drive_image.build_tree(str(out))
    return out, size


def top_level_statements(tree):
    """Statements that run when the module is imported (not in functions)."""
    found = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.stmt):
                found.append(child)
            visit(child)

    visit(tree)
    return found


# -- the CIRCUITPY tree, on CPython -------------------------------------------


def test_the_tree_holds_code_boot_the_sheet_and_the_merged_module(tree):
    out, size = tree
    games = ("full", "full_setup", "board_setup", "hint", "profiles", "touch", "touch_setup",
             "wio", "wio_setup", "cardputer", "cardputer_setup")
    for name in ("code.py", "boot.py", "assets/sheet.bmp", "assets/sheet-large.bmp",
                 "assets/help.txt", "assets/winnable.bin") + tuple(
                     "lib/sthelena_%s.mpy" % game for game in games):
        assert (out / name).read_bytes() == (REPO_ROOT / name).read_bytes(), name
    module = out / "lib" / "sthelena_board.mpy"
    assert module.stat().st_size == size
    assert sorted(str(path.relative_to(out)) for path in out.rglob("*") if path.is_file()) == [
        "assets/help.txt", "assets/sheet-fan.bmp", "assets/sheet-large.bmp", "assets/sheet.bmp",
        "assets/winnable.bin", "boot.py", "code.py",
        "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
        "lib/adafruit_displayio_layout/__init__.py",
        "lib/adafruit_displayio_layout/layouts/__init__.py",
        "lib/adafruit_displayio_layout/layouts/grid_layout.py",
        "lib/adafruit_ili9341.py", "lib/adafruit_st7735r.py", "lib/adafruit_st7789.py",
        "lib/adafruit_ticks.py", "lib/adafruit_touchscreen.py",
        "lib/sthelena_board.mpy", "lib/sthelena_board_setup.mpy", "lib/sthelena_cardputer.mpy",
        "lib/sthelena_cardputer_setup.mpy", "lib/sthelena_drive.py", "lib/sthelena_full.mpy",
        "lib/sthelena_full_setup.mpy", "lib/sthelena_hint.mpy", "lib/sthelena_profiles.mpy",
        "lib/sthelena_touch.mpy", "lib/sthelena_touch_setup.mpy", "lib/sthelena_wio.mpy",
        "lib/sthelena_wio_setup.mpy"]


def test_the_libraries_in_lib_are_the_pinned_packages_files(tree):
    from importlib import metadata

    pins = board_libs.pinned_versions()
    for distribution, files in board_libs.LIBRARIES:
        dist = metadata.distribution(distribution)
        assert dist.version == pins[distribution]
        for name in files:
            assert (tree[0] / "lib" / name).read_bytes() == \
                pathlib.Path(dist.locate_file(name)).read_bytes(), name
    # ... and requirements.txt names the same distributions for circup.
    listed = [line.strip() for line in (REPO_ROOT / "requirements.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert listed == [distribution for distribution, _ in board_libs.LIBRARIES]


def test_every_import_in_the_tree_resolves_to_the_firmware_or_to_lib(tree, merged, tmp_path):
    """Each import statement of code.py, boot.py and every module in lib/
    (the game's .mpy read as the source it was made from) names a module the
    firmware has built in, or a file in lib/."""
    out = tree[0]
    built_in = FIRMWARE | {"vectorio", "storage", "time", "math", "os"}
    game = tmp_path / "lib" / "sthelena_board.py"
    bundle.write_module(str(game), merged)
    in_lib = module_names(out / "lib", (".py", ".mpy"))
    checked = 0
    for path in [out / "code.py", out / "boot.py", game] + sorted((out / "lib").rglob("*.py")):
        lib = out / "lib" if path != game else game.parent
        package = ".".join(path.relative_to(lib).with_suffix("").parts[:-1]) \
            if path.parent != out else ""
        for name in imports_of(path, package):
            if name.split(".")[0] in ("typing", "fontio", "circuitpython_typing", "sthelena",
                                      "sthelena_fruitjam"):
                continue  # typing only (in try/except ImportError), the desktop's, or
                # the Fruit Jam's (its app folder: tests/edges/test_fruitjam_app.py)
            checked += 1
            assert name in in_lib or name.split(".")[0] in built_in, (path, name)
    assert checked > 20


def test_the_merged_module_compiles_and_imports_only_firmware_modules_at_top_level(merged):
    source = merged
    compile(source, "sthelena_board.py", "exec")
    module = ast.parse(source)
    imported = set()
    for stmt in top_level_statements(module):
        if isinstance(stmt, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in stmt.names)
        elif isinstance(stmt, ast.ImportFrom):
            assert stmt.level == 0, ast.unparse(stmt)
            imported.add(stmt.module.split(".")[0])
    libraries = {name.split("/")[0].replace(".py", "") for name, _ in board_libs.library_files()}
    assert imported <= FIRMWARE | libraries, imported - FIRMWARE - libraries
    # No library at the top level: the text screens are tiles, not labels, and the
    # layout's module is imported only where the places are laid out, then let go.
    assert "adafruit_display_text" not in imported and "adafruit_displayio_layout" not in imported
    assert "from adafruit_displayio_layout.layouts.grid_layout import GridLayout" in source
    assert {"keypad", "displayio", "random", "micropython"} <= imported
    # No relative import is left anywhere; only game's lazy notation imports
    # (never reached on the board), the loop's lazy drive imports (the one-file
    # sthelena_drive, else the package's), the hint's lazy search (the
    # one-file sthelena_hint, else the package's) and the set-up (its own
    # module beside the game's) name the package or another module.
    lazy = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0
            if node.module.startswith("sthelena"):
                lazy.add(node.module)
        elif isinstance(node, ast.Import):
            lazy.update(alias.name for alias in node.names if alias.name.startswith("sthelena"))
    assert lazy == {"sthelena.core.notation", "sthelena_drive", "sthelena.handheld.drive",
                    "sthelena_hint", "sthelena.app.hint.search", "sthelena_board_setup"}


def test_the_merged_module_has_no_docstrings_and_one_const_fallback(merged):
    source = merged
    module = ast.parse(source)
    strings = [node for node in ast.walk(module) if isinstance(node, ast.Expr)
               and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)]
    assert strings == []
    assert source.count("from micropython import const") == 1
    fallback = module.body[0]
    assert isinstance(fallback, ast.Try) and ast.unparse(fallback.body[0]) == \
        "from micropython import const"
    # Every module's public constants are there, as const() calls.
    assert "REDEAL = const(400)" in source and "HOLD = const(8)" in source
    # Each top-level name is bound by one statement only (shared ones kept once).
    names = [name for stmt in module.body for name in set(bundle.bound_names(stmt))]
    assert len(names) == len(set(names)), sorted(n for n in set(names) if names.count(n) > 1)


@pytest.mark.slow
def test_the_committed_mpy_was_made_from_the_sources_as_they_are(merged):
    # CI cannot remake it (no CircuitPython there): the .mpy carries the hash
    # of the source it was compiled from, and the sources must still make it.
    assert merged.splitlines()[0].startswith("# Generated by `%s`" % bundle.LIB_COMMAND)
    problem = board_mpy.stale(str(COMMITTED), merged)
    assert problem is None, "%s: run `%s` and commit it" % (problem, board_mpy.BUILD_COMMAND)
    problem = board_mpy.stale(str(COMMITTED_FULL),
                              drive_image.bundle_source(bundle.FULL_NAME, bundle.FULL_MODULES))
    assert problem is None, "%s: run `%s` and commit it" % (problem, board_mpy.BUILD_COMMAND)
    # ...and the Fruit Jam's, which its app folder carries (tests/edges/test_fruitjam_app.py)
    merged = bundle.merge(drive_image.fruit_jam_modules())
    problem = board_mpy.stale(str(COMMITTED_FRUIT_JAM), merged)
    assert problem is None, "%s: run `%s` and commit it" % (problem, board_mpy.BUILD_COMMAND)
    from tools.build.profiles_module import profiles_source

    problem = board_mpy.stale(str(COMMITTED_PROFILES), profiles_source())
    assert problem is None, "%s: run `%s` and commit it" % (problem, board_mpy.BUILD_COMMAND)
    drive_image.check_board_mpy()  # all of them, as make circuitpy and make fruitjam check them


def test_a_stale_or_foreign_mpy_is_told_apart(merged, tmp_path):
    changed = merged + "X = 1\n"
    assert "not made from the sources" in board_mpy.stale(str(COMMITTED), changed)
    foreign = tmp_path / "sthelena_board.mpy"
    foreign.write_bytes(board_mpy.for_micropython(COMMITTED.read_bytes()))  # MicroPython's
    assert "not a CircuitPython .mpy" in board_mpy.stale(str(foreign), merged)
    assert "missing" in board_mpy.stale(str(tmp_path / "none.mpy"), merged)



@pytest.mark.slow
@pytest.mark.parametrize("name, modules, committed", [
    (bundle.BUNDLE_NAME, bundle.BOARD_MODULES, COMMITTED),
    (bundle.FULL_NAME, bundle.FULL_MODULES, COMMITTED_FULL)])
def test_the_tree_is_not_built_with_a_stale_mpy(tmp_path, monkeypatch, name, modules, committed):
    stale = tmp_path / (name + ".mpy")
    stale.write_bytes(committed.read_bytes().replace(
        board_mpy.source_hash(drive_image.bundle_source(name, modules)).encode(), b"0" * 16))
    real = drive_image.board_mpy_path
    def board_mpy_path(root=bundle.ROOT, which=bundle.BUNDLE_NAME):
        return str(stale) if which == name else real(root, which)
    monkeypatch.setattr(drive_image, "board_mpy_path", board_mpy_path)
    with pytest.raises(bundle.BundleError, match="run `make lib` and commit it"):
        drive_image.build_tree(str(tmp_path / "CIRCUITPY"))
    assert not (tmp_path / "CIRCUITPY").exists()


def test_the_committed_drive_module_is_what_the_sources_make():
    assert COMMITTED_DRIVE.is_file(), \
        "lib/sthelena_drive.py is missing: run `%s`" % bundle.LIB_COMMAND
    assert COMMITTED_DRIVE.read_text(encoding="utf-8") == bundle.merge(bundle.DRIVE_MODULES), (
        "lib/sthelena_drive.py differs from what the sources make: run `%s` "
        "(or `make lib`) and commit it" % bundle.LIB_COMMAND)


def test_the_tree_carries_the_committed_build(tree):
    assert (tree[0] / "lib" / "sthelena_board.mpy").read_bytes() == COMMITTED.read_bytes()
    assert (tree[0] / "lib" / "sthelena_drive.py").read_bytes() == COMMITTED_DRIVE.read_bytes()
    assert ((tree[0] / "lib" / "sthelena_full.mpy").read_bytes()
            == COMMITTED_FULL.read_bytes())
    assert (tree[0] / "lib" / "sthelena_hint.mpy").read_bytes() == COMMITTED_HINT.read_bytes()
    assert ((tree[0] / "lib" / "sthelena_profiles.mpy").read_bytes()
            == COMMITTED_PROFILES.read_bytes())


def test_the_repository_top_level_is_a_circuitpy_image():
    # What a person copies with a file manager: code.py, boot.py, lib/, assets/.
    for name in ("code.py", "boot.py", "lib/sthelena_board.mpy", "lib/sthelena_drive.py",
                 "assets/sheet.bmp"):
        assert (REPO_ROOT / name).is_file(), name
    tracked = subprocess.run(["git", "ls-files", "lib"], cwd=REPO_ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    # only what this project generates: no third-party code, no .py the board compiles first
    assert tracked == [
        "lib/sthelena_board.mpy", "lib/sthelena_board_setup.mpy", "lib/sthelena_cardputer.mpy",
        "lib/sthelena_cardputer_setup.mpy", "lib/sthelena_drive.py", "lib/sthelena_fruitjam.mpy",
        "lib/sthelena_full.mpy", "lib/sthelena_full_setup.mpy", "lib/sthelena_hint.mpy",
        "lib/sthelena_profiles.mpy", "lib/sthelena_touch.mpy", "lib/sthelena_touch_setup.mpy",
        "lib/sthelena_wio.mpy", "lib/sthelena_wio_setup.mpy"]
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "lib/adafruit_display_text/label.mpy",
         "lib/neopixel.mpy", "lib/sthelena_board.mpy", "lib/sthelena_drive.py",
         "lib/sthelena_fruitjam.mpy", "lib/sthelena_hint.mpy", "lib/sthelena_full.mpy"],
        cwd=REPO_ROOT, capture_output=True, text=True).stdout.split()
    assert ignored == ["lib/adafruit_display_text/label.mpy", "lib/neopixel.mpy"]


@pytest.mark.slow
@pytest.mark.firmware("10.x/mpy-cross")
def test_lib_option_writes_the_committed_files(tmp_path, monkeypatch):
    # Where CircuitPython's mpy-cross is built: the same bytes again.
    monkeypatch.setattr(drive_image, "lib_path", lambda root=None, name=bundle.BUNDLE_NAME,
                        suffix=".py": str(tmp_path / "lib" / (name + suffix)))
    monkeypatch.setattr(drive_image, "board_mpy_path", lambda root=None, name=bundle.BUNDLE_NAME:
                        str(tmp_path / "lib" / (name + ".mpy")))
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "sthelena_board.py").write_text("# an old build\n")
    assert bundle.main(["--lib"]) == 0
    assert (tmp_path / "lib" / "sthelena_board.mpy").read_bytes() == COMMITTED.read_bytes()
    assert (tmp_path / "lib" / "sthelena_drive.py").read_bytes() == COMMITTED_DRIVE.read_bytes()
    assert ((tmp_path / "lib" / "sthelena_full.mpy").read_bytes()
            == COMMITTED_FULL.read_bytes())
    assert ((tmp_path / "lib" / "sthelena_fruitjam.mpy").read_bytes()
            == COMMITTED_FRUIT_JAM.read_bytes())
    assert not (tmp_path / "lib" / "sthelena_board.py").exists()


def test_lib_option_without_circuitpythons_mpy_cross_says_where_it_looked(tmp_path, capsys):
    assert bundle.main(["--lib", "--mpy-cross", str(tmp_path / "mpy-cross")]) == 1
    assert capsys.readouterr().err == "bundle: CircuitPython's mpy-cross is not at %s\n" % (
        tmp_path / "mpy-cross")
    assert COMMITTED.is_file()  # nothing written, nothing lost


def test_without_any_build_the_mpy_cross_problem_names_both_places(tmp_path, monkeypatch):
    from tools.build import board_mpy
    from tools.build import circuitpython_builds

    monkeypatch.setattr(circuitpython_builds, "BUILD", str(tmp_path / "build"))
    monkeypatch.setenv(circuitpython_builds.VARIABLE, str(tmp_path / "shared"))
    monkeypatch.setattr(board_mpy, "MPY_CROSS", str(tmp_path / "build" / "firmware" / "mpy-cross"))
    said = board_mpy.mpy_cross_problem(board_mpy.MPY_CROSS)
    assert said == ("CircuitPython's 10.x/mpy-cross is in neither %s (make firmware-vm "
                    "CIRCUITPYTHON=DIR makes it) nor %s (set $CIRCUITPYTHON_BUILDS to another "
                    "folder laid out as ../shared/circuitpython)"
                    % (tmp_path / "build" / "firmware" / "mpy-cross",
                       tmp_path / "shared" / "10.x" / "mpy-cross"))


@pytest.mark.slow
def test_building_twice_gives_the_same_bytes(tree, tmp_path):
    again = tmp_path / "again"
    drive_image.build_tree(str(again))
    for name in ("lib/sthelena_board.mpy", "lib/sthelena_drive.py"):
        assert (again / name).read_bytes() == (tree[0] / name).read_bytes()


@pytest.mark.slow
def test_the_command_line_builds_the_tree_and_the_core_and_prints_sizes(tmp_path):
    out = tmp_path / "CIRCUITPY"
    proc = subprocess.run([sys.executable, "-m", "tools.build.bundle",
                           "--out", str(out)], cwd=REPO_ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    size = (out / "lib" / "sthelena_board.mpy").stat().st_size
    assert "(%d bytes)" % size in proc.stdout
    core = tmp_path / "core.py"
    proc = subprocess.run([sys.executable, "-m", "tools.build.bundle",
                           "--core-only", str(core)], cwd=REPO_ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "%s: %d bytes" % (core, core.stat().st_size) in proc.stdout
    assert "class Game" in core.read_text() and "displayio" not in core.read_text()
    source = tmp_path / "board.py"  # what the .mpy holds, to read
    assert bundle.main(["--source", str(source)]) == 0
    text = source.read_text()
    first = text.splitlines()[0]
    assert first.startswith("# Generated by `python3 -m tools.build.bundle --source FILE`")
    assert text.split("\n", 1)[1] == drive_image.bundle_source(
        bundle.BUNDLE_NAME, bundle.BOARD_MODULES).split("\n", 1)[1]


@pytest.mark.slow
def test_make_circuitpy_puts_the_libraries_in_as_circup_does_where_it_can(tmp_path):
    # As .mpy compiled by CircuitPython's mpy-cross where make firmware-vm built it
    # (so the board loads them, not compiles them); else, and with
    # --py-libraries, as .py; the command says which.
    from tools.build import board_mpy

    def libraries(*options):
        out = tmp_path / "-".join(("tree",) + options)
        proc = subprocess.run([sys.executable, "-m", "tools.build.bundle", "--out", str(out)]
                              + list(options), cwd=REPO_ROOT, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        found = {path.suffix for path in (out / "lib").rglob("*")
                 if path.is_file() and not path.name.startswith("sthelena_")}
        return found, proc.stdout

    suffixes, said = libraries("--py-libraries")
    assert suffixes == {".py"} and "as .py" in said
    suffixes, said = libraries()
    if os.path.isfile(board_mpy.MPY_CROSS):
        assert suffixes == {".mpy"} and "as .mpy" in said
    else:
        assert suffixes == {".py"} and "no CircuitPython mpy-cross" in said


# -- the tree under the MicroPython VM -----------------------------------------

MAIN_SCRIPT = """
import sys
sys.path.append("/lib/standins")
import board, keypad, storage, supervisor
board.use("pybadge")
SELECT_HELD
exec(open("/boot.py").read(), {"__name__": "boot"})
keypad.hold(3, False)
keypad.hold(1)  # A, held as the game starts: past the drive note, if any
supervisor.STEP = 1
import sthelena_board
from sthelena_profiles import board_profile, profiles
PROFILE = [profile for profile in profiles() if profile.name == "pybadge"][0]
sthelena_board.start(board_profile(PROFILE), iterations=20)
print("drive", storage.getmount("/").readonly, "sthelena_drive" in sys.modules)
group = board.DISPLAY.root_group
print("shown", len(group) > 3)
"""


@pytest.mark.vm
@pytest.mark.parametrize("held", [False, True])
def test_the_tree_starts_in_both_drive_modes(tree, held, tmp_path):
    """The built tree as the board runs it: boot.py, then code.py's main from
    lib/; the drive's module is imported only when SELECT was held."""
    out = tree[0]
    lines = run_vm(MAIN_SCRIPT.replace("SELECT_HELD", "keypad.hold(3)" if held else ""),
                   bundles=[("sthelena_board", vm_mpy(tmp_path)),
                            ("sthelena_drive", out / "lib" / "sthelena_drive.py"),
                            ("sthelena_profiles", vm_mpy(tmp_path, COMMITTED_PROFILES)),
                            ("sthelena_board_setup", vm_mpy(tmp_path, COMMITTED_SETUP))],
                   files={"boot.py": out / "boot.py"})
    assert lines[-2:] == ["drive %s %s" % (not held, held), "shown True"]
