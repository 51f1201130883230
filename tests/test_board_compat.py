"""Static checks on the core: it must load on CircuitPython firmware.

The MicroPython VM tests run the code; these read it, to catch imports of
what the firmware lacks on paths a test might not reach.
"""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "sthelena"
DESKTOP_ONLY = {"cli.py", "__main__.py"}
# Modules CircuitPython firmware has that the core may use.
FIRMWARE = {"micropython", "sys", "gc"}


def core_modules():
    return sorted(path for path in CORE.glob("*.py") if path.name not in DESKTOP_ONLY)


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
        tree = ast.parse(path.read_text())
        guarded = guarded_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                continue  # one of the core's own modules
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                    else [node.module]
                for name in names:
                    if name.split(".")[0] not in FIRMWARE and id(node) not in guarded:
                        problems.append("%s:%d imports %s" % (path.name, node.lineno, name))
    assert len(core_modules()) >= 7
    assert problems == []


def test_core_avoids_what_circuitpython_lacks():
    problems = []
    for path in core_modules():
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
