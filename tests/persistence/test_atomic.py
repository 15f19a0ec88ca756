"""Atomic writes keep the old file on any failure; backups never overwrite."""

from __future__ import annotations

import errno
import json
import os
import stat
from datetime import datetime
from pathlib import Path

import pytest

from tacocat.persistence import (
    PersistenceError,
    atomic_write_json,
    atomic_write_text,
    backup_bad_file,
)
from tacocat.persistence import atomic as atomic_module

OLD = '{"old": true}\n'
STAMP = datetime(2026, 1, 2, 3, 4, 5)


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "data.json"
    path.write_text(OLD, encoding="utf-8")
    return path


def _is_folder(fd: int) -> bool:
    return stat.S_ISDIR(os.fstat(fd).st_mode)


def assert_only_target(target: Path) -> None:
    """The folder holds the target and nothing else: no temporary file was left."""
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_write_text_replaces_content(target: Path) -> None:
    atomic_write_text(target, "new ü\n")
    assert target.read_text(encoding="utf-8") == "new ü\n"
    assert_only_target(target)


def test_write_text_creates_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "fresh.txt"
    atomic_write_text(path, "hello")
    assert path.read_bytes() == b"hello"


def test_write_json_pretty_and_compact_hold_the_same_data(tmp_path: Path) -> None:
    obj = {"b": [1, 2], "a": "Zoë", "c": {"d": None}}
    atomic_write_json(tmp_path / "pretty.json", obj)
    atomic_write_json(tmp_path / "compact.json", obj, compact=True)
    pretty = (tmp_path / "pretty.json").read_text(encoding="utf-8")
    compact = (tmp_path / "compact.json").read_text(encoding="utf-8")
    assert json.loads(pretty) == json.loads(compact) == obj
    assert "\n  " in pretty and pretty.index('"a"') < pretty.index('"b"')  # indented, sorted
    assert " " not in compact.strip().replace("Zoë", "")


@pytest.mark.parametrize(
    "bad", [{1, 2}, {"x": float("nan")}, {"x": object()}], ids=["set", "nan", "object"]
)
def test_unserialisable_json_keeps_the_old_file(target: Path, bad: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        atomic_write_json(target, bad)
    assert target.read_text(encoding="utf-8") == OLD
    assert_only_target(target)


def test_json_dumps_failure_keeps_the_old_file(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: object, **kwargs: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(atomic_module.json, "dumps", explode)
    with pytest.raises(RuntimeError):
        atomic_write_json(target, {"new": 1})
    assert target.read_text(encoding="utf-8") == OLD
    assert_only_target(target)


def test_replace_failure_keeps_the_old_file(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: object, dst: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic_module.os, "replace", refuse)
    with pytest.raises(PersistenceError, match="Input/output error") as caught:
        atomic_write_json(target, {"new": 1})
    assert str(target) in str(caught.value)
    assert target.read_text(encoding="utf-8") == OLD
    assert_only_target(target)


def test_disk_full_during_write_keeps_the_old_file(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync

    def full(fd: int) -> None:
        if _is_folder(fd):  # let a folder fsync through
            real_fsync(fd)
            return
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic_module.os, "fsync", full)
    with pytest.raises(PersistenceError, match="No space left"):
        atomic_write_text(target, "x" * 10_000)
    assert target.read_text(encoding="utf-8") == OLD
    assert_only_target(target)


def test_interrupt_during_write_removes_the_temporary_file(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic_module.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == OLD
    assert_only_target(target)


def test_missing_folder_is_a_persistence_error(tmp_path: Path) -> None:
    with pytest.raises(PersistenceError, match="Could not save"):
        atomic_write_text(tmp_path / "nowhere" / "x.json", "x")


def test_durable_write_fsyncs_file_and_folder(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(_is_folder(fd))
        real_fsync(fd)

    monkeypatch.setattr(atomic_module.os, "fsync", spy)
    atomic_write_text(target, "new")
    assert synced == [False, True]  # the file first, then its folder
    synced.clear()
    atomic_write_text(target, "newer", durable=False)
    assert synced == []


# --- backups -------------------------------------------------------------


def test_backup_name_and_content(target: Path) -> None:
    backup = backup_bad_file(target, now=lambda: STAMP)
    assert backup == target.parent / "data.json.bad-20260102-030405"
    assert backup.read_text(encoding="utf-8") == OLD
    assert not target.exists()


def test_backups_in_the_same_second_get_a_counter(target: Path) -> None:
    contents = []
    backups = []
    for n in range(4):
        text = f"bad file {n}"
        target.write_text(text)
        contents.append(text)
        backups.append(backup_bad_file(target, now=lambda: STAMP))
    assert [b.name for b in backups] == [
        "data.json.bad-20260102-030405",
        "data.json.bad-20260102-030405-1",
        "data.json.bad-20260102-030405-2",
        "data.json.bad-20260102-030405-3",
    ]
    assert [b.read_text() for b in backups] == contents  # no older backup overwritten


def test_backup_without_hard_links_never_overwrites(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic_module.os, "link", no_links)
    older = target.parent / "data.json.bad-20260102-030405"
    older.write_text("older backup")
    backup = backup_bad_file(target, now=lambda: STAMP)
    assert backup.name == "data.json.bad-20260102-030405-1"
    assert older.read_text() == "older backup"
    assert backup.read_text() == OLD
    assert not target.exists()


def test_backup_of_a_missing_file_is_a_persistence_error(tmp_path: Path) -> None:
    with pytest.raises(PersistenceError, match="Could not move"):
        backup_bad_file(tmp_path / "missing.json")


def test_backup_uses_local_time_by_default(target: Path) -> None:
    before = datetime.now().replace(microsecond=0)
    backup = backup_bad_file(target)
    stamp = datetime.strptime(backup.name.removeprefix("data.json.bad-")[:15], "%Y%m%d-%H%M%S")
    assert before <= stamp <= datetime.now()
