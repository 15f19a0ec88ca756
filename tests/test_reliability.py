"""The game as a separate process against a hostile data folder: a path that is
not UTF-8, a FIFO where a file should be, a second copy of the game, no sound
card, demo runs with a message on screen. Each must end by itself, cleanly."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from tacocat.persistence.saves import AUTOSAVE_FILE
from tests.main_process import run_main, start_main

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names and FIFOs")


def clean(stderr: str) -> None:
    """No traceback, no logging error, no encoding error anywhere in the output."""
    for bad in ("Traceback", "Logging error", "UnicodeEncodeError", "could not start"):
        assert bad not in stderr, stderr[-3000:]


@posix_only
def test_a_data_folder_whose_name_is_not_utf8(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path) + b"/caf\xe9"
    os.mkdir(folder)
    with open(folder + b"/settings.json", "wb") as handle:
        handle.write(b"garbage")
    result = run_main(["--frames", "30", "--data-dir", folder], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    clean(result.stderr)
    assert "caf\\xe9/settings.json.bad-" in result.stderr  # the byte is shown, escaped
    with open(folder + b"/tacocat.log", "rb") as handle:
        log = handle.read().decode("utf-8")  # the log file is valid UTF-8
    assert "settings.json.bad-" in log and "Logging error" not in log
    assert not [name for name in os.listdir(folder) if name.startswith(b"crash-")]


@posix_only
@pytest.mark.parametrize("name", [AUTOSAVE_FILE, "settings.json", "stats.json", "tacocat.log"])
def test_a_fifo_in_place_of_a_data_file_does_not_hang(tmp_path: Path, name: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / name)
    result = run_main(["--continue", "--frames", "60", "--data-dir", data], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr[-3000:]
    clean(result.stderr)
    if name == "tacocat.log":  # not a document: left where it is, logging goes to the console
        assert "Could not open the log file" in result.stderr
        return
    assert "not a regular file" in result.stderr
    (backup,) = data.glob(name + ".bad-*")
    assert stat.S_ISFIFO(os.lstat(backup).st_mode)  # set aside as it was


def test_a_second_copy_plays_unsaved_and_never_touches_the_first_copys_game(tmp_path: Path) -> None:
    data, scratch = tmp_path / "data", tmp_path / "tmp"
    data.mkdir()
    scratch.mkdir()
    first = start_main(
        ["--demo", "--seed", "4", "--speed", "2", "--data-dir", data],
        tmp_path,
        TACOCAT_AI_WORKER="inline",
    )
    try:
        deadline = time.monotonic() + 60
        while not (data / AUTOSAVE_FILE).exists():
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.1)
        second = run_main(
            ["--demo", "--seed", "5", "--speed", "inf", "--frames", "400", "--data-dir", data],
            tmp_path,
            TMPDIR=str(scratch),
            TACOCAT_AI_WORKER="inline",
        )
        assert first.poll() is None  # the first copy is still playing
        saved = json.loads((data / AUTOSAVE_FILE).read_text(encoding="utf-8"))
    finally:
        first.kill()
        first.communicate()
    assert second.returncode == 0, second.stderr[-3000:]
    clean(second.stderr)
    assert "playing without saving" in second.stderr
    assert saved["record"]["seed"] == 4  # the first copy's game, never the second's
    assert not (data / "stats.json").exists()
    assert list(scratch.iterdir()) == []  # the second copy's scratch folder is gone


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's ALSA backend")
def test_no_sound_card_shows_only_our_line(tmp_path: Path) -> None:
    if (
        Path("/proc/asound/cards").exists()
        and "no soundcards" not in Path("/proc/asound/cards").read_text()
    ):
        pytest.skip("this machine has a sound card: ALSA would not complain")
    result = run_main(
        ["--frames", "10", "--data-dir", tmp_path / "data"], tmp_path, SDL_AUDIODRIVER="alsa"
    )
    assert result.returncode == 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("WARNING tacocat.ui.devices.audio: no audio device")


@pytest.mark.parametrize(
    "args", [["--continue", "--demo"], ["--demo"]], ids=["continue-with-no-save", "damaged-stats"]
)
def test_a_demo_with_a_message_on_screen_still_ends(tmp_path: Path, args: list[str]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "stats.json").write_text("garbage")
    result = run_main(
        [*args, "--speed", "inf", "--seed", "3", "--data-dir", data],
        tmp_path,
        timeout=120,
        TACOCAT_AI_WORKER="inline",
    )
    assert result.returncode == 0, result.stderr[-3000:]
    clean(result.stderr)


def test_temporary_files_of_a_killed_write_are_gone_after_a_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    leftovers = [data / f".tmp-autosave.json.{n}.part" for n in range(3)]  # three kills
    for path in leftovers:
        path.write_text('{"format":"tacocat-save","vers')
    result = run_main(["--frames", "5", "--data-dir", data], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert not any(path.exists() for path in leftovers)
