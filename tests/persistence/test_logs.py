"""The log file, its rotation, crash logs and the exception hooks."""

from __future__ import annotations

import logging
import logging.handlers
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tacocat.persistence import install_excepthook, setup_logging, write_crash_log
from tacocat.persistence import logs as logs_module
from tacocat.persistence.logs import QuietFileHandler


@pytest.fixture(autouse=True)
def restore_root_logger() -> Iterator[None]:
    """setup_logging replaces the root logger's handlers; put pytest's back afterwards."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    for handler in root.handlers[:]:
        root.removeHandler(handler)
        if handler not in handlers:
            handler.close()
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def flush() -> None:
    for handler in logging.getLogger().handlers:
        handler.flush()


def boom() -> None:
    raise RuntimeError("the table fell over")


def caught() -> RuntimeError:
    try:
        boom()
    except RuntimeError as error:
        return error
    raise AssertionError("boom() did not raise")


def test_file_and_console_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = setup_logging(tmp_path, "WARNING")
    assert path == tmp_path / "tacocat.log"
    log = logging.getLogger("tacocat.test")
    log.debug("debug line")
    log.info("info line")
    log.warning("warning line")
    flush()
    text = path.read_text(encoding="utf-8")
    # The file keeps INFO for bug reports even when the console shows warnings only.
    assert "info line" in text and "warning line" in text and "debug line" not in text
    err = capsys.readouterr().err
    assert "warning line" in err and "info line" not in err


def test_debug_level_reaches_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = setup_logging(tmp_path, "debug")
    assert path is not None
    logging.getLogger("tacocat.test").debug("fine detail")
    flush()
    assert "fine detail" in path.read_text(encoding="utf-8")
    assert "fine detail" in capsys.readouterr().err


def test_calling_twice_does_not_double_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logging.basicConfig(level="WARNING")  # what cli.main does before the app starts
    setup_logging(tmp_path, "WARNING")
    setup_logging(tmp_path, "WARNING")
    logging.getLogger("tacocat.test").warning("once")
    flush()
    assert capsys.readouterr().err.count("once") == 1
    assert (tmp_path / "tacocat.log").read_text(encoding="utf-8").count("once") == 1


def test_log_file_rotates_and_keeps_three(tmp_path: Path) -> None:
    setup_logging(tmp_path, "ERROR")
    log = logging.getLogger("tacocat.test")
    line = "x" * 1000
    for _ in range(5000):  # about 5 MB: more than the file and its three backups hold
        log.info(line)
    flush()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["tacocat.log", "tacocat.log.1", "tacocat.log.2", "tacocat.log.3"]
    assert all(p.stat().st_size <= 1024 * 1024 + 2000 for p in tmp_path.iterdir())


def test_unwritable_log_file_falls_back_to_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tacocat.log").mkdir()  # a folder where the file should be
    assert setup_logging(tmp_path, "WARNING") is None
    logging.getLogger("tacocat.test").warning("still heard")
    err = capsys.readouterr().err
    assert "Could not open the log file" in err and "still heard" in err


def test_no_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A windowed build on Windows has no stderr at all.
    monkeypatch.setattr(sys, "stderr", None)
    path = setup_logging(tmp_path, "WARNING")
    assert path is not None
    assert [type(h) for h in logging.getLogger().handlers] == [QuietFileHandler]
    logging.getLogger("tacocat.test").warning("to the file only")
    flush()
    assert "to the file only" in path.read_text(encoding="utf-8")


def test_unknown_level(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown log level"):
        setup_logging(tmp_path, "LOUD")


# --- crash logs ------------------------------------------------------------


def test_crash_log_holds_the_traceback(tmp_path: Path) -> None:
    path = write_crash_log(tmp_path, caught())
    assert path.parent == tmp_path
    assert path.name.startswith("crash-") and path.name.endswith(".log")
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "in boom" in text and "RuntimeError: the table fell over" in text
    assert text.startswith("Tacocat ")


def test_crash_logs_never_overwrite_each_other(tmp_path: Path) -> None:
    paths = [write_crash_log(tmp_path, caught()) for _ in range(3)]
    assert len(set(paths)) == 3
    assert all(p.exists() for p in paths)


def test_old_crash_logs_are_pruned(tmp_path: Path) -> None:
    for day in range(1, 16):
        (tmp_path / f"crash-202601{day:02d}-120000.log").write_text("old")
    (tmp_path / "settings.json").write_text("{}")
    newest = write_crash_log(tmp_path, caught())
    left = sorted(p.name for p in tmp_path.glob("crash-*.log"))
    assert len(left) == logs_module.CRASH_LOGS_KEPT
    assert newest.name in left
    assert "crash-20260115-120000.log" in left and "crash-20260106-120000.log" not in left
    assert (tmp_path / "settings.json").exists()


def test_crash_log_falls_back_to_the_temp_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    (tmp_path / "file").write_text("x")
    path = write_crash_log(tmp_path / "file", caught())  # not a folder: cannot write there
    assert path.parent == temp and path.name.startswith("tacocat-crash-")
    assert "the table fell over" in path.read_text(encoding="utf-8")


def test_excepthook_writes_a_crash_log_and_calls_the_previous_hook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, exc, tb: seen.append(kind))
    install_excepthook(tmp_path)
    error = caught()
    sys.excepthook(type(error), error, error.__traceback__)
    assert seen == [RuntimeError]
    (log,) = tmp_path.glob("crash-*.log")
    assert "the table fell over" in log.read_text(encoding="utf-8")


def test_ctrl_c_is_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, exc, tb: seen.append(kind))
    install_excepthook(tmp_path)
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    assert seen == [KeyboardInterrupt]
    assert list(tmp_path.glob("crash-*.log")) == []


def test_thread_hook_writes_a_crash_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(str(args.exc_value)))
    install_excepthook(tmp_path)
    thread = threading.Thread(target=boom)
    thread.start()
    thread.join()
    assert seen == ["the table fell over"]
    (log,) = tmp_path.glob("crash-*.log")
    assert "in boom" in log.read_text(encoding="utf-8")


def test_hook_survives_an_unwritable_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, exc, tb: seen.append(kind))

    def refuse(directory: Path, exc: BaseException) -> Path:
        raise logs_module.PersistenceError("Could not write a crash log: disk on fire.")

    monkeypatch.setattr(logs_module, "write_crash_log", refuse)
    install_excepthook(tmp_path)
    error = caught()
    sys.excepthook(type(error), error, error.__traceback__)
    assert seen == [RuntimeError]  # the real error is still reported
    assert "disk on fire" in capsys.readouterr().err


def _file_handler() -> QuietFileHandler:
    (handler,) = [h for h in logging.getLogger().handlers if isinstance(h, QuietFileHandler)]
    return handler


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_disk_gives_one_line_not_a_traceback_per_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging(tmp_path, "ERROR")  # console quiet: only the handler's own line may show
    handler = _file_handler()
    handler.stream.close()
    handler.stream = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 (closed by the handler)
    for n in range(50):
        logging.getLogger("tacocat.test").info("record %d", n)
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "can no longer be written" in err and "No space left on device" in err
    assert "Logging error" not in err and "Traceback" not in err
    assert handler.failed


def test_a_path_with_non_utf8_bytes_is_logged_with_escapes(tmp_path: Path) -> None:
    path = setup_logging(tmp_path, "WARNING")
    assert path is not None
    logging.getLogger("tacocat.test").warning("backup in %s", Path("/data/caf\udce9"))
    flush()
    assert "backup in /data/caf\\udce9" in path.read_text(encoding="utf-8")
    assert not _file_handler().failed


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_in_place_of_the_log_file_is_not_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    os.mkfifo(tmp_path / "tacocat.log")  # opening it for writing would wait for a reader
    assert setup_logging(tmp_path, "WARNING") is None
    assert "Could not open the log file" in capsys.readouterr().err
