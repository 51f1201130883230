"""No import circle anywhere in the repository: the package
(tests/tools/test_layers.py checks its parts too), ``code.py`` and ``boot.py``,
every tool and every test, read by tools/docs/import_graph.py (lazy imports
inside functions included)."""

from tools.docs.import_graph import ROOT, circles, graph, imports_of, python_files


def test_no_import_circle_anywhere():
    edges = graph()
    assert sum(len(targets) for targets in edges.values()) > 300  # (the imports were read)
    assert circles(edges) == [], [[str(path.relative_to(ROOT)) for path in group]
                                  for group in circles(edges)]


def test_a_circle_is_seen_lazy_or_not(tmp_path):
    tools = tmp_path / "tools" / "part"
    tools.mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (tools / "one.py").write_text("import two\n")
    (tools / "two.py").write_text("def later():\n    from one import something\n")
    (tools / "three.py").write_text("import one\n")
    edges = {path: imports_of(path, tmp_path) for path in python_files(tmp_path)}
    assert circles(edges) == [[tools / "one.py", tools / "two.py"]]
