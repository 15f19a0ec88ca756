"""The command line against crafted files and broken output (reliability review F3, F6,
F9, F10, F11): one line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.persistence.gamefile import GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.rules.record import GameRecord
from tests.main_process import MAIN, headless_env, run_main
from tests.persistence.games import play

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX devices and file names")


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kept")
    store = HistoryStore(folder)
    state = play(3)
    store.add(
        GameRecord.from_state(state),
        GameInfo.of(
            state, {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["Ana", "Computer"]}
        ),
    )
    (entry,) = store.entries()
    return store.games_folder / f"{entry.id}.json"


def one_line_refusal(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr[-2000:]
    lines = [line for line in stderr.splitlines() if line.startswith("tacocat:")]
    assert len(lines) == 1, stderr[-2000:]


def crafted(game_file: Path, tmp_path: Path, **game: object) -> Path:
    data = json.loads(game_file.read_text())
    data["game"].update(game)
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("flag", ["--review", "--replay"])
def test_a_seat_of_1_point_0_is_one_line_and_exit_2(
    game_file: Path, tmp_path: Path, flag: str
) -> None:
    path = crafted(game_file, tmp_path, mode="vs_ai", level="easy", human_seat=1.0)
    args = [flag, path] if flag == "--review" else [flag, path, "--data-dir", tmp_path / "d"]
    result = run_main(args, tmp_path)
    assert result.returncode == 2
    one_line_refusal(result.stderr)


@pytest.mark.parametrize("flag", ["--review", "--replay"])
def test_a_description_that_lies_is_one_line_and_exit_2(
    game_file: Path, tmp_path: Path, flag: str
) -> None:
    data = json.loads(game_file.read_text())
    game = data["game"]
    path = crafted(game_file, tmp_path, winner=1 - game["winner"], wins=game["wins"][::-1])
    args = [flag, path] if flag == "--review" else [flag, path, "--data-dir", tmp_path / "d"]
    result = run_main(args, tmp_path)
    assert result.returncode == 2
    one_line_refusal(result.stderr)
    assert "does not match its moves" in result.stderr


@pytest.mark.parametrize("bad", ["file", "under-a-file", "dev-null"])
def test_a_data_folder_that_cannot_be_used_exits_2(tmp_path: Path, bad: str) -> None:
    (tmp_path / "file").write_text("x")
    folder = {
        "file": tmp_path / "file",
        "under-a-file": tmp_path / "file" / "sub",
        "dev-null": Path(os.devnull),
    }[bad]
    result = run_main(["--frames", "5", "--data-dir", folder], tmp_path)
    assert result.returncode == 2
    one_line_refusal(result.stderr)


def _run_into(args: list[str], stdout: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(MAIN), *args],
        cwd=cwd,
        env=headless_env(),
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@posix_only
@pytest.mark.parametrize("command", ["review", "simulate"])
def test_a_full_disk_on_stdout_is_one_line(game_file: Path, tmp_path: Path, command: str) -> None:
    args = ["--review", str(game_file)] if command == "review" else ["--simulate", "2"]
    with open("/dev/full", "w") as full:
        result = _run_into(args, full.fileno(), tmp_path)
    assert result.returncode != 0
    one_line_refusal(result.stderr)


@posix_only
@pytest.mark.parametrize("command", ["review", "simulate"])
def test_a_closed_pipe_on_stdout_is_one_line(game_file: Path, tmp_path: Path, command: str) -> None:
    args = ["--review", str(game_file)] if command == "review" else ["--simulate", "3"]
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody reads: the first write breaks the pipe
    try:
        result = _run_into(args, write_end, tmp_path)
    finally:
        os.close(write_end)
    assert result.returncode != 0
    one_line_refusal(result.stderr)
    assert "Exception ignored" not in result.stderr


@posix_only
def test_screenshots_go_into_a_folder_whose_name_is_not_utf8(tmp_path: Path) -> None:
    shots = os.fsencode(tmp_path) + b"/caf\xe9"
    result = run_main(
        ["--frames", "20", "--data-dir", tmp_path / "d", "--screenshots", shots], tmp_path
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert [name for name in os.listdir(shots) if name.endswith(b".png")]
