"""build.spec and the frozen resource root, checked without building anything.

The spec is executed the way PyInstaller executes it (a namespace holding
SPECPATH, DISTPATH and the build classes), with stand-ins that record what
they are given. The real build is checked by tools/build_and_smoke.sh in CI.
"""

from __future__ import annotations

import ast
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from tacocat import __version__, resources
from tacocat.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build.spec"

pytest.importorskip("PyInstaller", reason="PyInstaller is in requirements-dev.txt")
# What build.spec imports, loaded for this system before a test pretends to be another:
# imported first under sys.platform == "darwin", urllib.request wants macOS's _scproxy.
import PyInstaller.utils.hooks  # noqa: E402, F401
from PyInstaller.config import CONF  # noqa: E402

#: Must never be bundled (dev tools, big unused libraries).
#: LICENSE's copyright line, which the Windows and macOS metadata repeat.
LICENSE_COPYRIGHT = "Copyright (c) The Tacocat Spelled Backwards developers"
assert LICENSE_COPYRIGHT in (ROOT / "LICENSE").read_text(encoding="utf-8").splitlines()

MUST_EXCLUDE = {
    "numpy",
    "pytest",
    "_pytest",
    "hypothesis",
    "tkinter",
    "_tkinter",
    "unittest",
    "PyInstaller",
    "PIL",
    "yaml",
}


class Built:
    """A stand-in for one PyInstaller build step: keeps its arguments."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs
        # What Analysis exposes to the later steps.
        self.scripts, self.pure = ["<scripts>"], ["<pure>"]
        self.binaries, self.datas = ["<binaries>"], kwargs.get("datas", [])


def run_spec(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *spec_args: str, platform: str | None = None
) -> dict[str, Any]:
    """Execute build.spec as PyInstaller would; returns its namespace plus ``steps``."""
    steps: list[Built] = []

    def step(kind: str):
        def make(*args: Any, **kwargs: Any) -> Built:
            steps.append(Built(kind, *args, **kwargs))
            return steps[-1]

        return make

    monkeypatch.setattr(sys, "argv", ["pyinstaller", *spec_args])
    monkeypatch.setitem(CONF, "distpath", str(tmp_path / "dist"))
    if platform is not None:
        monkeypatch.setattr(sys, "platform", platform)
    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "__file__": str(SPEC),
        "SPECPATH": str(ROOT),
        "DISTPATH": str(tmp_path / "dist"),
        "workpath": str(tmp_path / "build"),
        "SPEC": str(SPEC),
        "specnm": "build",
        **{kind: step(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
    }
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    namespace["steps"] = steps
    namespace["distpath_after"] = CONF["distpath"]
    return namespace


def only(steps: list[Built], kind: str) -> Built:
    found = [s for s in steps if s.kind == kind]
    assert len(found) == 1, f"expected one {kind}, got {len(found)}"
    return found[0]


def test_assets_and_pygame_gui_data_with_font_licences_are_bundled(monkeypatch, tmp_path):
    analysis = only(run_spec(monkeypatch, tmp_path)["steps"], "Analysis")
    assert analysis.args[0] == [str(ROOT / "main.py")]
    datas = {
        (Path(src).as_posix(), dest.replace("\\", "/")) for src, dest in analysis.kwargs["datas"]
    }
    assert ((ROOT / "assets").as_posix(), "assets") in datas
    by_name = {Path(src).name: dest for src, dest in datas}
    for name in ("NotoSans-LICENSE.txt", "FiraCode-LICENSE.txt"):
        assert by_name.get(name) == "pygame_gui/data/licenses", name
    for name in ("default_theme.json", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        assert by_name.get(name) == "pygame_gui/data", name
    assert by_name.get("pygame-gui.en.json") == "pygame_gui/data/translations"


def test_every_registered_screen_is_bundled(monkeypatch, tmp_path):
    """Screens are imported by name when first opened (tacocat/ui/stage/screens.py), which
    PyInstaller cannot see: a frozen game without the title's module does not start."""
    from tacocat.ui.stage.screens import SCREENS

    analysis = only(run_spec(monkeypatch, tmp_path)["steps"], "Analysis")
    assert {screen.module for screen in SCREENS.values()} <= set(analysis.kwargs["hiddenimports"])


def test_the_licence_and_the_notices_are_bundled(monkeypatch, tmp_path):
    analysis = only(run_spec(monkeypatch, tmp_path)["steps"], "Analysis")
    datas = {(Path(src).as_posix(), dest) for src, dest in analysis.kwargs["datas"]}
    assert ((ROOT / "LICENSE").as_posix(), ".") in datas
    # The notices ship because assets/ does (tools/notices.py writes them there).
    assert (ROOT / "assets" / "THIRD-PARTY-NOTICES.txt").is_file()


def test_babel_locale_data_is_kept_for_the_game_languages_only(monkeypatch, tmp_path):
    ns = run_spec(monkeypatch, tmp_path)
    assert ns["BABEL_LANGUAGES"] == {"root", *LANGUAGES}
    keep = ns["keep_data"]
    for code in ("root", *LANGUAGES):
        assert keep((f"babel/locale-data/{code}.dat", "src", "DATA"))
    assert keep(("babel/locale-data/lv_LV.dat", "src", "DATA"))
    assert keep(("babel/global.dat", "src", "DATA")) and keep(("assets", "src", "DATA"))
    assert not keep(("babel/locale-data/de.dat", "src", "DATA"))
    assert not keep(("babel\\locale-data\\zh_Hant.dat", "src", "DATA"))


def test_dev_packages_are_excluded_and_the_game_imports_none_of_them(monkeypatch, tmp_path):
    excludes = set(only(run_spec(monkeypatch, tmp_path)["steps"], "Analysis").kwargs["excludes"])
    assert excludes >= MUST_EXCLUDE
    # An excluded module the game imports would be missing from the executable.
    imported = set()
    # The game server is installed with pip on a server (docs/server.md), never bundled.
    server = ROOT / "tacocat" / "server"
    for path in [
        ROOT / "main.py",
        *(p for p in (ROOT / "tacocat").rglob("*.py") if not p.is_relative_to(server)),
    ]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    assert {"pygame", "pygame_gui", "i18n"} <= imported
    assert not imported & excludes, f"the game imports excluded modules: {imported & excludes}"


def test_onedir_build_is_a_windowed_tacocat(monkeypatch, tmp_path):
    ns = run_spec(monkeypatch, tmp_path, platform="linux")
    exe, collect = only(ns["steps"], "EXE"), only(ns["steps"], "COLLECT")
    assert exe.kwargs["name"] == "tacocat" and collect.kwargs["name"] == "tacocat"
    assert exe.kwargs["console"] is False
    assert exe.kwargs["exclude_binaries"] is True
    assert ns["distpath_after"] == str(tmp_path / "dist")
    assert exe.kwargs["icon"] is None  # Linux: the window icon is set at run time
    assert not [s for s in ns["steps"] if s.kind == "BUNDLE"]


def test_onefile_build_goes_to_its_own_folder(monkeypatch, tmp_path):
    ns = run_spec(monkeypatch, tmp_path, "--onefile")
    exe = only(ns["steps"], "EXE")
    assert not [s for s in ns["steps"] if s.kind in ("COLLECT", "BUNDLE")]
    assert exe.kwargs["name"] == "tacocat" and exe.kwargs["console"] is False
    assert ns["a"].binaries in exe.args and ns["a"].datas in exe.args  # all inside the file
    # Not dist/tacocat: on Linux/macOS that would delete the onedir folder.
    assert Path(ns["distpath_after"]) == tmp_path / "dist" / "onefile"


def test_windows_build_has_the_icon_and_the_version(monkeypatch, tmp_path):
    # PyInstaller's versioninfo needs pefile (Windows only): record what the spec builds.
    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in (
        "FixedFileInfo",
        "StringFileInfo",
        "StringStruct",
        "StringTable",
        "VarFileInfo",
        "VarStruct",
        "VSVersionInfo",
    ):
        setattr(versioninfo, name, lambda *a, _name=name, **k: (_name, a, k))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", versioninfo)
    exe = only(run_spec(monkeypatch, tmp_path, platform="win32")["steps"], "EXE")
    assert exe.kwargs["icon"] == str(ROOT / "assets" / "icon.ico")
    assert (ROOT / "assets" / "icon.ico").is_file()
    kind, _, info = exe.kwargs["version"]
    assert kind == "VSVersionInfo"
    numbers = tuple(int(n) for n in re.findall(r"\d+", __version__)[:4])
    filevers = info["ffi"][2]["filevers"]
    assert len(filevers) == 4 and filevers[: len(numbers)] == numbers
    for key in ("FileVersion", "ProductVersion"):
        assert repr(("StringStruct", (key, __version__), {})) in repr(info["kids"])
    # File Properties -> Details -> Copyright: LICENSE's own line.
    assert repr(("StringStruct", ("LegalCopyright", LICENSE_COPYRIGHT), {})) in repr(info["kids"])
    assert exe.kwargs["target_arch"] is None


def test_macos_build_is_an_app_bundle_with_the_version(monkeypatch, tmp_path):
    ns = run_spec(monkeypatch, tmp_path, platform="darwin")
    bundle = only(ns["steps"], "BUNDLE")
    assert bundle.kwargs["name"] == "Tacocat.app"
    assert bundle.kwargs["version"] == __version__
    from tacocat import APP_ID

    assert bundle.kwargs["bundle_identifier"] == APP_ID
    plist = bundle.kwargs["info_plist"]
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    assert plist["NSHumanReadableCopyright"] == LICENSE_COPYRIGHT  # Finder's Get Info
    # The oldest macOS any bundled Mach-O file allows (PyInstaller's bootloader: 10.13);
    # docs/building.md says how it was read from the wheels.
    assert plist["LSMinimumSystemVersion"] == "10.13"
    icon = bundle.kwargs["icon"]
    # .icns when the asset script makes one; else PyInstaller converts the PNG
    # (with Pillow), else no icon.
    assert icon in (
        str(ROOT / "assets" / "icon.icns"),
        str(ROOT / "assets" / "images" / "icon.png"),
        None,
    )
    if (ROOT / "assets" / "icon.icns").is_file():
        assert icon == str(ROOT / "assets" / "icon.icns")


@pytest.mark.parametrize(
    ("python_platform", "target_arch"),
    [
        ("macosx-10.9-universal2", "universal2"),  # python.org's and setup-python's CPython
        ("macosx-14.0-arm64", None),  # Homebrew's: the app runs on this CPU only
    ],
)
def test_a_universal2_python_builds_one_app_for_both_macs(
    monkeypatch, tmp_path, python_platform, target_arch
):
    import sysconfig

    monkeypatch.setattr(sysconfig, "get_platform", lambda: python_platform)
    exe = only(run_spec(monkeypatch, tmp_path, platform="darwin")["steps"], "EXE")
    assert exe.kwargs["target_arch"] == target_arch


def test_frozen_resources_come_from_the_bundle(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.chdir(ROOT)  # a relative answer would point into the source tree
    assert resources.resource_root() == tmp_path.resolve()
    assert (
        resources.asset_path("images", "icon.png")
        == tmp_path.resolve() / "assets" / "images" / "icon.png"
    )
    assert resources.asset_path("theme.json").is_absolute()


def test_from_source_resources_come_from_the_repository(monkeypatch, tmp_path):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.chdir(tmp_path)
    assert resources.resource_root() == ROOT
    assert resources.asset_path("theme.json").is_file()


def test_ci_builds_and_plays_a_whole_demo_game_frozen():
    script = (ROOT / "tools" / "smoke.py").read_text(encoding="utf-8")
    assert "build.spec" in script
    assert '["--demo", "--speed", "40", "--seed", "1", "--data-dir",' in script
    assert "-m tools.smoke" in (ROOT / "tools" / "build_and_smoke.sh").read_text(encoding="utf-8")
    assert "tools/build_and_smoke.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    # The release workflow runs the same smoke test on every system.
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "python -m tools.smoke" in workflow


@pytest.mark.parametrize(
    ("platform", "kept"), [("linux", "platformdirs.unix"), ("darwin", "platformdirs.macos")]
)
def test_only_this_platforms_platformdirs_module_is_bundled(monkeypatch, tmp_path, platform, kept):
    """paths.py imports platformdirs' module for the running system only, so the spec may leave
    the others out (the Windows one made PyInstaller warn about ole32 and shell32 elsewhere)."""
    excludes = set(
        only(run_spec(monkeypatch, tmp_path, platform=platform)["steps"], "Analysis").kwargs[
            "excludes"
        ]
    )
    modules = {"platformdirs.unix", "platformdirs.macos", "platformdirs.windows"}
    assert kept not in excludes and excludes & modules == modules - {kept} - {"platformdirs.unix"}
    source = (ROOT / "tacocat" / "persistence" / "paths.py").read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    imported |= {
        f"{node.module}.{alias.name}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module == "platformdirs"
        for alias in node.names
    }
    assert modules <= imported  # each is imported, by name, on its own platform only


def test_pygame_gui_fonts_no_shipped_language_uses_are_left_out(monkeypatch, tmp_path):
    """The CJK, Arabic, Hebrew and Georgian fonts (37 MB of 80) stay out: safe because
    pygame_gui gives every language the game ships its Latin default font."""
    import pygame
    from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
    from pygame_gui.core.ui_font_dictionary import UIFontDictionary

    from tacocat.languages import LANGUAGES

    keep = run_spec(monkeypatch, tmp_path)["keep_data"]
    for name in (
        "NotoSansJP-Regular.otf",
        "NotoSansSC-Bold.otf",
        "NotoSansKR-Regular.ttf",
        "NotoSansArabic-Bold.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansGeorgian-Bold.ttf",
    ):
        assert not keep((f"pygame_gui/data/{name}", "src", "DATA")), name
        assert not keep((f"pygame_gui\\data\\{name}", "src", "DATA")), name
    for name in (
        "NotoSans-Regular.ttf",
        "NotoSans-BoldItalic.ttf",
        "FiraCode-Regular.ttf",
        "default_theme.json",
        "licenses/NotoSans-LICENSE.txt",
    ):
        assert keep((f"pygame_gui/data/{name}", "src", "DATA")), name
    pygame.font.init()
    fonts = UIFontDictionary(BlockingThreadedResourceLoader(), "en")
    latin = fonts.default_font
    for code in LANGUAGES:
        fonts.set_locale(code)
        assert fonts.default_font == latin, f"pygame_gui gives {code!r} another font"


def test_linux_build_leaves_the_cpp_runtime_to_the_system(monkeypatch, tmp_path):
    """The host's libstdc++ set the glibc floor (2.36 on Debian 12): it stays out on Linux."""
    keep = run_spec(monkeypatch, tmp_path, platform="linux")["keep_binary"]
    for name in ("libstdc++.so.6", "libgcc_s.so.1"):
        assert not keep((name, f"/usr/lib/x86_64-linux-gnu/{name}", "BINARY")), name
    for name in ("libpython3.11.so.1.0", "pygame_ce.libs/libSDL2-2.0.so.0", "libz.so.1"):
        assert keep((name, "src", "BINARY")), name
    keep_mac = run_spec(monkeypatch, tmp_path, platform="darwin")["keep_binary"]
    assert keep_mac(("libstdc++.so.6", "src", "BINARY"))  # other systems: untouched


def test_installed_resources_come_from_the_package_folder(monkeypatch, tmp_path):
    """An installed wheel holds assets/ inside the package (tacocat/assets/)."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    package = tmp_path / "site-packages" / "tacocat"
    (package / "assets").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE", package)
    resources._root.cache_clear()
    try:
        assert resources.resource_root() == package
        assert resources.asset_path("theme.json") == package / "assets" / "theme.json"
    finally:
        resources._root.cache_clear()


def test_the_build_finds_a_locale_code_with_a_region(monkeypatch, tmp_path):
    # A sixth language with a region in its code (pt-BR, as docs/translating.md invites)
    # keeps its Babel locale data in the build: the language's file and the region's.
    monkeypatch.setitem(LANGUAGES, "pt-BR", "Português (Brasil)")
    keep = run_spec(monkeypatch, tmp_path)["keep_data"]
    assert keep(("babel/locale-data/pt.dat", "src", "DATA"))
    assert keep(("babel/locale-data/pt_BR.dat", "src", "DATA"))
    assert not keep(("babel/locale-data/de.dat", "src", "DATA"))
