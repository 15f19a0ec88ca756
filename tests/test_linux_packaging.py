"""The Linux menu entry and AppStream metainfo: consistent with the game.

.ci/run validates the files with desktop-file-validate and appstreamcli, builds the .deb
and the tarball and installs both (tools/linux/check_packages.sh); these tests check what
those tools cannot know: the names and the version agree with tacocat/__init__.py.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
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
    assert entry["StartupWMClass"] == APP_ID  # what tacocat/ui/window.py names the window
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
    tool = {".desktop": ["desktop-file-validate"],
            ".xml": ["appstreamcli", "validate", "--no-net"]}[path.suffix]
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
        "from tacocat.ui.window import open_window\n"
        "open_window(Settings())\n"
        "window = pygame.display.get_wm_info()['window']\n"
        "print(subprocess.run(['xprop', '-id', str(window), 'WM_CLASS'], capture_output=True,"
        " text=True, check=True).stdout)\n"
    )
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "SDL_VIDEO_X11_WMCLASS")}
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable,
                           "-c", child], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f'WM_CLASS(STRING) = "{APP_ID}", "{_entry()["StartupWMClass"]}"' in done.stdout


def test_menu_entry_and_metainfo_carry_the_translated_tagline():
    """The title screen's tagline, in all five languages (the translation files are the source)."""
    import json

    from tacocat.languages import LANGUAGES

    entry = _entry()
    summaries = {element.get("{http://www.w3.org/XML/1998/namespace}lang", "en"): element.text
                 for element in ET.parse(METAINFO).getroot().findall("summary")}
    for code in LANGUAGES:
        path = ROOT / "assets" / "translations" / f"tacocat.{code}.json"
        tagline = json.loads(path.read_text(encoding="utf-8"))[code]["title"]["tagline"]
        assert entry["Comment" if code == "en" else f"Comment[{code}]"] == tagline, code
        assert summaries[code] == tagline, code
