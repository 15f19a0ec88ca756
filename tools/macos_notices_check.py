"""The notices check on a macOS .app assembled here, on Linux, from the lock's macOS wheels.

    python -m tools.macos_notices_check [--exe dist/tacocat/tacocat] [--without NAME ...]

No Mac here, so the macOS bundle is approximated from what decides its notices:

1. the lock's entries that ship on macOS (markers evaluated for macOS, less
   tools/platform_distributions.py's NOT_SHIPPED) are downloaded with pip as CPython 3.11
   wheels for macOS 11 (arm64 or universal2), checked against the lock's hashes, into
   $TACOCAT_MACOS_WHEELS (default build/macos-wheels/, kept between runs), and unpacked;
2. the imports of pyttsx3's macOS driver (the one hook-pyttsx3 adds) are followed through
   those wheels, as PyInstaller follows them: each must end in a downloaded wheel or the
   standard library, else a module of a distribution left out here could ship (it fails);
3. a .app-shaped folder is assembled under the same folder: Contents/MacOS/tacocat is the
   Linux onedir's executable (its pure-Python modules are the macOS ones too),
   Contents/Resources/ holds the onedir's data files and today's assets/ (the notices),
   Contents/Frameworks/ base_library.zip and the packages those imports reach plus pygame with
   every dylib its wheel carries (more than PyInstaller takes: the check can only be stricter);
4. the bundle check (tools/notice_bundle.py) runs on it for macOS, the wheels' metadata
   saying which distribution each module belongs to. ``--without pyobjc-core`` removes that
   section from the notices first: the check must then fail.

Exit 0 when the notices cover the .app. Needs the onedir (bash tools/build_and_smoke.sh).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools.native_libraries import MACOS
from tools.notice_bundle import (
    NOTICES_IN_BUNDLE,
    bundle_problems,
    distributions_of,
    is_shared_library,
)
from tools.notice_bundle import bundle_listing as listing_of
from tools.notices import SECTION
from tools.platform_distributions import (
    Pin,
    hook_driver_modules,
    lock_pins,
    not_shipped_reason,
)

ROOT = Path(__file__).resolve().parent.parent

CACHE = Path(os.environ.get("TACOCAT_MACOS_WHEELS", ROOT / "build" / "macos-wheels"))
ONEDIR_EXE = ROOT / "dist" / "tacocat" / "tacocat"
PLATFORMS = ("macosx_11_0_arm64", "macosx_11_0_universal2")
DOWNLOAD_TIMEOUT = 300
#: What the game itself imports from binary wheels (pyttsx3's driver brings the rest).
GAME_PACKAGES = ("pygame",)


def macos_pins() -> list[Pin]:
    """The lock's entries that ship on macOS."""
    return [
        pin
        for pin in lock_pins().values()
        if pin.applies(MACOS) and not_shipped_reason(pin.name) is None
    ]


def download(pins: list[Pin], cache: Path) -> Path:
    """The wheels of ``pins``, hash-checked and unpacked into ``cache/site``; returns it."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    requirements = cache / "requirements-macos.txt"
    requirements.write_text(
        "".join(f"{p.name}=={p.version} {' '.join(p.hashes)}\n" for p in pins), encoding="utf-8"
    )
    platforms = [arg for platform in PLATFORMS for arg in ("--platform", platform)]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary",
            ":all:",
            *platforms,
            "--python-version",
            "3.11",
            "--implementation",
            "cp",
            "--require-hashes",
            "-r",
            str(requirements),
            "-d",
            str(wheels),
        ],
        check=True,
        timeout=DOWNLOAD_TIMEOUT,
    )
    site = cache / "site"
    shutil.rmtree(site, ignore_errors=True)
    wanted = {re.sub(r"[-_.]+", "_", p.name).lower() + "-" + p.version for p in pins}
    for wheel in sorted(wheels.glob("*.whl")):
        if "-".join(wheel.name.lower().split("-")[:2]) in wanted:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(site)
    return site


def module_path(site: Path, module: str) -> Path | None:
    """The file (or namespace folder) of ``module`` in ``site``, or None."""
    base = site.joinpath(*module.split("."))
    for candidate in (base / "__init__.py", base.with_name(base.name + ".py")):
        if candidate.is_file():
            return candidate
    if base.is_dir():
        return base
    return next(iter(sorted(base.parent.glob(f"{base.name}.*.so"))), None)


def imports_of(path: Path, module: str) -> set[str]:
    """The absolute module names ``path`` (the source of ``module``) imports, anywhere in it,
    with ``from X import y`` giving both X and X.y (PyInstaller tries y as a submodule)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = (
                package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            )
            base = ".".join([*parts, node.module or ""]).strip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return {name for name in found if name}


def follow_imports(site: Path, start: list[str]) -> tuple[set[str], set[str]]:
    """(modules reached in ``site``, top-level names reached that neither ``site`` nor the
    standard library provides), from the modules ``start``."""
    reached: set[str] = set()
    missing: set[str] = set()
    todo = list(start)
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):  # a.b.c imports a and a.b first
            name = ".".join(parts[:depth])
            if name in reached or parts[0] in sys.stdlib_module_names:
                continue
            path = module_path(site, name)
            if path is None:
                if depth == 1:
                    missing.add(name)
                break  # "from X import function": not a module
            reached.add(name)
            if path.suffix == ".py":
                todo += sorted(imports_of(path, name))
    return reached, missing


def assemble_app(app: Path, exe: Path, site: Path, tops: set[str], notices: str) -> Path:
    """The .app-shaped folder (step 3 of the module's docstring); returns its executable."""
    shutil.rmtree(app, ignore_errors=True)
    contents = app / "Contents"
    (contents / "MacOS").mkdir(parents=True)
    shutil.copy2(exe, contents / "MacOS" / "tacocat")
    internal = exe.parent / "_internal"
    for path in internal.rglob("*"):
        if path.is_file() and not is_shared_library(path.name):
            target = contents / "Resources" / path.relative_to(internal)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    shutil.rmtree(contents / "Resources" / "assets", ignore_errors=True)
    shutil.copytree(ROOT / "assets", contents / "Resources" / "assets")
    (contents / "Resources" / NOTICES_IN_BUNDLE).write_text(notices, encoding="utf-8")
    frameworks = contents / "Frameworks"
    frameworks.mkdir()
    shutil.move(contents / "Resources" / "base_library.zip", frameworks / "base_library.zip")
    for top in sorted(tops):
        source = site / top
        if source.is_dir():
            shutil.copytree(source, frameworks / top)
        else:
            for file in site.glob(f"{top}.*"):
                shutil.copy2(file, frameworks / file.name)
    return contents / "MacOS" / "tacocat"


def without(notices: str, names: list[str]) -> str:
    """``notices`` less the sections titled ``name`` or ``name version``, for each name."""
    matches = list(SECTION.finditer(notices))
    for index in reversed(range(len(matches))):  # from the end: earlier offsets stay valid
        title = matches[index].group(1)
        if any(title == name or title.startswith(name + " ") for name in names):
            end = matches[index + 1].start() if index + 1 < len(matches) else len(notices)
            notices = notices[: matches[index].start()] + notices[end:]
    return notices


def check(exe: Path, cache: Path, drop: list[str]) -> list[str]:
    """The problems of the assembled .app's notices (empty when they cover it)."""
    site = download(macos_pins(), cache)
    reached, missing = follow_imports(site, hook_driver_modules(MACOS))
    if missing:
        return [
            f"pyttsx3's macOS driver reaches {sorted(missing)}, in no downloaded wheel: "
            "a distribution tools/platform_distributions.py calls not shipped may ship"
        ]
    tops = {name.split(".")[0] for name in reached} - {"pyttsx3"} | set(GAME_PACKAGES)
    notices = without((ROOT / NOTICES_IN_BUNDLE).read_text(encoding="utf-8"), drop)
    app_exe = assemble_app(cache / "Tacocat.app", exe, site, tops, notices)
    listing = listing_of(app_exe)
    print(
        f"macOS .app assembled: {len(listing.files)} files, {len(listing.modules)} modules, "
        f"packages from macOS wheels: {', '.join(sorted(tops))}"
    )
    return bundle_problems(
        listing.modules, listing.files, listing.notices, distributions_of(site), MACOS
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--exe",
        type=Path,
        default=ONEDIR_EXE,
        help="the Linux onedir's executable (default: dist/tacocat/tacocat)",
    )
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="NAME",
        help="remove NAME's section from the notices first (the check must fail)",
    )
    args = parser.parse_args(argv)
    if not (args.exe.is_file() and (args.exe.parent / "_internal").is_dir()):
        print(f"no onedir at {args.exe}: run bash tools/build_and_smoke.sh first", file=sys.stderr)
        return 2
    problems = check(args.exe, CACHE, args.without)
    for problem in problems:
        print(f"macOS: {problem}", file=sys.stderr)
    if not problems:
        print("macOS notices ok: every distribution and library of the .app is named")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
