"""tools/bundle.py: the board's modules merged into one, checked on CPython
(it compiles, imports only firmware modules at top level) and under the
MicroPython VM on the board stand-ins (the app plays, and deals match the
package's), plus the merge rules on small modules written here.
"""

import ast
import pathlib
import subprocess
import sys
import textwrap

import pytest

from mpvm import REPO_ROOT, run_micropython

sys.path.insert(0, str(REPO_ROOT / "tools"))

import board_libs  # noqa: E402
import bundle  # noqa: E402
import bundle_imports  # noqa: E402

SHEET = REPO_ROOT / "assets" / "sheet.bmp"
FIRMWARE = {"micropython", "sys", "gc", "displayio", "random", "bitmaptools", "board",
            "keypad", "analogio", "digitalio", "microcontroller", "supervisor", "audioio",
            "audiocore"}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    size = bundle.build_tree(str(out))
    return out, size


@pytest.fixture(scope="module")
def core(tmp_path_factory):
    path = tmp_path_factory.mktemp("core") / "sthelena_core.py"
    bundle.write_module(str(path), bundle.merge(bundle.CORE_MODULES))
    return path


def run_vm(script, bundles=(), package=False, files=None):
    """Run ``script`` under the VM with the stand-ins, the sprite sheet, and
    either the package or the given one-file modules (name -> path) in /lib."""
    files = dict(files or {})
    files.update(("lib/%s.py" % name, path) for name, path in bundles)
    files["assets/sheet.bmp"] = SHEET
    packages = ("tools/standins", "sthelena") if package else ("tools/standins",)
    return run_micropython(textwrap.dedent(script), packages=packages,
                           exclude=r"(^|/)(__main__|cli\w*|desktop)\.py$", files=files).splitlines()


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
    for name in ("code.py", "boot.py", "assets/sheet.bmp", "assets/help.txt",
                 "assets/winnable.bin"):
        assert (out / name).read_bytes() == (REPO_ROOT / name).read_bytes(), name
    module = out / "lib" / "sthelena_board.py"
    assert module.stat().st_size == size
    assert sorted(str(path.relative_to(out)) for path in out.rglob("*") if path.is_file()) == [
        "assets/help.txt", "assets/sheet.bmp", "assets/winnable.bin", "boot.py", "code.py",
        "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
        "lib/adafruit_displayio_layout/__init__.py",
        "lib/adafruit_displayio_layout/layouts/__init__.py",
        "lib/adafruit_displayio_layout/layouts/grid_layout.py",
        "lib/adafruit_ticks.py", "lib/sthelena_board.py", "lib/sthelena_drive.py"]


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


def test_every_import_in_the_tree_resolves_to_the_firmware_or_to_lib(tree):
    """Each import statement of code.py, boot.py and every module in lib/
    names a module the firmware has built in, or a file in lib/."""
    out = tree[0]
    built_in = FIRMWARE | {"vectorio", "storage", "time", "math", "os"}
    in_lib = set()
    for path in (out / "lib").rglob("*.py"):
        parts = list(path.relative_to(out / "lib").with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        in_lib.add(".".join(parts))
    checked = 0
    for path in [out / "code.py", out / "boot.py"] + sorted((out / "lib").rglob("*.py")):
        module = ast.parse(path.read_text(), str(path))
        package = ".".join(path.relative_to(out / "lib").with_suffix("").parts[:-1]) \
            if path.parent != out else ""
        for node in ast.walk(module):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                    + ([base] if base else []))
                names = [base]
            else:
                continue
            for name in names:
                if name.split(".")[0] in ("typing", "fontio", "circuitpython_typing", "sthelena"):
                    continue  # typing only (in try/except ImportError), or code.py's fallback
                checked += 1
                assert name in in_lib or name.split(".")[0] in built_in, (path, name)
    assert checked > 20


def test_the_merged_module_compiles_and_imports_only_firmware_modules_at_top_level(tree):
    source = (tree[0] / "lib" / "sthelena_board.py").read_text()
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
    # The layout's module only where the places are laid out, then let go.
    assert "adafruit_display_text" in imported and "adafruit_displayio_layout" not in imported
    assert "from adafruit_displayio_layout.layouts.grid_layout import GridLayout" in source
    assert {"board", "keypad", "displayio", "random", "micropython"} <= imported
    # No relative import is left anywhere; only game's lazy notation imports
    # (never reached on the board) and device's lazy drive imports (the
    # one-file sthelena_drive, else the package's) name the package.
    lazy = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0
            if node.module.startswith("sthelena"):
                lazy.add(node.module)
    assert lazy == {"sthelena.notation", "sthelena_drive", "sthelena.drive"}


def test_the_merged_module_has_no_docstrings_and_one_const_fallback(tree):
    source = (tree[0] / "lib" / "sthelena_board.py").read_text()
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


COMMITTED = REPO_ROOT / "lib" / "sthelena_board.py"


def test_the_committed_one_file_build_is_what_the_sources_make():
    made = bundle.merge(bundle.BOARD_MODULES)
    assert COMMITTED.is_file(), "lib/sthelena_board.py is missing: run `%s`" % bundle.LIB_COMMAND
    committed = COMMITTED.read_text(encoding="utf-8")
    assert committed.splitlines()[0].startswith("# Generated by `%s`" % bundle.LIB_COMMAND)
    assert committed == made, (
        "lib/sthelena_board.py differs from what the sources make: run `%s` "
        "(or `make lib`) and commit it" % bundle.LIB_COMMAND)


COMMITTED_DRIVE = REPO_ROOT / "lib" / "sthelena_drive.py"


def test_the_committed_drive_module_is_what_the_sources_make():
    assert COMMITTED_DRIVE.is_file(), \
        "lib/sthelena_drive.py is missing: run `%s`" % bundle.LIB_COMMAND
    assert COMMITTED_DRIVE.read_text(encoding="utf-8") == bundle.merge(bundle.DRIVE_MODULES), (
        "lib/sthelena_drive.py differs from what the sources make: run `%s` "
        "(or `make lib`) and commit it" % bundle.LIB_COMMAND)


def test_the_tree_carries_the_committed_build(tree):
    assert (tree[0] / "lib" / "sthelena_board.py").read_bytes() == COMMITTED.read_bytes()
    assert (tree[0] / "lib" / "sthelena_drive.py").read_bytes() == COMMITTED_DRIVE.read_bytes()


def test_the_repository_top_level_is_a_circuitpy_image():
    # What a person copies with a file manager: code.py, boot.py, lib/, assets/.
    for name in ("code.py", "boot.py", "lib/sthelena_board.py", "lib/sthelena_drive.py",
                 "assets/sheet.bmp"):
        assert (REPO_ROOT / name).is_file(), name
    tracked = subprocess.run(["git", "ls-files", "lib"], cwd=REPO_ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    # only what this project generates: no third-party code
    assert tracked == ["lib/sthelena_board.py", "lib/sthelena_drive.py"]
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "lib/adafruit_display_text/label.mpy",
         "lib/neopixel.mpy", "lib/sthelena_board.py", "lib/sthelena_drive.py"],
        cwd=REPO_ROOT, capture_output=True, text=True).stdout.split()
    assert ignored == ["lib/adafruit_display_text/label.mpy", "lib/neopixel.mpy"]


def test_lib_option_writes_the_committed_file(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "lib_path", lambda root=None, name=bundle.BUNDLE_NAME:
                        str(tmp_path / "lib" / (name + ".py")))
    assert bundle.main(["--lib"]) == 0
    assert (tmp_path / "lib" / "sthelena_board.py").read_bytes() == COMMITTED.read_bytes()
    assert (tmp_path / "lib" / "sthelena_drive.py").read_bytes() == COMMITTED_DRIVE.read_bytes()


def test_building_twice_gives_the_same_bytes(tree, tmp_path):
    again = tmp_path / "again"
    bundle.build_tree(str(again))
    name = "lib/sthelena_board.py"
    assert (again / name).read_bytes() == (tree[0] / name).read_bytes()


def test_the_command_line_builds_the_tree_and_the_core_and_prints_sizes(tmp_path):
    out = tmp_path / "CIRCUITPY"
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "bundle.py"),
                           "--out", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    size = (out / "lib" / "sthelena_board.py").stat().st_size
    assert "(%d bytes)" % size in proc.stdout
    core = tmp_path / "core.py"
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "bundle.py"),
                           "--core-only", str(core)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "%s: %d bytes" % (core, core.stat().st_size) in proc.stdout
    assert "class Game" in core.read_text() and "displayio" not in core.read_text()


# -- under the MicroPython VM ---------------------------------------------------

APP_SCRIPT = """
import sys, random
sys.path.append("/lib/standins")
import board, keypad, supervisor
board.use("pybadge")
IMPORTS
print("names", device.__name__, "sthelena" in sys.modules)

def conserved(game):
    counts = {}
    cards = list(game.stock)
    for pile in game.piles:
        cards.extend(pile)
    for foundation in range(8):
        suit = foundation & 3
        for n in range(game.foundations[foundation]):
            cards.append(suit << 4 | (13 - n if foundation < 4 else n + 1))
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return len(cards) == 104 and all(
        counts.get(suit << 4 | rank) == 2 for suit in range(4) for rank in range(1, 14))

def go(place):
    # The cursor to ``place`` by the d-pad, the shortest way (the layout's step).
    paths = {app.cursor: []}
    todo = [app.cursor]
    while place not in paths:
        at = todo.pop(0)
        for button in (UP, DOWN, LEFT, RIGHT):
            to = step(at, button)
            if to not in paths:
                paths[to] = paths[at] + [button]
                todo.append(to)
    for button in paths[place]:
        app.handle(button)
    assert app.cursor == place

random.seed(3)
app, buttons = device.setup()
print("setup", type(app).__name__, board.DISPLAY.root_group is app.view.group,
      app.game.deal_number, conserved(app.game))
app.start(Game.deal(DEAL, "st-helena,build=any"))
print("deal", app.game.position_key().hex())
# Card moves by buttons: the cursor to the source, A (pick up), the cursor to
# the target, A (put down); foundation plays first, else a pseudo-random move;
# when stuck, A on the stuck screen redeals.
state = 1
for turn in range(40):
    legal = [move for move in app.game.legal_moves() if move < 400]
    home = [move for move in legal if move % 20 >= 12]
    legal = home or legal
    if not legal:  # stuck: the app says so, and A redeals
        if 400 not in app.game.legal_moves():
            break
        app.handle(A)
        assert app.game.move_stack()[-1] == 400
        continue
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    move = legal[(state >> 8) % len(legal)]
    played = len(app.game.move_stack())
    go(move // 20)
    app.handle(A)
    go(move % 20)
    app.handle(A)
    assert len(app.game.move_stack()) == played + 1 and app.game.move_stack()[-1] == move
print("played", len(app.game.move_stack()), conserved(app.game))
print("position", app.game.position_key().hex())
app.undo()
print("undone", len(app.game.move_stack()), conserved(app.game))
# Through the board's loop: RIGHT held on the keypad moves the cursor.
supervisor.STEP = 1
start = app.cursor
keypad.push(4)
device.run(app, buttons, iterations=5)
keypad.push(4, False)
print("loop", app.cursor != start)
# SELECT held through the loop: a hint, run in the loop's idle passes.
key = app.game.position_key()
keypad.push(3)
device.run(app, buttons, iterations=520)
keypad.push(3, False)
passes = 0
while app.hint is not None and passes < 100:
    device.run(app, buttons, iterations=100)
    passes += 1
print("hint", app.hint is None, app.game.position_key() == key, app.message, app.cursor,
      app.hint_target)
"""

PACKAGE_IMPORTS = """
from sthelena import device
from sthelena.app.buttons import A, DOWN, LEFT, RIGHT, UP
from sthelena.app.layout import step
from sthelena.game import Game
"""
BUNDLE_IMPORTS = """
import sthelena_board as device
from sthelena_board import A, DOWN, LEFT, RIGHT, UP, step, Game
"""


def test_the_merged_app_plays_by_buttons_like_the_package():
    script = APP_SCRIPT.replace("DEAL", "4242")
    merged = run_vm(script.replace("IMPORTS", BUNDLE_IMPORTS),
                    bundles=[("sthelena_board", COMMITTED)])  # the committed file
    package = run_vm(script.replace("IMPORTS", PACKAGE_IMPORTS), package=True)
    assert merged[0] == "names sthelena_board False"  # no package on the drive
    assert package[0] == "names sthelena.device True"
    assert merged[1].startswith("setup App True ") and merged[1].endswith(" True")
    assert merged[1] == package[1]  # the same random deal on start-up
    assert merged[2] == package[2]  # deal 4242: the same piles and foundations
    played = merged[3].split()
    assert played[0] == "played" and int(played[1]) >= 30 and played[2] == "True"
    assert merged[3:] == package[3:]  # the same moves, position, undo and loop
    assert merged[5] == "undone %d True" % (int(played[1]) - 1)
    assert merged[6] == "loop True"
    assert merged[7].startswith("hint True True ")  # the same hint as the package's


LAYOUT_SCRIPT = """
import sys
sys.path.append("/lib/standins")
import board, displayio
board.use("pybadge")
IMPORTS
app, buttons = device.setup()
print("modules", sorted(name for name in sys.modules if name.startswith("adafruit_displayio")))
places = app.view.places
print("places", type(places) is displayio.Group, places.x, places.y,
      [(places.x + grid.x, places.y + grid.y) == (place_x(place), place_y(place))
       for place, grid in enumerate(places)] == [True] * 20, len(places))
"""


def test_the_board_lets_the_layout_go_once_the_places_are_laid_out():
    # GridLayout places the 20 TileGrids at start-up; then the board keeps
    # them in a plain group and drops the layout's modules (about 8 KB).
    for imports, options in (
            ("import sthelena_board as device\nfrom sthelena_board import place_x, place_y",
             {"bundles": [("sthelena_board", COMMITTED)]}),
            ("from sthelena import device\nfrom sthelena.app.layout import place_x, place_y",
             {"package": True})):
        lines = run_vm(LAYOUT_SCRIPT.replace("IMPORTS", imports), **options)
        assert lines == ["modules []", "places True 2 12 True 20"], imports


CORE_SCRIPT = """
import sys
IMPORTS
for number in (0, 1, 123, 4242, 4294967295):
    for rules in ("st-helena", "st-helena-pysol", "louis", "box-kite"):
        print("deal", number, rules, Game.deal(number, rules).position_key().hex())
game = Game.deal(99, "st-helena,build=any,wrap=true,foundation_moves=all")
state = 7
for step in range(400):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    legal = list(game.legal_moves())
    if not legal or (game.history and (state >> 8) % 5 == 0):
        game.pop()
    else:
        game.push(legal[(state >> 8) % len(legal)])
print("playout", len(game.history), game.status(), game.position_key().hex())
data = to_bytes(game)
print("save", data.hex(), from_bytes(data).position_key() == game.position_key())
print("modules", sorted(name for name in sys.modules if name.startswith("sthelena")))
"""


def test_the_merged_core_deals_and_plays_like_the_package(core):
    merged = run_vm(CORE_SCRIPT.replace(
        "IMPORTS", "from sthelena_core import Game, to_bytes, from_bytes"),
        bundles=[("sthelena_core", core)])
    package = run_vm(CORE_SCRIPT.replace(
        "IMPORTS", "from sthelena.game import Game\nfrom sthelena.save import to_bytes, "
        "from_bytes"), package=True)
    assert sum(line.startswith("deal ") for line in merged) == 20
    assert merged[:-1] == package[:-1]
    assert merged[-2].endswith(" True")
    assert merged[-1] == "modules ['sthelena_core']"
    assert "sthelena.game" in package[-1]


def test_the_board_refuses_a_save_of_a_position_with_a_clear_error(core):
    from sthelena.game import Game
    from sthelena.save import to_bytes

    text = Game.deal(8).notation()
    data = to_bytes(Game.from_notation(text))  # starts from a position, not a deal number
    lines = run_vm("""
        from sthelena_core import SaveError, from_bytes
        try:
            from_bytes(bytes.fromhex("%s"))
        except SaveError as error:
            print("refused", error)
        """ % data.hex(), bundles=[("sthelena_core", core)])
    assert lines == ["refused this save starts from a position, which only the desktop reads"]


# -- the merge rules, on small modules ------------------------------------------


def write_modules(root, **sources):
    package = root / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    for name, source in sources.items():
        (package / (name + ".py")).write_text(textwrap.dedent(source))
    return ["pkg." + name for name in sources]


def merge_error(tmp_path, match, **sources):
    """The BundleError merging ``sources`` (module name -> source) raises;
    its message must match ``match``."""
    with pytest.raises(bundle.BundleError, match=match) as error:
        bundle.merge(write_modules(tmp_path, **sources), root=str(tmp_path))
    return str(error.value)


CONST = """
try:
    from micropython import const
except ImportError:
    def const(value):
        return value
"""


def test_names_defined_differently_by_two_modules_are_an_error(tmp_path):
    message = merge_error(tmp_path, "name collision: LIMIT", one=CONST + "LIMIT = const(3)\n",
                          two=CONST + "LIMIT = const(4)\n")
    assert "pkg.one: LIMIT = const(3)" in message and "pkg.two: LIMIT = const(4)" in message


def test_a_function_and_a_value_of_one_name_collide_too(tmp_path):
    merge_error(tmp_path, r"step is defined differently in pkg\.one and pkg\.two",
                one="def step(x):\n    return x + 1\n", two="step = 2\n")


def test_identical_definitions_are_kept_once_and_private_ones_renamed(tmp_path):
    modules = write_modules(
        tmp_path,
        one=CONST + '"""Doc."""\nimport random\nSIZE = const(3)\n_NONE = const(-1)\n'
                    'def first():\n    """Doc."""\n    return _NONE\n',
        two=CONST + 'import random\nfrom .one import SIZE\nSIZE = const(3)\n'
                    '_NONE = const(255)\ndef second():\n    return _NONE + SIZE\n')
    source = bundle.merge(modules, root=str(tmp_path), public_constants=None)
    assert source.count("import random") == 1 and source.count("SIZE = const(3)") == 1
    assert source.count("from micropython import const") == 1
    # each module keeps its own _NONE (two's renamed, then both given short names)
    assert "_a = const(-1)" in source and "_b = const(255)" in source and "_NONE" not in source
    assert "return _b + SIZE" in source and "return _a\n" in source
    assert "Doc." not in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["first"]() == -1 and namespace["second"]() == 258


def test_private_names_and_attributes_get_short_names(tmp_path):
    # The board interns every name: the module's private globals and the
    # private attributes its classes define get short ones; a library
    # object's private attribute, parameters and keywords keep theirs.
    modules = write_modules(tmp_path, one=CONST + """
_LIMIT = const(7)
_cache = []
class Shelf:
    _shelves = 0
    def __init__(self, _width=2):
        self._books = [_width]
        self._label = None
    def _count(self):
        return len(self._books) + _LIMIT
    def fill(self, library_object):
        library_object._palette = self._count()
        _cache.append(getattr(self, "_label"))
        return _helper(_width=self._count())
def _helper(_width):
    return _width * 2
""")
    source = bundle.merge(modules, root=str(tmp_path))
    for gone in ("_LIMIT", "_cache", "_shelves", "_books", "_count", "_helper"):
        assert gone not in source
    for kept in ("._palette", "_width", "'_label'", "self._label"):
        assert kept in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)

    class Library:
        pass

    library = Library()
    assert namespace["Shelf"]().fill(library) == 16 and library._palette == 8


def test_constants_are_made_private_but_the_public_ones_and_those_used_early(tmp_path):
    # A private constant is folded and kept nowhere; a public one also sits in
    # the module's globals. Those a script imports stay (bundle.PUBLIC_CONSTANTS).
    modules = write_modules(tmp_path, one=CONST + """
def early():
    return LATE
SIZE = const(3)
A = const(4)
LATE = const(5)
def size(value):
    return value * SIZE + A
""")
    source = bundle.merge(modules, root=str(tmp_path))
    assert "SIZE" not in source and "A = const(4)" in source and "LATE = const(5)" in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["size"](2) == 10 and namespace["early"]() == 5
    assert "A" in namespace and "SIZE" not in namespace
    kept = bundle.merge(modules, root=str(tmp_path), public_constants=None)
    assert "SIZE = const(3)" in kept


def test_a_value_each_module_had_its_own_of_is_not_shared(tmp_path):
    merge_error(tmp_path, "its own copy", one="cache = []\n", two="cache = []\n")


def test_imports_in_functions_are_dropped_or_made_absolute(tmp_path):
    modules = write_modules(
        tmp_path,
        one="def make():\n    from .two import Thing as T\n    return T()\n"
            "def late():\n    from .other import helper\n    return helper\n",
        two="class Thing:\n    pass\n")
    source = bundle.merge(modules, root=str(tmp_path))
    assert "T = Thing" in source and "from pkg.other import helper" in source
    assert "from .two" not in source and "import Thing" not in source


def test_an_import_cycle_and_a_module_used_as_a_namespace_are_errors(tmp_path):
    merge_error(tmp_path, r"import cycle among: pkg\.one",
                one="from .two import B\nA = 1\n", two="from .one import A\nB = 2\n")
    merge_error(tmp_path, r"pkg\.two line 1: `from \. import one` uses a module as a namespace",
                one="A = 1\n", two="from . import one\nB = one.A\n")


def test_modules_are_ordered_by_their_imports_and_missing_names_are_errors(tmp_path):
    modules = write_modules(tmp_path, two="from .one import A\nB = A + 1\n", one="A = 1\n")
    source = bundle.merge(modules, root=str(tmp_path))
    assert source.index("A = 1") < source.index("B = A + 1")
    merge_error(tmp_path, "imports C from pkg.one, which does not define it",
                two="from .one import C\n", one="A = 1\n")


def test_a_public_name_a_module_imports_may_be_imported_from_it(tmp_path):
    # game passes on stuck_search's status values: one namespace, one name.
    modules = write_modules(tmp_path, three="from .two import A\nC = A + 2\n",
                            two="from .one import A\nB = A + 1\n", one="A = 1\n")
    source = bundle.merge(modules, root=str(tmp_path))
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["C"] == 3 and source.count("A = 1") == 1
    merge_error(tmp_path, "imports _A from pkg.two, which does not define it",
                three="from .two import _A\n", two="from .one import _A\n", one="_A = 1\n")


def test_the_board_modules_order_follows_their_imports():
    trees = {name: ast.parse(open(bundle.module_file(name, bundle.ROOT)).read())
             for name in bundle.BOARD_MODULES}
    ordered = bundle.order_modules(list(reversed(bundle.BOARD_MODULES)), trees)
    position = {name: index for index, name in enumerate(ordered)}
    for name in ordered:
        for target in bundle_imports.top_level_imports(name, trees[name]):
            if target in position:
                assert position[target] < position[name], (name, target)


SHORTENED = """
TOTAL = 10
def mix(values, scale=2):
    result = []
    for value in values:
        doubled = value * scale
        result.append(doubled)
    squares = [item * item for item in result]
    try:
        ratio = 1 / 0
    except ZeroDivisionError as problem:
        ratio = type(problem).__name__
    a = len(squares)
    return squares, ratio, TOTAL, a
def counter():
    count = 0
    def step():
        nonlocal count
        count += 1
        return count
    return step
def bump():
    global TOTAL
    TOTAL += 1
    return TOTAL
def peek(limit):
    seen = limit
    return sorted(locals())
"""


def test_locals_get_short_names_and_the_code_does_the_same():
    short = ast.unparse(bundle.shorten_locals(ast.parse(SHORTENED)))
    names = {node.id for node in ast.walk(ast.parse(short)) if isinstance(node, ast.Name)}
    for gone in ("result", "value", "doubled", "squares", "item", "ratio"):
        assert gone not in names
    assert "except ZeroDivisionError as problem" not in short
    # Parameters (callers may name them), globals, a function with a nested
    # one and one reading locals() keep their names.
    for kept in ("values", "scale", "TOTAL", "count", "seen"):
        assert kept in names
    before, after = {}, {}
    exec(SHORTENED, before)
    exec(short, after)
    for space in (before, after):
        counter = space["counter"]()
        counter()
        space["results"] = (space["mix"]([1, 2, 3]), space["mix"](values=[4], scale=3),
                            counter(), space["bump"](), space["peek"](5))
    assert before["results"] == after["results"] == (
        ([4, 16, 36], "ZeroDivisionError", 10, 3), ([144], "ZeroDivisionError", 10, 1),
        2, 11, ["limit", "seen"])


PRIVATE = """
def _scaled(values, scale=2):
    total = 0
    for value in values:
        total += value * scale
    return total
def _named(values, scale):
    return values * scale
def public(values, scale):
    return _scaled(values) + _scaled(values, scale) + _named(values=scale, scale=3)
"""


def test_private_functions_called_by_position_get_short_parameters_too():
    tree = ast.parse(PRIVATE)
    short = ast.unparse(bundle.shorten_locals(tree, None, bundle.keyword_callees([tree])))
    scaled = short.splitlines()[0]  # nothing names them
    assert scaled.startswith("def _scaled(") and scaled.endswith("=2):")
    assert "values" not in scaled and "scale," not in scaled and "scale=" not in scaled
    assert "def _named(values, scale):" in short  # called with keywords
    assert "def public(values, scale):" in short  # public: callers may name them
    before, after = {}, {}
    exec(PRIVATE, before)
    exec(short, after)
    assert before["public"]([1, 2], 5) == after["public"]([1, 2], 5) == 6 + 15 + 15


def test_the_merged_modules_have_short_locals(core):
    source = core.read_text()
    assert "for foundation in" not in source and "cards = " not in source
    assert "def may_play_to(self, pile, foundation):" in source


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
import micropython
micropython.opt_level(3)  # as code.py does on the board
import sthelena_board
sthelena_board.main(iterations=20)
print("drive", storage.getmount("/").readonly, "sthelena_drive" in sys.modules)
group = board.DISPLAY.root_group
print("shown", len(group) > 3)
"""


def test_code_py_compiles_the_game_without_line_numbers_first():
    # micropython.opt_level(3): no line numbers kept with the bytecode (2.3 KB
    # of heap); set before the game's module is imported, so compiled.
    source = (REPO_ROOT / "code.py").read_text()
    assert 0 < source.index("micropython.opt_level(3)") < source.index(
        "from sthelena_board import main") < source.index("from sthelena.device import main")


@pytest.mark.parametrize("held", [False, True])
def test_the_tree_starts_in_both_drive_modes(tree, held):
    """The built tree as the board runs it: boot.py, then code.py's main from
    lib/; the drive's module is imported only when SELECT was held."""
    out = tree[0]
    lines = run_vm(MAIN_SCRIPT.replace("SELECT_HELD", "keypad.hold(3)" if held else ""),
                   bundles=[(name, out / "lib" / (name + ".py"))
                            for name in ("sthelena_board", "sthelena_drive")],
                   files={"boot.py": out / "boot.py"})
    assert lines[-2:] == ["drive %s %s" % (not held, held), "shown True"]
