#!/usr/bin/env bash
# Build the double-click executable with PyInstaller and prove it works,
# headless, from another working directory. Used by .ci/run; see docs/building.md.
#
#   bash tools/build_and_smoke.sh [PYTHON]      (default: python3)
#
# 1. onedir build (dist/tacocat/), then check what is inside: our assets,
#    pygame_gui's fonts and their licence texts, and none of the excluded
#    modules (numpy, tkinter, pytest...); and the licence notices: LICENSE and
#    assets/THIRD-PARTY-NOTICES.txt inside, naming every bundled distribution and library;
# 2. run it from a temporary folder: 60 frames, one whole demo game
#    (--demo --speed 40 --seed 1), and once with the default data folder; each
#    must exit 0 and dist/ must not change (nothing written next to the exe);
# 3. the same for the onefile build (dist/onefile/tacocat), which must also
#    clean up what it unpacks into the temp folder.
# Set TACOCAT_SMOKE_ONEFILE=0 to skip step 3.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${1:-python3}"
ROOT="$(pwd)"
EXT=""
case "$(uname -s)" in MINGW*|MSYS*|CYGWIN*) EXT=".exe" ;; esac
ONEDIR="$ROOT/dist/tacocat/tacocat$EXT"
ONEFILE="$ROOT/dist/onefile/tacocat$EXT"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
TIMEOUT=""  # GNU timeout where there is one (not on stock macOS)
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 300"

say() { printf '== %s\n' "$*"; }

build() {  # build [--onefile]
    local started=$SECONDS
    if [ $# -gt 0 ]; then
        "$PYTHON" -m PyInstaller --noconfirm --log-level WARN build.spec -- "$@"
    else
        "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
    fi
    say "build ${1:-onedir}: $((SECONDS - started)) s"
}

check_bundle() {  # check_bundle ARTIFACT: contents of a onedir folder's exe or a onefile exe
    "$PYTHON" - "$1" <<'PY'
import io
import sys
import zipfile
from pathlib import Path

from PyInstaller.archive.readers import CArchiveReader

FORBIDDEN = {"numpy", "tkinter", "_tkinter", "pytest", "_pytest", "hypothesis", "unittest",
             "PIL", "yaml", "_yaml", "IPython", "matplotlib", "psutil", "setuptools", "pip",
             "PyInstaller", "scipy", "pandas", "_tcl_data", "_tk_data", "tcl", "tk"}
REQUIRED = ["pygame_gui/data/licenses/NotoSans-LICENSE.txt",
            "pygame_gui/data/licenses/FiraCode-LICENSE.txt",
            "pygame_gui/data/default_theme.json", "pygame_gui/data/NotoSans-Regular.ttf",
            "pygame_gui/data/translations/pygame-gui.en.json"]
REQUIRED += sorted("assets/" + p.relative_to("assets").as_posix()
                   for p in Path("assets").rglob("*") if p.is_file())

exe = Path(sys.argv[1])
pkg = CArchiveReader(str(exe))
files, modules = set(), set()
for name, (*_, typecode) in pkg.toc.items():
    name = name.replace("\\", "/")
    if typecode in "ms":  # bootstrap modules and scripts
        modules.add(name)
    elif typecode == "z":  # the PYZ with every pure-Python module
        modules.update(pkg.open_embedded_archive(name).toc)
    else:
        files.add(name)
internal = exe.parent / "_internal"
if internal.is_dir():  # onedir: binaries and data files sit next to the exe
    files.update(p.relative_to(internal).as_posix() for p in internal.rglob("*") if p.is_file())
    base = (internal / "base_library.zip").read_bytes()
else:  # onefile: everything is inside
    base = pkg.extract("base_library.zip")
modules.update(n[:-4].replace("/", ".").removesuffix(".__init__")
               for n in zipfile.ZipFile(io.BytesIO(base)).namelist() if n.endswith(".pyc"))
# Extension modules: "python3.11/lib-dynload/_tkinter.cpython-311-x86_64-linux-gnu.so", "_tkinter.pyd".
modules.update(Path(f).name.split(".")[0] for f in files if f.endswith((".so", ".pyd")))

tops = {m.split(".")[0] for m in modules} | {f.split("/")[0] for f in files}
libs = {Path(f).name.lower() for f in files}
found = sorted(tops & FORBIDDEN) + sorted(
    n for n in libs if n.startswith(("libtk", "libtcl", "tk8", "tcl8", "tk86", "tcl86")))
# Imported inside functions or per platform, so worth checking they came along.
PLATFORMDIRS = {"win32": "platformdirs.windows", "darwin": "platformdirs.macos"}
REQUIRED_MODULES = ["filelock", "platformdirs", "tacocat.persistence.lock",
                    PLATFORMDIRS.get(sys.platform, "platformdirs.unix")]
missing = [f for f in REQUIRED if f not in files] + [m for m in REQUIRED_MODULES
                                                     if m not in modules]
if found or missing:
    sys.exit(f"{exe}: excluded modules inside: {found}; missing files: {missing}")
print(f"bundle ok: {len(modules)} modules, {len(files)} files, "
      f"{len(REQUIRED)} required files present, none of {len(FORBIDDEN)} excluded names")
PY
}

check_notices() {  # check_notices EXE: the notices ship and name everything bundled
    # assets/THIRD-PARTY-NOTICES.txt and LICENSE are inside, and every distribution and
    # shared library in the bundle has a notice (tools/notice_bundle.py).
    "$PYTHON" tools/notices.py bundle "$1"
}

snapshot() {  # every path under dist/ with its size and modification time
    "$PYTHON" -c 'import os, sys
for top, dirs, names in sorted(os.walk(sys.argv[1])):
    for n in sorted(dirs + names):
        s = os.lstat(os.path.join(top, n))
        print(os.path.join(top, n), s.st_size, s.st_mtime_ns)' "$ROOT/dist"
}

run_frozen() {  # run_frozen EXE ARGS...: from an empty folder; exit status must be 0
    local exe="$1" started=$SECONDS status=0
    shift
    mkdir -p "$WORK/cwd"
    (cd "$WORK/cwd" && $TIMEOUT "$exe" "$@") || status=$?
    if [ "$status" -ne 0 ]; then
        say "FAILED (exit $status): $exe $*"
        tail -n 30 "$WORK"/data*/tacocat.log "$WORK"/xdg/tacocat/tacocat.log 2>/dev/null || true
        exit 1
    fi
    say "ok in $((SECONDS - started)) s: ${exe#"$ROOT/"} $*"
    if [ -n "$(ls -A "$WORK/cwd")" ]; then
        say "FAILED: it wrote into the working folder: $(ls -A "$WORK/cwd")"
        exit 1
    fi
}

smoke() {  # smoke EXE [demo]
    local exe="$1" before
    before="$(snapshot)"
    rm -rf "$WORK"/data* "$WORK/xdg"
    run_frozen "$exe" --frames 60 --data-dir "$WORK/data1"
    if [ "${2:-}" = demo ]; then
        run_frozen "$exe" --demo --speed 40 --seed 1 --data-dir "$WORK/data2"
    fi
    # No --data-dir: the per-user data folder (XDG_DATA_HOME on Linux).
    XDG_DATA_HOME="$WORK/xdg" run_frozen "$exe" --frames 5
    if [ "$(uname -s)" = Linux ] && [ ! -f "$WORK/xdg/tacocat/tacocat.log" ]; then
        say "FAILED: no log in the default data folder"
        exit 1
    fi
    if [ "$before" != "$(snapshot)" ]; then
        say "FAILED: dist/ changed while the game ran:"
        diff <(echo "$before") <(snapshot) || true
        exit 1
    fi
    say "dist/ unchanged"
}

say "onedir"
build
check_bundle "$ONEDIR"
check_notices "$ONEDIR"
smoke "$ONEDIR" demo
say "onedir size: $(du -sm "$ROOT/dist/tacocat" | cut -f1) MB"

if [ "${TACOCAT_SMOKE_ONEFILE:-1}" != 0 ]; then
    say "onefile"
    build --onefile
    test -d "$ROOT/dist/tacocat" || { say "FAILED: the onefile build removed dist/tacocat/"; exit 1; }
    check_bundle "$ONEFILE"
    check_notices "$ONEFILE"
    mkdir -p "$WORK/tmp"
    TMPDIR="$WORK/tmp" smoke "$ONEFILE" demo
    if [ -n "$(ls -A "$WORK/tmp")" ]; then
        say "FAILED: onefile left files in TMPDIR: $(ls -A "$WORK/tmp")"
        exit 1
    fi
    say "onefile size: $(du -sm "$ONEFILE" | cut -f1) MB"
fi
say "frozen smoke test passed"
