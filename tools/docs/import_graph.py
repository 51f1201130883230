"""Every import of the repository's Python, read from the code (lazy ones
inside functions included), as a graph of files: what the architecture's
picture is drawn from (tools/docs/architecture.py) and what
tests/tools/test_import_circles.py checks has no circle.

Every module is found by its dotted name from the top level (the package,
and the tools' and the tests' packages), or relative to its own; a
stand-in (tools/harness/standins) by its name in the stand-ins' folder, as
the VMs find it. Desktop only.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TOP_LEFT_OUT = {".venv", "build", ".git"}  # at the top level only (not tools/build)
LEFT_OUT = {"node_modules", "__pycache__"}  # anywhere


def python_files(root=ROOT):
    """The repository's ``.py`` files (not what is built or installed)."""
    return sorted(path for path in root.rglob("*.py")
                  if path.relative_to(root).parts[0] not in TOP_LEFT_OUT
                  and not LEFT_OUT & set(path.relative_to(root).parts))


def search_folders(path, root=ROOT):
    """Where an import in ``path`` looks: for the package, code.py and boot.py
    the top level only (a firmware module's name, ``displayio`` say, is the
    firmware's, which the tests stand in for); for a stand-in the stand-ins'
    folder; for the rest its own folder, then the top level."""
    if path.parent == root or path.relative_to(root).parts[0] == "sthelena":
        return [root]
    standins = root / "tools" / "harness" / "standins"
    if standins in path.parents:
        return [standins]
    return [path.parent, root]


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
