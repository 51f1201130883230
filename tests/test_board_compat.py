"""Static checks on the core: it must load on CircuitPython firmware.

The MicroPython VM tests run the code; these read it, to catch imports of
what the firmware lacks on paths a test might not reach.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sthelena"
CORE = PACKAGE
# Desktop-only: never imported on the board (notation is read lazily, only
# when a position is given as text, which the board never does).
DESKTOP_ONLY = {"cli.py", "cli_arguments.py", "__main__.py", "desktop.py", "explain.py",
                "notation.py", "solver.py", "solver_foundations.py", "solver_position.py",
                "solver_result.py", "winrate.py"}
# Modules CircuitPython firmware has that the core may use.
FIRMWARE = {"micropython", "sys", "gc"}
# ...that the app may use too (it is handed the board's objects, never makes them),
# with the board's libraries (requirements.txt, tools/board_libs.py).
LIBRARIES = {"adafruit_display_text", "adafruit_displayio_layout"}
APP_FIRMWARE = FIRMWARE | {"displayio", "random", "bitmaptools"} | LIBRARIES
# ...and the device edge, which makes them.
DEVICE_FIRMWARE = APP_FIRMWARE | {"board", "keypad", "analogio", "digitalio", "microcontroller",
                                  "supervisor", "audioio", "audiocore", "audiopwmio", "storage"}
EDGES = ("device.py", "drive.py")  # the board's edge: device, and the drive's module


def core_modules():
    return sorted(path for path in CORE.glob("*.py")
                  if path.name not in DESKTOP_ONLY and not path.name.startswith("desktop_")
                  and path.name not in EDGES)


def app_modules():
    return sorted((PACKAGE / "app").glob("*.py"))


def board_modules():
    """Every module that goes on the board."""
    return core_modules() + app_modules() + [PACKAGE / name for name in EDGES]


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


def test_core_imports_only_itself_and_firmware_modules():
    problems = []
    for path in core_modules():
        for line, name, level, guarded in imports_of(path):
            if level:
                if level > 1 or name.split(".")[0] in ("app", "device", "desktop", "cli"):
                    problems.append("%s:%d reaches out of the core to %s" % (path.name, line, name))
            elif name.split(".")[0] not in FIRMWARE and not guarded:
                problems.append("%s:%d imports %s" % (path.name, line, name))
    assert len(core_modules()) >= 7
    assert problems == []


def test_the_app_imports_the_core_and_firmware_but_nothing_of_the_board():
    problems = []
    for path in app_modules():
        for line, name, level, guarded in imports_of(path):
            if level == 2 and name.split(".")[0] in ("device", "desktop", "cli", "notation",
                                                      "explain"):
                problems.append("%s:%d imports %s" % (path.name, line, name))
            elif not level and name.split(".")[0] not in APP_FIRMWARE and not guarded:
                problems.append("%s:%d imports %s" % (path.name, line, name))
    assert len(app_modules()) >= 8
    assert problems == []


def test_the_device_edge_imports_only_firmware_the_app_and_the_core():
    problems = []
    for edge in EDGES:
        for line, name, level, guarded in imports_of(PACKAGE / edge):
            if level and name.split(".")[0] in ("desktop", "cli", "notation", "explain"):
                problems.append("%s:%d imports %s" % (edge, line, name))
            elif not level and name.split(".")[0] not in DEVICE_FIRMWARE and not guarded:
                problems.append("%s:%d imports %s" % (edge, line, name))
    assert problems == []


def test_board_modules_avoid_what_circuitpython_lacks():
    problems = []
    for path in board_modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("shuffle", "sample", "Random"):
                problems.append("%s:%d uses %s" % (path.name, node.lineno, node.attr))
            if isinstance(node, ast.Attribute) and node.attr in ("insert", "remove", "hex"):
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
    for path in core_modules():
        text = path.read_text()
        assert "argparse" not in text and "from .cli" not in text and "json" not in text, path
