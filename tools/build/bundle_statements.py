"""What tools/build/bundle.py's merge decides of a module's top-level statements:
which names each binds, and whether two modules' identical copies of a
statement may become one (not when each module had a mutable object of its own)."""

import ast

from .bundle_names import bound_names


def is_const_fallback(node):
    """``try: from micropython import const`` / ``except ImportError: ...``."""
    return (isinstance(node, ast.Try) and len(node.body) == 1
            and isinstance(node.body[0], ast.ImportFrom)
            and node.body[0].module == "micropython"
            and [alias.name for alias in node.body[0].names] == ["const"])


def _constant(node):
    """An expression whose value is immutable and the same wherever it is made."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _constant(node.value)
    if isinstance(node, ast.Tuple):
        return all(_constant(item) for item in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _constant(node.operand)
    if isinstance(node, ast.BinOp):
        return _constant(node.left) and _constant(node.right)
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Name) and node.func.id == "const"
                and not node.keywords and all(_constant(arg) for arg in node.args))
    return False


def _shareable(stmt):
    """Whether two modules' identical copies of ``stmt`` may become one: not
    when it makes a mutable object each module had its own of."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef,
                         ast.ClassDef, ast.Try, ast.If)):
        return True
    if isinstance(stmt, ast.Assign):
        return _constant(stmt.value)
    if isinstance(stmt, ast.AnnAssign):
        return stmt.value is None or _constant(stmt.value)
    return False


def bound_statements(tree):
    """Each top-level name of a module -> the sources of the statements
    binding it (a ``global`` in a function counts as one that differs from
    any other module's), and whether they may be shared."""
    found = {}
    for stmt in tree.body:
        if is_const_fallback(stmt):
            continue
        source = ast.unparse(stmt)
        for name in bound_names(stmt):
            sources, shareable = found.get(name, ((), True))
            found[name] = (sources + (source,), shareable and _shareable(stmt))
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                if name not in found:
                    found[name] = (("global %s  # in a function" % name,), False)
    return found


def used_as_parameter(trees, name):
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg == name \
                    or isinstance(node, ast.keyword) and node.arg == name:
                return True
    return False
