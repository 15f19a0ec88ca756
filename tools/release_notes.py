"""The release notes of a version: its section of CHANGELOG.md (Keep a Changelog format).

    python -m tools.release_notes 0.1.0 > notes.md

Prints the body of the newest released section (the first one after *Unreleased*). Exits
with status 1 and one line on stderr unless that section is the version asked for, so a
release whose changelog entry was forgotten stops before anything is published. The
release workflow passes the result to ``gh release create --notes-file``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parents[1] / "CHANGELOG.md"
#: "## [0.1.0] - 2026-12-01" or "## [Unreleased]": a version section's heading.
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?[ \t]*$", re.M)


class ChangelogError(ValueError):
    """The changelog has no released section for the version asked for."""


def released_sections(text: str) -> list[tuple[str, str, str]]:
    """(version, date, body) of every released section, newest first; body stripped."""
    headings = list(HEADING.finditer(text))
    sections = []
    for heading, following in zip(headings, [*headings[1:], None], strict=True):
        if heading["version"].lower() == "unreleased":
            continue
        if heading["date"] is None:
            raise ChangelogError(f"the section of {heading['version']} has no date")
        body = text[heading.end() : following.start() if following else len(text)]
        sections.append((heading["version"], heading["date"], body.strip()))
    return sections


def release_notes(text: str, version: str) -> str:
    """The body of the newest released section, which must be ``version``'s."""
    sections = released_sections(text)
    if not sections:
        raise ChangelogError("CHANGELOG.md has no released section")
    newest, _, body = sections[0]
    if newest != version:
        raise ChangelogError(
            f"the newest section of CHANGELOG.md is {newest}, not {version}: "
            f"rename Unreleased to [{version}] with today's date"
        )
    if not body:
        raise ChangelogError(f"the section of {version} is empty")
    return body + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="the version being released, e.g. 0.1.0 (no v)")
    parser.add_argument("--changelog", type=Path, default=CHANGELOG)
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(release_notes(args.changelog.read_text(encoding="utf-8"), args.version))
    except ChangelogError as error:
        print(f"release_notes: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
