#!/usr/bin/env bash
# Build CircuitPython's own interpreter and mpy-cross from a checkout of
# adafruit/circuitpython, for measuring the game as the firmware runs it
# (`make firmware-vm CIRCUITPYTHON=DIR`). Nothing of CircuitPython is
# committed: the checkout stays where it is, the two programs are copied to
#   build/firmware/circuitpython  its unix port, 32-bit like a SAMD51, heap
#                                 set by -X heapsize= (a board's: board_heap.py)
#   build/firmware/circuitpython-areas  the same, its heap in 14 areas (as a
#                                 board's heap is in areas: one allocation
#                                 fits in one)
#   build/firmware/mpy-cross      the compiler whose .mpy CircuitPython loads
#                                 (make lib uses it for lib/sthelena_board.mpy)
# DIR must be a git clone with its tags (CircuitPython's build reads its
# version from them); its submodules are not needed. Tried on 10.3 and 9.2.9:
# VM_OUT=build/firmware-9.x puts a 9.x checkout's where the tests look for 9.x
# (tools/build/circuitpython_builds.py).
set -euo pipefail

root=$(cd "$(dirname "$0")/../../.." && pwd)
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: tools/build/circuitpython/firmware_vm.sh CIRCUITPYTHON_CHECKOUT (or make firmware-vm CIRCUITPYTHON=DIR)" >&2
  exit 2
fi
cpy=$(cd "$1" && pwd)
if [ ! -f "$cpy/py/circuitpy_mpconfig.h" ] || [ ! -d "$cpy/ports/unix" ]; then
  echo "firmware_vm: $cpy is not a checkout of adafruit/circuitpython" >&2
  exit 2
fi
if ! git -C "$cpy" describe --tags >/dev/null 2>&1; then
  echo "firmware_vm: $cpy has no git tags; CircuitPython's build needs them (a git clone with its tags)" >&2
  exit 2
fi
if ! echo 'int main(void){return 0;}' | gcc -m32 -x c - -o /dev/null 2>/dev/null; then
  echo "firmware_vm: gcc cannot build 32-bit programs: install gcc-multilib (Debian)" >&2
  exit 2
fi

out=${VM_OUT:-$root/build/firmware}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# CircuitPython's build scripts want the huffman and polib packages (its
# tools/huffman submodule is on PyPI as huffman).
if [ ! -x "$out/venv/bin/python" ]; then
  python3 -m venv "$out/venv"
  "$out/venv/bin/pip" install --quiet --disable-pip-version-check huffman polib
fi
export PATH="$out/venv/bin:$PATH"
# The unix port freezes micropython-lib (a submodule) by default: freeze nothing.
mkdir -p "$out/no-mpylib"
: > "$out/no-mpylib/README.md"
echo "# nothing frozen: the game's measurements want the bare interpreter" > "$out/no-manifest.py"

make -C "$cpy/mpy-cross" -j2 PYTHON=python
# Off: what needs a submodule (ffi, btree, ssl), threads, and the ringio
# module that this configuration cannot build; 9.x's empty frozen module
# trips a warning its build treats as an error.
unix_port() {  # BUILD_DIR [CFLAGS...]
  local build=$1
  shift
  make -C "$cpy/ports/unix" -j2 VARIANT=standard BUILD="$build" PYTHON=python \
    MICROPY_FORCE_32BIT=1 MPY_LIB_DIR="$out/no-mpylib" FROZEN_MANIFEST="$out/no-manifest.py" \
    MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 MICROPY_PY_THREAD=0 \
    CFLAGS_EXTRA="-DMICROPY_PY_MICROPYTHON_RINGIO=0 -Wno-missing-field-initializers $*"
}
unix_port build-standard
# The same with its heap in 14 areas of equal size (about 13 KB at a PyGamer's
# heap): one allocation must fit in one area, as on a board, whose heap grows
# in areas (8, 8, 16, 32, 64 KiB...: tools/harness/board_heap.py); the tests'
# circuitpython-areas.
unix_port build-areas -DMICROPY_GC_SPLIT_HEAP=1 -DMICROPY_GC_SPLIT_HEAP_N_HEAPS=14

cp "$cpy/mpy-cross/build/mpy-cross" "$out/mpy-cross"
cp "$cpy/ports/unix/build-standard/micropython" "$out/circuitpython"
cp "$cpy/ports/unix/build-areas/micropython" "$out/circuitpython-areas"
"$out/mpy-cross" --version
"$out/circuitpython" -X heapsize=150K -c \
  "import gc, sys; print(sys.implementation.name, sys.version, 'heap free', gc.mem_free())"
