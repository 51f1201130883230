"""The package's import rule, read from the code (sthelena/__init__.py says
it in words): every import of one of the project's modules, lazy ones inside
functions included, goes from a module's part (its folder) to a part that
part may use; no modules import each other, directly or round a circle; every
module is in a part; and the board's files are what the folders say
(tools/build/board_files.py), which the one-file build merges exactly."""

import ast
import re

import pytest

from tests.helpers import ROOT
from tools.build import board_files, bundle, bundle_modules

PACKAGE = ROOT / "sthelena"

PARTS = ("core", "app", "boards", "handheld", "fruitjam", "web", "desktop", "solver")
# The app's sub-packages, by what they show, and the modules at its top.
APP_PACKAGES = ("table", "hint", "screens", "big_screen")
APP_TOP = ("game_app", "record", "power", "buttons", "tap_hold", "serial_keys", "sounds")
# What a handheld leaves out (the mouse's and large screens', but the
# PicoSystem's scaled table) and what is a .mpy of its own (the hint's
# search): no other module of app/ imports them.
KEPT_APART = {"sthelena.app.big_screen.": "sthelena.app.big_screen.",
              "sthelena.app.hint.search": "sthelena.app.hint.",
              "sthelena.app.hint.moves": "sthelena.app.hint.",
              "sthelena.app.hint.keys": "sthelena.app.hint.",
              "sthelena.app.hint.line": "sthelena.app.hint."}
MAY_USE = {
    "core": {"core"},
    "app": {"core", "app"},
    "boards": {"app", "boards"},
    "handheld": {"core", "app", "boards", "handheld"},
    "fruitjam": {"core", "app", "fruitjam"},
    "web": {"core", "app", "web"},
    "solver": {"core", "solver"},
    "desktop": {"core", "app", "boards", "solver", "desktop"},
    "": {"desktop", "core"},  # __main__.py: python -m sthelena; __init__.py: the version
}


def modules():
    """Every module of the package: dotted name -> path."""
    return {"sthelena." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts): path
            for path in sorted(PACKAGE.rglob("*.py"))}


def part_of(name):
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else ""


def imported_modules(name, path, known):
    """``(line, module)`` for each project module ``name`` imports."""
    package = name.rsplit(".", 1)[0]  # (a package's __init__: the package itself)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # from a package: the names may be its modules
            targets = [base + "." + alias.name for alias in node.names
                       if base + "." + alias.name in known] or [base]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == "sthelena":
                found.append((node.lineno, target if target in known else target + ".__init__"))
    return found


@pytest.fixture(scope="module")
def graph():
    known = modules()
    return {name: imported_modules(name, path, known) for name, path in known.items()}


def test_every_import_goes_to_a_part_its_part_may_use(graph):
    problems = []
    for name, imports in graph.items():
        for line, target in imports:
            if part_of(target) not in MAY_USE.get(part_of(name), ()) \
                    and target != "sthelena.__init__":
                problems.append("%s:%d imports %s" % (name, line, target))
    assert sum(len(imports) for imports in graph.values()) > 150  # the graph was read
    assert problems == []


def test_no_modules_import_each_other(graph):
    # Module by module, as the import rule names them (test_import_circles.py
    # walks every file of the repository the same way, by Tarjan's components).
    from tools.docs.import_graph import circles

    edges = {name: [target for _, target in imports if target in graph]
             for name, imports in graph.items()}
    assert sum(len(targets) for targets in edges.values()) > 150  # the graph was read
    assert circles(edges) == []


def test_every_module_is_in_a_part():
    loose = [name for name in modules() if part_of(name) not in PARTS
             and name not in ("sthelena.__init__", "sthelena.__main__")]
    assert loose == []
    assert {path.name for path in PACKAGE.iterdir() if path.is_dir()
            and path.name != "__pycache__"} == set(PARTS)


def test_the_app_is_in_packages_by_what_they_show():
    app = PACKAGE / "app"
    assert {path.name for path in app.iterdir() if path.is_dir()
            and path.name != "__pycache__"} == set(APP_PACKAGES)
    assert {path.stem for path in app.glob("*.py")} == set(APP_TOP) | {"__init__"}
    for package in APP_PACKAGES:
        folder = app / package
        assert not [path for path in folder.iterdir() if path.is_dir()
                    and path.name != "__pycache__"], package  # one level
        init = (folder / "__init__.py").read_text()
        tree = ast.parse(init)
        assert ast.get_docstring(tree) and len(tree.body) == 1, package  # says what, holds nothing
        for path in folder.glob("*.py"):  # and names what it holds
            assert path.stem == "__init__" or "``%s``" % path.stem in init, path


def test_what_a_board_leaves_out_or_loads_apart_no_other_app_module_imports(graph):
    problems = []
    for name, imports in graph.items():
        for line, target in imports:
            for kept, inside in KEPT_APART.items():
                if target.startswith(kept) and part_of(name) == "app" \
                        and not name.startswith(inside):
                    problems.append("%s:%d imports %s" % (name, line, target))
    assert problems == []


def test_each_game_gets_what_its_profiles_use_and_the_bundle_merges_it():
    from sthelena.boards import catalogue

    full = {board_files.module_name(path) for path in board_files.board_files()}
    assert {part_of(name) for name in full} == set(board_files.ON_BOARD)
    for game, modules in (("sthelena_board", bundle.BOARD_MODULES),
                          ("sthelena_full", bundle.FULL_MODULES)):
        profiles = [profile for profile in catalogue.profiles() if profile.game == game]
        on_board = {board_files.module_name(path) for path in board_files.game_files(profiles)}
        assert "sthelena.core.notation" not in on_board  # the one exception, named there
        # (the hint's search a module of its own, loaded only while a hint runs;
        # the set-up too, let go once the board is built)
        setup = bundle_modules.setup_modules(game)
        assert set(modules) | set(setup) | set(bundle.DRIVE_MODULES) \
            | set(bundle.HINT_MODULES) == on_board
        assert len(modules) == len(set(modules)) and not set(modules) & set(setup)
    # The PyGamer's and PyBadge's game, lean: the handheld's table only, the
    # SAMD51's store, no screen to set up, no settings to read.
    assert full - set(bundle.BOARD_MODULES) - set(bundle.BOARD_SETUP_MODULES) \
        - set(bundle.DRIVE_MODULES) - set(bundle.HINT_MODULES) == {
            "sthelena.app.big_screen.scaled", "sthelena.app.big_screen.fan_layout",
            "sthelena.app.big_screen.fan_table", "sthelena.app.big_screen.pointer",
            "sthelena.app.big_screen.fan_geometry", "sthelena.app.big_screen.fan_cards",
            "sthelena.app.tap_hold",
            "sthelena.app.big_screen.drag", "sthelena.core.sector_store",
            "sthelena.handheld.rgb_lights", "sthelena.handheld.spi_screen",
            "sthelena.handheld.settings", "sthelena.handheld.nvs_store",
            "sthelena.app.serial_keys"}
    # Every other board's: all but the mouse's, and the profiles' classes for settings.toml.
    assert set(bundle.FULL_MODULES) ^ full == {
        "sthelena.app.big_screen.pointer", "sthelena.app.big_screen.drag",
        "sthelena.handheld.speaker"} | set(bundle.DRIVE_ONLY) | set(bundle.SEARCH_ONLY) | (
        set(bundle.FULL_SETUP_MODULES) - {"sthelena.boards.profile"})
    assert set(bundle.FULL_SETUP_MODULES) == set(bundle_modules.SETUP_MODULES)


def test_the_fruit_jam_gets_what_the_folders_say_and_its_bundle_merges_it(graph):
    from tools.build import fruitjam_app

    on_fruit_jam = {board_files.module_name(path) for path in board_files.board_files(
        board_files.ON_FRUIT_JAM, board_files.NOT_ON_FRUIT_JAM)}
    assert set(fruitjam_app.fruit_jam_modules()) | set(bundle.HINT_MODULES) == on_fruit_jam
    assert {"sthelena.app.big_screen.pointer", "sthelena.app.big_screen.scaled"} <= on_fruit_jam
    assert not any(part_of(name) in ("handheld", "web", "desktop", "solver")
                   for name in on_fruit_jam)
    # and nothing the Fruit Jam gets imports a module it does not get
    for name in on_fruit_jam:
        for _, target in graph[name]:
            assert target in on_fruit_jam or target in ("sthelena.core.notation",
                                                        "sthelena.__init__"), (name, target)


def test_the_web_edge_goes_on_no_board():
    # The page's edge and its displayio in Python are the browser's alone.
    for parts, left_out in ((board_files.ON_BOARD, board_files.NOT_ON_BOARD),
                            (board_files.ON_FRUIT_JAM, board_files.NOT_ON_FRUIT_JAM)):
        assert not [path for path in board_files.board_files(parts, left_out)
                    if path.startswith("web/")]
    assert "web" in board_files.OFF_BOARD
    assert re.search(board_files.VM_EXCLUDE, "web/native/displayio.py")
    assert not any(name.startswith("sthelena.web") for name in bundle.BOARD_MODULES
                   + bundle.FULL_MODULES + bundle.DRIVE_MODULES)


def test_a_reverse_import_would_be_seen(tmp_path):
    # The check reads what it should: a core module importing the app is caught.
    path = tmp_path / "game.py"
    path.write_text("def f():\n    from ..app.table.view import TableView\n")
    found = imported_modules("sthelena.core.game", path, modules())
    assert found == [(2, "sthelena.app.table.view")]
    assert part_of(found[0][1]) not in MAY_USE["core"]
