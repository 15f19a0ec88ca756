"""Bad command lines: each is refused with one line on stderr and exit code 2,
before a window opens or a file is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.cli import parse_args
from tests.main_process import run_main


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--simulate", "2", "--record-dir", "F"], "--record-dir: F is a file, not a folder"),
        (["--simulate", "2", "--record-dir", "F/sub"], "--record-dir: cannot create F/sub"),
        (
            ["--screenshots", "F", "--demo", "--frames", "20"],
            "--screenshots: F is a file, not a folder",
        ),
        (["--speed", "1e-9", "--demo"], "--speed: must be between 0.1 and 100 (or inf), got 1e-9"),
        (["--speed", "1000", "--demo"], "--speed: must be between 0.1 and 100"),
        (["--speed=-inf", "--demo"], "--speed: must be between 0.1 and 100"),
        (["--speed", "nan", "--demo"], "--speed: must be between 0.1 and 100"),
        (["--data-dir", "", "--frames", "10"], "--data-dir: must name a folder"),
        (["--p1", "hard", "--demo"], "--p1 only goes with --simulate"),
        (["--p2", "easy"], "--p2 only goes with --simulate"),
        (["--record-dir", "out"], "--record-dir only goes with --simulate"),
        (["--no-such-option"], "unrecognized arguments: --no-such-option"),
    ],
    ids=[
        "record-dir-file",
        "record-dir-unwritable",
        "screenshots-file",
        "speed-tiny",
        "speed-huge",
        "speed-minus-inf",
        "speed-nan",
        "data-dir-empty",
        "p1-alone",
        "p2-alone",
        "record-dir-alone",
        "unknown",
    ],
)
def test_bad_command_line_is_one_line_and_exit_2(
    tmp_path: Path, args: list[str], expected: str
) -> None:
    (tmp_path / "F").write_text("a file, not a folder")
    result = run_main(args, tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tacocat: error: ") and expected in lines[0]
    assert "Traceback" not in result.stderr
    # Nothing was started: no data folder, log or crash log appeared in the current folder.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["F"]


def test_good_values_pass(tmp_path: Path) -> None:
    options = parse_args(
        ["--simulate", "3", "--p1", "hard", "--record-dir", str(tmp_path / "r"), "--speed", "0.1"]
    )
    assert (options.p1, options.p2, options.speed) == ("hard", "random", 0.1)
    assert (tmp_path / "r").is_dir()
    options = parse_args(["--demo", "--speed", "100", "--data-dir", str(tmp_path)])
    assert (options.p1, options.p2, options.record_dir) == ("random", "random", None)
