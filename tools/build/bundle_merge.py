"""Merge the board's modules into one module (``merge``), as the one-file
builds of ``lib/`` are made (tools/build/bundle.py is the command; this is
what it and tools/build/drive_image.py use). Each module costs heap of its own
on the board (its module object and globals dict, the names it imports, its
``const`` fallback): one module holding the same code takes less.

How modules are merged (with ``ast``; the output is ``ast.unparse``'d, so it
has no comments):

- Modules are placed each after those it imports at top level (computed from
  the imports; the order given breaks ties); a cycle is an error.
- Docstrings (and any other bare string statement) are dropped.
- Relative imports at top level are dropped: the names are in the one
  namespace (so a module may pass on a public name it imports: ``game``
  exports the status values of ``stuck_search``). Inside functions, a relative import of a bundled module is
  dropped too, and one of a module not bundled (``game``'s lazy
  ``from .notation import ...``) becomes an absolute ``sthelena.`` import.
  ``from . import module`` (a module used as a namespace) is an error.
- The ``try: from micropython import const`` fallback is kept once, first.
- Top-level names defined by more than one module: identical statements are
  kept once; differing ones are an error naming both, except module-private
  names (``_NAME``), which are renamed ``_<module>_NAME`` in the later module
  (unless another module imports them). A top-level name that shadows a
  builtin another module uses is an error.
- ``const(...)`` stays: MicroPython folds constants at compile time (and now
  across what were separate modules); the merged module's constants are made
  private (``_NAME``: folded, kept nowhere) but ``PUBLIC_CONSTANTS``, which
  scripts import.
- Names are otherwise kept as the sources write them: shortening locals and
  private names saves too little of the board's heap to pay for the rules it
  lays on the sources (docs/decisions/0008-renamer-reduced.md).

The output is the same for the same sources. ``bundle_imports.py`` reads the
modules' imports and orders them; ``bundle_names.py`` finds and renames names;
``drive_image.py`` writes ``lib/`` and the CIRCUITPY tree from the merged
modules. Desktop only.
"""

import ast
import os

from .bundle_imports import (CONST_MARK, BundleError, ImportRewriter, check_builtins,
                             check_import_from, first_lines, module_file, order_modules, where)
from .bundle_names import Renamer, bound_names, private_constants
from .bundle_statements import bound_statements, is_const_fallback, used_as_parameter
from .bundle_modules import (  # noqa: F401 (the lists: bundle.X for the tests and tools)
    CORE_MODULES, BOARD_MODULES, PUBLIC_CONSTANTS, BUNDLE_NAME, FULL_MODULES, FULL_NAME, BUNDLES,
    FRUIT_JAM_NAME, DRIVE_MODULES, DRIVE_NAME, HINT_MODULES, HINT_NAME, LIB_COMMAND, TREE_FILES)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _source(node):
    return ast.unparse(node)


def merge(modules=BOARD_MODULES, root=ROOT, command=LIB_COMMAND + "` (make lib",
          public_constants=PUBLIC_CONSTANTS, external=None, absent=()):
    """The source of one module holding ``modules`` (dotted names of files
    under ``root``); BundleError if they cannot be merged. Its first line
    names ``command``, which makes it again. Its constants are private but
    for ``public_constants`` (None: all kept as they are). ``external``:
    modules that are in another one-file module on the drive (module name ->
    that module's name, a game's set-up's imports of the game, or the game's
    of its set-up): an import of them becomes an import from that module
    (``const`` from one: the fallback, as the merged module's own).
    ``absent``: modules of parts none of the bundle's boards picks: a lazy
    import of one, never reached there, raises ImportError instead, and what
    follows it in its block goes (the names it uses would be interned in the
    board's heap for good, with the module's long name)."""
    external = external or {}
    trees = {}
    for name in modules:
        path = module_file(name, root)
        try:
            with open(path, encoding="utf-8") as file:
                trees[name] = ast.parse(file.read(), path)
        except OSError as error:
            raise BundleError("%s: cannot read %s (%s)" % (name, path, error.strerror))
    ordered = order_modules(list(modules), trees)
    bundled = set(modules)
    package = ordered[0].split(".")[0] if ordered else ""

    # Which names each module imports from which, checked against what the
    # module imported from defines.
    imported_from = {}  # (module, name) -> modules importing it
    passed_on = {}  # (module, public name it imports unrenamed) -> the module it is from
    for name in ordered:
        for stmt in trees[name].body:
            if isinstance(stmt, ast.ImportFrom) and (
                    stmt.level or (stmt.module or "").split(".")[0] == package):
                target = check_import_from(name, stmt, bundled, root)
                if target in external:
                    continue  # (what it imports is the other module's to define)
                if target not in bundled:
                    raise BundleError("%s: imports %s at top level, which is not in the "
                                      "bundle" % (where(name, stmt), target))
                for alias in stmt.names:
                    imported_from.setdefault((target, alias.name), []).append(name)
                    if not alias.asname and not alias.name.startswith("_"):
                        passed_on[(name, alias.name)] = target
    for name in ordered:
        trees[name] = ImportRewriter(name, bundled, root, external, absent).visit(trees[name])
    definitions = {name: bound_statements(trees[name]) for name in ordered}

    def defines(module, imported):
        """Whether ``module`` binds ``imported`` at top level, or imports it
        (a public name) from a bundled module that does: in the one
        namespace a name passed on is the same name."""
        while module is not None:
            if any(imported in bound_names(stmt) for stmt in trees[module].body):
                return True
            module = passed_on.get((module, imported))
        return False

    for (target, imported), users in sorted(imported_from.items()):
        if not defines(target, imported):
            raise BundleError("%s imports %s from %s, which does not define it at top level"
                              % (", ".join(users), imported, target))

    # Names defined by two modules: shared if the same, else an error, or
    # for module-private names a rename in the later module. Renaming can
    # make two copies of a function differ, so repeat until nothing changes.
    taken = set().union(*definitions.values()) if definitions else set()
    while True:
        first = {}  # name -> (module, (sources, shareable))
        renames = {}
        for name in ordered:
            for bound, definition in sorted(definitions[name].items()):
                if bound not in first:
                    first[bound] = (name, definition)
                    continue
                earlier, earlier_definition = first[bound]
                if earlier_definition[0] == definition[0] and definition[1]:
                    continue
                if (bound.startswith("_") and not bound.startswith("__")
                        and (name, bound) not in imported_from
                        and not used_as_parameter(trees, bound)):
                    new = "_%s%s" % (name.rsplit(".", 1)[1], bound)
                    if new in taken:
                        raise BundleError("%s: cannot rename %s to %s, which is taken"
                                          % (name, bound, new))
                    renames.setdefault(name, {})[bound] = new
                    continue
                raise BundleError(
                    "name collision: %s is defined differently in %s and %s%s\n"
                    "  %s: %s\n  %s: %s"
                    % (bound, earlier, name,
                       "" if earlier_definition[0] != definition[0]
                       else " (a value each module had its own copy of)",
                       earlier, first_lines(earlier_definition[0]),
                       name, first_lines(definition[0])))
        if not renames:
            break
        for name, names in renames.items():
            Renamer(names).visit(trees[name])
            definitions[name] = bound_statements(trees[name])
            taken.update(names.values())

    # One statement list: the const fallback first, then each module's
    # statements less those an earlier module already has.
    const_fallback = _const_fallback(root) if any(
        isinstance(node, ast.ImportFrom) and node.module == CONST_MARK
        for name in ordered for node in ast.walk(trees[name])) else None
    out = []
    for name in ordered:
        for stmt in trees[name].body:
            source = _source(stmt)
            if isinstance(stmt, ast.ImportFrom) and stmt.module == CONST_MARK:
                continue  # (``const`` of another module: the fallback above)
            if is_const_fallback(stmt):
                if const_fallback is None:
                    const_fallback = source
                elif source != const_fallback:
                    raise BundleError("the const fallback differs: %s has\n%s\nbut an "
                                      "earlier module has\n%s" % (name, source, const_fallback))
                continue
            names = bound_names(stmt)
            if names and all(first[bound][0] != name for bound in names):
                continue  # the same as an earlier module's (checked above)
            out.append((name, stmt))

    check_builtins(ordered, trees, first)
    parts = ["# Generated by `%s) from %s: do not edit.\n"
             % (command, ", ".join(name.split(".", 1)[-1].replace(".", "/") + ".py"
                          for name in ordered))]
    if const_fallback is not None:
        parts.append(const_fallback + "\n")
    statements = [stmt for _, stmt in out]
    if public_constants is not None:
        made_private = Renamer(private_constants(statements, public_constants))
        statements = [made_private.visit(stmt) for stmt in statements]
    last = None
    for (name, _), stmt in zip(out, statements):
        if name != last:
            parts.append("# %s\n" % name)
            last = name
        parts.append(_source(stmt) + "\n")
    return "".join(parts)


def _const_fallback(root):
    """The const fallback as the core writes it (``core/cards.py``'s)."""
    with open(module_file("sthelena.core.cards", root), encoding="utf-8") as file:
        for stmt in ast.parse(file.read()).body:
            if is_const_fallback(stmt):
                return _source(stmt)
    raise BundleError("core/cards.py has no const fallback")


def write_module(path, source):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(source)
    return len(source.encode("utf-8"))
