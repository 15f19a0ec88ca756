"""The Windows build's tooling: its lock, the installer script, and the round trip's checks.

The real thing runs in .ci/run (tools/windows/build.py: the .exe built and played under
Wine, the installer built, installed, played from its shortcut and uninstalled). These
tests check the parts that must hold without Wine: the build lock agrees with the dev
lock, makensis accepts the script, and the round trip catches an installer that leaves
something behind.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tacocat import __version__
from tools.platform_distributions import WINDOWS, lock_pins
from tools.windows import installer
from tools.windows.installer import (
    APP_NAME,
    INSTALL_FOLDER,
    START_MENU,
    UNINSTALL_KEY,
    InstallerError,
)
from tools.windows.wine import Done, Wine, parse_reg_query

ROOT = Path(__file__).resolve().parents[2]
BUILD_LOCK = ROOT / "packaging" / "windows" / "requirements-build.txt"


def test_the_windows_build_lock_pins_what_the_dev_lock_pins():
    """packaging/windows/requirements-build.txt is compiled with the dev lock as constraints:
    a dev-lock upgrade without regenerating it would build Windows with other versions."""
    build, dev = lock_pins(BUILD_LOCK), lock_pins(ROOT / "requirements-dev.txt")
    assert {"pyinstaller", "pygame-ce", "pywin32", "comtypes", "packaging"} <= build.keys()
    assert all(pin.hashes for pin in build.values())
    differ = {
        name: (pin.version, dev[name].version if name in dev else "absent")
        for name, pin in build.items()
        if name not in dev or dev[name].version != pin.version
    }
    assert not differ, f"regenerate the Windows build lock (docs/building.md): {differ}"


def test_the_windows_build_lock_holds_every_windows_runtime_requirement():
    runtime = {name: pin.version for name, pin in lock_pins().items() if pin.applies(WINDOWS)}
    build = lock_pins(BUILD_LOCK)
    missing = {
        name: version
        for name, version in runtime.items()
        if name not in build or build[name].version != version
    }
    assert not missing and "pywin32" in runtime


def test_reg_query_output_is_read_into_values():
    output = (
        "HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\org.tacocat.Tacocat\n"
        "    DisplayIcon    REG_SZ    C:\\users\\root\\AppData\\Local\\Programs\\Tacocat\\tacocat.exe,0\n"
        "    DisplayName    REG_SZ    Tacocat Spelled Backwards\n"
        "    EstimatedSize    REG_DWORD    0x95f5\n"
        "    NoModify    REG_DWORD    0x1\n"
        "    Empty    REG_SZ\n"
    )
    values = parse_reg_query(output)
    assert values == {
        "DisplayIcon": "C:\\users\\root\\AppData\\Local\\Programs\\Tacocat\\tacocat.exe,0",
        "DisplayName": "Tacocat Spelled Backwards",
        "EstimatedSize": "0x95f5",
        "NoModify": "0x1",
        "Empty": "",
    }


def test_wine_paths_put_the_prefix_on_c_and_the_rest_on_z(tmp_path):
    wine = Wine(tmp_path / "prefix")
    inside = tmp_path / "prefix" / "drive_c" / "users" / "root" / "x.exe"
    assert wine.windows_path(inside) == "C:\\users\\root\\x.exe"
    assert wine.windows_path(tmp_path / "data") == "Z:" + str(tmp_path / "data").replace("/", "\\")


def test_versions_for_the_resource_and_the_file_name():
    assert installer.numeric_version("0.1.0") == "0.1.0.0"
    assert installer.numeric_version("2.10") == "2.10.0.0"
    assert installer.setup_name(__version__) == f"tacocat-{__version__}-windows-x86_64-setup.exe"


def _fake_onedir(folder: Path) -> Path:
    (folder / "_internal" / "assets").mkdir(parents=True)
    (folder / "tacocat.exe").write_bytes(b"MZ" + b"\0" * 1022)
    (folder / "_internal" / "LICENSE").write_text("MIT\n", encoding="utf-8")
    return folder


def test_makensis_builds_the_installer_from_a_onedir_folder(tmp_path):
    if shutil.which("makensis") is None:
        if os.environ.get("CI"):
            pytest.fail("makensis is missing: .ci/run installs nsis")
        pytest.skip("makensis is not installed (apt-get install nsis)")
    setup = installer.build(_fake_onedir(tmp_path / "tacocat"), tmp_path / "out")
    assert setup.name == installer.setup_name(__version__)
    data = setup.read_bytes()
    assert data[:2] == b"MZ"
    # The version resource names the product and its version (UTF-16, as Windows reads it).
    assert APP_NAME.encode("utf-16-le") in data and __version__.encode("utf-16-le") in data
    # 64-bit: the PE header's machine is x86-64 (0x8664), which this Wine can run.
    pe = int.from_bytes(data[0x3C:0x40], "little")
    assert data[pe : pe + 4] == b"PE\0\0" and data[pe + 4 : pe + 6] == (0x8664).to_bytes(
        2, "little"
    )


def test_the_installer_needs_a_built_executable(tmp_path):
    with pytest.raises(InstallerError, match="build the Windows executable first"):
        installer.build(tmp_path / "nothing", tmp_path / "out")


# --- The round trip's checks, against a Windows of our own ---------------------------------
@dataclass
class FakeWindows:
    """A pretend Windows whose installer and uninstaller can be told to misbehave."""

    root: Path
    defects: set[str] = field(default_factory=set)
    registry: dict[str, dict[str, str]] = field(default_factory=dict)

    def folder(self, known: str) -> Path:
        return self.root / known

    def windows_path(self, path: Path) -> str:
        return str(path)

    def reg_values(self, key: str) -> dict[str, str] | None:
        return self.registry.get(key)

    def shortcut_target(self, link: Path) -> str:
        return link.read_text(encoding="utf-8")

    def settle(self) -> None:
        pass

    def start(self, program: str, args: Sequence[str], timeout: float) -> Done:
        app = self.folder("LocalAppData").joinpath(*INSTALL_FOLDER)
        links = [self.folder("AppData").joinpath(*START_MENU)]
        if "/DESKTOPICON" in args and "no desktop icon" not in self.defects:
            links.append(self.folder("Desktop") / f"{APP_NAME}.lnk")
        if program.endswith("setup.exe"):
            for name in (
                "tacocat.exe",
                "uninstall.exe",
                "_internal/LICENSE",
                "_internal/assets/THIRD-PARTY-NOTICES.txt",
            ):
                (app / name).parent.mkdir(parents=True, exist_ok=True)
                (app / name).write_text("x" * 4096, encoding="utf-8")
            target = (
                "C:/elsewhere.exe" if "wrong target" in self.defects else str(app / "tacocat.exe")
            )
            for link in links:
                link.parent.mkdir(parents=True, exist_ok=True)
                link.write_text(target, encoding="utf-8")
            size = 1 if "wrong size" in self.defects else installer.folder_kib(app)
            self.registry[UNINSTALL_KEY] = {
                "DisplayName": APP_NAME,
                "Publisher": installer.PUBLISHER,
                "DisplayVersion": __version__,
                "DisplayIcon": f"{app / 'tacocat.exe'},0",
                "QuietUninstallString": f'"{app / "uninstall.exe"}" /S',
                "EstimatedSize": hex(size),
            }
        elif program.endswith("uninstall.exe"):
            if "keeps the key" not in self.defects:
                del self.registry[UNINSTALL_KEY]
            if "keeps the shortcut" not in self.defects:
                for link in self.root.rglob("*.lnk"):
                    link.unlink()
            shutil.rmtree(app)
        else:  # the game: a demo writes its record into --data-dir
            games = Path(args[args.index("--data-dir") + 1]) / "history" / "games"
            games.mkdir(parents=True)
            (games / "1.json").write_text("{}", encoding="utf-8")
        return Done(0, "")


def test_a_clean_install_and_uninstall_passes(tmp_path):
    seconds = installer.roundtrip(FakeWindows(tmp_path / "win"), tmp_path / "setup.exe", tmp_path)
    assert set(seconds) == {"install_s", "demo_s", "uninstall_s"}


@pytest.mark.parametrize(
    ("defect", "message"),
    [
        ("keeps the key", "the uninstall key is gone"),
        ("keeps the shortcut", "both shortcuts are gone"),
        ("wrong target", "the Start-menu shortcut starts"),
        ("wrong size", "the size it shows"),
        ("no desktop icon", "the desktop shortcut is there"),
    ],
)
def test_the_round_trip_catches_an_installer_that_misbehaves(tmp_path, defect, message):
    windows = FakeWindows(tmp_path / "win", {defect})
    with pytest.raises(InstallerError, match=re.escape(message)):
        installer.roundtrip(windows, tmp_path / "setup.exe", tmp_path)


def test_the_round_trip_refuses_a_machine_where_the_game_is_installed(tmp_path):
    windows = FakeWindows(tmp_path / "win")
    windows.registry[UNINSTALL_KEY] = {"DisplayName": APP_NAME}
    with pytest.raises(InstallerError, match="already installed"):
        installer.roundtrip(windows, tmp_path / "setup.exe", tmp_path)


def test_the_installer_pictures_are_the_drawing_committed():
    """packaging/windows/*.bmp are drawn by tools/windows/installer_art.py (our art, not
    NSIS's stock pictures): redraw after changing the drawing or the game's art."""
    from tools.windows import installer_art

    for path, data in installer_art.pictures().items():
        assert path.read_bytes() == data, f"run python -m tools.windows.installer_art ({path.name})"
        # 24 bits a pixel, the size Modern UI shows without stretching.
        width, height = int.from_bytes(data[18:22], "little"), int.from_bytes(data[22:26], "little")
        size = (
            installer_art.WIZARD_SIZE if path == installer_art.WIZARD else installer_art.HEADER_SIZE
        )
        assert (width, height) == size and int.from_bytes(data[28:30], "little") == 24
