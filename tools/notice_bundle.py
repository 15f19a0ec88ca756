"""Check a PyInstaller build against its notices: nothing in it may ship without one.

    python tools/notices.py bundle dist/tacocat/tacocat     (tools/build_and_smoke.sh runs it)

The bundle must hold ``assets/THIRD-PARTY-NOTICES.txt`` and ``LICENSE``, and the notices must
name every distribution whose modules or ``*.dist-info`` ended up in it and every native
library in it. :func:`bundle_problems` is the check itself, on a listing (a unit test feeds it
a fake one); :func:`bundle_listing` reads a real build.
"""

from __future__ import annotations

import io
import sys
import zipfile
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path, PurePosixPath

from packaging.utils import canonicalize_name

from tools.native_libraries import CPYTHON_FILES, native_library
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
    return ".cpython-" in path.name or path.suffix == ".pyd" or (
        "lib-dynload" in path.parts)


def bundle_problems(modules: Iterable[str], files: Iterable[str], notices_text: str | None,
                    distributions_of: Mapping[str, list[str]]) -> list[str]:
    """What is wrong with a bundle's notices (empty when all is well).

    ``modules``: the dotted names of the Python modules inside; ``files``: the bundle's
    other files, as paths relative to its root; ``notices_text``: the notices file found in
    it (None when there is none); ``distributions_of``: top-level module name -> the
    distributions that provide it (:func:`importlib.metadata.packages_distributions`).
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
    problems += [f"distribution {name} ({why}) has no notice"
                 for name, why in sorted(wanted.items()) if name not in names]
    for file in files:
        path = PurePosixPath(file)
        if not is_shared_library(path.name) or is_extension_module(path):
            continue
        if CPYTHON_FILES.match(path.name.lower()):
            if "CPython" not in {n.split(" ")[0] for n in names}:
                problems.append(f"{file}: CPython has no notice")
            continue
        library = native_library(path.name)
        if library is None:
            problems.append(f"{file}: a shared library tools/native_libraries.py does not know")
        elif library.name not in names:
            problems.append(f"{file}: {library.name} has no notice")
    return problems


def bundle_listing(exe: Path) -> tuple[set[str], set[str], str | None]:
    """(modules, files, notices text or None) of a onedir executable or a onefile."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    files: set[str] = set()
    modules: set[str] = set()
    for name, (*_, typecode) in archive.toc.items():
        name = name.replace("\\", "/")
        if typecode in "ms":
            modules.add(name)
        elif typecode == "z":
            modules.update(archive.open_embedded_archive(name).toc)
        else:
            files.add(name)
    internal = exe.parent / "_internal"
    notices = None
    if internal.is_dir():  # onedir
        files.update(p.relative_to(internal).as_posix() for p in internal.rglob("*")
                     if p.is_file() or p.is_symlink())
        base = (internal / "base_library.zip").read_bytes()
        if (internal / NOTICES_IN_BUNDLE).is_file():
            notices = (internal / NOTICES_IN_BUNDLE).read_text(encoding="utf-8")
    else:  # onefile
        base = archive.extract("base_library.zip")
        if NOTICES_IN_BUNDLE in files:
            notices = archive.extract(NOTICES_IN_BUNDLE).decode("utf-8")
    modules.update(n[:-4].replace("/", ".").removesuffix(".__init__")
                   for n in zipfile.ZipFile(io.BytesIO(base)).namelist() if n.endswith(".pyc"))
    return modules, files, notices


def check_bundle(exe: Path) -> int:
    """Print the problems of ``exe``'s bundle; 0 when there are none."""
    modules, files, notices = bundle_listing(exe)
    problems = bundle_problems(modules, files, notices, metadata.packages_distributions())
    for problem in problems:
        print(f"{exe}: {problem}", file=sys.stderr)
    if not problems:
        libraries = sum(1 for f in files if is_shared_library(Path(f).name))
        print(f"notices ok: {len(named(notices or ''))} names, {len(files)} files, "
              f"{libraries} shared libraries, all accounted for")
    return 1 if problems else 0
