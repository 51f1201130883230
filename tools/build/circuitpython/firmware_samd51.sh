#!/usr/bin/env bash
# Build CircuitPython's firmware for the Adafruit PyGamer and PyBadge
# (SAMD51J19, the atmel-samd port) from a checkout of adafruit/circuitpython,
# to read from its link map what the game's heap gets on those boards
# (`make firmware-samd51 CIRCUITPYTHON=DIR`; tools/harness/board_heap.py).
# BOARDS="pygamer pybadge" (the default) names the boards built.
# Nothing of CircuitPython is committed; each board goes to
# build/samd51/BOARD/:
#   firmware.uf2  firmware.elf  the firmware (flash at 0x4000, after the
#                               bootloader)
#   firmware.elf.map            the link map
#   version.txt   one line: CircuitPython's version, the board, the compiler
# and build/samd51/ holds sources.txt (each submodule's path, repository and
# the commit unpacked) and the working parts: toolchain/, venv/, downloads/,
# and each board's obj/.
#
# Needs what tools/build/circuitpython/firmware_rp2040.sh needs (the shared parts are in
# tools/build/circuitpython/arm_firmware.sh), with newlib and libgcc for the Cortex-M4F
# (thumb/v7e-m+fp/hard) from the same Debian packages. Apart from the boards'
# own configuration: ulab is off (its submodule is not fetched; the game does
# not use it), and so is link-time optimisation, which the port turns on but
# the wheel cannot do (it has no lto1): the firmware fits without it. GCC 13
# warns of the port's stack limit (port_stack_get_limit) as an array out of
# bounds, which the port's -Werror would stop at: a warning here (COPT).
# Debian's GCC 12 builds it with LTO too (CIRCUITPY_MIN_GCC_VERSION=12): its
# static RAM is 72 bytes smaller (docs/board.md).
set -euo pipefail

root=$(cd "$(dirname "$0")/../../.." && pwd)
fw_name=firmware_samd51
. "$root/tools/build/circuitpython/arm_firmware.sh"
arm_arguments firmware-samd51 "$@"
boards=${BOARDS:-pygamer pybadge}
out="$root/build/samd51"
jobs=${JOBS:-2}

for board in $boards; do
  arm_checks "$cpy" atmel-samd "$board" "$mirrors"
done

# --- The compiler: PyPI's wheel, with Debian's newlib and libgcc for the
# Cortex-M4F (thumb/v7e-m+fp/hard).
arm_wheel_toolchain thumb/v7e-m+fp/hard -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
arm_build_venv

# --- Submodules: the port's own and those all ports here build with.
arm_unpack_submodules "$cpy" "$mirrors" \
  "ports/atmel-samd/asf4 adafruit/asf4" \
  "ports/atmel-samd/peripherals adafruit/samd-peripherals" \
  "ports/atmel-samd/freetouch adafruit/Adafruit_FreeTouch" \
  "${ARM_SUBMODULES[@]}"

# --- Build each board. micropython-lib is frozen by nothing here.
no_mpylib=$(arm_no_mpylib)
for board in $boards; do
  firmware_out="$out/$board"
  mkdir -p "$firmware_out"
  start=$(date +%s)
  make -C "$cpy/ports/atmel-samd" -j"$jobs" BOARD="$board" BUILD="$firmware_out/obj" PYTHON=python3 \
    CIRCUITPY_MIN_GCC_VERSION="${gcc_version%%.*}" MPY_LIB_DIR="$no_mpylib" \
    CIRCUITPY_ULAB=0 CIRCUITPY_LTO=0 COPT=-Wno-error=array-bounds
  end=$(date +%s)
  arm_finish "$firmware_out" "$board" SAMD51J19 $((end - start)) \
    firmware.uf2 firmware.elf firmware.elf.map
done
