"""Every import of the repository's Python, read from the code (lazy ones
inside functions included), as a graph of files: what the architecture's
picture is drawn from (tools/docs/architecture.py) and what
tests/test_import_circles.py checks has no circle.

A module of tools/ or tests/ is found as their scripts find it, by its name
in their folders (each puts the tools' folders on its path); one of the
package by its dotted name. Desktop only.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LEFT_OUT = {".venv", "build", "node_modules", ".git", "__pycache__"}


def python_files(root=ROOT):
    """The repository's ``.py`` files (not what is built or installed)."""
    return sorted(path for path in root.rglob("*.py")
                  if not LEFT_OUT & set(path.relative_to(root).parts))


def search_folders(path, root=ROOT):
    """Where an import in ``path`` looks: for the package, code.py and boot.py
    the top level only (a firmware module's name, ``displayio`` say, is the
    firmware's, which the tests stand in for); for the rest its own folder,
    the tools' folders, tests/, the top level."""
    if path.parent == root or path.relative_to(root).parts[0] == "sthelena":
        return [root]
    tools = sorted(folder for folder in (root / "tools").iterdir() if folder.is_dir())
    return [path.parent] + tools + [root / "tests", root]


def resolve(dotted, folders):
    """The file a dotted name is, looked for in ``folders``; None if it is not
    the project's (a library, the standard library, a firmware module)."""
    parts = dotted.split(".")
    for folder in folders:
        for count in range(len(parts), 0, -1):  # the module, else the package it is in
            base = folder.joinpath(*parts[:count])
            for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                if candidate.is_file():
                    return candidate
    return None


def imports_of(path, root=ROOT):
    """The project's files ``path`` imports."""
    found = set()
    folders = search_folders(path, root)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names, where = [alias.name for alias in node.names], folders
        elif isinstance(node, ast.ImportFrom) and node.level:  # from the file's own package
            package = path.parent
            for _ in range(node.level - 1):
                package = package.parent
            base = package.joinpath(*node.module.split(".")) if node.module else package
            dotted = ".".join(base.relative_to(root).parts)
            names, where = [dotted] + [dotted + "." + alias.name for alias in node.names], [root]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module] + [node.module + "." + alias.name for alias in node.names]
            where = folders
        else:
            continue
        for name in names:
            target = resolve(name, where)
            if target is not None and target != path:
                found.add(target)
    return found


def graph(root=ROOT):
    """``{file: the files it imports}`` of the whole repository."""
    return {path: imports_of(path, root) for path in python_files(root)}


def circles(edges):
    """The groups of files that import each other, round and round (Tarjan)."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    found = []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found
