"""The bundle's modules: where their files are, what each imports, in what
order to place them (``tools/bundle.py`` merges them; desktop only).

Kept apart from the merge itself: this part reads the modules' imports and
knows nothing of how their statements are combined.
"""

import ast
import os


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
