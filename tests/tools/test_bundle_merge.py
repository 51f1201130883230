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
    # each module keeps its own _NONE (two's renamed, then both given short names)
    assert "_a = const(-1)" in source and "_b = const(255)" in source and "_NONE" not in source
    assert "return _b + SIZE" in source and "return _a\n" in source
    assert "Doc." not in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["first"]() == -1 and namespace["second"]() == 258


def test_private_names_and_attributes_get_short_names(tmp_path):
    # The board interns every name: the module's private globals and the
    # private attributes its classes define get short ones; a library
    # object's private attribute, parameters and keywords keep theirs.
    modules = write_modules(tmp_path, one=CONST + """
_LIMIT = const(7)
_cache = []
class Shelf:
    _shelves = 0
    def __init__(self, _width=2):
        self._books = [_width]
        self._label = None
    def _count(self):
        return len(self._books) + _LIMIT
    def fill(self, library_object):
        library_object._palette = self._count()
        _cache.append(getattr(self, "_label"))
        return _helper(_width=self._count())
def _helper(_width):
    return _width * 2
""")
    source = bundle.merge(modules, root=str(tmp_path))
    for gone in ("_LIMIT", "_cache", "_shelves", "_books", "_count", "_helper"):
        assert gone not in code_of(source)
    for kept in ("._palette", "_width", "'_label'", "self._label"):
        assert kept in source
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)

    class Library:
        pass

    library = Library()
    assert namespace["Shelf"]().fill(library) == 16 and library._palette == 8


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
    assert "SIZE" not in source and "A = const(4)" in source and "LATE = const(5)" in source
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


SHORTENED = """
TOTAL = 10
def mix(values, scale=2):
    result = []
    for value in values:
        doubled = value * scale
        result.append(doubled)
    squares = [item * item for item in result]
    try:
        ratio = 1 / 0
    except ZeroDivisionError as problem:
        ratio = type(problem).__name__
    a = len(squares)
    return squares, ratio, TOTAL, a
def counter():
    count = 0
    def step():
        nonlocal count
        count += 1
        return count
    return step
def bump():
    global TOTAL
    TOTAL += 1
    return TOTAL
def peek(limit):
    seen = limit
    return sorted(locals())
"""


def test_locals_get_short_names_and_the_code_does_the_same():
    short = ast.unparse(bundle.shorten_locals(ast.parse(SHORTENED)))
    names = {node.id for node in ast.walk(ast.parse(short)) if isinstance(node, ast.Name)}
    for gone in ("result", "value", "doubled", "squares", "item", "ratio"):
        assert gone not in names
    assert "except ZeroDivisionError as problem" not in short
    # Parameters (callers may name them), globals, a function with a nested
    # one and one reading locals() keep their names.
    for kept in ("values", "scale", "TOTAL", "count", "seen"):
        assert kept in names
    before, after = {}, {}
    exec(SHORTENED, before)
    exec(short, after)
    for space in (before, after):
        counter = space["counter"]()
        counter()
        space["results"] = (space["mix"]([1, 2, 3]), space["mix"](values=[4], scale=3),
                            counter(), space["bump"](), space["peek"](5))
    assert before["results"] == after["results"] == (
        ([4, 16, 36], "ZeroDivisionError", 10, 3), ([144], "ZeroDivisionError", 10, 1),
        2, 11, ["limit", "seen"])


PRIVATE = """
def _scaled(values, scale=2):
    total = 0
    for value in values:
        total += value * scale
    return total
def _named(values, scale):
    return values * scale
def public(values, scale):
    return _scaled(values) + _scaled(values, scale) + _named(values=scale, scale=3)
"""


def test_private_functions_called_by_position_get_short_parameters_too():
    tree = ast.parse(PRIVATE)
    short = ast.unparse(bundle.shorten_locals(tree, None, bundle.keyword_callees([tree])))
    scaled = short.splitlines()[0]  # nothing names them
    assert scaled.startswith("def _scaled(") and scaled.endswith("=2):")
    assert "values" not in scaled and "scale," not in scaled and "scale=" not in scaled
    assert "def _named(values, scale):" in short  # called with keywords
    assert "def public(values, scale):" in short  # public: callers may name them
    before, after = {}, {}
    exec(PRIVATE, before)
    exec(short, after)
    assert before["public"]([1, 2], 5) == after["public"]([1, 2], 5) == 6 + 15 + 15


def test_a_bundles_functions_and_values_are_private_but_its_api(tmp_path):
    # A function or value no script imports gets a short private name (and
    # its parameters short ones too, unless a caller names them); the API
    # named, classes, and a name also used as an attribute, parameter or
    # string keep theirs.
    modules = write_modules(tmp_path, one=CONST + """
LIMIT = const(3)
GREETING = "hello"
class Shelf:
    def width(self):
        return 4
def width(books):
    return books * LIMIT
def measure(shelf, count_of_books):
    return shelf.width() + width(count_of_books) + len(GREETING)
def named(books):
    return books
def entry(count_of_books):
    return measure(Shelf(), count_of_books) + named(books=1)
def quoted():
    return "quoted"
""")
    source = bundle.merge(modules, root=str(tmp_path), public_names=("entry",))
    for gone in ("measure", "GREETING", "count_of_books"):
        assert gone not in code_of(source).split("def entry")[0], gone
    for kept in ("def entry(count_of_books)", "class Shelf", "def width(self)",
                 "def width(books)", "(books):\n    return books", "(books=1)", "def quoted()"):
        assert kept in source, kept
    assert "named" not in code_of(source)
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["entry"](2) == 4 + 6 + 5 + 1
    assert "measure" not in namespace and "GREETING" not in namespace
    assert "# _c: measure\n" in source
    everything = bundle.merge(modules, root=str(tmp_path))  # not a bundle of BUNDLE_API
    assert "def measure(shelf, count_of_books)" in everything and "GREETING = 'hello'" in everything


def test_a_private_global_takes_a_name_the_module_interns_as_an_attribute(tmp_path):
    # The board interns each name once, as a variable or as an attribute: a
    # private global (no attribute, no constant) takes an attribute's name
    # that no scope uses as a variable nor any class body defines, and so
    # costs no interned name of its own. Constants stay private (the board
    # folds only those), and so does a global once those names run out.
    modules = write_modules(tmp_path, one=CONST + """
_SCALE = const(3)
_cache = []
class Box:
    def __init__(self):
        self.width = 2
    def grow(self):
        self.width = _double(self.width)
        return self.width
def _double(value):
    height = value
    return height * 2
def _triple(value):
    return value * _SCALE
def use(box):
    _cache.append(box.grow())
    return _triple(_cache[-1])
""")
    source = bundle.merge(modules, root=str(tmp_path))
    # 'append' and 'width' are only attributes ('grow' is a class body's,
    # 'box' a parameter): two globals take them, the third a short name.
    assert "width = []" in source and "def append(" in source and "def _b(" in source
    assert "# append: _double\ndef append(" in source  # what a traceback's 'append' is
    assert "_SCALE" not in source and "= const(3)" in source
    code = code_of(source)
    assert "_cache" not in code and "_double" not in code and "_triple" not in code
    namespace = {}
    exec(compile(source, "merged", "exec"), namespace)
    assert namespace["use"](namespace["Box"]()) == 12
