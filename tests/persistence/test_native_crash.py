"""A native crash (fatal signal) leaves faulthandler's trace, which becomes a crash log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.persistence.native_crash import NATIVE_CRASH_FILE, adopt_native_crash

ROOT = Path(__file__).resolve().parents[2]

#: A child that enables the native crash log, then dies the way a crash in SDL would.
CHILD = """
import sys
from pathlib import Path
from tacocat.persistence.native_crash import enable_native_crash_log

def in_the_game_loop(how):
    import faulthandler, os
    if how == "segv":
        faulthandler._sigsegv()
    elif how == "abort":
        os.abort()

enable_native_crash_log(Path(sys.argv[1]))
in_the_game_loop(sys.argv[2])
"""


def _crash(tmp_path: Path, how: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), how],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("how", "signal_name"), [("segv", "Segmentation fault"), ("abort", "Aborted")]
)
def test_a_fatal_signal_leaves_the_python_stack_in_the_data_folder(tmp_path, how, signal_name):
    if how == "abort" and sys.platform == "win32":
        pytest.skip("os.abort on Windows is not a signal faulthandler reports")
    done = _crash(tmp_path, how)
    assert done.returncode != 0
    trace = (tmp_path / NATIVE_CRASH_FILE).read_text(encoding="utf-8")
    # Windows may report the fault as an exception rather than as the signal.
    assert f"Fatal Python error: {signal_name}" in trace or "Windows fatal exception" in trace
    assert "in_the_game_loop" in trace  # the Python frame that was running
    # The next start turns it into an ordinary crash log, and starts a new empty trace file.
    crash_log = adopt_native_crash(tmp_path)
    assert crash_log is not None and crash_log.name.startswith("crash-")
    text = crash_log.read_text(encoding="utf-8")
    assert "crashed in native code" in text and "in_the_game_loop" in text
    assert not (tmp_path / NATIVE_CRASH_FILE).exists()
    assert adopt_native_crash(tmp_path) is None  # nothing to adopt twice


def test_a_run_that_does_not_crash_leaves_no_file(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), "none"], env=env, check=True, timeout=60
    )
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_leaves_faulthandler_off_without_raising(tmp_path):
    from tacocat.persistence.native_crash import enable_native_crash_log

    assert enable_native_crash_log(tmp_path / "missing" / "folder") is None


def test_faulthandler_already_on_is_left_where_it_writes(tmp_path):
    """pytest (like PYTHONFAULTHANDLER) has it on: the game must not take it over."""
    import faulthandler

    from tacocat.persistence.native_crash import enable_native_crash_log

    assert faulthandler.is_enabled()
    assert enable_native_crash_log(tmp_path) is None
    assert not (tmp_path / NATIVE_CRASH_FILE).exists()
