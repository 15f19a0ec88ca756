"""The Linux menu entry and AppStream metainfo: consistent with the game.

.ci/run validates the files with desktop-file-validate and appstreamcli, builds the .deb
and the tarball and installs both (tools/linux/check_packages.sh); these tests check what
those tools cannot know: the names and the version agree with tacocat/__init__.py.
"""

from __future__ import annotations

import configparser
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tacocat import APP_ID, __version__

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "packaging" / "linux" / f"{APP_ID}.desktop"
METAINFO = ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"


def _entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_names_the_command_icon_and_window_class():
    entry = _entry()
    assert entry["Exec"] == "tacocat"  # the /usr/bin link; install_user.sh rewrites it
    assert entry["Icon"] == APP_ID
    assert entry["StartupWMClass"] == APP_ID  # what tacocat/ui/devices/window.py names the window
    assert "Game" in entry["Categories"].split(";")
    assert (ROOT / "assets" / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").is_file()


def test_metainfo_names_the_app_its_entry_the_release_and_existing_screenshots():
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.find("provides/binary").text == "tacocat"
    newest = root.find("releases/release")
    assert newest.get("version") == __version__, "add a <release> for the new version"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest.get("date"))
    images = [Path(image.text).name for image in root.iter("image")]
    assert images and all((ROOT / "docs" / "screenshots" / name).is_file() for name in images)


@pytest.mark.parametrize("path", [DESKTOP, METAINFO])
def test_validators_accept_the_files(path):
    tool = {
        ".desktop": ["desktop-file-validate"],
        ".xml": ["appstreamcli", "validate", "--no-net"],
    }[path.suffix]
    if shutil.which(tool[0]) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool[0]} is missing: .ci/run installs it")
        pytest.skip(f"{tool[0]} is not installed (apt-get install desktop-file-utils appstream)")
    done = subprocess.run([*tool, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_window_class_is_the_app_id_from_source_too(tmp_path):
    """A real X window (Xvfb) opened the way the app opens it: WM_CLASS is the app id."""
    if shutil.which("xvfb-run") is None or shutil.which("xprop") is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run or xprop is missing: .ci/run installs them")
        pytest.skip("needs xvfb-run and xprop (apt-get install xvfb xauth x11-utils)")
    child = (
        "import subprocess, pygame\n"
        "from tacocat.persistence.settings import Settings\n"
        "from tacocat.ui.devices.window import open_window\n"
        "open_window(Settings())\n"
        "window = pygame.display.get_wm_info()['window']\n"
        "print(subprocess.run(['xprop', '-id', str(window), 'WM_CLASS'], capture_output=True,"
        " text=True, check=True).stdout)\n"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SDL_VIDEODRIVER", "DISPLAY", "SDL_VIDEO_X11_WMCLASS")
    }
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable, "-c", child],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f'WM_CLASS(STRING) = "{APP_ID}", "{_entry()["StartupWMClass"]}"' in done.stdout


def test_menu_entry_and_metainfo_carry_the_translated_tagline():
    """The title screen's tagline, in all five languages (the translation files are the source)."""
    import json

    from tacocat.languages import LANGUAGES

    entry = _entry()
    summaries = {
        element.get("{http://www.w3.org/XML/1998/namespace}lang", "en"): element.text
        for element in ET.parse(METAINFO).getroot().findall("summary")
    }
    for code in LANGUAGES:
        path = ROOT / "assets" / "translations" / f"tacocat.{code}.json"
        tagline = json.loads(path.read_text(encoding="utf-8"))[code]["title"]["tagline"]
        assert entry["Comment" if code == "en" else f"Comment[{code}]"] == tagline, code
        assert summaries[code] == tagline, code


def _fake_onedir(folder: Path) -> Path:
    """A small stand-in for PyInstaller's dist/tacocat: an ELF program needing glibc (package.sh
    reads its floor) and a few data files."""
    onedir = folder / "tacocat"
    (onedir / "_internal" / "assets").mkdir(parents=True)
    shutil.copy2("/bin/true", onedir / "tacocat")
    (onedir / "_internal" / "assets" / "theme.json").write_text("{}\n")
    (onedir / "_internal" / "base_library.zip").write_bytes(bytes(range(256)) * 40)
    return onedir


def test_the_deb_and_the_tarball_are_byte_identical_across_two_builds(tmp_path):
    """tools/linux/package.sh twice on the same onedir, its files touched in between (as a
    second PyInstaller run would), in a different working folder: the same bytes."""
    if shutil.which("dpkg-deb") is None or shutil.which("objdump") is None:
        if os.environ.get("CI"):
            pytest.fail("dpkg-deb or objdump is missing")
        pytest.skip("needs dpkg-deb and objdump (Debian/Ubuntu: dpkg, binutils)")
    onedir = _fake_onedir(tmp_path)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1764547200"}  # 2025-12-01, as a tag's commit
    built = []
    for run in ("first", "second"):
        out = tmp_path / run
        done = subprocess.run(
            ["bash", str(ROOT / "tools" / "linux" / "package.sh"), str(onedir), str(out)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        built.append({path.name: path.read_bytes() for path in sorted(out.iterdir())})
        for path in onedir.rglob("*"):  # new times, as a rebuild would give
            os.utime(path, (2_000_000_000, 2_000_000_000))
    first, second = built
    assert (
        sorted(first)
        == sorted(second)
        == sorted(
            [
                f"tacocat_{__version__}_{_deb_arch()}.deb",
                f"tacocat-{__version__}-linux-{os.uname().machine}.tar.gz",
            ]
        )
    )
    for name in first:
        assert first[name] == second[name], f"{name} differs between two builds"
    # The times inside are SOURCE_DATE_EPOCH (no file keeps its build time).
    with tarfile.open(
        tmp_path / "second" / next(n for n in second if n.endswith(".tar.gz"))
    ) as tar:
        members = tar.getmembers()
    assert {member.mtime for member in members} == {1764547200}
    assert {(member.uid, member.gid) for member in members} == {(0, 0)}
    contents = subprocess.run(
        [
            "dpkg-deb",
            "--fsys-tarfile",
            str(tmp_path / "second" / next(n for n in second if n.endswith(".deb"))),
        ],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(contents)) as tar:
        assert {member.mtime for member in tar.getmembers()} == {1764547200}


def _deb_arch() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()
