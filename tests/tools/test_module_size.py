"""No module over 400 lines in sthelena/, tools/ or tests/ (the guide's rule):
a file that grows past it is split along what it does."""

from tests.helpers import ROOT

FOLDERS = ("sthelena", "tools", "tests")
SUFFIXES = (".py", ".mjs", ".js", ".sh")
LEFT_OUT = {"node_modules", "__pycache__"}
LIMIT = 400


def modules():
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*")
                  if path.suffix in SUFFIXES and path.is_file()
                  and not LEFT_OUT & set(path.relative_to(ROOT).parts))


def test_no_module_over_400_lines():
    found = modules()
    assert len(found) > 200 and ROOT / "sthelena" / "app" / "game_app.py" in found
    long = ["%s: %d lines" % (path.relative_to(ROOT), count) for path in found
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT]
    assert long == []
