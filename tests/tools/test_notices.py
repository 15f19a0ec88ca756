"""tools/notices.py and tools/notice_bundle.py: the notices name everything that ships."""

from __future__ import annotations

import json
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from tools import notices
from tools.macos_notices_check import follow_imports, imports_of, without
from tools.native_libraries import NATIVE_LIBRARIES, PYGAME_CE_RECIPE, native_library
from tools.notice_bundle import (
    NOTICES_IN_BUNDLE,
    bundle_listing,
    bundle_problems,
    check_bundle,
    distributions_of,
)
from tools.platform_distributions import SHIPPED, hook_driver_modules, lock_pins, unaccounted


@pytest.fixture(scope="module")
def fresh() -> dict:
    return notices.outputs()


def test_committed_notices_match_the_installed_environment(fresh):
    """A dependency added, removed or upgraded without running tools/notices.py fails here."""
    for path, text in fresh.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python -m tools.notices"
        )


def test_every_runtime_distribution_is_named_with_its_licence_text(fresh):
    text = fresh[notices.NOTICES]
    closure = notices.runtime_closure(notices.requirement_lines())
    names = {canonicalize_name(d.metadata["Name"]) for d in closure}
    # The game's own requirements and what they pull in (python-i18n comes with pygame_gui).
    assert {"pygame-ce", "pygame-gui", "python-i18n", "babel", "filelock", "platformdirs"} <= names
    assert notices.named(text) >= names
    for distribution in closure:
        assert f"\n{notices.title(notices.python_component(distribution))}\n" in text
    # pygame-ce carries no licence file: its LGPL 2.1 text is included from tools/licenses/.
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1, February 1999" in text
    assert text.count("Version 2.1, February 1999") == 1  # once, however many refer to it
    assert "REPLACING THE LGPL LIBRARIES" in text[:3000] and "_internal/pygame_ce.libs/" in text
    for name in (
        "CPython",
        "SDL2",
        "SDL2_ttf",
        "FreeType",
        "HarfBuzz",
        "Noto Sans",
        "Noto Sans Lao UI",
    ):
        assert name in notices.named(text), name
    assert "Python Software Foundation" in text  # the interpreter's own licence


def test_the_summary_lists_the_same_components_as_the_notices(fresh):
    rows = json.loads(fresh[notices.SUMMARY])["components"]
    named = notices.named(fresh[notices.NOTICES])
    assert rows and all(row["name"] in named and row["license"] for row in rows)
    assert {row["kind"] for row in rows} == {"python", "runtime", "library", "font"}


def test_the_output_is_deterministic(fresh):
    assert notices.outputs() == fresh
    assert "/root/" not in fresh[notices.NOTICES] and "/work/" not in fresh[notices.NOTICES]


def test_extras_are_not_in_the_closure():
    # python-i18n's yaml loader is an extra: PyYAML is not shipped.
    names = {canonicalize_name(d.metadata["Name"]) for d in notices.runtime_closure(["pygame_gui"])}
    assert names == {"pygame-gui", "pygame-ce", "python-i18n"}


class _Bare(metadata.Distribution):
    """An installed distribution with metadata and no licence file at all."""

    def read_text(self, filename: str) -> str | None:
        if filename == "METADATA":
            return "Metadata-Version: 2.1\nName: bare\nVersion: 1.0\nLicense: MIT\n"
        return None

    def locate_file(self, path):  # pragma: no cover - no files to locate
        raise AssertionError(path)


def test_a_distribution_without_a_licence_text_stops_the_tool():
    with pytest.raises(ValueError, match="bare 1.0 installs no licence text"):
        notices.python_component(_Bare())


# --- the bundle check -------------------------------------------------------------------

NOTICES_TEXT = "\n".join(
    f"{notices.RULE}\n{title}\n{notices.RULE}"
    for title in ("pygame-ce 2.5.8", "pygame_gui 0.6.14", "CPython 3.11.7", "SDL2 2.32.10", "zlib")
)
DISTRIBUTIONS_OF = {
    "pygame": ["pygame-ce"],
    "pygame_gui": ["pygame_gui"],
    "typing_extensions": ["typing_extensions"],
}
GOOD_FILES = [
    "LICENSE",
    "assets/THIRD-PARTY-NOTICES.txt",
    "libpython3.11.so.1.0",
    "pygame/base.cpython-311-x86_64-linux-gnu.so",
    "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10",
    "libz.so.1",
    "python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so",
]


def test_a_bundle_whose_notices_name_everything_passes():
    modules = ["pygame", "pygame.base", "pygame_gui.core", "json", "tacocat.ui.shell.app"]
    assert bundle_problems(modules, GOOD_FILES, NOTICES_TEXT, DISTRIBUTIONS_OF) == []


def test_a_bundled_distribution_without_a_notice_fails():
    problems = bundle_problems(
        ["pygame", "typing_extensions"], GOOD_FILES, NOTICES_TEXT, DISTRIBUTIONS_OF
    )
    assert problems == [
        "distribution typing-extensions (its module typing_extensions) has no notice"
    ]
    # A dist-info folder counts too, even without a module.
    problems = bundle_problems(
        [], [*GOOD_FILES, "filelock-4.3.1.dist-info/METADATA"], NOTICES_TEXT, {}
    )
    assert problems == ["distribution filelock (filelock-4.3.1.dist-info) has no notice"]


def test_a_bundled_library_without_a_notice_fails():
    files = [*GOOD_FILES, "libfreetype-b83c5fb4.so.6.20.6", "libmystery.so.2", "SDL2_ttf.dll"]
    assert bundle_problems([], files, NOTICES_TEXT, {}) == [
        "SDL2_ttf.dll: SDL2_ttf has no notice",
        "libfreetype-b83c5fb4.so.6.20.6: FreeType has no notice",
        "libmystery.so.2: a shared library tools/native_libraries.py does not know",
    ]


def test_a_bundle_without_the_notices_or_the_licence_fails():
    assert bundle_problems([], GOOD_FILES, None, {}) == [
        "no assets/THIRD-PARTY-NOTICES.txt in the bundle"
    ]
    assert bundle_problems([], GOOD_FILES[1:], NOTICES_TEXT, {}) == ["no LICENSE in the bundle"]


@pytest.mark.parametrize(
    "file_name, name",
    [
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "SDL2"),
        ("SDL2.dll", "SDL2"),
        ("libSDL2_mixer-2-6719e6f6.0.so.0.800.2", "SDL2_mixer"),
        ("libopus-0.dll", "Opus"),
        ("libopusfile-96d7a9c0.so.0.4.5", "opusfile"),
        ("libz.so.1", "zlib"),
        ("zlib1.dll", "zlib"),
        ("libpng16.16.dylib", "libpng"),
        ("freetype.dll", "FreeType"),
        ("libfreetype.6.dylib", "FreeType"),
        ("libexpat.so.1", "expat"),
        ("libmpdec.so.3", "libmpdec"),
    ],
)
def test_native_libraries_are_recognised_on_every_system(file_name, name):
    library = native_library(file_name)
    assert library is not None and library.name == name


def test_every_native_library_has_its_text():
    for library in NATIVE_LIBRARIES:
        assert (notices.LICENSES / library.text).read_text(encoding="utf-8").strip(), library


# --- what ships on Windows and macOS ------------------------------------------------------

#: The shared libraries of pygame-ce 2.5.8's win_amd64 wheel and of the embeddable CPython
#: 3.11.9 (less libcrypto/libssl: build.spec excludes ssl, _ssl and _hashlib), as PyInstaller
#: lays them out (pygame-ce's hook puts its DLLs at the top), and pywin32's two DLLs.
WINDOWS_FILES = [
    "SDL2.dll",
    "SDL2_image.dll",
    "libtiff-5.dll",
    "libwebp-7.dll",
    "libwebpdemux-2.dll",
    "libjpeg-62.dll",
    "libpng16-16.dll",
    "SDL2_mixer.dll",
    "libogg-0.dll",
    "libopus-0.dll",
    "libopusfile-0.dll",
    "libwavpack-1.dll",
    "libxmp.dll",
    "SDL2_ttf.dll",
    "freetype.dll",
    "portmidi.dll",
    "libffi-8.dll",
    "sqlite3.dll",
    "python311.dll",
    "python3.dll",
    "vcruntime140.dll",
    "vcruntime140_1.dll",
    "pyexpat.pyd",
    "_decimal.pyd",
    "_bz2.pyd",
    "_lzma.pyd",
    "pygame/base.cp311-win_amd64.pyd",
    "pythoncom311.dll",
    "pywintypes311.dll",
    "win32/win32api.pyd",
    "LICENSE",
    "assets/THIRD-PARTY-NOTICES.txt",
]
#: pygame-ce 2.5.8's universal2 wheel's pygame/.dylibs/.
MACOS_DYLIBS = [
    "libwebp.7.2.0.dylib",
    "libmpg123.0.dylib",
    "libxmp.4.7.2.dylib",
    "libogg.0.8.6.dylib",
    "libbrotlicommon.1.2.0.dylib",
    "libbrotlidec.1.2.0.dylib",
    "libvorbisenc.2.0.12.dylib",
    "libpng16.16.58.0.dylib",
    "libvorbisfile.3.3.8.dylib",
    "libtiff.6.3.0.dylib",
    "libSDL2-2.0.0.dylib",
    "libportmidi.2.0.7.dylib",
    "libjpeg.62.4.0.dylib",
    "libfreetype.6.dylib",
    "libSDL2_mixer-2.0.0.800.2.dylib",
    "libFLAC.14.0.0.dylib",
    "libharfbuzz.0.dylib",
    "libSDL2_ttf-2.0.0.2400.0.dylib",
    "libwebpdemux.2.0.17.dylib",
    "libz.1.3.1.zlib-ng.dylib",
    "libSDL2_image-2.0.0.800.12.dylib",
    "libwavpack.1.dylib",
    "libsndfile.1.0.37.dylib",
    "libvorbis.0.4.9.dylib",
    "libopusfile.0.dylib",
    "libfluidsynth.3.5.6.dylib",
    "libopus.0.dylib",
    "libsharpyuv.0.1.2.dylib",
]
WINDOWS_MODULES = {
    "comtypes": ["comtypes"],
    "pythoncom": ["pywin32"],
    "win32": ["pywin32"],
    "pygame": ["pygame-ce"],
}


def test_the_windows_bundle_is_covered(fresh):
    text = fresh[notices.NOTICES]
    assert (
        bundle_problems(
            ["comtypes.client", "pythoncom", "pygame"],
            WINDOWS_FILES,
            text,
            WINDOWS_MODULES,
            "Windows",
        )
        == []
    )
    # Without pywin32's section, its DLLs and its modules fail.
    problems = bundle_problems(
        ["pythoncom"], WINDOWS_FILES, without(text, ["pywin32"]), WINDOWS_MODULES, "Windows"
    )
    assert "pythoncom311.dll: its distribution pywin32 has no notice" in problems
    assert "distribution pywin32 (its module pythoncom) has no notice" in problems


def test_the_macos_libraries_are_covered_and_a_wrong_system_fails(fresh):
    text = fresh[notices.NOTICES]
    files = ["LICENSE", NOTICES_IN_BUNDLE, *(f"pygame/.dylibs/{n}" for n in MACOS_DYLIBS)]
    assert bundle_problems([], files, text, {}, "macOS") == []
    # mpg123 is not in the Windows build: its entry must say so, and a bundle holding it fails.
    assert bundle_problems([], ["LICENSE", "libmpg123-0.dll"], text, {}, "Windows") == [
        "libmpg123-0.dll: mpg123 ships on Windows, but its entry in tools/native_libraries.py "
        "says Linux, macOS only"
    ]


def test_linux_names_only_what_its_bundle_holds(fresh):
    text = fresh[notices.NOTICES]
    # Measured in dist/tacocat on Linux: no libasound, no libportmidi (nothing imports
    # pygame.pypm), no libstdc++/libgcc_s (build.spec leaves them to the system).
    assert not {"alsa-lib", "GCC runtime (libstdc++, libgcc_s)"} & notices.named(text)
    assert "Ships on: Windows, macOS only" in text.split("\nPortMidi\n")[1][:300]
    assert (
        bundle_problems(
            [], ["LICENSE", "pygame_ce.libs/libportmidi-8a3ff27a.so.2.0.7"], text, {}, "Linux"
        )
        != []
    )


def test_platform_distributions_are_named_at_the_lock_version(fresh):
    text = fresh[notices.NOTICES]
    pins = lock_pins()
    for distribution in SHIPPED:
        version = pins[canonicalize_name(distribution.name)].version
        section = text.split(f"\n{distribution.name} {version}\n{notices.RULE}\n", 1)[1]
        assert section.startswith(f"License: {distribution.license}\n")
        assert f"Ships on: {distribution.system} only" in section[:300]
        readme = (notices.LICENSES / "README.md").read_text(encoding="utf-8")
        for name in distribution.texts:  # taken from the wheel of the lock's version
            assert (notices.LICENSES / name).read_text(encoding="utf-8").strip()
            row = next(line for line in readme.splitlines() if f"`{name}`" in line)
            assert version in row, f"{name}: take the text from the {version} wheel"


def test_every_windows_or_macos_lock_entry_ships_with_a_notice_or_says_why_not(tmp_path):
    assert unaccounted(lock_pins()) == []
    lock = tmp_path / "requirements.txt"
    lock.write_text(
        notices.ROOT.joinpath("requirements.txt").read_text(encoding="utf-8")
        + "pywinpty==3.0.0 ; sys_platform == 'win32' \\\n    --hash=sha256:00\n"
        + "pyobjc-framework-quartz==12.2.2 ; sys_platform == 'darwin'\n",
        encoding="utf-8",
    )
    assert unaccounted(lock_pins(lock)) == ["pywinpty"]  # Quartz: no module imports it


@pytest.mark.parametrize("system", ["Windows", "macOS"])
def test_what_pyttsx3s_driver_imports_is_a_shipped_distribution(system):
    """hook-pyttsx3 adds one driver per system; what it imports outside the standard
    library and pyttsx3 is exactly the modules SHIPPED names for that system."""
    drivers = [
        m for m in hook_driver_modules(system) if m.count(".") == 2 and m != "pyttsx3.drivers.dummy"
    ]
    assert len(drivers) == 1
    source = Path(
        metadata.distribution("pyttsx3").locate_file(drivers[0].replace(".", "/") + ".py")
    )
    tops = {name.split(".")[0] for name in imports_of(source, drivers[0])}
    foreign = tops - set(sys.stdlib_module_names) - {"pyttsx3"}
    shipped = {module for d in SHIPPED if d.system == system for module in d.modules}
    assert foreign and foreign <= shipped


def test_sources_of_the_copyleft_components_are_at_the_shipped_versions(fresh):
    text = fresh[notices.NOTICES]
    pygame_ce = metadata.version("pygame-ce")
    assert pygame_ce == PYGAME_CE_RECIPE, "read the new pygame-ce's buildconfig versions"
    assert f"Source: https://github.com/pygame-community/pygame-ce/tree/{pygame_ce} " in text
    assert f"pygame-ce/tree/{pygame_ce}; its buildconfig/" in text
    pyttsx3 = metadata.version("pyttsx3")
    assert (
        f"Source: the sdist pyttsx3-{pyttsx3}.tar.gz on https://pypi.org/project/pyttsx3/"
        f"{pyttsx3}/#files" in text
    )
    for library in NATIVE_LIBRARIES:
        if library.license.startswith("LGPL"):
            assert f"Source: {library.name} " in text and PYGAME_CE_RECIPE in library.source
    for name in ("expat", "libmpdec"):  # compiled into CPython's pyexpat and _decimal
        assert name in notices.named(text)
    assert "Thai Open Source Software Center" in text and "Stefan Krah" in text


# --- the bundle check on a .app, with the distributions from its wheels --------------------


def _dist_info(site: Path, name: str, version: str, top: str) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
    )
    (info / "top_level.txt").write_text(f"{top}\n", encoding="utf-8")


def _app(tmp_path: Path, notices_text: str) -> Path:
    """An .app-shaped folder as PyInstaller makes one: the exe (a real CArchive) in MacOS/,
    binaries in Frameworks/, data and base_library.zip in Resources/."""
    from PyInstaller.archive.writers import CArchiveWriter

    contents = tmp_path / "Tacocat.app" / "Contents"
    for folder in ("MacOS", "Frameworks/objc", "Frameworks/pygame/.dylibs", "Resources/assets"):
        (contents / folder).mkdir(parents=True)
    script = tmp_path / "main.py"
    script.write_text("print()\n", encoding="utf-8")
    CArchiveWriter(str(contents / "MacOS" / "tacocat"), [("main", str(script), 0, "s")], "Python")
    for name in ("objc/_objc.cpython-311-darwin.so", "pygame/.dylibs/libSDL2-2.0.0.dylib"):
        (contents / "Frameworks" / name).write_bytes(b"")
    (contents / "Resources" / "LICENSE").write_text("MIT", encoding="utf-8")
    (contents / "Resources" / NOTICES_IN_BUNDLE).write_text(notices_text, encoding="utf-8")
    with zipfile.ZipFile(contents / "Resources" / "base_library.zip", "w") as base:
        base.writestr("json/__init__.pyc", b"")
    return contents / "MacOS" / "tacocat"


def test_the_bundle_check_reads_an_app_and_asks_its_wheels_whose_modules_they_are(tmp_path):
    site = tmp_path / "site"
    _dist_info(site, "pyobjc-core", "12.2.2", "objc")
    _dist_info(site, "pygame-ce", "2.5.8", "pygame")
    full = NOTICES_TEXT + f"\n{notices.RULE}\npyobjc-core 12.2.2\n{notices.RULE}\n"
    listing = bundle_listing(_app(tmp_path / "a", full))
    assert {"main", "json"} <= listing.modules and listing.notices == full
    assert {
        "LICENSE",
        NOTICES_IN_BUNDLE,
        "objc/_objc.cpython-311-darwin.so",
        "pygame/.dylibs/libSDL2-2.0.0.dylib",
    } <= listing.files
    assert distributions_of(site)["objc"] == ["pyobjc-core"]
    assert (
        bundle_problems(
            listing.modules, listing.files, listing.notices, distributions_of(site), "macOS"
        )
        == []
    )
    exe = _app(tmp_path / "b", without(full, ["pyobjc-core"]))
    assert check_bundle(exe, site, "macOS") == 1
    assert check_bundle(_app(tmp_path / "c", full), site, "macOS") == 0


def test_following_imports_finds_a_module_no_downloaded_wheel_provides(tmp_path):
    site = tmp_path / "site"
    (site / "pyttsx3" / "drivers").mkdir(parents=True)
    (site / "objc").mkdir()
    (site / "pyttsx3" / "__init__.py").write_text("", encoding="utf-8")
    (site / "pyttsx3" / "drivers" / "__init__.py").write_text("", encoding="utf-8")
    (site / "pyttsx3" / "drivers" / "nsss.py").write_text(
        "import objc\nfrom . import voice\nfrom ..x import y\n"
        "def later():\n    from Quartz import CGColor\n",
        encoding="utf-8",
    )
    (site / "objc" / "__init__.py").write_text(
        "import os\nfrom objc._objc import *\n", encoding="utf-8"
    )
    (site / "objc" / "_objc.cpython-311-darwin.so").write_bytes(b"")
    reached, missing = follow_imports(site, ["pyttsx3.drivers.nsss"])
    assert {"pyttsx3.drivers.nsss", "objc", "objc._objc"} <= reached
    assert missing == {"Quartz"}
