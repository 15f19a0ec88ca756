"""The Python distributions that ship only on Windows or only on macOS, described as data.

They cannot be installed on the Linux machine that writes the notices, so tools/notices.py
cannot read their metadata: each is named here with its licence and the licence texts taken
from its real wheel (tools/licenses/, sources in tools/licenses/README.md); the version comes
from the hashed universal lock, requirements.txt.

Why these and no others. pyttsx3 needs comtypes, pywin32 and pypiwin32 on Windows and pyobjc
(with its ~150 pyobjc-framework-* wheels) on macOS, but PyInstaller bundles only what is
imported. pyinstaller-hooks-contrib's hook-pyttsx3 adds one driver module per system
(:func:`hook_driver_modules`): ``pyttsx3.drivers.sapi5`` imports ``comtypes`` and ``pythoncom``
(pywin32); ``pyttsx3.drivers.nsss`` imports ``objc`` (pyobjc-core) and ``AppKit``,
``Foundation``, ``PyObjCTools`` (pyobjc-framework-Cocoa), whose own imports stay inside those
two (tools/macos_notices_check.py follows them through the real wheels and fails otherwise).
So ``NOT_SHIPPED`` holds the rest, each with its reason, and tests/tools/test_notices.py fails
when the lock gains a Windows- or macOS-only distribution that is in neither list.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

from tools.native_libraries import MACOS, WINDOWS

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.txt"


@dataclass(frozen=True)
class PlatformDistribution:
    """A distribution that ships on one system only: ``modules`` are the top-level modules
    the bundled pyttsx3 driver imports from it; ``texts`` its licence texts in tools/licenses/."""

    name: str
    system: str
    license: str
    modules: tuple[str, ...]
    texts: tuple[str, ...]


SHIPPED: tuple[PlatformDistribution, ...] = (
    PlatformDistribution("comtypes", WINDOWS, "MIT", ("comtypes",), ("comtypes.txt",)),
    # The wheel's License field says PSF; its texts (win32/ and com/, the parts pythoncom and
    # pywintypes come from) are Mark Hammond's and Greg Stein's BSD-style licences.
    PlatformDistribution(
        "pywin32",
        WINDOWS,
        "PSF-2.0",
        ("pythoncom", "pywintypes"),
        ("pywin32-win32.txt", "pywin32-com.txt"),
    ),
    PlatformDistribution(
        "pyobjc-core", MACOS, "MIT", ("objc", "PyObjCTools"), ("pyobjc-core.txt",)
    ),
    PlatformDistribution(
        "pyobjc-framework-Cocoa",
        MACOS,
        "MIT",
        ("AppKit", "Foundation", "CoreFoundation", "PyObjCTools"),
        ("pyobjc-framework-Cocoa.txt",),
    ),
)

#: Lock entries for Windows or macOS that never reach a bundle, each with why.
NOT_SHIPPED: dict[str, str] = {
    "pypiwin32": "a metapackage: no modules, it only requires pywin32",
    "pyobjc": "a metapackage: no modules, it only requires pyobjc-core and the frameworks",
    r"pyobjc-framework-(?!cocoa$).+": "no bundled module imports it (pyttsx3.drivers.nsss "
    "imports pyobjc-core and pyobjc-framework-Cocoa only)",
}

#: Marker environments of the three systems for the lock's markers (Python 3.11; macOS 11+
#: is platform_release 20+, and a recent one is assumed so that every framework counts).
ENVIRONMENTS = {
    "Linux": {
        "sys_platform": "linux",
        "platform_system": "Linux",
        "os_name": "posix",
        "platform_release": "6.1",
    },
    WINDOWS: {
        "sys_platform": "win32",
        "platform_system": "Windows",
        "os_name": "nt",
        "platform_release": "10",
    },
    MACOS: {
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "os_name": "posix",
        "platform_release": "25.0",
    },
}
_BASE = {
    "python_version": "3.11",
    "python_full_version": "3.11.9",
    "extra": "",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}
#: "name==version ; marker \" in the lock.
_PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


@dataclass(frozen=True)
class Pin:
    """One entry of the lock: its hashes are the ``--hash=`` options under it."""

    name: str
    version: str
    marker: str
    hashes: tuple[str, ...]

    def applies(self, system: str) -> bool:
        return not self.marker or Marker(self.marker).evaluate({**_BASE, **ENVIRONMENTS[system]})


def lock_pins(lock: Path = LOCK) -> dict[str, Pin]:
    """Canonical name -> its pin in the hashed lock."""
    entries: list[tuple[str, str, str | None, list[str]]] = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = _PIN.match(line)
        if match:
            name, version, marker = match.groups()
            entries.append((name, version, marker, []))
        elif line.strip().startswith("--hash=") and entries:
            entries[-1][3].append(line.strip().rstrip("\\").strip())
    return {
        canonicalize_name(name): Pin(name, version, marker or "", tuple(hashes))
        for name, version, marker, hashes in entries
    }


def not_shipped_reason(name: str) -> str | None:
    """Why the lock's ``name`` never ships, or None when nothing here says so."""
    key = canonicalize_name(name)
    return next((why for pattern, why in NOT_SHIPPED.items() if re.fullmatch(pattern, key)), None)


def unaccounted(pins: dict[str, Pin]) -> list[str]:
    """The lock's Windows- or macOS-only distributions neither shipped here nor excused."""
    shipped = {canonicalize_name(d.name) for d in SHIPPED}
    return sorted(
        pin.name
        for key, pin in pins.items()
        if not pin.applies("Linux")
        and (pin.applies(WINDOWS) or pin.applies(MACOS))
        and key not in shipped
        and not_shipped_reason(key) is None
    )


def hook_driver_modules(system: str) -> list[str]:
    """The pyttsx3 modules pyinstaller-hooks-contrib's hook-pyttsx3 adds on ``system`` (the
    hook reads ``sys.platform``, so it runs here with that of ``system``)."""
    from _pyinstaller_hooks_contrib import stdhooks

    hook = Path(stdhooks.__path__[0]) / "hook-pyttsx3.py"
    names: dict[str, list[str]] = {}
    real = sys.platform
    sys.platform = ENVIRONMENTS[system]["sys_platform"]
    try:
        exec(compile(hook.read_text(encoding="utf-8"), str(hook), "exec"), names)  # noqa: S102
    finally:
        sys.platform = real
    return list(names["hiddenimports"])
