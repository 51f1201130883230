"""docs/architecture.md's pictures, drawn from the code, so that they cannot
drift from it:

- the package's parts and what imports what: its folders (the app's
  sub-packages each a box of their own, naming their modules), ``code.py``
  and ``boot.py``, an arrow wherever a module of one imports a module of
  another (tools/docs/import_graph.py reads every import), and a dotted one
  to each edge a one-file game that code.py imports holds;
- the tools' folders and the parts they import;
- where a button press goes, from the edge's loop to the screen: a chain of
  calls named here, each checked in the code (the caller's function uses
  the callee's name), so that a rename or a new way breaks the check, not
  the picture.

All are Mermaid diagrams (GitHub draws them), written between the marker
lines of docs/architecture.md:

    python3 -m tools.docs.architecture          # write them
    python3 -m tools.docs.architecture --check  # exit 1 if the file is not what the code draws

tests/tools/test_architecture.py runs the check. Desktop only.
"""

import argparse
import ast
import sys

from tools.build.drive_image import compiled_bundles  # (the boards' one-file games)

from .import_graph import ROOT, graph

DOC = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- drawn by tools/docs/architecture.py: %s -->"
END = "<!-- end of what tools/docs/architecture.py draws -->"
PACKAGE_PARTS = ("core", "app", "boards", "handheld", "fruitjam", "web", "desktop", "solver")
ON_THE_BOARDS = ("core", "app", "boards", "handheld", "fruitjam")


def group_of(path, root=ROOT):
    """The box a file is drawn in: ``app/table`` for a module of the app's
    sub-package ``table``, ``app`` for one at its top, ``handheld``...; a
    tool's folder ``tools/build``...; ``code.py`` for code.py and boot.py;
    None for what is not drawn (tests, the package's own ``__init__``)."""
    parts = path.relative_to(root).parts
    if parts[0] == "sthelena" and len(parts) > 2:
        if parts[1] == "app" and len(parts) > 3:
            return "app/" + parts[2]
        return parts[1]
    if parts[0] == "tools" and len(parts) > 2:
        return "tools/" + parts[1]
    if parts[0] in ("code.py", "boot.py"):
        return "code.py"
    return None


def group_edges(edges, root=ROOT):
    """``{(from box, to box)}``: a module of one imports a module of the other."""
    found = set()
    for path, targets in edges.items():
        source = group_of(path, root)
        for target in targets:
            box = group_of(target, root)
            if source and box and box != source:
                found.add((source, box))
    return found


def node(group):
    return group.replace("/", "_").replace(".", "_")


def app_top_modules(root=ROOT):
    """The modules at app/'s top (game_app, record...)."""
    return package_modules("app", root)


def package_modules(box, root=ROOT):
    """The modules of a package of sthelena/ (``app``, ``app/table``...)."""
    return sorted(path.stem for path in (root / "sthelena" / box).glob("*.py")
                  if path.stem != "__init__")


def parts_diagram(root=ROOT, boxes=None):
    """The flowchart of the package's parts (Mermaid source, a list of lines):
    the app's packages each a box, an arrow where one's module imports another's."""
    boxes = group_edges(graph(root), root) if boxes is None else boxes
    edges = {(source, target) for source, target in boxes
             if not source.startswith("tools/") and not target.startswith("tools/")}
    app_packages = sorted({box for pair in edges for box in pair if box.startswith("app/")})
    lines = ["flowchart LR", '  code_py["code.py, boot.py"]',
             '  subgraph boards["on the boards: merged into lib/*.mpy"]',
             '    core["core/: the rules"]',
             '    subgraph app_all["app/: the game a player holds"]',
             '      app["app/: %s"]' % ", ".join(app_top_modules(root))]
    lines += ['      %s["%s/: %s"]' % (node(box), box, ", ".join(package_modules(box, root)))
              for box in app_packages]
    lines += ['    end',
              '    boards["boards/: a profile a board (lib/sthelena_profiles.mpy)"]',
              '    handheld["handheld/: every board with buttons, built from its profile"]',
              '    fruitjam["fruitjam/: Fruit Jam"]',
              '  end',
              '  web["web/: the page"]',
              '  desktop["desktop/: the window, the command line"]',
              '  solver["solver/: the desktop solver"]']
    lines += ["  %s --> %s" % (node(source), node(target)) for source, target in sorted(edges)]
    lines += ['  code_py -.->|"lib/%s.mpy"| %s' % pair for pair in bundle_entries(root)]
    return lines


def bundle_entries(root=ROOT):
    """``[(bundle, the edge it holds)]`` for each one-file game code.py imports
    (the game a board's profile names: a board has the bundle, not the
    package, and code.py imports it by name, so the import graph cannot see it)."""
    from sthelena.boards import catalogue

    edges = {name: sorted({module.split(".")[1] for module in modules} & {"handheld", "fruitjam"})
             for name, modules in compiled_bundles()}
    games = {profile.game for profile in catalogue.profiles()}
    return sorted((game, edge) for game in games for edge in edges.get(game, ()))


def tools_diagram(root=ROOT, boxes=None):
    """The flowchart of tools/ (Mermaid source, a list of lines): each tool
    folder and the package's parts it imports (the app's packages as one)."""
    edges = set()
    for source, target in group_edges(graph(root), root) if boxes is None else boxes:
        if source.startswith("tools/"):
            edges.add((source, "app" if target.startswith("app/") else target))
    tools = sorted("tools/" + path.name for path in (root / "tools").iterdir()
                   if path.is_dir() and path.name != "__pycache__")
    parts = sorted({box for pair in edges for box in pair if not box.startswith("tools/")})
    lines = ["flowchart LR", '  subgraph tools_all["tools/: desktop only"]']
    lines += ['    %s["%s/"]' % (node(box), box) for box in tools]
    lines += ['  end']
    lines += ['  %s["%s/"]' % (node(box), box) for box in parts]
    lines += ["  %s --> %s" % (node(source), node(target)) for source, target in sorted(edges)]
    return lines


# A button press on a handheld, from the edge's loop to the screen: each step
# (caller's file, its function, the name it calls, the arrow's ends and words).
PRESS = (
    ("sthelena/handheld/loop.py", "run", "poll",
     "Loop", "Buttons", "poll(now): a press, a hold or a repeat"),
    ("sthelena/handheld/loop.py", "run", "handle", "Loop", "App", "handle(event)"),
    ("sthelena/app/game_app.py", "App.handle", "SCREENS",
     "App", "Screen", "SCREENS[screen]'s button function (table_button on the table)"),
    ("sthelena/app/game_app.py", "App.handle", "go", "App", "App", "go(the screen it names)"),
    ("sthelena/app/game_app.py", "App.go", "show_table",
     "App", "Screen", "show_table (or SCREENS[new screen]'s show_ function)"),
    ("sthelena/app/table/play.py", "show_table", "draw_place",
     "Screen", "View", "draw_place for each place (it skips what looks the same)"),
    ("sthelena/handheld/loop.py", "run", "refresh", "Loop", "Display", "refresh(): one, at once"),
)
PARTICIPANTS = (("Loop", "handheld/loop.run"), ("Buttons", "the edge's buttons"),
                ("App", "app/game_app.App"),
                ("Screen", "the screen's module (app/table/play, app/screens/...)"),
                ("View", "app/table/view.TableView"), ("Display", "displayio (firmware)"))


def function_node(tree, dotted):
    """The function (``name`` or ``Class.name``) of a module's tree, or None."""
    body = tree.body
    found = None
    for name in dotted.split("."):
        found = next((item for item in body if isinstance(
            item, (ast.FunctionDef, ast.ClassDef)) and item.name == name), None)
        if found is None:
            return None
        body = found.body
    return found


def names_used(function):
    """Every name the function calls or reads (attribute names included)."""
    used = set()
    for item in ast.walk(function):
        if isinstance(item, ast.Name):
            used.add(item.id)
        elif isinstance(item, ast.Attribute):
            used.add(item.attr)
    return used


def check_press(root=ROOT):
    """The steps of PRESS the code does not take: a list of reasons, empty if none."""
    problems = []
    for path, function, callee, *_ in PRESS:
        file = root / path
        if not file.is_file():
            problems.append("%s: no such file" % path)
            continue
        found = function_node(ast.parse(file.read_text(encoding="utf-8")), function)
        if found is None:
            problems.append("%s: no %s" % (path, function))
        elif callee not in names_used(found):
            problems.append("%s: %s does not use %s" % (path, function, callee))
    return problems


def press_diagram():
    """The sequence of a press (Mermaid source, a list of lines)."""
    lines = ["sequenceDiagram"]
    lines += ["  participant %s as %s" % pair for pair in PARTICIPANTS]
    for _, _, _, source, target, words in PRESS:
        lines.append("  %s->>%s: %s" % (source, target, words))
    return lines


def drawn(root=ROOT):
    """``{marker name: the diagram's lines}``."""
    boxes = group_edges(graph(root), root)
    return {"parts": parts_diagram(root, boxes), "tools": tools_diagram(root, boxes),
            "press": press_diagram()}


def rewrite(text, diagrams):
    """``text`` with each marked block replaced by its diagram; ValueError if
    a marker is missing."""
    for name, lines in diagrams.items():
        begin = BEGIN % name
        if begin not in text or END not in text.split(begin, 1)[1]:
            raise ValueError("docs/architecture.md has no block %r" % name)
        before, rest = text.split(begin, 1)
        after = rest.split(END, 1)[1]
        text = before + begin + "\n```mermaid\n" + "\n".join(lines) + "\n```\n" + END + after
    return text


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if docs/architecture.md is not what the code draws")
    args = parser.parse_args(argv)
    problems = check_press()
    if problems:
        print("architecture: the press's path is not the code's:\n  " + "\n  ".join(problems),
              file=sys.stderr)
        return 1
    text = DOC.read_text(encoding="utf-8")
    new = rewrite(text, drawn())
    if args.check:
        if new != text:
            print("architecture: docs/architecture.md is not what the code draws: run "
                  "`python3 -m tools.docs.architecture`", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
