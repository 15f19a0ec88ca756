"""The oldest glibc a Linux build runs on: the newest GLIBC_x.y symbol version its ELF files need.

    python -m tools.linux.glibc_floor dist/tacocat [--top 5]

Reads every shared library and executable under the folder with ``objdump -T``
(binutils) and prints, newest first, the files that set the floor; the last line
is one JSON object ``{"floor": "2.34", "file": ...}``. docs/building.md gives the
figures for the release builds and explains what set them.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

VERSION = re.compile(rb"\(?GLIBC_(2\.\d+(?:\.\d+)?)\)?")


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def needed_glibc(path: Path) -> str | None:
    """The newest glibc symbol version ``path`` needs, or None (not ELF, or none)."""
    with open(path, "rb") as handle:
        if handle.read(4) != b"\x7fELF":
            return None
    out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, check=False).stdout
    versions = {match.decode() for match in VERSION.findall(out)}
    return max(versions, key=_key) if versions else None


def floor(folder: Path) -> list[tuple[str, Path]]:
    """(version, file) for every ELF file that needs glibc, newest version first."""
    found = [
        (v, p)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink() and (v := needed_glibc(p))
    ]
    return sorted(found, key=lambda item: _key(item[0]), reverse=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--top", type=int, default=5, help="how many files to list")
    args = parser.parse_args(argv)
    found = floor(args.folder)
    if not found:
        print(json.dumps({"floor": None, "file": None}))
        return 1
    for version, path in found[: args.top]:
        print(f"GLIBC_{version}  {path.relative_to(args.folder)}")
    version, path = found[0]
    print(json.dumps({"floor": version, "file": str(path.relative_to(args.folder))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
