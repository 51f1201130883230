"""Names in the one-file build (``tools/build/bundle.py``): what a top-level
statement binds, renaming module-private names, and short local names.

The board interns every identifier it compiles, and keeps the interned
names in pools that double as they fill: long descriptive local names cost
heap there (``lib/sthelena_drive.py``, which the board compiles). A ``.mpy``
keeps only the names its code looks up or shows (globals, attributes, the
functions' and their parameters' names), not its locals'. These functions
rename a function's locals (and the parameters of a private function that
nothing calls with keyword arguments) to short names shared by every
function, leaving what callers or other code can see as it is, and give
the merged module's private names short ones, a global first one the
module interns anyway as an attribute's name.

Why not PyPI's python-minifier (weighed in issue 43: docs/development.md
has the figures, made by a trial at commit 75deeda): its renaming,
in place of this or on top of it, costs the board more heap (in play 0.5 KB
more at best, 1.0 to 1.4 in place of this; 116 to 171 more interned names).
It gives each global a new name where this reuses one the module interns
anyway, never renames attributes, renames a parameter a caller may name
only by binding it again (more code; the locals it renames cost nothing in a
``.mpy``), as it comes binds the builtins it meets to globals, and knows
nothing of ``const()``: it names a local as a constant is named, which the
compiler refuses, and a private constant publicly, which the board keeps.
"""

import ast
import builtins
import keyword
import string


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


_SHORT_NAMES = tuple(first + second for first in ("",) + tuple(string.ascii_lowercase)
                     for second in string.ascii_lowercase)


def shorten_locals(tree, top_level=None, named_by_callers=None):
    """Give the local variables of each function in ``tree`` short names, in
    place (see the module's docstring); returns ``tree``. ``top_level``: the
    module's global names, if ``tree`` is only part of it. With
    ``named_by_callers`` (the names of everything called with keyword
    arguments anywhere, see ``keyword_callees``), a private function's
    (``_name``) parameters are shortened too unless its name is in it."""
    if top_level is None:
        top_level = set()
        for stmt in tree.body:
            top_level.update(bound_names(stmt))
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _shorten_function(function, top_level, named_by_callers)
    return tree


def keyword_callees(trees):
    """The names (``f`` of ``f(...)``, ``m`` of ``x.m(...)``) of whatever the
    trees call with keyword arguments: their parameters keep their names."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.keywords:
                if isinstance(node.func, ast.Name):
                    names.add(node.func.id)
                elif isinstance(node.func, ast.Attribute):
                    names.add(node.func.attr)
    return names


def _private_parameters(function, named_by_callers):
    """The parameters of ``function`` no caller names: those of a private
    function (``_name``, not ``__name__``) called by position only, but its
    ``self``/``cls`` and any ``*args``, ``**options`` or keyword-only ones."""
    name = function.name
    if named_by_callers is None or not name.startswith("_") or name.startswith("__") \
            or name in named_by_callers:
        return set()
    positional = function.args.posonlyargs + function.args.args
    return {arg.arg for arg in positional if arg.arg not in ("self", "cls")}


def _shorten_function(function, top_level, named_by_callers=None):
    nodes = [node for statement in function.body for node in ast.walk(statement)]
    names = [node for node in nodes if isinstance(node, ast.Name)]
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                             ast.ClassDef)):
            return
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("locals", "vars", "eval", "exec"):
            return
    arguments = function.args
    parameters = {arg.arg for arg in arguments.posonlyargs + arguments.args
                  + arguments.kwonlyargs + [arguments.vararg, arguments.kwarg] if arg}
    private = _private_parameters(function, named_by_callers)
    kept = (parameters - private) | top_level
    bound = set(private)
    for node in nodes:
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            kept.update(node.names)
        elif isinstance(node, ast.alias):
            kept.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    used = {node.id for node in names} | parameters
    free = (name for name in _SHORT_NAMES if name not in used and name not in top_level
            and not hasattr(builtins, name) and not keyword.iskeyword(name))
    renames = {}
    for name in sorted(bound - kept):
        if len(name) > 1:
            renames[name] = next(free)
    for node in names:
        node.id = renames.get(node.id, node.id)
    for node in nodes:
        if isinstance(node, ast.ExceptHandler) and node.name:
            node.name = renames.get(node.name, node.name)
    for arg in function.args.posonlyargs + function.args.args:
        arg.arg = renames.get(arg.arg, arg.arg)


def _private(name):
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def short_private_names(statements):
    """New short names (``_a``, ``_b``... ``_aa``...) for the merged module's
    private names: its private globals (``_NAME``: the module's constants,
    helpers and buffers) and the private attributes and methods its classes
    define (``self._name = ...``, ``def _name``, a class body's ``_name =
    ...``). The board interns each of these names, and none is seen from
    outside the module, so short ones take less heap. Left as they are: a
    private attribute the module uses but does not define (a library
    object's, such as a label's ``_palette``), any name used as a parameter
    or keyword argument, or written in a string (``getattr``). A private
    global that is no attribute takes, while there are some, a name the
    module interns anyway as an attribute name (``_attribute_only_names``):
    no interned name of its own, and fewer interned names keep the board's
    pool of them from growing (it doubles when full). Returns two dicts
    old -> new: for names (globals, and what class bodies define) and for
    attributes."""
    nodes = [node for statement in statements for node in ast.walk(statement)]
    names = set()
    for statement in statements:
        names.update(bound_names(statement))
    attributes = set()
    used = set()
    kept = set()
    for node in nodes:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    attributes.add(item.name)
                for target in item.targets if isinstance(item, ast.Assign) else ():
                    if isinstance(target, ast.Name):
                        attributes.add(target.id)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
            if isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) \
                    and node.value.id == "self":
                attributes.add(node.attr)
        elif isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            kept.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            kept.add(node.value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            used.add(node.name)
        elif isinstance(node, ast.alias):
            used.add(node.asname or node.name.split(".")[0])
    free = ("_" + name for name in _SHORT_NAMES + tuple(string.ascii_uppercase)
            if "_" + name not in used)
    interned = iter(_attribute_only_names(nodes))
    constants = {name for statement in statements if isinstance(statement, ast.Assign)
                 and _is_const_call(statement.value) for name in _assigned_names(statement)}
    new_names = {}
    new_attributes = {}
    for name in sorted((names | attributes) - kept):
        if not _private(name):
            continue
        if name not in attributes and name not in constants:
            # A global only: an attribute's name costs it nothing. (The
            # board folds a constant only under a private name.)
            new_names[name] = next(interned, None) or next(free)
            continue
        new = next(free)
        if len(new) >= len(name):
            continue
        new_names[name] = new  # a class body's names are its attributes too
        new_attributes[name] = new
    return new_names, new_attributes


def _attribute_only_names(nodes):
    """The public names ``nodes`` use as attributes and never as a variable
    (in any scope, as a parameter or keyword, an import, a function or
    class) nor define in a class body, builtins and keywords aside;
    shortest first. The board interns them anyway, and a global of that
    name meets none of their uses, so a private global given one costs no
    interned name."""
    variables = set(dir(builtins)) | set(keyword.kwlist)
    found = set()
    for node in nodes:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                variables.update(bound_names(item))
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            variables.add(node.id)
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            variables.add(node.arg)
        elif isinstance(node, ast.alias):
            variables.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            variables.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            variables.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            variables.add(node.name)
    return sorted((name for name in found - variables if not name.startswith("_")),
                  key=lambda name: (len(name), name))


class PrivateRenamer(Renamer):
    """``Renamer`` of names, and of attributes (``short_private_names``)."""

    def __init__(self, renames, attributes):
        super().__init__(renames)
        self.attributes = attributes

    def visit_Attribute(self, node):
        node.attr = self.attributes.get(node.attr, node.attr)
        self.generic_visit(node)
        return node


def private_globals(statements, public):
    """Renames (a dict name -> _name) making the module's public functions and
    values private but for those in ``public`` (what scripts import from the
    module): a private one gets a short name (``short_private_names``), and
    so do its parameters if nothing names them, where a public name keeps
    its length for whoever imports it. Left public: classes (their names
    show in errors and reprs), imports, constants (``private_constants``
    decides those), names bound more than once, and any name also used as a
    parameter, keyword, attribute or class attribute, or written in a
    string."""
    counts = _count_bindings(statements)
    candidates = set()
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            candidates.add(statement.name)
        elif isinstance(statement, ast.Assign) and not _is_const_call(statement.value):
            candidates.update(_assigned_names(statement))
    kept = set(public)
    used = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name):
                used.add(node.id)
            elif _named_otherwise(node):
                kept.add(_named_otherwise(node))
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    kept.update(bound_names(item))
    return {name: "_" + name for name in candidates - kept
            if not name.startswith("_") and counts[name] == 1
            and "_" + name not in counts and "_" + name not in used}


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
