"""No import circle anywhere in the repository (issue 43): the package
(tests/test_layers.py checks its parts too), ``code.py`` and ``boot.py``,
every tool and every test. Imports are read from the code, lazy ones inside
functions included; a module of tools/ or tests/ is found as their scripts
find it, by its name in their folders (each puts the tools' folders on its
path), a package's module by its dotted name."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = {".venv", "build", "node_modules", ".git", "__pycache__"}


def python_files(root=ROOT):
    return sorted(path for path in root.rglob("*.py")
                  if not LEFT_OUT & set(path.relative_to(root).parts))


def search_folders(path, root=ROOT):
    """Where an import in ``path`` looks: its own folder, the tools' folders,
    tests/, the top level."""
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
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the file's own package
                package = path.parent
                for _ in range(node.level - 1):
                    package = package.parent
                base = package.joinpath(*(node.module or "").split(".")) if node.module \
                    else package
                names = [str(base.relative_to(root)).replace("/", ".")]
                names += [names[0] + "." + alias.name for alias in node.names]
                folders_here = [root]
                for name in names:
                    target = resolve(name, folders_here)
                    if target is not None and target != path:
                        found.add(target)
                continue
            names = [node.module] + [node.module + "." + alias.name for alias in node.names]
        else:
            continue
        for name in names:
            target = resolve(name, folders)
            if target is not None and target != path:
                found.add(target)
    return found


def circles(graph):
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
        for target in graph.get(node, ()):
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

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_anywhere():
    graph = {path: imports_of(path) for path in python_files()}
    assert sum(len(targets) for targets in graph.values()) > 300  # (the imports were read)
    assert circles(graph) == [], [[str(path.relative_to(ROOT)) for path in group]
                                  for group in circles(graph)]


def test_a_circle_is_seen_lazy_or_not(tmp_path):
    tools = tmp_path / "tools" / "part"
    tools.mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (tools / "one.py").write_text("import two\n")
    (tools / "two.py").write_text("def later():\n    from one import something\n")
    (tools / "three.py").write_text("import one\n")
    graph = {path: imports_of(path, tmp_path) for path in python_files(tmp_path)}
    assert circles(graph) == [[tools / "one.py", tools / "two.py"]]
