"""A lock file that cannot be used as it is: repaired, or the copy plays unsaved - never
two writers (reliability review F1: 8 of 13 damaged locks left the folder unlocked)."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tacocat.persistence import lock as lock_module
from tacocat.persistence.lock import LOCK_FILE, DataFolderLock, claim_data_folder

REPO = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and links")
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NOBODY = 65534

_HOLDER = textwrap.dedent("""
    import os, sys
    from tacocat.persistence.lock import claim_data_folder
    if sys.argv[2] == "nobody":  # after the imports: that user cannot read the venv
        os.setgid(65534)
        os.setuid(65534)
    with claim_data_folder(sys.argv[1]) as claim:
        problem = getattr(getattr(claim, "problem", None), "code", "-")
        print(("unsaved " if claim.shared else "locked ") + problem, flush=True)
        sys.stdin.read()
""")


def start(folder: Path, as_nobody: bool) -> subprocess.Popen[str]:
    """A copy of the game's start-up that claims ``folder`` and holds it until stdin closes."""
    return subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(folder), "nobody" if as_nobody else "me"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )


@pytest.fixture
def base(tmp_path: Path) -> Iterator[Path]:
    """A folder the game's user can reach (pytest's own is 0700, root's, when run as root)."""
    if not IS_ROOT:
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="tacocat-lock-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def answer(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    return process.stdout.readline().strip()


def _dir(lock: Path, outside: Path) -> None:
    lock.mkdir()


def _dir_with_file(lock: Path, outside: Path) -> None:
    lock.mkdir()
    (lock / "note.txt").write_text("mine")


def _link_outside(lock: Path, outside: Path) -> None:
    lock.symlink_to(outside)


def _dangling(lock: Path, outside: Path) -> None:
    lock.symlink_to(outside.parent / "missing")


def _loop(lock: Path, outside: Path) -> None:
    lock.symlink_to(lock)


def _dev_null(lock: Path, outside: Path) -> None:
    lock.symlink_to("/dev/null")


def _read_only(lock: Path, outside: Path) -> None:
    lock.write_bytes(b"")
    lock.chmod(0o444)


def _mode_000(lock: Path, outside: Path) -> None:
    lock.write_bytes(b"")
    lock.chmod(0)


def _with_bytes(lock: Path, outside: Path) -> None:
    lock.write_bytes(b"12345\n")
    lock.chmod(0o444)


def _fifo(lock: Path, outside: Path) -> None:
    os.mkfifo(lock)


DAMAGED: list[tuple[str, Callable[[Path, Path], None]]] = [
    ("directory", _dir),
    ("directory-with-a-file", _dir_with_file),
    ("symlink-outside", _link_outside),
    ("symlink-dangling", _dangling),
    ("symlink-loop", _loop),
    ("symlink-dev-null", _dev_null),
    ("read-only", _read_only),
    ("mode-000", _mode_000),
    ("read-only-with-bytes", _with_bytes),
    ("fifo", _fifo),
]


@posix_only
@pytest.mark.parametrize(("name", "damage"), DAMAGED, ids=[n for n, _ in DAMAGED])
def test_a_damaged_lock_is_repaired_and_still_keeps_a_second_copy_out(
    base: Path, name: str, damage: Callable[[Path, Path], None]
) -> None:
    """The damaged lock is made by root (or the player), the game runs as another user
    when the tests run as root, so "root-owned after one sudo run" is what is tried."""
    data, outside = base / "data", base / "outside.txt"
    data.mkdir()
    outside.write_text("IMPORTANT")
    damage(data / LOCK_FILE, outside)
    if IS_ROOT:
        os.chown(data, NOBODY, NOBODY)
    first = start(data, IS_ROOT)
    second = None
    try:
        assert answer(first) == "locked -"  # repaired, and held
        second = start(data, IS_ROOT)
        assert answer(second) == "unsaved -"  # another copy holds it: never two writers
    finally:
        for process in (first, second):
            if process is not None:
                process.communicate("")
    assert outside.read_text() == "IMPORTANT"  # a link was never written through
    made = os.lstat(data / LOCK_FILE)
    assert stat.S_ISREG(made.st_mode) and stat.S_IMODE(made.st_mode) == 0o600
    if name in ("directory-with-a-file", "read-only-with-bytes"):
        (backup,) = data.glob(LOCK_FILE + ".bad-*")  # something with content: kept as it was
        if backup.is_dir():
            assert (backup / "note.txt").read_text() == "mine"
        else:
            assert backup.read_bytes() == b"12345\n"


@posix_only
@pytest.mark.skipif(not IS_ROOT, reason="needs a file another user owns in a sticky folder")
def test_a_lock_that_cannot_be_repaired_means_playing_without_saving(base: Path) -> None:
    data = base / "data"
    data.mkdir()
    data.chmod(0o1777)  # sticky, like /tmp: the game's user may not remove root's file
    (data / LOCK_FILE).write_bytes(b"")
    (data / LOCK_FILE).chmod(0o644)
    first, second = start(data, True), None
    try:
        assert answer(first) == "unsaved lock_broken"
        second = start(data, True)
        assert answer(second) == "unsaved lock_broken"  # neither writes the folder
    finally:
        for process in (first, second):
            if process is not None:
                process.communicate("")
    assert sorted(p.name for p in data.iterdir()) == [LOCK_FILE]


def test_a_folder_that_cannot_be_locked_at_all_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system without locks (some network shares): before, the game ran on
    unlocked, "as it did before locks"; two copies then overwrote each other."""

    def no_locks(self: object, *args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(type(DataFolderLock(tmp_path)._lock), "acquire", no_locks)
    with claim_data_folder(tmp_path) as claim:
        assert claim.shared and claim.folder != tmp_path
        assert claim.problem is not None and claim.problem.code == "lock_broken"
        assert "No locks available" in claim.problem


def test_stale_temporary_files_are_removed_in_every_folder_the_game_writes(tmp_path: Path) -> None:
    """F13: only the data folder's root was cleaned; history/ kept its killed writes."""
    games = tmp_path / "history" / "games"
    games.mkdir(parents=True)
    (tmp_path / "exports").mkdir()
    stale = [
        tmp_path / "history" / ".tmp-index.json.a1.part",
        games / ".tmp-20261201-040506.json.b2.part",
        tmp_path / "exports" / ".tmp-x.json.c3.part",
        tmp_path / ".tmp-stats.json.d.part",
    ]
    for path in stale:
        path.write_text('{"format": "tacocat-rec')
    lock = lock_module.lock_data_folder(tmp_path)
    assert lock is not None
    lock.release()
    assert [path for path in stale if path.exists()] == []
