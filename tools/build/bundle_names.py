"""Names in the one-file build (``tools/build/bundle.py``): what a top-level
statement binds, and renaming: a module-private name that two modules define
(``bundle_merge``), and the merged module's constants made private
(``private_constants``: MicroPython folds a private constant into the code
that uses it and keeps it nowhere). Names are otherwise kept as the sources
write them (docs/decisions: the renamer that shortened them saved 2.7 KB in
play, under the 5 KB that would have paid for its rules).
"""

import ast


def bound_names(node):
    """Names a top-level statement binds in the module's namespace."""
    found = []

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append(node.name)
            for decorator in node.decorator_list:
                visit(decorator)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                             ast.GeneratorExp)):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            found.append(node.id)
        elif isinstance(node, ast.alias):
            found.append((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.append(node.name)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(node)
    return found


class Renamer(ast.NodeTransformer):
    """Renames one module's global names (a dict old -> new) everywhere in it."""

    def __init__(self, renames):
        self.renames = renames

    def visit_Name(self, node):
        node.id = self.renames.get(node.id, node.id)
        return node

    def visit_Global(self, node):
        node.names = [self.renames.get(name, name) for name in node.names]
        return node

    visit_Nonlocal = visit_Global

    def visit_alias(self, node):
        bound = node.asname or node.name.split(".")[0]
        if bound in self.renames and (node.asname or "." not in node.name):
            node.asname = self.renames[bound]
        return node

    def visit_ExceptHandler(self, node):
        node.name = self.renames.get(node.name, node.name)
        self.generic_visit(node)
        return node

    def visit_FunctionDef(self, node):
        node.name = self.renames.get(node.name, node.name)
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        node.name = self.renames.get(node.name, node.name)
        self.generic_visit(node)
        return node


def _count_bindings(statements):
    """How many times the statements bind each name at top level."""
    counts = {}
    for statement in statements:
        for name in bound_names(statement):
            counts[name] = counts.get(name, 0) + 1
    return counts


def _named_otherwise(node):
    """The name ``node`` uses other than as a variable (a parameter's, a
    keyword's, an attribute's, or a string), which renaming a global would
    not follow; else None."""
    if isinstance(node, (ast.arg, ast.keyword)):
        return node.arg
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _assigned_names(assignment):
    return [target.id for target in assignment.targets if isinstance(target, ast.Name)]


def _is_const_call(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "const")


def private_constants(statements, public):
    """Renames (a dict NAME -> _NAME) making the module's public constants
    (``NAME = const(...)`` at top level) private but for those in
    ``public``: MicroPython folds a constant into the code that uses it, and
    keeps a public one in the module's globals too (a dictionary entry and
    its interned name), a private one nowhere. Left public: a name bound
    more than once, used above its definition (the compiler folds only
    what it has seen), used as a parameter, keyword or attribute, or
    written in a string."""
    counts = _count_bindings(statements)
    constants = set()
    for statement in statements:
        if isinstance(statement, ast.Assign) and _is_const_call(statement.value):
            constants.update(_assigned_names(statement))
    kept = set(public)
    defined = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and node.id in constants and node.id not in defined \
                    and isinstance(node.ctx, ast.Load):
                kept.add(node.id)  # used above its definition: only a global finds it
            elif _named_otherwise(node):
                kept.add(_named_otherwise(node))
        defined.update(name for name in bound_names(statement) if name in constants)
    return {name: "_" + name for name in constants - kept
            if not name.startswith("_") and counts[name] == 1 and "_" + name not in counts}
