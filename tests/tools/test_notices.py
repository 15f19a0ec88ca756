"""tools/notices.py and tools/notice_bundle.py: the notices name everything that ships."""

from __future__ import annotations

import json
from importlib import metadata

import pytest
from packaging.utils import canonicalize_name

from tools import notices
from tools.native_libraries import NATIVE_LIBRARIES, native_library
from tools.notice_bundle import bundle_problems


@pytest.fixture(scope="module")
def fresh() -> dict:
    return notices.outputs()


def test_committed_notices_match_the_installed_environment(fresh):
    """A dependency added, removed or upgraded without running tools/notices.py fails here."""
    for path, text in fresh.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tools/notices.py")


def test_every_runtime_distribution_is_named_with_its_licence_text(fresh):
    text = fresh[notices.NOTICES]
    closure = notices.runtime_closure(notices.requirement_lines())
    names = {canonicalize_name(d.metadata["Name"]) for d in closure}
    # The game's own requirements and what they pull in (python-i18n comes with pygame_gui).
    assert {"pygame-ce", "pygame-gui", "python-i18n", "babel", "filelock",
            "platformdirs"} <= names
    assert notices.named(text) >= names
    for distribution in closure:
        assert f"\n{notices.title(notices.python_component(distribution))}\n" in text
    # pygame-ce carries no licence file: its LGPL 2.1 text is included from tools/licenses/.
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1, February 1999" in text
    assert text.count("Version 2.1, February 1999") == 1  # once, however many refer to it
    assert "REPLACING THE LGPL LIBRARIES" in text[:3000] and "_internal/pygame_ce.libs/" in text
    for name in ("CPython", "SDL2", "SDL2_ttf", "FreeType", "HarfBuzz", "Noto Sans",
                 "Noto Sans Lao UI"):
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

NOTICES_TEXT = "\n".join(f"{notices.RULE}\n{title}\n{notices.RULE}" for title in (
    "pygame-ce 2.5.8", "pygame_gui 0.6.14", "CPython 3.11.7", "SDL2 2.32.10", "zlib"))
DISTRIBUTIONS_OF = {"pygame": ["pygame-ce"], "pygame_gui": ["pygame_gui"],
                    "typing_extensions": ["typing_extensions"]}
GOOD_FILES = ["LICENSE", "assets/THIRD-PARTY-NOTICES.txt", "libpython3.11.so.1.0",
              "pygame/base.cpython-311-x86_64-linux-gnu.so",
              "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "libz.so.1",
              "python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so"]


def test_a_bundle_whose_notices_name_everything_passes():
    modules = ["pygame", "pygame.base", "pygame_gui.core", "json", "tacocat.ui.app"]
    assert bundle_problems(modules, GOOD_FILES, NOTICES_TEXT, DISTRIBUTIONS_OF) == []


def test_a_bundled_distribution_without_a_notice_fails():
    problems = bundle_problems(["pygame", "typing_extensions"], GOOD_FILES, NOTICES_TEXT,
                               DISTRIBUTIONS_OF)
    assert problems == ["distribution typing-extensions (its module typing_extensions) has "
                        "no notice"]
    # A dist-info folder counts too, even without a module.
    problems = bundle_problems([], [*GOOD_FILES, "filelock-4.3.1.dist-info/METADATA"],
                               NOTICES_TEXT, {})
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
        "no assets/THIRD-PARTY-NOTICES.txt in the bundle"]
    assert bundle_problems([], GOOD_FILES[1:], NOTICES_TEXT, {}) == ["no LICENSE in the bundle"]


@pytest.mark.parametrize("file_name, name", [
    ("libSDL2-2-50d19f93.0.so.0.3200.10", "SDL2"), ("SDL2.dll", "SDL2"),
    ("libSDL2_mixer-2-6719e6f6.0.so.0.800.2", "SDL2_mixer"), ("libopus-0.dll", "Opus"),
    ("libopusfile-96d7a9c0.so.0.4.5", "opusfile"), ("libz.so.1", "zlib"), ("zlib1.dll", "zlib"),
    ("libstdc++.so.6", "GCC runtime (libstdc++, libgcc_s)"), ("libpng16.16.dylib", "libpng"),
])
def test_native_libraries_are_recognised_on_every_system(file_name, name):
    library = native_library(file_name)
    assert library is not None and library.name == name


def test_every_native_library_has_its_text():
    for library in NATIVE_LIBRARIES:
        assert (notices.LICENSES / library.text).read_text(encoding="utf-8").strip(), library
