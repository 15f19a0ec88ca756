"""One copy of the game per data folder: the lock, the scratch copy, stale temporary files."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tacocat.persistence.lock import (
    LOCK_FILE,
    claim_data_folder,
    lock_data_folder,
    unsaved_copy,
)

REPO = Path(__file__).resolve().parents[2]


def holder(folder: Path) -> subprocess.Popen[str]:
    """Another process that takes the lock on ``folder``, says so, and holds it until stdin closes."""
    code = textwrap.dedent("""
        import sys
        from tacocat.persistence.lock import lock_data_folder
        lock = lock_data_folder(sys.argv[1])
        print("locked" if lock else "refused", flush=True)
        sys.stdin.read()
    """)
    process = subprocess.Popen(
        [sys.executable, "-c", code, str(folder)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "locked"
    return process


def test_a_second_process_is_refused_until_the_first_ends(tmp_path: Path) -> None:
    first = holder(tmp_path)
    try:
        assert lock_data_folder(tmp_path) is None
    finally:
        first.communicate("")  # the holder exits: the system drops its lock
    lock = lock_data_folder(tmp_path)
    assert lock is not None
    lock.release()


def test_a_killed_holder_leaves_no_stale_lock(tmp_path: Path) -> None:
    first = holder(tmp_path)
    first.kill()
    first.wait()
    lock = lock_data_folder(tmp_path)
    assert lock is not None
    lock.release()


def test_stale_temporary_files_are_removed_once_locked(tmp_path: Path) -> None:
    stale = [tmp_path / ".tmp-autosave.json.abc123.part", tmp_path / ".tmp-stats.json.x.part"]
    for path in stale:
        path.write_text('{"format": "tacocat-sa')  # a write killed mid-way
    kept = [tmp_path / "autosave.json", tmp_path / "notes.part", tmp_path / ".tmp-folder.part"]
    kept[0].write_text("{}")
    kept[1].write_text("mine")
    kept[2].mkdir()
    lock = lock_data_folder(tmp_path)
    assert lock is not None
    lock.release()
    assert not any(path.exists() for path in stale)
    assert all(path.exists() for path in kept)


def test_stale_files_are_left_alone_while_another_copy_may_be_writing(tmp_path: Path) -> None:
    part = tmp_path / ".tmp-autosave.json.live.part"
    first = holder(tmp_path)
    try:
        part.write_text("being written by the other copy")
        assert lock_data_folder(tmp_path) is None
        assert part.exists()
    finally:
        first.communicate("")


def test_the_second_copy_plays_in_a_scratch_copy_that_goes_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, scratch_root = tmp_path / "data", tmp_path / "tmp"
    data.mkdir()
    scratch_root.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(scratch_root))
    files = {
        "settings.json": b'{"format": "tacocat-settings"}',
        "stats.json": b"{}",
        "autosave.json": b"the first copy's game",
    }
    for name, raw in files.items():
        (data / name).write_bytes(raw)
    first = holder(data)
    try:
        with claim_data_folder(data) as claim:
            assert claim.shared and claim.folder.parent == scratch_root
            assert sorted(p.name for p in claim.folder.iterdir()) == ["settings.json", "stats.json"]
            (claim.folder / "autosave.json").write_text("this copy's game")
    finally:
        first.communicate("")
    assert list(scratch_root.iterdir()) == []
    assert {p.name: p.read_bytes() for p in data.iterdir() if p.name != LOCK_FILE} == files
    with claim_data_folder(data) as claim:
        assert not claim.shared and claim.folder == data


def test_a_scratch_copy_skips_what_is_not_a_regular_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    scratch = unsaved_copy(tmp_path)  # copying from a FIFO would block forever
    try:
        assert list(scratch.iterdir()) == []
    finally:
        scratch.rmdir()
