"""Build the double-click executable with PyInstaller and prove it works, on any system.

    python -m tools.smoke [--no-build] [--no-onefile] [--out DIR]

Run it with the build environment's Python (the one with PyInstaller). The same steps
on Linux, Windows and macOS (.ci/run through tools/build_and_smoke.sh and, for Windows
under Wine, tools/windows/build.py; every job of .github/workflows/release.yml):

1. onedir build (``dist/tacocat/``), then check what is inside: every file of
   ``assets/``, pygame_gui's fonts, theme, translations and font licences, the modules
   imported per platform, and none of the excluded modules (numpy, tkinter, pytest...)
   nor the fonts no shipped language needs; the licence notices cover it; on Windows,
   the version resource names the product, its version and the copyright;
2. run it from an empty folder: 60 frames, one whole demo game (``--demo --speed 40
   --seed 1 --data-dir``), and 5 frames with the default data folder; each must exit 0,
   write nothing into the working folder, and leave ``dist/`` unchanged;
3. the same for the onefile build (``dist/onefile/``), which must also leave its
   temporary folder empty (not on macOS, where only the .app is shipped);
4. on macOS, the same runs for ``dist/Tacocat.app``'s executable.

The last line printed is one JSON object with the sizes (MB) and the times (s).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tools.notice_bundle import bundle_listing
from tools.notice_bundle import check_bundle as check_notices

ROOT = Path(__file__).resolve().parents[1]

EXE = ".exe" if os.name == "nt" else ""
TIMEOUT = 300


@dataclass(frozen=True)
class Builds:
    """Where PyInstaller puts its work files and the three executables it makes.

    The default is the source tree's ``dist/`` and ``build/``; ``--out DIR`` gives
    ``DIR/dist`` and ``DIR/work``, so a second build (Windows under Wine,
    tools/windows/build.py) does not replace the Linux one.
    """

    dist: Path
    work: Path

    @classmethod
    def under(cls, out: Path | None) -> Builds:
        return (
            cls(ROOT / "dist", ROOT / "build") if out is None else cls(out / "dist", out / "work")
        )

    @property
    def onedir(self) -> Path:
        return self.dist / "tacocat" / f"tacocat{EXE}"

    @property
    def onefile(self) -> Path:
        return self.dist / "onefile" / f"tacocat{EXE}"

    @property
    def app(self) -> Path:
        return self.dist / "Tacocat.app" / "Contents" / "MacOS" / "tacocat"


FORBIDDEN = {
    "numpy",
    "tkinter",
    "_tkinter",
    "pytest",
    "_pytest",
    "hypothesis",
    "unittest",
    "PIL",
    "yaml",
    "_yaml",
    "IPython",
    "matplotlib",
    "psutil",
    "setuptools",
    "pip",
    "PyInstaller",
    "scipy",
    "pandas",
    "soundfile",
    "_soundfile_data",
    "_tcl_data",
    "_tk_data",
    "tcl",
    "tk",
}
#: pygame_gui's fonts for scripts no shipped language uses (build.spec leaves them out).
UNUSED_FONTS = (
    "NotoSansJP-",
    "NotoSansKR-",
    "NotoSansSC-",
    "NotoSansArabic-",
    "NotoSansHebrew-",
    "NotoSansGeorgian-",
)
PYGAME_GUI_FILES = [
    "pygame_gui/data/licenses/NotoSans-LICENSE.txt",
    "pygame_gui/data/licenses/FiraCode-LICENSE.txt",
    "pygame_gui/data/default_theme.json",
    "pygame_gui/data/NotoSans-Regular.ttf",
    "pygame_gui/data/FiraCode-Regular.ttf",
    "pygame_gui/data/translations/pygame-gui.en.json",
]
PLATFORMDIRS = {"win32": "platformdirs.windows", "darwin": "platformdirs.macos"}


def say(text: str) -> None:
    print(f"== {text}", flush=True)


def fail(text: str) -> None:
    say(f"FAILED: {text}")
    raise SystemExit(1)


def build(builds: Builds, onefile: bool) -> float:
    """Run PyInstaller on build.spec; returns the seconds it took."""
    started = time.monotonic()
    args = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(builds.dist),
        "--workpath",
        str(builds.work),
        str(ROOT / "build.spec"),
    ]
    args += ["--", "--onefile"] if onefile else ["--clean"]
    subprocess.run(args, cwd=ROOT, check=True)
    seconds = time.monotonic() - started
    say(f"build {'onefile' if onefile else 'onedir'}: {seconds:.0f} s")
    return seconds


def bundle_contents(exe: Path) -> tuple[set[str], set[str]]:
    """(files, modules) inside a onedir's, a onefile's or a .app's executable, the compiled
    modules among the modules."""
    listing = bundle_listing(exe)
    # Extension modules: "python3.11/lib-dynload/_tkinter.cpython-311-x86_64-linux-gnu.so".
    return listing.files, listing.modules | {
        Path(f).name.split(".")[0] for f in listing.files if f.endswith((".so", ".pyd"))
    }


def check_bundle(exe: Path) -> None:
    files, modules = bundle_contents(exe)
    required = PYGAME_GUI_FILES + sorted(
        "assets/" + p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file()
    )
    required_modules = [
        "filelock",
        "platformdirs",
        "tacocat.persistence.lock",
        "tacocat.persistence.native_crash",
        # Online play: the network thread, the server a game hosts on the
        # home network, its mDNS announcement, and TLS for wss:// servers.
        "tacocat.online.link",
        "tacocat.online.lan",
        "tacocat.server.service",
        "websockets",
        "zeroconf",
        "ssl",
        PLATFORMDIRS.get(sys.platform, "platformdirs.unix"),
    ]
    tops = {m.split(".")[0] for m in modules} | {f.split("/")[0] for f in files}
    libs = {Path(f).name.lower() for f in files}
    found = sorted(tops & FORBIDDEN) + sorted(
        n for n in libs if n.startswith(("libtk", "libtcl", "tk8", "tcl8", "tk86", "tcl86"))
    )
    found += sorted(f for f in files if Path(f).name.startswith(UNUSED_FONTS))
    if sys.platform.startswith("linux"):  # the system's C++ runtime (glibc floor)
        found += sorted(n for n in libs if n.startswith(("libstdc++.so", "libgcc_s.so")))
    missing = [f for f in required if f not in files]
    missing += [m for m in required_modules if m not in modules]
    if found or missing:
        fail(f"{exe}: must not be inside: {found}; missing: {missing}")
    say(
        f"bundle ok: {len(modules)} modules, {len(files)} files, {len(required)} required "
        f"files present, none of the excluded ones"
    )
    # The licence notices: LICENSE and assets/THIRD-PARTY-NOTICES.txt inside, naming every
    # distribution and shared library the bundle holds (tools/notice_bundle.py), checked in
    # this process (under Wine no child Python finds the checkout: tools/windows/build.py).
    if check_notices(exe) != 0:
        fail(f"{exe}: the licence notices do not cover the bundle")
    if os.name == "nt" and exe.suffix == ".exe":
        check_version_resource(exe)


def check_version_resource(exe: Path) -> None:
    """Windows: file Properties -> Details shows the product, its version and the copyright
    (build.spec's version resource), read back the way Explorer reads it."""
    import win32api  # pywin32: in the Windows build environment (the lock's win32 entries)

    init = (ROOT / "tacocat" / "__init__.py").read_text(encoding="utf-8")
    version = init.split('__version__ = "', 1)[1].split('"', 1)[0]
    import pywintypes

    def string(name: str) -> str:
        try:
            return str(win32api.GetFileVersionInfo(str(exe), f"\\StringFileInfo\\040904B0\\{name}"))
        except pywintypes.error:  # not in the resource
            return ""

    strings = {
        name: string(name)
        for name in ("ProductName", "ProductVersion", "FileVersion", "LegalCopyright")
    }
    if (
        strings["ProductVersion"] != version
        or strings["FileVersion"] != version
        or not strings["LegalCopyright"].startswith("Copyright (c) ")
        or "Tacocat" not in strings["ProductName"]
    ):
        fail(f"{exe}: its version resource says {strings}")
    say(f"version resource: {strings}")


def snapshot(dist: Path) -> list[tuple[str, int, int]]:
    """Every path under ``dist`` with its size and modification time."""
    out = []
    for top, dirs, names in sorted(os.walk(dist)):
        for name in sorted(dirs + names):
            stat = os.lstat(os.path.join(top, name))
            out.append((os.path.join(top, name), stat.st_size, stat.st_mtime_ns))
    return out


def run_frozen(exe: Path, args: list[str], work: Path, **env: str) -> float:
    """Run ``exe args`` from an empty folder: exit 0 and nothing written there."""
    cwd = work / "cwd"
    cwd.mkdir(parents=True, exist_ok=True)
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **env}
    started = time.monotonic()
    done = subprocess.run([str(exe), *args], cwd=cwd, env=environ, timeout=TIMEOUT, check=False)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        for log in sorted(work.rglob("tacocat.log")):
            print(log.read_text(encoding="utf-8", errors="replace")[-3000:])
        fail(f"exit {done.returncode}: {exe} {' '.join(args)}")
    say(f"ok in {seconds:.1f} s: {exe} {' '.join(args)}")
    if any(cwd.iterdir()):
        fail(f"it wrote into the working folder: {sorted(p.name for p in cwd.iterdir())}")
    return seconds


def smoke(exe: Path, dist: Path, work: Path, **env: str) -> float:
    """The three runs; returns the demo game's seconds."""
    before = snapshot(dist)
    run_frozen(exe, ["--frames", "60", "--data-dir", str(work / "data1")], work, **env)
    demo = run_frozen(
        exe,
        ["--demo", "--speed", "40", "--seed", "1", "--data-dir", str(work / "data2")],
        work,
        **env,
    )
    # No --data-dir: the per-user data folder (moved into the work folder where the
    # system lets an environment variable move it).
    home = {"XDG_DATA_HOME": str(work / "xdg")} if sys.platform.startswith("linux") else {}
    if sys.platform == "darwin":
        home = {"HOME": str(work / "home")}
    run_frozen(exe, ["--frames", "5"], work, **env, **home)
    if sys.platform.startswith("linux") and not (work / "xdg/tacocat/tacocat.log").is_file():
        fail("no log in the default data folder")
    if sys.platform == "darwin" and not list((work / "home").rglob("tacocat.log")):
        fail("no log in the default data folder")
    if snapshot(dist) != before:
        fail(f"{dist} changed while the game ran")
    say(f"{dist} unchanged")
    return demo


def size_mb(path: Path) -> float:
    if path.is_file():
        return round(path.stat().st_size / 1e6, 1)
    # Like du: links counted once, as links (the .app and onedir have many).
    return round(
        sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file()) / 1e6, 1
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--no-build", action="store_true", help="check the builds in dist/ as they are"
    )
    parser.add_argument(
        "--no-onefile",
        action="store_true",
        help="skip the onefile build (default on macOS, which ships the .app)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="build into DIR/dist (work files in DIR/work) instead of dist/",
    )
    return parser


def smoke_onedir(builds: Builds, work: Path, report: dict[str, float], build_it: bool) -> None:
    """Steps 1 and 2 (and 4 on macOS): the onedir built, checked and run, and the .app's."""
    say("onedir")
    if build_it:
        report["build_onedir_s"] = round(build(builds, onefile=False), 1)
    check_bundle(builds.onedir)
    report["demo_onedir_s"] = round(smoke(builds.onedir, builds.dist, work / "onedir"), 1)
    report["onedir_mb"] = size_mb(builds.onedir.parent)
    say(f"onedir size: {report['onedir_mb']} MB")
    if sys.platform == "darwin":
        say("macOS app")
        check_bundle(builds.app)
        report["demo_app_s"] = round(smoke(builds.app, builds.dist, work / "app"), 1)


def smoke_onefile(builds: Builds, work: Path, report: dict[str, float], build_it: bool) -> None:
    """Step 3: the onefile built, checked and run, its temporary folder left empty."""
    say("onefile")
    if build_it:
        report["build_onefile_s"] = round(build(builds, onefile=True), 1)
    if not builds.onedir.is_file():
        fail(f"the onefile build removed {builds.onedir.parent}")
    check_bundle(builds.onefile)
    unpack = work / "tmp"
    unpack.mkdir()
    temp = {"TMPDIR": str(unpack), "TEMP": str(unpack), "TMP": str(unpack)}
    report["demo_onefile_s"] = round(
        smoke(builds.onefile, builds.dist, work / "onefile", **temp), 1
    )
    if any(unpack.iterdir()):
        fail(f"onefile left files in its temporary folder: {list(unpack.iterdir())}")
    report["onefile_mb"] = size_mb(builds.onefile)
    say(f"onefile size: {report['onefile_mb']} MB")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    builds = Builds.under(args.out)
    onefile = not args.no_onefile and sys.platform != "darwin"
    if os.environ.get("TACOCAT_SMOKE_ONEFILE") == "0" or (
        args.no_build and not builds.onefile.is_file()
    ):
        onefile = False
    report: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="tacocat-smoke-") as tmp:
        work = Path(tmp)
        smoke_onedir(builds, work, report, build_it=not args.no_build)
        if onefile:
            smoke_onefile(builds, work, report, build_it=not args.no_build)
    say("frozen smoke test passed")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
