"""The board's code and the stand-ins, checked against CircuitPython's own API.

CircuitPython publishes its API as type stubs (``circuitpython-stubs``,
pinned in requirements-dev.txt), with each board's pins and the modules its
firmware is built with (``board_definitions``). Three checks, each a list of
findings (empty: conforms):

* ``check_code(board)``: mypy (``--check-untyped-defs``, settings in
  ``mypy.ini`` beside this file) over the files that go on ``board``, with
  that board's ``board`` module: a call, keyword or pin the firmware lacks
  is a finding.
* ``check_modules(board)``: every firmware module those files import
  unguarded (not under ``try: ... except ImportError``) is one the board's
  firmware is built with, and every ``keypad`` class they use too.
* ``check_profiles()``: every pin a board's profile names (``sthelena/boards/``)
  is one its firmware's ``board`` module has.
* ``check_standins()``: mypy's ``stubtest`` compares each stand-in in
  ``tools/harness/standins`` with the stub of the module it stands in for; a
  stand-in that offers more than the firmware (a name, a parameter, a
  default the firmware does not have) is a finding, but for the test hooks
  and the stubs' known errors listed in ``ALLOWED``. Less than the firmware
  is fine: a stand-in covers what the game uses. ``check_standin_board()``
  compares the ``board`` stand-in's pins, board by board.

``python -m tools.harness.conformance`` runs them all and exits 1 on a finding
(``tests/board/test_conformance.py`` runs them in ``make test``).
"""

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys

from sthelena.boards import catalogue
from tools.build.board_files import (ON_FRUIT_JAM, NOT_ON_FRUIT_JAM, board_files,
                                     game_files)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STANDINS = os.path.join(HERE, "standins")
MYPY_INI = os.path.join(HERE, "mypy.ini")
OUT = os.path.join(ROOT, "build", "conformance")

FRUIT_JAM_GAME = "sthelena_fruitjam"
REPRESENTATIVE = "raspberry_pi_pico"  # a profile for any board (settings.toml's) is checked on it


def stub_id(profile):
    """The board id whose stub ``profile`` is checked against."""
    return profile.board_ids[0] if profile.board_ids else (
        REPRESENTATIVE if profile.chosen_in_settings else profile.name)


def boards():
    """Each board id to check: the package's files that go on it (its
    profiles' game's), and whether boot.py does (the handhelds' drive; the
    Fruit Jam's app folder has none)."""
    found = {}
    for profile in catalogue.profiles():
        if profile.game == FRUIT_JAM_GAME:
            files, drive = board_files(ON_FRUIT_JAM, NOT_ON_FRUIT_JAM), False
        else:
            files = game_files([other for other in catalogue.profiles()
                                if other.game == profile.game])
            drive = True
        board = stub_id(profile)
        old = found.get(board, ([], drive))[0]
        found[board] = (old + [path for path in files if path not in old], drive)
    return found


BOARDS = boards()


def profile_pins(profile):
    """The pin names ``profile`` reads from its board: its keys', joystick's,
    screen's, lights', speaker's, sensors' and touch screen's."""
    pins = list(profile.pins)
    keys = profile.keys
    if hasattr(keys, "pressed_low"):  # a pin a key
        pins += [key[1] for key in keys.keys]
    elif hasattr(keys, "keys"):  # the shift register
        pins += [keys.clock, keys.data, keys.latch]
    if profile.joystick is not None:
        pins += [profile.joystick.x, profile.joystick.y]
    screen = profile.screen
    if hasattr(screen, "driver"):
        pins += [name for name in (screen.clock, screen.data, screen.select, screen.command,
                                   screen.reset, screen.backlight) if name]
    elif screen == "DISPLAY":
        pins.append("DISPLAY")
    elif hasattr(screen, "pins"):  # a DVI screen set up by picodvi (profile.DviScreen)
        pins += list(screen.pins)
    lights = profile.lights
    if lights is not None:
        pins += list(lights.pins) if hasattr(lights, "pins") else [lights.pin]
    if profile.speaker is not None:
        pins += [profile.speaker.pin, profile.speaker.enable]
    if profile.sensors is not None:
        pins += [name for name in (profile.sensors.light, profile.sensors.battery) if name]
    touch = getattr(profile, "touch", None)
    if touch is not None:
        pins += [touch.left, touch.right, touch.down, touch.up]
    return pins


def check_profiles(profiles=None):
    """Each profile's pins that its board's firmware lacks (the board's stub
    in circuitpython-stubs: every board id the profile names)."""
    findings = []
    for profile in profiles or catalogue.profiles():
        for board in profile.board_ids or (stub_id(profile),):
            have = _stub_names(board)
            findings += ["profile %s: board.%s, which %s's firmware lacks"
                         % (profile.name, pin, board) for pin in profile_pins(profile)
                         if pin not in have]
    return findings


# stubtest's findings that are not the stand-ins' fault, each with why.
ALLOWED = {
    # Test hooks (tools/harness/standins/README.md names them): tests drive the
    # stand-ins through these.
    "analogio.set_value is not present in stub": "test hook",
    "audioio.outs is not present in stub": "test hook",
    "displayio.counts is not present in stub": "test hook",
    "displayio.reset_counts is not present in stub": "test hook",
    "keypad.hold is not present in stub": "test hook",
    "keypad.push is not present in stub": "test hook",
    "microcontroller.PowerCut is not present in stub": "test hook",
    "neopixel_write.written is not present in stub": "test hook",
    "storage.remounts is not present in stub": "test hook",
    "storage.reset is not present in stub": "test hook",
    "supervisor.STEP is not present in stub": "test hook",
    "supervisor.reloads is not present in stub": "test hook",
    "supervisor.set_ticks is not present in stub": "test hook",
    "usb.core.plug is not present in stub": "test hook",
    "usb.core.unplug is not present in stub": "test hook",
    "usb.core.Device.report is not present in stub": "test hook",
    'busdisplay.BusDisplay.__init__ is inconsistent, runtime parameter "display_bus" has a '
    'default value but stub parameter does not': "test hook: a stand-in display has no bus",
    'busdisplay.BusDisplay.__init__ is inconsistent, runtime parameter "init_sequence" has a '
    'default value but stub parameter does not': "test hook: ...nor start-up commands",
    'usb.core.Device.__init__ is inconsistent, stub does not have parameter "kind"':
        "test hook: a test makes the device it plugs in",
    # The stub's signature lacks color_index, which shared-bindings/vectorio/Rectangle.c
    # takes (keyword-only, as pixel_shader, x and y) and the stub's own docstring names.
    'vectorio.Rectangle.__init__ is inconsistent, stub does not have parameter "color_index"':
        "stub error",
}
# stubtest's findings of a stand-in doing less than the firmware: fine.
_LESS = re.compile(r"is not present at runtime|runtime does not have parameter|is read-only "
                   r"at runtime but not in the stub|should be positional-only|stub parameter "
                   r'"\w+" is not keyword-only')
# What the board stand-in has that no firmware's board module has.
_BOARD_HOOKS = ("use",)


def stubs_dir():
    """Where circuitpython-stubs is installed (the folder holding ``board_definitions``)."""
    spec = importlib.util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("circuitpython-stubs is not installed: pip install -r "
                           "requirements-dev.txt")
    return os.path.dirname(list(spec.submodule_search_locations)[0])


def board_definition(board):
    """The text of ``board``'s stub in circuitpython-stubs."""
    with open(os.path.join(stubs_dir(), "board_definitions", board, "__init__.pyi")) as file:
        return file.read()


def firmware_modules(board):
    """The modules ``board``'s firmware is built with (its stub's docstring
    lists them), dotted entries (``keypad.Keys``) included."""
    match = re.search(r"Included modules: ([^\n]*)", board_definition(board))
    return set(name.strip() for name in match.group(1).split(",")) if match else set()


def board_stub(board):
    """A folder holding ``board/__init__.pyi`` for ``board``, to go first on
    mypy's path. CircuitPython 9 moved the built-in display's class from
    ``displayio.Display`` to ``busdisplay.BusDisplay``; the board stubs still
    name the old one, so it is named anew."""
    text = board_definition(board)
    if "displayio.Display" in text:
        text = text.replace("displayio.Display", "busdisplay.BusDisplay")
        text = text.replace("import displayio\n", "import busdisplay\nimport displayio\n", 1)
    folder = os.path.join(OUT, "stubs", board)
    os.makedirs(os.path.join(folder, "board"), exist_ok=True)
    with open(os.path.join(folder, "board", "__init__.pyi"), "w") as file:
        file.write(text)
    return folder


def files_on(board):
    """The files of the project that go on ``board``, relative to the root."""
    files, drive = BOARDS[board]
    paths = ["code.py"] + (["boot.py"] if drive else [])
    return paths + ["sthelena/" + path for path in files]


def check_code(board, files=None):
    """mypy's findings over ``files`` (default: what goes on ``board``)."""
    files = files_on(board) if files is None else files
    environment = dict(os.environ, MYPYPATH=board_stub(board))
    command = [sys.executable, "-m", "mypy", "--config-file", MYPY_INI, "--no-error-summary",
               "--cache-dir", os.path.join(OUT, "mypy-cache", board)] + list(files)
    run = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if run.returncode not in (0, 1) or run.stderr.strip():
        raise RuntimeError("mypy failed: %s%s" % (run.stderr, run.stdout))
    return [line for line in run.stdout.splitlines() if ": error: " in line]


def _imports(tree):
    """(module, guarded) for each import in ``tree``: guarded when inside a
    ``try`` that catches ImportError. Relative imports are the project's own."""
    found = []

    def visit(node, guarded):
        if isinstance(node, ast.Try):
            catches = any(handler.type is None or "ImportError" in ast.unparse(handler.type)
                          for handler in node.handlers)
            for child in node.body:
                visit(child, guarded or catches)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, guarded) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append((node.module, guarded))
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return found


def check_modules(board, files=None):
    """Firmware modules (those circuitpython-stubs describes) that ``files``
    (default: what goes on ``board``) import unguarded but ``board``'s
    firmware lacks; and ``keypad`` classes it lacks."""
    files = files_on(board) if files is None else files
    have = firmware_modules(board)
    stubs = stubs_dir()
    findings = []
    for path in files:
        with open(os.path.join(ROOT, path)) as file:
            tree = ast.parse(file.read(), path)
        for module, guarded in _imports(tree):
            top = module.split(".")[0]
            described = os.path.isdir(os.path.join(stubs, top + "-stubs"))
            if described and not guarded and top not in have and top != "micropython":
                findings.append("%s: imports %s, which %s's firmware lacks" % (path, top, board))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "keypad" and node.attr[0].isupper()
                    and node.attr != "Event" and "keypad." + node.attr not in have):
                findings.append("%s:%d: keypad.%s, which %s's firmware lacks"
                                % (path, node.lineno, node.attr, board))
    return findings


def standin_modules(standins=STANDINS):
    """The stand-ins of firmware modules (those circuitpython-stubs
    describes), as module names; ``board`` is checked on its own."""
    stubs = stubs_dir()
    names = []
    for entry in sorted(os.listdir(standins)):
        name = entry[:-3] if entry.endswith(".py") else entry
        if name == "board" or not os.path.isdir(os.path.join(stubs, name + "-stubs")):
            continue
        if os.path.isdir(os.path.join(standins, entry)):  # a package: its modules
            names.extend(name + "." + sub[:-3] for sub in sorted(os.listdir(
                os.path.join(standins, entry))) if sub.endswith(".py") and sub != "__init__.py")
        else:
            names.append(name)
    return names


def stubtest_lines(standins=STANDINS):
    """stubtest's findings, one line each, of the stand-ins in ``standins``."""
    environment = dict(os.environ, PYTHONPATH=standins)
    command = [sys.executable, "-m", "mypy.stubtest", "--concise"] + standin_modules(standins)
    run = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if run.returncode not in (0, 1) or "Traceback" in run.stderr:
        raise RuntimeError("stubtest failed: %s%s" % (run.stderr, run.stdout))
    return [line for line in run.stdout.splitlines() if line.strip()]


def check_standins(standins=STANDINS, allowed=ALLOWED):
    """stubtest's findings of a stand-in offering what the firmware lacks."""
    return [line for line in stubtest_lines(standins)
            if line not in allowed and not _LESS.search(line)]


def _stub_names(board):
    """The names ``board``'s board module has."""
    names = set()
    for node in ast.parse(board_definition(board)).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


def check_standin_board(standins=STANDINS):
    """The board stand-in's public names, as each board it becomes, that
    the board's firmware lacks."""
    script = ("import json, sys, board\nout = {}\nfor name in sys.argv[1:]:\n"
              "    board.use(name)\n"
              "    out[board.board_id] = sorted(n for n in vars(board) if not n.startswith('_'))\n"
              "print(json.dumps(out))\n")
    uses = ("pygamer", "pybadge", "picosystem", "fruit_jam", "sprig", "pico", "pyportal",
            "pyportal_pynt", "pyportal_titano", "wio")
    run = subprocess.run([sys.executable, "-c", script] + list(uses), cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=standins), capture_output=True,
                         text=True, check=True)
    findings = []
    for board, names in sorted(json.loads(run.stdout).items()):
        have = _stub_names(board)
        for name in names:
            if name not in have and name not in _BOARD_HOOKS:
                findings.append("board stand-in as %s: board.%s, which its firmware lacks"
                                % (board, name))
    return findings


def main():
    findings = []
    for board in BOARDS:
        findings += check_code(board) + check_modules(board)
    findings += check_standins() + check_standin_board() + check_profiles()
    for line in findings:
        print(line)
    print("conformance: %d finding%s (%s and the stand-ins against circuitpython-stubs)"
          % (len(findings), "" if len(findings) == 1 else "s", ", ".join(BOARDS)))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
