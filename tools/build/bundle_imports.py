"""The bundle's modules: where their files are, what each imports, in what
order to place them (``tools/build/bundle.py`` merges them; desktop only).

Kept apart from the merge itself: this part reads the modules' imports (and
rewrites them, with ``ImportRewriter``) and knows nothing of how their
statements are combined.
"""

import ast
import builtins
import os


CONST_MARK = "(const)"  # ImportRewriter's mark: this ``const`` comes from the const fallback
ABSENT = "not in this game"  # what a lazy import of a part its boards leave out raises


class BundleError(Exception):
    """The modules cannot be merged; the message says where and why."""


def module_file(name, root):
    return os.path.join(root, *name.split(".")) + ".py"


def is_package(name, root):
    return os.path.isfile(os.path.join(root, *name.split("."), "__init__.py"))


def absolute_name(module, level, target):
    """The module a ``from <level dots><target> import`` in ``module`` names."""
    if not level:
        return target
    parts = module.split(".")
    if level > len(parts) - 1 and level > 0:
        raise BundleError("%s: relative import beyond the top-level package" % module)
    base = parts[:len(parts) - level]
    return ".".join(base + ([target] if target else []))


def where(module, node):
    return "%s line %d" % (module, getattr(node, "lineno", 0))


def _import_targets(module, node):
    """The absolute module names an Import or ImportFrom statement imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return [absolute_name(module, node.level, node.module)]


def top_level_imports(module, tree):
    """Modules imported by statements that run at import time (not in functions)."""
    found = []

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend(_import_targets(module, node))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def order_modules(modules, trees):
    """``modules`` ordered each after the bundled modules it imports at top
    level, otherwise in the order given; BundleError on a cycle."""
    wanted = set(modules)
    needs = {name: {target for target in top_level_imports(name, trees[name])
                    if target in wanted and target != name} for name in modules}
    done = []
    placed = set()
    while len(done) < len(modules):
        ready = [name for name in modules if name not in placed and needs[name] <= placed]
        if not ready:
            left = [name for name in modules if name not in placed]
            raise BundleError("import cycle among: " + ", ".join(
                "%s (imports %s)" % (name, ", ".join(sorted(needs[name] - placed)))
                for name in left))
        done.append(ready[0])
        placed.add(ready[0])
    return done


def import_order(modules, root):
    """``modules`` (dotted names of files under ``root``) each after those it
    imports at top level, as a merge places them."""
    trees = {}
    for name in modules:
        with open(module_file(name, root), encoding="utf-8") as file:
            trees[name] = ast.parse(file.read())
    return order_modules(list(modules), trees)


def check_import_from(module, node, bundled, root):
    """The absolute module a ``from ... import`` names; BundleError if it
    imports a module as a namespace (``from . import screens``)."""
    target = absolute_name(module, node.level, node.module)
    package = module.split(".")[0]
    if target.split(".")[0] == package:
        for alias in node.names:
            inner = target + "." + alias.name
            if inner in bundled or os.path.isfile(module_file(inner, root)) \
                    or is_package(inner, root):
                raise BundleError(
                    "%s: `from %s%s import %s` uses a module as a namespace; import the "
                    "names it needs from it instead (from %s%s.%s import ...)"
                    % (where(module, node), "." * node.level, node.module or "",
                       alias.name, "." * node.level, node.module or "", alias.name))
    return target


def _is_string_statement(node):
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


class ImportRewriter(ast.NodeTransformer):
    """Drops docstrings and rewrites imports inside one module's code, for
    the merge: a bundled module's names are global in the one module."""

    def __init__(self, module, bundled, root, external=None, absent=()):
        self.module = module
        self.bundled = bundled
        self.root = root
        self.external = external or {}
        self.absent = absent

    def _bodies(self, node):
        self.generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list):
                body[:] = [stmt for stmt in body if not _is_string_statement(stmt)]
                for at, stmt in enumerate(body):  # after an absent part's import: never reached
                    if getattr(stmt, "absent", False):
                        del body[at + 1:]
                        break
        if isinstance(getattr(node, "body", None), list) and not node.body:
            node.body.append(ast.Pass())
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _bodies
    visit_If = visit_For = visit_While = visit_With = _bodies
    visit_ExceptHandler = _bodies

    def visit_Try(self, node):
        """As ``_bodies``; and a handler that would only import a part this
        game leaves out (an ``except ImportError`` whose first statement is
        that import: a firmware without a module, the part drawing without
        it) goes, and a ``try`` left with none is its body: this game's
        boards have what the ``try`` imports."""
        node = self._bodies(node)
        node.handlers = [handler for handler in node.handlers
                         if not getattr(handler.body[0], "absent", False)]
        if node.handlers or node.finalbody:
            return node
        return node.body + node.orelse

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name.split(".")[0] == self.module.split(".")[0]:
                raise BundleError("%s: `import %s` uses a module as a namespace; import the "
                                  "names from it instead" % (where(self.module, node),
                                                             alias.name))
        return node

    def visit_ImportFrom(self, node):
        """Of a bundled module: nothing (or ``b = a`` for ``a as b``); of an
        external one: an import from the module it is in, but its constants
        (``NAME = const(...)``, written here as there) and ``const`` (the
        merge's fallback, marked); of a module of the package not bundled:
        an absolute import."""
        target = check_import_from(self.module, node, self.bundled, self.root)
        if target in self.bundled:
            return _aliases(node) or None
        if target in self.absent:  # a part none of its boards picks: never reached
            raised = ast.copy_location(ast.Raise(exc=ast.Call(
                func=ast.Name(id="ImportError", ctx=ast.Load()),
                args=[ast.Constant(value=ABSENT)], keywords=[]), cause=None), node)
            raised.absent = True  # (what follows it in its block goes: _bodies)
            return raised
        if target in self.external:
            constants = _constants(target, self.root)
            folded = [ast.copy_location(ast.Assign(
                targets=[ast.Name(id=alias.asname or alias.name, ctx=ast.Store())],
                value=constants[alias.name]), node)
                for alias in node.names if alias.name in constants]
            names = [alias for alias in node.names
                     if alias.name != "const" and alias.name not in constants]
            found = [ast.copy_location(ast.ImportFrom(module=self.external[target], names=names,
                                                      level=0), node)] if names else []
            if any(alias.name == "const" for alias in node.names) or folded:
                found.append(ast.copy_location(ast.ImportFrom(
                    module=CONST_MARK, names=[ast.alias(name="const")], level=0), node))
            return found + folded or None
        if node.level:
            return ast.copy_location(ast.ImportFrom(module=target, names=node.names, level=0),
                                     node)
        return node


def _aliases(node):
    """``b = a`` for each ``a as b`` of a dropped import (the names are global now)."""
    return [ast.Assign(targets=[ast.Name(id=alias.asname, ctx=ast.Store())],
                       value=ast.Name(id=alias.name, ctx=ast.Load()), lineno=node.lineno)
            for alias in node.names if alias.asname and alias.asname != alias.name]


def _constants(module, root):
    """The ``NAME = const(...)`` statements at the top of ``module``: {NAME: the
    ``const(...)`` call}, which an import of NAME from another module on the drive
    becomes (a constant is folded where it is used, as the module's own)."""
    with open(module_file(module, root), encoding="utf-8") as file:
        tree = ast.parse(file.read())
    found = {}
    for stmt in tree.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)
                and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "const"):
            found[stmt.targets[0].id] = stmt.value
    return found


def first_lines(sources):
    """The first line of each of ``sources`` (shortened), for an error's words."""
    lines = []
    for source in sources:
        line = source.splitlines()[0]
        lines.append(line[:100] + " ..." if len(line) > 100 or "\n" in source else line)
    return " | ".join(lines)


def check_builtins(ordered, trees, first_definition):
    """A top-level name that shadows a builtin must not be used by another module."""
    shadowing = {bound: module for bound, (module, _) in first_definition.items()
                 if hasattr(builtins, bound) and not bound.startswith("__")}
    for name in ordered:
        for node in ast.walk(trees[name]):
            if isinstance(node, ast.Name) and node.id in shadowing \
                    and shadowing[node.id] != name:
                raise BundleError("%s defines %s at top level, shadowing the builtin "
                                  "that %s uses" % (shadowing[node.id], node.id,
                                                    where(name, node)))
