"""The licence notices the About screen shows, read from the files tools/notices.py writes.

``assets/third-party.json`` lists every library and font with its version and licence;
``assets/THIRD-PARTY-NOTICES.txt`` holds their texts, one section per component, each opened
by a rule, its title and a rule. Both ship wherever assets/ does (source, wheel, bundles), so
the screen needs no package metadata at run time (a frozen build has none: PyInstaller copies
no ``*.dist-info`` for this game's packages). Where there is metadata (a pip install), the
screen shows the versions installed, which may be newer than the lock the notices were written
from (:func:`installed_version`). No pygame here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from tacocat.resources import asset_path

NOTICES_FILE = "THIRD-PARTY-NOTICES.txt"
SUMMARY_FILE = "third-party.json"
#: The line above and below each section's title (tools/notices.py writes them).
RULE = "=" * 78
#: The title of the section with the LGPL's full text.
LGPL_SECTION = "GNU Lesser General Public License 2.1"
_SECTION = re.compile(rf"^{RULE}\n(.+)\n{RULE}$", re.M)


@dataclass(frozen=True)
class Component:
    """A library or font the game ships: ``kind`` is python, runtime, library or font."""

    name: str
    version: str
    license: str
    kind: str

    @property
    def title(self) -> str:
        """The heading of its section in the notices ("pygame-ce 2.5.8")."""
        return f"{self.name} {self.version}".strip()


def components(path: Path | None = None) -> list[Component]:
    """The components in the notices' order; empty when the file is missing or broken."""
    try:
        rows = json.loads((path or asset_path(SUMMARY_FILE)).read_text(encoding="utf-8"))
        return [
            Component(row["name"], row["version"], row["license"], row["kind"])
            for row in rows["components"]
        ]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def installed_version(component: Component) -> str:
    """The version of ``component`` installed in this Python environment; the notices' own
    for what is not a Python package or has no metadata here (a frozen bundle)."""
    if component.kind != "python":
        return component.version
    try:
        return metadata.version(component.name)
    except metadata.PackageNotFoundError:
        return component.version


def sections(path: Path | None = None) -> dict[str, str]:
    """Title -> text of each section; the part before the first section is under ``""``.

    Empty when the file is missing."""
    try:
        text = (path or asset_path(NOTICES_FILE)).read_text(encoding="utf-8")
    except OSError:
        return {}
    found: dict[str, str] = {}
    matches = list(_SECTION.finditer(text))
    found[""] = text[: matches[0].start() if matches else len(text)].strip("\n")
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        found[match.group(1)] = text[match.end() : end].strip("\n")
    return found


#: A line that starts an item of its own: "* ", "- ", "1. ", "(a) ", "a) ", a copyright line.
_ITEM = re.compile(r"^([*\-•]\s|\(?[0-9a-zA-Z]{1,3}[.)]\s|copyright\b|\(c\)\s|©)", re.I)
#: A rule ("=====", "-----") or a table row (columns apart by three spaces or more).
_RULE_OR_ROW = re.compile(r"^[=\-_*~ ]+$|\S {3,}\S")
#: Lines at least this long were wrapped by their author; a shorter one ends on purpose.
WRAPPED = 60


def reflow(text: str) -> str:
    """``text`` with its hard-wrapped paragraphs joined into long lines, for a box that wraps
    by itself (licence files are wrapped at 72-80 columns, narrower or wider than the box).

    A line is joined to the one before when that one is long (its author wrapped it there),
    neither is blank or a rule or a table row, and it does not start an item or a copyright
    line of its own; short lines, lists, rules and tables stay as they are.
    """
    out: list[str] = []
    previous = ""
    for line in text.splitlines():
        stripped = line.strip()
        joinable = (
            out
            and previous.strip()
            and stripped
            and len(previous.rstrip()) >= WRAPPED
            and not _ITEM.match(stripped)
            and not _RULE_OR_ROW.search(stripped)
            and not _RULE_OR_ROW.search(previous.strip())
        )
        if joinable:
            out[-1] = out[-1].rstrip() + " " + stripped
        else:
            out.append(line.rstrip())
        previous = line
    return "\n".join(out)
