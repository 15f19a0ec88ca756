"""Check a PyInstaller build against its notices: nothing in it may ship without one.

    python -m tools.notices bundle dist/tacocat/tacocat     (tools/build_and_smoke.sh runs it)
    python -m tools.notices bundle Tacocat.app/Contents/MacOS/tacocat --site DIR --system macOS

The bundle must hold ``assets/THIRD-PARTY-NOTICES.txt`` and ``LICENSE``, and the notices must
name every distribution whose modules or ``*.dist-info`` ended up in it and every native
library in it, on a system the library's entry names. :func:`bundle_problems` is the check
itself, on a listing (a unit test feeds it a fake one); :func:`bundle_listing` reads a real
build (onedir, onefile or .app; tools/smoke.py reads builds with it too). Which distribution a
module belongs to comes from the environment the bundle was built from: the running one, or
with ``--site`` a folder of unpacked wheels (tools/macos_notices_check.py checks a macOS
listing on Linux that way).
"""

from __future__ import annotations

import io
import sys
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from packaging.utils import canonicalize_name

from tools.native_libraries import (
    CPYTHON_FILES,
    LINUX,
    MACOS,
    WINDOWS,
    distribution_of_file,
    native_library,
)
from tools.notices import named

NOTICES_IN_BUNDLE = "assets/THIRD-PARTY-NOTICES.txt"
LICENSE_IN_BUNDLE = "LICENSE"
#: Top-level names that are ours (the project's licence covers them).
OURS = {"tacocat", "main", "assets"}
#: Suffixes of shared libraries: libSDL2-2.0.so.0, libz.so.1, SDL2.dll, libpng16.16.dylib.
SHARED = (".so", ".dll", ".dylib", ".pyd")


def is_shared_library(name: str) -> bool:
    return name.lower().endswith(SHARED) or ".so." in name or name.lower().endswith(".so")


def is_extension_module(path: PurePosixPath) -> bool:
    """A compiled Python module (its package's notice covers it), not a library it loads."""
    return ".cpython-" in path.name or path.suffix == ".pyd" or ("lib-dynload" in path.parts)


#: sys.platform -> the system name the notices and tools/native_libraries.py use.
SYSTEMS = {"win32": WINDOWS, "darwin": MACOS}


def this_system() -> str:
    return SYSTEMS.get(sys.platform, LINUX)


def bundle_problems(
    modules: Iterable[str],
    files: Iterable[str],
    notices_text: str | None,
    distributions_of: Mapping[str, list[str]],
    system: str = LINUX,
) -> list[str]:
    """What is wrong with a bundle's notices (empty when all is well).

    ``modules``: the dotted names of the Python modules inside; ``files``: the bundle's
    other files, as paths relative to its root; ``notices_text``: the notices file found in
    it (None when there is none); ``distributions_of``: top-level module name -> the
    distributions that provide it (:func:`importlib.metadata.packages_distributions`);
    ``system``: the one the bundle is for (Linux, Windows or macOS).
    """
    files = sorted(set(files))
    if notices_text is None:
        return [f"no {NOTICES_IN_BUNDLE} in the bundle"]
    problems = [] if LICENSE_IN_BUNDLE in files else [f"no {LICENSE_IN_BUNDLE} in the bundle"]
    names = named(notices_text)
    tops = {m.split(".")[0] for m in modules} | {PurePosixPath(f).parts[0] for f in files}
    wanted: dict[str, str] = {}  # distribution -> why it is in the bundle
    for top in sorted(tops - OURS):
        for distribution in distributions_of.get(top, ()):
            wanted.setdefault(canonicalize_name(distribution), f"its module {top}")
    for file in files:
        part = next((p for p in PurePosixPath(file).parts if p.endswith(".dist-info")), None)
        if part:
            name = part.removesuffix(".dist-info").rsplit("-", 1)[0]  # "filelock-4.3.1"
            wanted.setdefault(canonicalize_name(name), part)
    problems += [
        f"distribution {name} ({why}) has no notice"
        for name, why in sorted(wanted.items())
        if name not in names
    ]
    for file in files:
        path = PurePosixPath(file)
        if is_shared_library(path.name) and not is_extension_module(path):
            problems += library_problems(file, names, system)
    return problems


def library_problems(file: str, names: set[str], system: str) -> list[str]:
    """What is wrong with the notice of the shared library ``file`` in a ``system`` bundle."""
    name = PurePosixPath(file).name
    if CPYTHON_FILES.match(name.lower()):
        return (
            []
            if "CPython" in {n.split(" ")[0] for n in names}
            else [f"{file}: CPython has no notice"]
        )
    owner = distribution_of_file(name)
    if owner is not None:
        return (
            []
            if canonicalize_name(owner) in names
            else [f"{file}: its distribution {owner} has no notice"]
        )
    library = native_library(name)
    if library is None:
        return [f"{file}: a shared library tools/native_libraries.py does not know"]
    if library.name not in names:
        return [f"{file}: {library.name} has no notice"]
    if system not in library.systems:
        return [
            f"{file}: {library.name} ships on {system}, but its entry in "
            f"tools/native_libraries.py says {', '.join(library.systems)} only"
        ]
    return []


@dataclass(frozen=True)
class Listing:
    """What a build holds: dotted module names, file paths (relative to the folders that hold
    the bundle's files), and the text of its notices (None when there are none)."""

    modules: set[str]
    files: set[str]
    notices: str | None


def bundle_folders(exe: Path) -> list[Path]:
    """The folders beside ``exe`` that hold its bundle's files: ``_internal`` of a onedir;
    Frameworks (binaries) and Resources (data) of a .app, whose ``Contents/MacOS/`` holds
    the exe; none for a onefile, which holds everything itself."""
    if exe.parent.name == "MacOS":
        folders = [exe.parent.parent / "Frameworks", exe.parent.parent / "Resources"]
    else:
        folders = [exe.parent / "_internal"]
    return [folder for folder in folders if folder.is_dir()]


def bundle_listing(exe: Path) -> Listing:
    """The listing of a onedir's executable, a onefile, or a .app's Contents/MacOS/ exe."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    files: set[str] = set()
    modules: set[str] = set()
    for name, (*_, typecode) in archive.toc.items():
        name = name.replace("\\", "/")
        if typecode in "ms":  # bootstrap modules and scripts
            modules.add(name)
        elif typecode == "z":  # the PYZ with every pure-Python module
            modules.update(archive.open_embedded_archive(name).toc)
        else:
            files.add(name)
    folders = bundle_folders(exe)
    for folder in folders:
        files.update(
            p.relative_to(folder).as_posix()
            for p in folder.rglob("*")
            if p.is_file() or p.is_symlink()
        )
    base = _outside(folders, "base_library.zip")
    notices = _outside(folders, NOTICES_IN_BUNDLE)
    if not folders:  # onefile: everything is inside
        base = archive.extract("base_library.zip")
        notices = archive.extract(NOTICES_IN_BUNDLE) if NOTICES_IN_BUNDLE in files else None
    if base is None:
        raise FileNotFoundError(f"no base_library.zip beside {exe}")
    modules.update(
        n[:-4].replace("/", ".").removesuffix(".__init__")
        for n in zipfile.ZipFile(io.BytesIO(base)).namelist()
        if n.endswith(".pyc")
    )
    return Listing(modules, files, notices.decode("utf-8") if notices is not None else None)


def _outside(folders: list[Path], name: str) -> bytes | None:
    """The bytes of the first ``folder/name`` that exists, or None."""
    path = next((folder / name for folder in folders if (folder / name).is_file()), None)
    return path.read_bytes() if path is not None else None


def distributions_of(site: Path | None = None) -> Mapping[str, list[str]]:
    """Top-level module -> the distributions that provide it: in the running environment, or
    in ``site``, a folder of unpacked wheels (their ``*.dist-info``)."""
    if site is None:
        return metadata.packages_distributions()
    found: dict[str, list[str]] = defaultdict(list)
    for distribution in metadata.distributions(path=[str(site)]):
        declared = (distribution.read_text("top_level.txt") or "").split()
        inferred = {
            PurePosixPath(str(f)).parts[0].removesuffix(".py")
            for f in distribution.files or ()
            if not PurePosixPath(str(f)).parts[0].endswith((".dist-info", ".data"))
        }
        for top in declared or sorted(inferred):
            found[top].append(distribution.metadata["Name"])
    return found


def check_bundle(
    exe: Path, site: Path | None = None, system: str | None = None, notices: Path | None = None
) -> int:
    """Print the problems of ``exe``'s bundle; 0 when there are none. ``notices`` replaces
    the bundle's own notices (to prove the check fails without a section)."""
    listing = bundle_listing(exe)
    text = notices.read_text(encoding="utf-8") if notices is not None else listing.notices
    problems = bundle_problems(
        listing.modules, listing.files, text, distributions_of(site), system or this_system()
    )
    for problem in problems:
        print(f"{exe}: {problem}", file=sys.stderr)
    if not problems:
        libraries = sum(1 for f in listing.files if is_shared_library(Path(f).name))
        print(
            f"notices ok: {len(named(text or ''))} names, {len(listing.files)} files, "
            f"{libraries} shared libraries, all accounted for ({system or this_system()})"
        )
    return 1 if problems else 0
