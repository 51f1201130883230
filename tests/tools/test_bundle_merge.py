"""tools/build/bundle.py's merge rules, on small modules written here: name
collisions, shared and private definitions, short names for private names,
attributes, constants and locals, imports in functions, import cycles and the
modules' order.
"""

import ast
import textwrap

import pytest

from tools.build import bundle, bundle_imports


# -- the merge rules, on small modules ------------------------------------------


def write_modules(root, **sources):
    package = root / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    for name, source in sources.items():
        (package / (name + ".py")).write_text(textwrap.dedent(source))
    return ["pkg." + name for name in sources]


def code_of(source):
    """``source`` less its comments (a renamed function's says what it was)."""
    return "".join(line for line in source.splitlines(True) if not line.startswith("#"))


def merge_error(tmp_path, match, **sources):
    """The BundleError merging ``sources`` (module name -> source) raises;
    its message must match ``match``."""
    with pytest.raises(bundle.BundleError, match=match) as error:
        bundle.merge(write_modules(tmp_path, **sources), root=str(tmp_path))
    return str(error.value)


CONST = """
try:
    from micropython import const
except ImportError:
    def const(value):
        return value
"""


def test_names_defined_differently_by_two_modules_are_an_error(tmp_path):
    message = merge_error(tmp_path, "name collision: LIMIT", one=CONST + "LIMIT = const(3)\n",
                          two=CONST + "LIMIT = const(4)\n")
    assert "pkg.one: LIMIT = const(3)" in message and "pkg.two: LIMIT = const(4)" in message


def test_a_function_and_a_value_of_one_name_collide_too(tmp_path):
    merge_error(tmp_path, r"step is defined differently in pkg\.one and pkg\.two",
                one="def step(x):\n    return x + 1\n", two="step = 2\n")


def test_identical_definitions_are_kept_once_and_private_ones_renamed(tmp_path):
    modules = write_modules(
        tmp_path,
        one=CONST + '"""Doc."""\nimport random\nSIZE = const(3)\n_NONE = const(-1)\n'
                    'def first():\n    """Doc."""\n    return _NONE\n',
        two=CONST + 'import random\nfrom .one import SIZE\nSIZE = const(3)\n'
                    '_NONE = const(255)\ndef second():\n    return _NONE + SIZE\n')
    source = bundle.merge(modules, root=str(tmp_path), public_constants=None)
    assert source.count("import random") == 1 and source.count("SIZE = const(3)") == 1
    assert source.count("from micropython import const") == 1
    # each module keeps its own _NONE (two's renamed after its module)
    assert "_NONE = const(-1)" in source and "_two_NONE = const(255)" in source
    assert "return _two_NONE + SIZE" in source and "return _NONE\n" in source
    assert "Doc." not in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["first"]() == -1 and namespace["second"]() == 258


def test_constants_are_made_private_but_the_public_ones_and_those_used_early(tmp_path):
    # A private constant is folded and kept nowhere; a public one also sits in
    # the module's globals. Those a script imports stay (bundle.PUBLIC_CONSTANTS).
    modules = write_modules(tmp_path, one=CONST + """
def early():
    return LATE
SIZE = const(3)
A = const(4)
LATE = const(5)
def size(value):
    return value * SIZE + A
""")
    source = bundle.merge(modules, root=str(tmp_path))
    assert "_SIZE = const(3)" in source and "A = const(4)" in source and "LATE = const(5)" in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["size"](2) == 10 and namespace["early"]() == 5
    assert "A" in namespace and "SIZE" not in namespace
    kept = bundle.merge(modules, root=str(tmp_path), public_constants=None)
    assert "SIZE = const(3)" in kept


def test_a_value_each_module_had_its_own_of_is_not_shared(tmp_path):
    merge_error(tmp_path, "its own copy", one="cache = []\n", two="cache = []\n")


def test_imports_in_functions_are_dropped_or_made_absolute(tmp_path):
    modules = write_modules(
        tmp_path,
        one="def make():\n    from .two import Thing as T\n    return T()\n"
            "def late():\n    from .other import helper\n    return helper\n",
        two="class Thing:\n    pass\n")
    source = bundle.merge(modules, root=str(tmp_path))
    assert "T = Thing" in source and "from pkg.other import helper" in source
    assert "from .two" not in source and "import Thing" not in source


def test_a_part_left_out_raises_and_a_handler_only_for_it_goes(tmp_path):
    # A lazy import of a part the game's boards leave out raises (never
    # reached); a firmware module's ``try`` whose ImportError handler would
    # only import such a part is its body: this game's boards have the module.
    modules = write_modules(
        tmp_path,
        one="def draw():\n    try:\n        from vectorio import Shape\n        return Shape()\n"
            "    except ImportError:\n        from .plain import Shape\n        return Shape()\n"
            "def other():\n    try:\n        import sound\n    except ImportError:\n"
            "        return None\n"
            "def later():\n    from .plain import Shape\n    return Shape\n",
        plain="class Shape:\n    pass\n")
    tree = ast.parse(bundle.merge(modules[:1], root=str(tmp_path), absent={"pkg.plain"}))
    draw, other, later = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert [type(node).__name__ for node in draw.body] == ["ImportFrom", "Return"]
    assert [type(node).__name__ for node in other.body] == ["Try"]  # (its handler is its own)
    assert ast.unparse(later.body[0]) == "raise ImportError('%s')" % bundle_imports.ABSENT
    # ...and where the part is in the game, the handler stays.
    both = bundle.merge(modules, root=str(tmp_path))
    assert "except ImportError" in both.split("def other")[0]


def test_an_import_cycle_and_a_module_used_as_a_namespace_are_errors(tmp_path):
    merge_error(tmp_path, r"import cycle among: pkg\.one",
                one="from .two import B\nA = 1\n", two="from .one import A\nB = 2\n")
    merge_error(tmp_path, r"pkg\.two line 1: `from \. import one` uses a module as a namespace",
                one="A = 1\n", two="from . import one\nB = one.A\n")


def test_modules_are_ordered_by_their_imports_and_missing_names_are_errors(tmp_path):
    modules = write_modules(tmp_path, two="from .one import A\nB = A + 1\n", one="A = 1\n")
    source = bundle.merge(modules, root=str(tmp_path))
    assert source.index("A = 1") < source.index("B = A + 1")
    merge_error(tmp_path, "imports C from pkg.one, which does not define it",
                two="from .one import C\n", one="A = 1\n")


def test_a_public_name_a_module_imports_may_be_imported_from_it(tmp_path):
    # game passes on stuck_search's status values: one namespace, one name.
    modules = write_modules(tmp_path, three="from .two import A\nC = A + 2\n",
                            two="from .one import A\nB = A + 1\n", one="A = 1\n")
    source = bundle.merge(modules, root=str(tmp_path))
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["C"] == 3 and source.count("A = 1") == 1
    merge_error(tmp_path, "imports _A from pkg.two, which does not define it",
                three="from .two import _A\n", two="from .one import _A\n", one="_A = 1\n")


def test_the_board_modules_order_follows_their_imports():
    trees = {name: ast.parse(open(bundle.module_file(name, bundle.ROOT)).read())
             for name in bundle.BOARD_MODULES}
    ordered = bundle.order_modules(list(reversed(bundle.BOARD_MODULES)), trees)
    position = {name: index for index, name in enumerate(ordered)}
    for name in ordered:
        for target in bundle_imports.top_level_imports(name, trees[name]):
            if target in position:
                assert position[target] < position[name], (name, target)


def test_names_are_kept_as_the_sources_write_them(tmp_path):
    # No renaming but what the merge needs: locals, parameters, private
    # globals and attributes read in the merged module as in the sources.
    modules = write_modules(tmp_path, one=CONST + """
_cache = []
class Shelf:
    def __init__(self, width=2):
        self._books = [width]
    def fill(self, count_of_books):
        doubled = count_of_books * 2
        _cache.append(doubled)
        return len(self._books) + doubled
""")
    source = bundle.merge(modules, root=str(tmp_path))
    for kept in ("_cache = []", "self._books = [width]", "def fill(self, count_of_books):",
                 "doubled = count_of_books * 2"):
        assert kept in source, kept
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["Shelf"]().fill(3) == 7
