"""Tests of the MicroPython VM harness itself (tests/helpers/mpvm.py, tools/harness/mpvm)."""

import textwrap

import pytest

from tests.helpers.mpvm import run_micropython

pytestmark = pytest.mark.vm  # (every test here runs the MicroPython VM)


@pytest.fixture
def pkg(tmp_path):
    """A throwaway package ``demo`` with a subpackage and a desktop-only
    ``desktop/cli.py`` (the default exclude leaves out what is not on the board)."""
    root = tmp_path / "demo"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "greet.py").write_text("def greet(name):\n    return 'hello ' + name\n")
    (root / "sub" / "__init__.py").write_text("VALUE = 42\n")
    (root / "desktop").mkdir()
    (root / "desktop" / "cli.py").write_text("raise ImportError('desktop only')\n")
    return root


def run(script, **kwargs):
    """Run a dedented script under the VM."""
    return run_micropython(textwrap.dedent(script), **kwargs)


def test_imports_package_and_returns_stdout(pkg):
    out = run(
        """
        from demo.greet import greet
        from demo.sub import VALUE
        print(greet('vm'), VALUE)
        """,
        packages=[str(pkg)],
    )
    assert out == "hello vm 42\n"


def test_excluded_files_are_not_copied(pkg):
    out = run(
        """
        import os
        print(sorted(os.listdir('/lib/demo')))
        """,
        packages=[str(pkg)],
    )
    assert out == "['__init__.py', 'greet.py', 'sub']\n"


def test_runs_on_micropython():
    out = run("import sys\nprint(sys.implementation.name)\n", packages=())
    assert out == "micropython\n"


def test_exception_becomes_assertion_error():
    with pytest.raises(AssertionError, match="ValueError: boom from the VM"):
        run("print('before')\nraise ValueError('boom from the VM')\n", packages=())


def test_bytearray_has_no_pop():
    # CPython's bytearray has pop(); MicroPython's does not. Differences like
    # this are why code meant for the device is tested inside the VM.
    out = run("print(hasattr(bytearray(b'ab'), 'pop'))\n", packages=())
    assert out == "False\n"
