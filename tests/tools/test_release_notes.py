"""tools/release_notes.py: the newest released section of CHANGELOG.md becomes the release notes."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tacocat import APP_ID, __version__
from tools.release_notes import ChangelogError, release_notes, released_sections

ROOT = Path(__file__).resolve().parents[2]

SAMPLE = """# Changelog

## [Unreleased]

### Fixed
- Not yet released.

## [1.1.0] - 2027-02-03

### Added
- A new thing.

## [1.0.0] - 2027-01-01

- The first one.
"""


def test_the_newest_released_section_is_the_notes_and_unreleased_is_skipped() -> None:
    assert release_notes(SAMPLE, "1.1.0") == "### Added\n- A new thing.\n"
    assert [(version, date) for version, date, _ in released_sections(SAMPLE)] == [
        ("1.1.0", "2027-02-03"),
        ("1.0.0", "2027-01-01"),
    ]


@pytest.mark.parametrize(
    ("text", "version", "problem"),
    [
        (SAMPLE, "1.2.0", "the newest section of CHANGELOG.md is 1.1.0, not 1.2.0"),
        (SAMPLE, "1.0.0", "is 1.1.0, not 1.0.0"),  # an older section is not the release's
        ("# Changelog\n\n## [Unreleased]\n\n- Soon.\n", "1.0.0", "no released section"),
        ("## [1.0.0]\n\n- No date.\n", "1.0.0", "has no date"),
        ("## [1.0.0] - 2027-01-01\n\n## [0.9.0] - 2026-01-01\n- x\n", "1.0.0", "is empty"),
    ],
)
def test_a_forgotten_or_broken_entry_is_refused(text: str, version: str, problem: str) -> None:
    with pytest.raises(ChangelogError, match=problem):
        release_notes(text, version)


def test_the_changelog_names_this_version_with_the_metainfo_date() -> None:
    """A version bump needs its changelog section (the release would stop without it)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    version, date, _ = released_sections(text)[0]
    metainfo = ET.parse(ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    newest = metainfo.find("releases/release")
    assert (version, date) == (__version__, newest.get("date"))
    assert release_notes(text, __version__).strip()


def test_the_command_prints_the_notes_or_one_line_and_status_1(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(SAMPLE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "tools.release_notes", "1.1.0", "--changelog", str(changelog)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "### Added\n- A new thing.\n", "")
    done = subprocess.run(
        [sys.executable, "-m", "tools.release_notes", "9.9.9", "--changelog", str(changelog)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "not 9.9.9" in done.stderr


def test_the_release_workflow_publishes_these_notes_and_the_checksums() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "python3 -m tools.release_notes" in workflow
    assert "--notes-file" in workflow and "--generate-notes" not in workflow
    assert "sha256sum" in workflow and "SHA256SUMS" in workflow
