"""Build the Windows installer, and prove it: install, play from the Start menu, uninstall.

    python -m tools.windows.installer build --dist DIST/tacocat --out DIR
    python -m tools.windows.installer roundtrip SETUP.exe --prefix WINEPREFIX --python PY.exe
    python -m tools.windows.installer roundtrip SETUP.exe --native        (on Windows itself)

``build`` runs makensis on packaging/windows/tacocat.nsi (the one installer script, used
by .ci/run here and by the release workflow) and prints the installer's path.
``roundtrip`` installs silently with the desktop shortcut, checks the files, both
shortcuts and the uninstall key Settings -> Apps reads, starts the game from the
Start-menu shortcut's target (a whole demo game), uninstalls silently, and checks that
the files, shortcuts and key are gone and the player's data is kept. Here it runs under
Wine (tools/windows/wine.py); ``--native`` runs the same checks on Windows.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tools.windows.wine import Done, Wine, WineError

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = ROOT / "packaging" / "windows" / "tacocat.nsi"
APP_NAME = "Tacocat Spelled Backwards"
PUBLISHER = "The Tacocat Spelled Backwards developers"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\org.tacocat.Tacocat"
#: Where a per-user install goes, under the user's LocalAppData.
INSTALL_FOLDER = ("Programs", "Tacocat")
START_MENU = ("Microsoft", "Windows", "Start Menu", "Programs", f"{APP_NAME}.lnk")
TIMEOUT = 300


class InstallerError(RuntimeError):
    """The installer could not be built, or did not do what it must."""


def version() -> str:
    init = (ROOT / "tacocat" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'__version__ = "([^"]+)"', init)
    assert found, "tacocat/__init__.py has no __version__"
    return found.group(1)


def numeric_version(text: str) -> str:
    """ "0.1.0" -> "0.1.0.0": the four numbers a Windows version resource holds."""
    numbers = [int(n) for n in re.findall(r"\d+", text)[:4]]
    return ".".join(str(n) for n in (numbers + [0, 0, 0, 0])[:4])


def setup_name(text: str) -> str:
    return f"tacocat-{text}-windows-x86_64-setup.exe"


def makensis() -> str:
    found = shutil.which("makensis")
    program_files = os.environ.get("PROGRAMFILES(X86)")
    if found is None and program_files:
        candidate = Path(program_files) / "NSIS" / "makensis.exe"
        found = str(candidate) if candidate.is_file() else None
    if found is None:
        raise InstallerError(
            "makensis is not installed: apt-get install nsis (Debian and Ubuntu "
            "ship its 64-bit stubs, which this installer needs)"
        )
    return found


def build(dist: Path, out: Path) -> Path:
    """makensis on the onedir folder ``dist`` (holding tacocat.exe); returns the installer."""
    if not (dist / "tacocat.exe").is_file():
        raise InstallerError(f"no {dist / 'tacocat.exe'}: build the Windows executable first")
    out.mkdir(parents=True, exist_ok=True)
    current = version()
    setup = out / setup_name(current)
    defines = {
        "VERSION": current,
        "VIVERSION": numeric_version(current),
        "DIST": str(dist.resolve()),
        "OUTFILE": str(setup.resolve()),
        "ROOT": str(ROOT),
    }
    command = [
        makensis(),
        "-V2",
        "-WX",
        "-INPUTCHARSET",
        "UTF8",
        *(f"-D{name}={value}" for name, value in defines.items()),
        str(SCRIPT),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    if done.returncode != 0:
        raise InstallerError(f"makensis failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return setup


# --- Where the round trip runs ------------------------------------------------------------
class Host(Protocol):
    """Windows, real or under Wine: what the round trip needs of it."""

    def start(self, program: str, args: Sequence[str], timeout: float) -> Done: ...

    def folder(self, known: str) -> Path:
        """``LocalAppData``, ``AppData`` or ``Desktop``, as a path this process can read."""
        ...

    def windows_path(self, path: Path) -> str: ...

    def reg_values(self, key: str) -> dict[str, str] | None: ...

    def shortcut_target(self, link: Path) -> str: ...

    def settle(self) -> None:
        """Wait until programs that outlive their start (the uninstaller's copy) have ended."""
        ...


@dataclass(frozen=True)
class WineHost:
    wine: Wine
    python: Path  # the Windows CPython with pywin32 (tools/windows/build.py sets it up)

    def start(self, program: str, args: Sequence[str], timeout: float) -> Done:
        return self.wine.run(
            [program, *args],
            timeout=timeout,
            check=False,
            env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        )

    def folder(self, known: str) -> Path:
        return self.wine.user_folder(known)

    def windows_path(self, path: Path) -> str:
        return self.wine.windows_path(path)

    def reg_values(self, key: str) -> dict[str, str] | None:
        return self.wine.reg_values(key)

    def shortcut_target(self, link: Path) -> str:
        done = self.wine.run(
            [
                str(self.python),
                self.windows_path(Path(__file__).with_name("shortcut_target.py")),
                self.windows_path(link),
            ],
            timeout=120,
        )
        return done.output.strip().splitlines()[-1]

    def settle(self) -> None:
        self.wine.wait(timeout=120)


class NativeHost:
    """Windows itself (the release workflow's windows-latest runner)."""

    def start(self, program: str, args: Sequence[str], timeout: float) -> Done:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        done = subprocess.run(
            [program, *args], capture_output=True, text=True, env=env, timeout=timeout, check=False
        )
        return Done(done.returncode, done.stdout + done.stderr)

    def folder(self, known: str) -> Path:
        if known == "Desktop":
            return Path(os.environ["USERPROFILE"]) / "Desktop"
        return Path(os.environ[{"LocalAppData": "LOCALAPPDATA", "AppData": "APPDATA"}[known]])

    def windows_path(self, path: Path) -> str:
        return str(path.resolve())

    def reg_values(self, key: str) -> dict[str, str] | None:
        import winreg  # type: ignore[import-not-found,unused-ignore]  # Windows only

        hive, _, sub = key.partition("\\")
        assert hive == "HKCU", key
        try:
            handle = winreg.OpenKey(winreg.HKEY_CURRENT_USER, sub)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return None
        values: dict[str, str] = {}
        index = 0
        with handle:
            while True:
                try:
                    name, data, _ = winreg.EnumValue(handle, index)  # type: ignore[attr-defined,unused-ignore]
                except OSError:
                    return values
                values[name] = hex(data) if isinstance(data, int) else str(data)
                index += 1

    def shortcut_target(self, link: Path) -> str:
        from tools.windows.shortcut_target import shortcut_target

        return shortcut_target(str(link))

    def settle(self) -> None:
        # NSIS's uninstaller returns at once and goes on in a copy of itself, Au_.exe.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            tasks = subprocess.run(
                ["tasklist", "/FI", "IMAGENAME eq Au_.exe", "/NH"],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            if "Au_.exe" not in tasks.stdout:
                return
            time.sleep(1)
        raise InstallerError("the uninstaller was still running after 120 s")


# --- The round trip -----------------------------------------------------------------------
def check(condition: bool, what: str) -> None:
    if not condition:
        raise InstallerError(what)
    print(f"== ok: {what}", flush=True)


def folder_kib(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) // 1024


def check_installed(host: Host, app: Path, links: Sequence[Path]) -> None:
    """The files, the shortcuts and the uninstall key Settings -> Apps reads."""
    check(
        (app / "tacocat.exe").is_file()
        and (app / "uninstall.exe").is_file()
        and (app / "_internal" / "assets" / "THIRD-PARTY-NOTICES.txt").is_file()
        and (app / "_internal" / "LICENSE").is_file(),
        f"the game, its uninstaller, LICENSE and the notices are in {app}",
    )
    check(links[0].is_file(), "the Start-menu shortcut is there")
    check(links[1].is_file(), "the desktop shortcut is there (/DESKTOPICON)")

    values = host.reg_values(UNINSTALL_KEY) or {}
    installed = host.windows_path(app / "tacocat.exe")
    check(
        values.get("DisplayName") == APP_NAME
        and values.get("Publisher") == PUBLISHER
        and values.get("DisplayVersion") == version(),
        f"Settings -> Apps lists {APP_NAME} {version()} by its publisher",
    )
    check(
        values.get("DisplayIcon", "").lower().startswith(installed.lower()),
        "the uninstall entry's icon is the game's",
    )
    check(
        values.get("QuietUninstallString", "")
        .lower()
        .startswith(f'"{host.windows_path(app / "uninstall.exe")}"'.lower()),
        "it has a quiet uninstall command",
    )
    size = int(values.get("EstimatedSize", "0"), 16)
    check(
        abs(size - folder_kib(app)) <= folder_kib(app) * 0.05,
        f"the size it shows ({size} KiB) is the installed folder's ({folder_kib(app)} KiB)",
    )


def roundtrip(host: Host, setup: Path, work: Path) -> dict[str, float]:
    """Install, check, play, uninstall, check; returns the seconds each step took."""
    app = host.folder("LocalAppData").joinpath(*INSTALL_FOLDER)
    start_menu = host.folder("AppData").joinpath(*START_MENU)
    desktop = host.folder("Desktop") / f"{APP_NAME}.lnk"
    if host.reg_values(UNINSTALL_KEY) is not None or app.exists():
        raise InstallerError(f"the game is already installed in {app}: uninstall it first")
    seconds: dict[str, float] = {}

    started = time.monotonic()
    done = host.start(host.windows_path(setup), ["/S", "/DESKTOPICON"], TIMEOUT)
    host.settle()
    seconds["install_s"] = round(time.monotonic() - started, 1)
    check(done.returncode == 0, f"the silent install exits 0 (exit {done.returncode})")
    check_installed(host, app, (start_menu, desktop))
    installed = host.windows_path(app / "tacocat.exe")

    target = host.shortcut_target(start_menu)
    check(target.lower() == installed.lower(), f"the Start-menu shortcut starts {target}")
    data = work / "data"
    started = time.monotonic()
    game = host.start(
        target,
        ["--demo", "--speed", "40", "--seed", "1", "--data-dir", host.windows_path(data)],
        TIMEOUT,
    )
    seconds["demo_s"] = round(time.monotonic() - started, 1)
    check(
        game.returncode == 0 and any((data / "history" / "games").glob("*.json")),
        f"a whole demo game from the Start-menu entry (exit {game.returncode})",
    )

    started = time.monotonic()
    done = host.start(host.windows_path(app / "uninstall.exe"), ["/S"], TIMEOUT)
    host.settle()
    seconds["uninstall_s"] = round(time.monotonic() - started, 1)
    check(done.returncode == 0, "the silent uninstall exits 0")
    check(not app.exists(), f"{app} is gone")
    check(not start_menu.exists() and not desktop.exists(), "both shortcuts are gone")
    check(host.reg_values(UNINSTALL_KEY) is None, "the uninstall key is gone")
    check(any((data / "history" / "games").glob("*.json")), "the player's games are kept")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    make = steps.add_parser("build", help="run makensis on packaging/windows/tacocat.nsi")
    make.add_argument("--dist", type=Path, required=True, help="the onedir folder (tacocat.exe)")
    make.add_argument("--out", type=Path, required=True, help="where the installer goes")
    trip = steps.add_parser("roundtrip", help="install, play, uninstall, check")
    trip.add_argument("setup", type=Path)
    where = trip.add_mutually_exclusive_group(required=True)
    where.add_argument("--prefix", type=Path, help="a Wine prefix (with --python)")
    where.add_argument("--native", action="store_true", help="on Windows itself")
    trip.add_argument("--python", type=Path, help="the Windows python.exe with pywin32 (Wine)")
    args = parser.parse_args(argv)
    try:
        if args.step == "build":
            print(build(args.dist, args.out))
            return 0
        if args.prefix is not None and args.python is None:
            parser.error("--prefix needs --python")
        host: Host = NativeHost() if args.native else WineHost(Wine(args.prefix), args.python)
        with tempfile.TemporaryDirectory(prefix="tacocat-installer-") as tmp:
            print(roundtrip(host, args.setup, Path(tmp)))
    except (InstallerError, WineError) as error:
        print(f"== FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
