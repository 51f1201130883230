# Set-up is two commands on a fresh clone: `make play` and `make test`.
# Each builds what it needs: a virtual environment in .venv (from
# requirements-dev.txt) and, for the tests, the MicroPython VM from npm.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
MPVM_STAMP := tools/harness/mpvm/node_modules/.installed
EMULATOR_STAMP := tools/harness/emulator/node_modules/.installed
BOOTROM := build/rp2040/bootrom.bin
# CircuitPython's builds: build/'s (make firmware-*), else ../shared/circuitpython's
# (or $$CIRCUITPYTHON_BUILDS'); `$(BUILT) NAME` prints one's path or says why not.
BUILT := $(PYTHON) -m tools.build.circuitpython_builds path

.PHONY: play play-tty test bench clean

$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# What copying the drive's files needs (make circuitpy, make fruitjam): the board's libraries
# as requirements-dev.txt pins them, in an environment of their own, and nothing else (none of
# the development environment's pygame, numpy or playwright).
DRIVE_VENV := build/drive-venv
DRIVE_STAMP := $(DRIVE_VENV)/.installed
$(DRIVE_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(DRIVE_VENV)
	$(DRIVE_VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps \
	  $$($(PYTHON) -m tools.build.board_libs --pins)
	touch $@

$(MPVM_STAMP): tools/harness/mpvm/package.json tools/harness/mpvm/package-lock.json
	npm ci --prefix tools/harness/mpvm --no-audit --no-fund
	touch $@

$(EMULATOR_STAMP): tools/harness/emulator/package.json tools/harness/emulator/package-lock.json
	npm ci --prefix tools/harness/emulator --no-audit --no-fund
	touch $@

# GNU mtools (Debian's package) makes and reads the emulator's FAT drive (tools/harness/emulator/drive.mjs):
# installed with apt-get when missing (as root, or through sudo), as .ci/run does.
MTOOLS := $(shell command -v mcopy 2>/dev/null)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
.PHONY: mtools
mtools:
ifeq ($(MTOOLS),)
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends mtools
endif

# The RP2040's boot ROM, read from a checkout (or bare git directory) of wokwi/rp2040js
# (the shared builds have it too).
$(BOOTROM):
	@test -n "$(RP2040JS)" || { echo "make emulate RP2040JS=DIR (a checkout or bare git directory of wokwi/rp2040js: the RP2040's boot ROM, once)" >&2; exit 2; }
	node tools/harness/emulator/bootrom.mjs $(RP2040JS) $@

## play: St. Helena in a window, as on the handheld (DEAL=N, RULES=preset,options and
## BOARD=fruit-jam, the Fruit Jam's screen and mouse, optional)
play: $(VENV_STAMP)
	$(PY) code.py $(if $(DEAL),--deal $(DEAL)) $(if $(RULES),--rules $(RULES)) $(if $(BOARD),--board $(BOARD))

## play-tty: St. Helena in the terminal (DEAL=N and RULES=preset,options optional)
play-tty: $(VENV_STAMP)
	$(PY) -m sthelena tty $(if $(DEAL),--deal $(DEAL)) $(if $(RULES),--rules $(RULES))

## test: every test, on CPython and under the MicroPython VM (and on CircuitPython's own
## firmware in the RP2040 emulator, where make firmware-rp2040 has built it), one process
## a core (pytest-xdist)
test: $(VENV_STAMP) $(MPVM_STAMP) $(EMULATOR_STAMP) mtools
	$(PY) -m pytest -rs -n auto tests

## lint: ruff over the repository's Python (its rules: pyproject.toml; make test runs it too)
.PHONY: lint
lint: $(VENV_STAMP)
	$(PY) -m ruff check .

## bench: the core's heap figures under MicroPython, each beside its goal
bench: $(VENV_STAMP) $(MPVM_STAMP)
	$(PY) -m tools.bench.bench

## bench-app: the whole game's heap on the board (device, app, sheet) under the MicroPython VM
.PHONY: bench-app
bench-app: $(VENV_STAMP) $(MPVM_STAMP)
	$(PY) -m tools.bench.bench_app

## bench-presses: presses per card move, playing won games through the buttons
.PHONY: bench-presses
bench-presses: $(VENV_STAMP)
	$(PY) -m tools.bench.bench_presses

## bench-hint: the board's hint from deals 1-200 (DEALS=A-B optional): wins, positions, and the
## heap while it searches on both VMs (its seconds: make bench-firmware)
.PHONY: bench-hint
bench-hint: $(VENV_STAMP) $(MPVM_STAMP)
	$(PY) -m tools.bench.bench_hint --deals $(or $(DEALS),1-200)

## bench-solver: the solver on deals 1-1000 of each preset, 10 s a deal (long: DEALS=1-100 JOBS=2 optional;
## AGAINST=REV also times that revision's solver on each deal, side by side, and prints the ratios)
.PHONY: bench-solver
bench-solver: $(VENV_STAMP)
	$(PY) -m tools.bench.bench_solver --deals $(or $(DEALS),1-1000) --jobs $(or $(JOBS),1) \
		$(if $(AGAINST),--against $(AGAINST))

## bench-firmware: the game on CircuitPython's firmware in the RP2040 emulator, on the PicoSystem
## (press to frame, code.py to the first table frame, the heap, the hint's seconds; DEALS=A-B
## optional) and on a Pico with the Pico Display Pack 2.0 (its four keys' presses, the start, the
## heap); BOARDS=picosystem or BOARDS=pico-display-2 measures one; 30-60 minutes; needs each
## board's firmware and the boot ROM, as make emulate; RELEASE=dist measures make release's
## files: its 10.x folder as the drive)
.PHONY: bench-firmware
bench-firmware: $(VENV_STAMP) $(EMULATOR_STAMP) mtools
	$(PY) -m tools.bench.bench_firmware --deals $(or $(DEALS),1-20) $(if $(RELEASE),--release $(RELEASE)) \
		$(if $(BOARDS),--boards $(BOARDS))

## bench-saves: power cuts on CircuitPython's PicoSystem firmware in the RP2040 emulator: three saves
## cut in every flash step, the same with the drive's copy, and a soak of random presses, resets and
## cuts (30-60 minutes; QUICK=1: the soak only, shorter; needs the firmware and boot ROM, as make emulate)
.PHONY: bench-saves
bench-saves: $(VENV_STAMP) $(EMULATOR_STAMP) mtools
	$(PY) -m tools.bench.bench_saves $(if $(QUICK),--quick)

## figures: docs/figures.md from the benches' last sections (build/figures/, each saved by its bench,
## stamped with the commit); RUN="bench-app bench-hint" runs those benches first
.PHONY: figures
figures: $(VENV_STAMP)
	$(PY) -m tools.bench.figures $(if $(RUN),--run $(RUN))

## lib: lib/*.mpy (the games and their set-ups, the hint's search, the boards' profiles, the Fruit
## Jam's game) and lib/sthelena_drive.py again from the sources (committed: the repository is a
## CIRCUITPY image, the Fruit Jam's app folder takes its .mpy); needs CircuitPython 10's mpy-cross
## (build/'s or the shared builds', or MPY_CROSS=path)
.PHONY: lib
lib:
	$(PYTHON) -m tools.build.bundle --lib $(if $(MPY_CROSS),--mpy-cross $(MPY_CROSS))

## firmware-vm: CircuitPython's unix port (32-bit) and mpy-cross into build/firmware, from a
## clone of adafruit/circuitpython: make firmware-vm CIRCUITPYTHON=DIR
.PHONY: firmware-vm
firmware-vm:
	@test -n "$(CIRCUITPYTHON)" || { echo "make firmware-vm CIRCUITPYTHON=DIR (a clone of adafruit/circuitpython, with tags)" >&2; exit 2; }
	$(if $(VM_OUT),VM_OUT=$(VM_OUT)) tools/build/circuitpython/firmware_vm.sh $(CIRCUITPYTHON)

## firmware-rp2040: CircuitPython's own firmware for the Pimoroni PicoSystem (RP2040) into
## build/rp2040, from a clone of adafruit/circuitpython and fetched snapshots of its submodules:
## make firmware-rp2040 CIRCUITPYTHON=DIR [MIRRORS=DIR]
.PHONY: firmware-rp2040
firmware-rp2040:
	@test -n "$(CIRCUITPYTHON)" || { echo "make firmware-rp2040 CIRCUITPYTHON=DIR [MIRRORS=DIR] (a clone of adafruit/circuitpython, with tags)" >&2; exit 2; }
	tools/build/circuitpython/firmware_rp2040.sh $(CIRCUITPYTHON) $(MIRRORS)

## firmware-samd51: CircuitPython's own firmware for the PyGamer and the PyBadge (SAMD51) into
## build/samd51/<board>, its link map read for the boards' heap (tools/harness/board_heap.py), from a
## clone of adafruit/circuitpython and fetched snapshots of its submodules:
## make firmware-samd51 CIRCUITPYTHON=DIR [MIRRORS=DIR]
.PHONY: firmware-samd51
firmware-samd51:
	@test -n "$(CIRCUITPYTHON)" || { echo "make firmware-samd51 CIRCUITPYTHON=DIR [MIRRORS=DIR] (a clone of adafruit/circuitpython, with tags)" >&2; exit 2; }
	tools/build/circuitpython/firmware_samd51.sh $(CIRCUITPYTHON) $(MIRRORS)

## firmware-rp2040-frozen: the same with the RP2040 boards' game and the hint's search frozen into it
## (optional: 43 KB more heap free in play, docs/board.md) into build/rp2040/frozen
.PHONY: firmware-rp2040-frozen
firmware-rp2040-frozen: $(VENV_STAMP)
	@test -n "$(CIRCUITPYTHON)" || { echo "make firmware-rp2040-frozen CIRCUITPYTHON=DIR [MIRRORS=DIR] (a clone of adafruit/circuitpython, with tags)" >&2; exit 2; }
	rm -rf build/freeze
	$(PY) -m tools.build.bundle --freeze build/freeze
	FREEZE=build/freeze tools/build/circuitpython/firmware_rp2040.sh $(CIRCUITPYTHON) $(MIRRORS)

## emulate: the drive image as shipped (libraries as .mpy) on a board's CircuitPython firmware in the
## rp2040js emulator, wired as the board is: BOARD=NAME (a profile: picosystem, the default, sprig,
## pico-display-2, pico-display, pico-lcd-1.3; a Pico add-on plays on the Pico's firmware, its
## settings.toml naming the board, as a player sets it up), KEYS="RIGHT A ..." (the board's own key
## words, HOLD_ and LONG_ of them, WAIT:MS, RESET), SHOT=out.png, FRAMES=DIR, JSON=1 optional;
## FIRMWARE_UF2=PATH another firmware; needs the board's firmware and the RP2040's boot ROM: build/'s
## (make firmware-rp2040) or the shared builds
EMULATE_BOARD = $(or $(BOARD),picosystem)
.PHONY: emulate emulator-selftest
emulate: $(VENV_STAMP) $(EMULATOR_STAMP) mtools
	@fw=$$($(PY) -m tools.harness.board_wiring $(EMULATE_BOARD) --firmware) && \
	  $(BUILT) $$fw/firmware.uf2 >/dev/null && $(BUILT) rp2040/bootrom.bin >/dev/null
	rm -rf build/emulator/CIRCUITPY
	$(PY) -m tools.build.bundle --out build/emulator/CIRCUITPY --mpy-libraries
	$(PY) -m tools.harness.board_wiring $(EMULATE_BOARD) --settings build/emulator/CIRCUITPY
	fw=$$($(PY) -m tools.harness.board_wiring $(EMULATE_BOARD) --firmware) && \
	node tools/harness/emulator/run.mjs --board $(EMULATE_BOARD) --wiring "$$($(PY) -m tools.harness.board_wiring $(EMULATE_BOARD))" \
	  --firmware $(or $(FIRMWARE_UF2),$$($(BUILT) $$fw/firmware.uf2)) \
	  --bootrom $$($(BUILT) rp2040/bootrom.bin) $(if $(FIRMWARE_UF2),,--elf $$($(BUILT) $$fw/firmware.elf)) \
	  --drive build/emulator/CIRCUITPY $(if $(KEYS),--keys "$(KEYS)") \
	  $(if $(SHOT),--shot $(SHOT)) $(if $(FRAMES),--frames $(FRAMES)) $(if $(JSON),--json)

## emulator-selftest: the emulator's parts (UF2, display, flash, FAT, PNG, key words), no firmware
emulator-selftest: $(EMULATOR_STAMP) mtools
	node tools/harness/emulator/selftest.mjs

## fruitjam: build/fruitjam/sthelena, the Fruit Jam OS app folder: copy it into the drive's apps/
.PHONY: fruitjam
fruitjam: $(DRIVE_STAMP)
	$(DRIVE_VENV)/bin/python -m tools.build.fruitjam_app

## web: build/web, the game on a web page: the board's modules on MicroPython's WebAssembly
## port (tools/harness/mpvm's), the web edge and the page (sthelena/web); any static host serves it
.PHONY: web serve-web bench-web
web: $(VENV_STAMP) $(MPVM_STAMP)
	$(PY) -m tools.build.build_site

## serve-web: build/web on http://127.0.0.1:8000/ with Python's http.server (PORT=N optional)
serve-web: web
	$(PY) -m tools.build.serve_site --port $(or $(PORT),8000)

## bench-web: the page in Chromium (Debian's, with Playwright): load to the first frame, its
## transfer, a key to its frame, the hint from deals 1-20 (DEALS=A-B optional)
bench-web: web
	$(PY) -m tools.bench.bench_web --deals $(or $(DEALS),1-20)

## release: dist/, the downloads a player copies: the handhelds' zip (a drive for CircuitPython
## 10.x and one for 9.x), the PicoSystem's one-file UF2, the Fruit Jam's and the web page's zips,
## SHA256SUMS (the same bytes each run); needs CircuitPython's builds (build/ or the shared ones)
.PHONY: release
release: $(VENV_STAMP) $(MPVM_STAMP) $(EMULATOR_STAMP) mtools
	$(PY) -m tools.build.release

## circuitpy: build/CIRCUITPY, ready to copy onto the board's drive (the games as lib/*.mpy, and
## the libraries of requirements.txt from the pinned packages)
.PHONY: circuitpy
circuitpy: $(DRIVE_STAMP)
	$(DRIVE_VENV)/bin/python -m tools.build.bundle

clean:
	rm -rf $(VENV) tools/harness/mpvm/node_modules tools/harness/emulator/node_modules .pytest_cache .hypothesis
