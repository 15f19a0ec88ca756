"""Write the licence notices of everything the game ships: assets/THIRD-PARTY-NOTICES.txt.

    python -m tools.notices                 # write the notices (and assets/third-party.json)
    python -m tools.notices --check         # exit 1 when the committed files are out of date
    python -m tools.notices bundle EXE      # check a PyInstaller build (onedir exe or onefile)

What ships, and where its licence comes from:

* the runtime dependency closure of the game's requirements (pyproject's
  ``[project].dependencies``; requirements.txt is the hashed lock of the same), markers evaluated
  for Linux whatever system runs this, extras left out, plus ``BUNDLE_EXTRAS``: what PyInstaller
  adds though the game does not need it),
  from installed metadata (``importlib.metadata``): the ``License-Expression`` or ``License``
  field and every licence file the distribution installs (``*.dist-info/licenses/``, the
  ``License-File`` entries, and files named LICENSE/COPYING/NOTICE in it, such as
  pygame_gui's font licences and Babel's Unicode data licence). pygame-ce installs no licence
  file, so its LGPL 2.1 text comes from tools/licenses/;
* the distributions that ship only on Windows or macOS (comtypes, pywin32, pyobjc-core,
  pyobjc-framework-Cocoa), described as data in tools/platform_distributions.py, with the
  lock's versions and their wheels' texts from tools/licenses/;
* CPython, from the running interpreter's own LICENSE.txt (the PSF licence);
* the native libraries without Python metadata (tools/native_libraries.py), expat and libmpdec
  (compiled into CPython's pyexpat and _decimal) among them;
* the fonts (pygame_gui's Noto Sans and Fira Code, our Noto Sans Lao UI).

One file serves the three systems: a component that ships on some of them only says which
("Ships on:"), and the bundle check (tools/notice_bundle.py) fails when a bundle holds a library
on a system its entry does not name. LGPL and MPL components say where their source is, at the
shipped version ("Source:"). The output is deterministic (sorted, no dates or paths of this
machine), so a test can compare the committed file with a fresh one. ``assets/third-party.json`` is the same list, short, for
the About screen. Run this after any dependency change. The notices' opening prose (what they
are, how to replace the LGPL libraries) is tools/notices_header.py.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import sysconfig
import tomllib
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tacocat.ui.scenes.licences import LGPL_SECTION, RULE
from tools.native_libraries import EVERYWHERE, LINUX, NATIVE_LIBRARIES
from tools.notices_header import header
from tools.platform_distributions import (
    ENVIRONMENTS,
    SHIPPED,
    PlatformDistribution,
    lock_pins,
)

ROOT = Path(__file__).resolve().parent.parent

NOTICES = ROOT / "assets" / "THIRD-PARTY-NOTICES.txt"
SUMMARY = ROOT / "assets" / "third-party.json"
LICENSES = ROOT / "tools" / "licenses"
LGPL_TITLE = LGPL_SECTION
#: Licence texts for distributions that install none (pygame-ce's wheel carries no licence file).
EXTRA_TEXTS = {"pygame-ce": "LGPL-2.1.txt"}
#: Where the source of a copyleft distribution is, at the shipped ``{version}`` (LGPL-2.1 §6,
#: MPL-2.0 §3.2(a): the bundles carry them as bytecode and binaries).
SOURCES = {
    "pygame-ce": "https://github.com/pygame-community/pygame-ce/tree/{version} (the tag; "
    "the sdist pygame_ce-{version}.tar.gz is on https://pypi.org/project/"
    "pygame-ce/{version}/#files)",
    "pyttsx3": "the sdist pyttsx3-{version}.tar.gz on https://pypi.org/project/pyttsx3/"
    "{version}/#files (the project: https://github.com/nateshmbhat/pyttsx3)",
    "zeroconf": "the sdist zeroconf-{version}.tar.gz on https://pypi.org/project/zeroconf/"
    "{version}/#files (the project: https://github.com/python-zeroconf/python-zeroconf)",
}
#: Distributions the PyInstaller bundle holds though the game never imports them: its analysis
#: follows babel's and filelock's ``if TYPE_CHECKING:`` imports of typing_extensions. The
#: bundle check (tools/notice_bundle.py) finds any such distribution; list it here, or
#: exclude it in build.spec.
BUNDLE_EXTRAS = ("typing-extensions",)
#: File names that are licence texts wherever a distribution installs them.
LICENSE_NAME = re.compile(r"^(licen[cs]e|copying|notice|authors)([.-]|$)", re.I)
#: The fonts: (name, where the game gets it, licence, text file relative to its root).
FONTS = (
    ("Fira Code", "pygame_gui", "OFL-1.1", "pygame_gui/data/licenses/FiraCode-LICENSE.txt"),
    ("Noto Sans", "pygame_gui", "OFL-1.1", "pygame_gui/data/licenses/NotoSans-LICENSE.txt"),
    ("Noto Sans Lao UI", "assets/fonts", "OFL-1.1", "assets/fonts/OFL.txt"),
)


@dataclass(frozen=True)
class Component:
    """One thing with a notice: ``kind`` is python, runtime, library or font."""

    name: str
    version: str
    license: str
    kind: str
    #: Where it comes from, for the reader (no path of this machine).
    source: str
    #: (title, text) of each licence text, in order.
    texts: tuple[tuple[str, str], ...] = ()
    #: The systems whose bundles hold it.
    systems: tuple[str, ...] = EVERYWHERE
    #: Where its source is at this version (copyleft components), else "".
    source_code: str = ""


# --- which distributions ship -----------------------------------------------------------


def requirement_lines(root: Path = ROOT) -> list[str]:
    """The game's own requirements: pyproject's ``[project].dependencies`` (the one place
    they are named; requirements.txt is their hashed lock, compiled from them)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project.get("dependencies", []))


def _applies(requirement: Requirement) -> bool:
    """True when ``requirement`` holds on Linux (whatever system runs this) without any extra;
    ValueError when it holds on Linux and not everywhere (the notices would call it shipped
    everywhere: describe it in tools/platform_distributions.py instead)."""
    if requirement.marker is None:
        return True
    holds = {
        system
        for system, environment in ENVIRONMENTS.items()
        if requirement.marker.evaluate({**environment, "extra": ""})
    }
    if LINUX in holds and holds != set(ENVIRONMENTS):
        raise ValueError(f"{requirement} holds on {sorted(holds)} only")
    return LINUX in holds


def runtime_closure(lines: Iterable[str]) -> list[metadata.Distribution]:
    """Every installed distribution the requirements need, directly or not, sorted by name.

    Raises ``metadata.PackageNotFoundError`` when one is not installed (the notices would
    be incomplete)."""
    found: dict[str, metadata.Distribution] = {}
    todo = [Requirement(line) for line in lines]
    while todo:
        requirement = todo.pop()
        key = canonicalize_name(requirement.name)
        if key in found or not _applies(requirement):
            continue
        distribution = metadata.distribution(requirement.name)
        found[key] = distribution
        todo += [Requirement(r) for r in distribution.requires or ()]
    return [found[key] for key in sorted(found)]


# --- what each one says -----------------------------------------------------------------


def license_field(distribution: metadata.Distribution) -> str:
    """The SPDX expression, else a one-line License field, else the licence classifiers."""
    meta: Any = distribution.metadata  # (an email.message.Message: .get exists)
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    field = (meta.get("License") or "").strip()
    if field and "\n" not in field and len(field) <= 60:
        return field
    classifiers = [
        c.rsplit(" :: ", 1)[1]
        for c in meta.get_all("Classifier") or []
        if c.startswith("License ::")
    ]
    return " / ".join(classifiers) or "see its text"


def license_files(distribution: metadata.Distribution) -> list[str]:
    """The distribution's installed licence files (paths relative to site-packages), sorted."""
    declared = {Path(name).name for name in distribution.metadata.get_all("License-File") or []}
    paths = set()
    for file in distribution.files or ():
        parts = Path(str(file)).parts
        name = parts[-1]
        if name.endswith((".py", ".pyc")):
            continue
        in_dist_info = parts[0].endswith(".dist-info")
        if (
            "licenses" in parts[:-1]
            or LICENSE_NAME.match(name)
            or (in_dist_info and name in declared)
        ):
            paths.add(Path(str(file)).as_posix())
    return sorted(paths)


#: The LGPL 2.1's title: a licence file holding the whole licence (zeroconf's COPYING, after
#: its copyright lines) keeps what comes before it, and the licence is printed once, at the end.
LGPL_HEADING = re.compile(
    r"^[ \t]*GNU LESSER GENERAL PUBLIC LICENSE\s*\n\s*Version 2\.1, "
    r"February 1999",
    re.M,
)


def _lgpl_referenced(texts: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], bool]:
    """``texts`` with any copy of the LGPL 2.1 cut off, and whether one was."""
    kept, cut = [], False
    for path, text in texts:
        match = LGPL_HEADING.search(text)
        if match:
            text, cut = text[: match.start()].rstrip().rstrip("-").rstrip(), True
        kept.append((path, text))
    return kept, cut


def python_component(distribution: metadata.Distribution) -> Component:
    """A distribution with its licence texts; raises ValueError when it has none."""
    name = distribution.metadata["Name"]
    texts = [
        (path, _read(Path(str(distribution.locate_file(path)))))
        for path in license_files(distribution)
    ]
    texts, holds_lgpl = _lgpl_referenced(texts)
    extra = EXTRA_TEXTS.get(canonicalize_name(name))
    if extra or holds_lgpl:
        texts.append((f"{LGPL_TITLE} (the text is at the end of this file)", ""))
    if not texts:
        raise ValueError(
            f"{name} {distribution.version} installs no licence text: add one "
            "to tools/notices.py's EXTRA_TEXTS"
        )
    source = SOURCES.get(canonicalize_name(name), "").format(version=distribution.version)
    return Component(
        name,
        distribution.version,
        license_field(distribution),
        "python",
        "Python package (installed metadata)",
        tuple(texts),
        source_code=source,
    )


def platform_component(distribution: PlatformDistribution, version: str) -> Component:
    """A Windows- or macOS-only distribution, at the lock's ``version``."""
    texts = tuple(
        (f"{text} (from its {version} wheel)", _read(LICENSES / text))
        for text in distribution.texts
    )
    return Component(
        distribution.name,
        version,
        distribution.license,
        "python",
        f"Python package (the licence texts of its {distribution.system} wheel)",
        texts,
        (distribution.system,),
    )


def cpython_license() -> tuple[str, str]:
    """(where, text) of the running interpreter's licence: its own LICENSE.txt, else Debian's
    copyright file for it."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [
        (
            f"lib/python{version}/LICENSE.txt of the interpreter",
            Path(sysconfig.get_path("stdlib")) / "LICENSE.txt",
        ),
        ("LICENSE.txt of the interpreter", Path(sys.base_prefix) / "LICENSE.txt"),
        (
            f"Debian's /usr/share/doc/python{version}/copyright",
            Path(f"/usr/share/doc/python{version}/copyright"),
        ),
    ]
    for where, path in candidates:
        if path.is_file():
            return where, _read(path)
    raise FileNotFoundError(
        "no licence text for this Python: " + ", ".join(str(path) for _, path in candidates)
    )


def cpython_component() -> Component:
    """CPython 3.11: each system's build ships its own 3.11.x (the text is the same)."""
    where, text = cpython_license()
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    return Component(
        "CPython",
        version,
        "PSF-2.0",
        "runtime",
        f"the Python interpreter and standard library of the build machine (text: {where})",
        (("LICENSE", text),),
    )


def sdl_versions() -> dict[str, str]:
    """The versions of the SDL libraries pygame-ce loads, as it reports them."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    def dotted(version: tuple[int, ...]) -> str:
        return ".".join(map(str, version))

    return {
        "SDL2": dotted(pygame.get_sdl_version()),
        "SDL2_image": dotted(pygame.image.get_sdl_image_version() or ()),
        "SDL2_mixer": dotted(pygame.mixer.get_sdl_mixer_version()),
        "SDL2_ttf": dotted(pygame.font.get_sdl_ttf_version()),
    }


def native_components() -> list[Component]:
    versions = sdl_versions()
    return [
        Component(
            lib.name,
            versions.get(lib.name, ""),
            lib.license,
            "library",
            lib.shipped_by,
            ((lib.text, _read(LICENSES / lib.text)),),
            lib.systems,
            lib.source,
        )
        for lib in NATIVE_LIBRARIES
    ]


def font_components(site_packages: Path) -> list[Component]:
    """The fonts; pygame_gui's licence texts are already in its own section, so not repeated."""
    components = []
    for name, origin, licence, text in FONTS:
        if origin == "assets/fonts":
            source = (
                "our assets/fonts/: Noto Sans Lao (Debian's fonts-noto-core) merged with "
                "Noto Sans by tools/make_fonts.py"
            )
            texts = ((text, _read(ROOT / text)),)
        else:
            _read(site_packages / text)  # it must be installed, as the notices say
            source = f"bundled with {origin}"
            texts = ((f"{text} (in the {origin} section above)", ""),)
        components.append(Component(name, "", licence, "font", source, texts))
    return components


def gather(lines: Iterable[str] | None = None) -> list[Component]:
    """Every component, in the order the notices list them."""
    distributions = runtime_closure(
        [*(requirement_lines() if lines is None else lines), *BUNDLE_EXTRAS]
    )
    pins = lock_pins()
    python = sorted(
        [python_component(d) for d in distributions]
        + [platform_component(d, pins[canonicalize_name(d.name)].version) for d in SHIPPED],
        key=lambda c: canonicalize_name(c.name),
    )
    gui = next(d for d in distributions if canonicalize_name(d.metadata["Name"]) == "pygame-gui")
    site_packages = Path(str(gui.locate_file("")))
    return python + [cpython_component()] + native_components() + font_components(site_packages)


def _read(path: Path) -> str:
    # Licence files come with any line ending and sometimes a BOM or trailing spaces.
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


# --- writing ----------------------------------------------------------------------------


def title(component: Component) -> str:
    """The heading a component's section starts with (what "named in the notices" means)."""
    return f"{component.name} {component.version}".strip()


def render(components: list[Component]) -> str:
    """The whole notices text."""
    pygame_ce = next(c.version for c in components if c.name == "pygame-ce")
    out = [header(pygame_ce), "CONTENTS", ""]
    width = max(len(title(c)) for c in components) + 2
    for c in components:
        out.append(f"  {title(c):<{width}}{c.license}")
    for c in components:
        out += ["", RULE, title(c), RULE, f"License: {c.license}", f"From: {c.source}"]
        if c.systems != EVERYWHERE:
            out.append(f"Ships on: {', '.join(c.systems)} only")
        if c.source_code:
            out.append(f"Source: {c.source_code}")
        for text_title, text in c.texts:
            out += ["", f"--- {text_title} ---"]
            if text:
                out += ["", text]
    out += ["", RULE, LGPL_TITLE, RULE, "", _read(LICENSES / "LGPL-2.1.txt"), ""]
    return "\n".join(out)


def summary(components: list[Component]) -> str:
    """The short machine-readable list the About screen shows."""
    rows = [{key: value for key, value in asdict(c).items() if key != "texts"} for c in components]
    return json.dumps({"components": rows}, indent=1, ensure_ascii=False) + "\n"


def outputs() -> dict[Path, str]:
    components = gather()
    return {NOTICES: render(components), SUMMARY: summary(components)}


# --- the bundle check -------------------------------------------------------------------

#: A line that starts a section: the rule, the title, the rule.
SECTION = re.compile(rf"^{RULE}\n(.+)\n{RULE}$", re.M)


def named(notices_text: str) -> set[str]:
    """The components the notices have a section for, by name (canonical for packages)."""
    names = set()
    for heading in SECTION.findall(notices_text):
        name, _, version = heading.rpartition(" ")
        if not (name and version[:1].isdigit()):  # no version: "GCC runtime (libstdc++, ...)"
            name = heading
        names |= {heading, name, canonicalize_name(name)}
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail when the files are stale")
    sub = parser.add_subparsers(dest="command")
    bundle = sub.add_parser("bundle", help="check a PyInstaller build's notices")
    bundle.add_argument(
        "exe",
        type=Path,
        help="the onedir's executable, the onefile, or a .app's Contents/MacOS/ executable",
    )
    bundle.add_argument(
        "--site",
        type=Path,
        help="a folder of the bundle's unpacked wheels: "
        "which distribution each module belongs to (default: this environment)",
    )
    bundle.add_argument(
        "--system", choices=EVERYWHERE, help="the system the bundle is for (default: this one)"
    )
    bundle.add_argument(
        "--notices", type=Path, help="check against this notices file instead of the bundle's own"
    )
    args = parser.parse_args(argv)
    if args.command == "bundle":
        from tools.notice_bundle import check_bundle

        return check_bundle(args.exe, args.site, args.system, args.notices)
    stale = []
    for path, text in outputs().items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.relative_to(ROOT).as_posix())
        else:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path.relative_to(ROOT).as_posix()} ({len(text)} characters)")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python -m tools.notices", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
