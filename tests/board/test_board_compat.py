"""Static checks on the board's modules (tools/build/board_files.py): they must
load on CircuitPython firmware.

The MicroPython VM tests run the code; these read it, to catch imports of
what the firmware lacks on paths a test might not reach.
"""

import ast

import pytest

from tests.helpers import ROOT
from tools.build.board_files import board_files  # (the board's files, from the folders)

PACKAGE = ROOT / "sthelena"

# Modules CircuitPython firmware has that the core may use.
FIRMWARE = {"micropython", "sys", "gc"}
# ...that the app may use too (it is handed the board's objects, never makes them),
# with the board's libraries (requirements.txt, tools/build/board_libs.py).
LIBRARIES = {"adafruit_display_text", "adafruit_displayio_layout"}
APP_FIRMWARE = FIRMWARE | {"displayio", "vectorio", "random", "bitmaptools"} | LIBRARIES
# ...and the handheld edge, which makes them.
# (busio and fourwire: the SPI bus and its display bus, where the game sets up a
# screen itself: spi_screen.py; CircuitPython 9's and 10's, where the game loads)
DEVICE_FIRMWARE = APP_FIRMWARE | {"board", "keypad", "analogio", "digitalio", "microcontroller",
                                  "supervisor", "audioio", "audiocore", "audiopwmio", "pwmio",
                                  "storage", "neopixel_write", "os", "time", "busio", "fourwire",
                                  "sthelena_drive", "adafruit_touchscreen"}  # (the touch screens')


def part_modules(part):
    """The modules of one folder of the package (``core``, ``app``, ``handheld``),
    its sub-packages' too (the app's ``table/``, ``hint/``...)."""
    return sorted(path for path in (PACKAGE / part).rglob("*.py") if path.name != "__init__.py")


def board_modules():
    """Every module that goes on the board."""
    return [PACKAGE / path for path in board_files()]


def imports_of(path):
    """(line, module, level, guarded) for each import in a module."""
    tree = ast.parse(path.read_text())
    guarded = guarded_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node.lineno, alias.name, 0, id(node) in guarded))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or "", node.level, id(node) in guarded))
    return found


def guarded_nodes(tree):
    """Nodes inside ``try: ... except ImportError``."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(handler.type, ast.Name) and handler.type.id == "ImportError"
                for handler in node.handlers):
            for statement in node.body:
                guarded.update(id(inner) for inner in ast.walk(statement))
    return guarded


@pytest.mark.parametrize("part, allowed, least", [
    ("core", FIRMWARE, 9), ("app", APP_FIRMWARE, 20), ("handheld", DEVICE_FIRMWARE, 2)])
def test_each_part_imports_only_what_the_firmware_has(part, allowed, least):
    # Imports of the project's own modules are relative, checked by
    # tests/tools/test_layers.py; here, every absolute import must be firmware's
    # (or a board library's), unless guarded (typing).
    problems = []
    for path in part_modules(part):
        for line, name, level, guarded in imports_of(path):
            if not level and name.split(".")[0] not in allowed and not guarded:
                problems.append("%s:%d imports %s" % (path.name, line, name))
    assert len(part_modules(part)) >= least
    assert problems == []


def named(node):
    """The name an expression reads (``x``: x; ``self.root``: root), else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def group_names(trees):
    """The names (variables and attributes) the modules set to a
    ``displayio.Group(...)``: a group's ``insert`` and ``remove`` are
    displayio's, which the firmware has."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and named(
                    node.value.func) == "Group":
                names.update(named(target) for target in node.targets)
    return names - {None}


def test_board_modules_avoid_what_circuitpython_lacks():
    problems = []
    trees = {path: ast.parse(path.read_text()) for path in board_modules()}
    groups = group_names(trees.values())
    assert {"root", "group"} <= groups  # (the big screen's root and the table view's group)
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("shuffle", "sample", "Random"):
                problems.append("%s:%d uses %s" % (path.name, node.lineno, node.attr))
            if isinstance(node, ast.Attribute) and (node.attr == "hex" or node.attr in (
                    "insert", "remove") and named(node.value) not in groups):
                problems.append("%s:%d calls .%s" % (path.name, node.lineno, node.attr))
            if isinstance(node, ast.Call) and any(kw.arg in ("byteorder", "signed")
                                                  for kw in node.keywords):
                problems.append("%s:%d passes to_bytes keywords" % (path.name, node.lineno))
            if hasattr(ast, "Match") and isinstance(node, ast.Match):
                problems.append("%s:%d uses match" % (path.name, node.lineno))
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(item, ast.Assign) and any(
                        isinstance(target, ast.Name) and target.id == "__slots__"
                        for target in item.targets) for item in node.body):
                problems.append("%s:%d uses __slots__" % (path.name, node.lineno))
    assert problems == []


def test_the_cli_stays_out_of_the_core_modules():
    for path in part_modules("core"):
        text = path.read_text()
        assert "argparse" not in text and "from .cli" not in text and "json" not in text, path
