"""``python main.py --review FILE [--seat N]``: JSON lines, then a summary; bad file exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from tests.main_process import run_main


def test_review_prints_one_line_per_decision_then_a_summary(tmp_path: Path) -> None:
    made = run_main(
        [
            "--simulate",
            "1",
            "--p1",
            "heuristic",
            "--p2",
            "easy",
            "--seed",
            "4",
            "--record-dir",
            tmp_path / "games",
        ],
        tmp_path,
    )
    assert made.returncode == 0, made.stderr
    game = tmp_path / "games" / "game-00001.json"
    result = run_main(["--review", game, "--seat", "1"], tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    *moments, summary = lines
    assert summary["summary"] is True and summary["seat"] == 1
    assert summary["decisions"] == len(moments) > 5
    record = json.loads(game.read_text())
    for moment in moments:
        played = record["actions"][moment["step"]]
        assert moment["played"] == played and played["seat"] == 1
        assert moment["kind"] in ("replace", "duel", "attack", "answer")
        assert moment["mark"] in (None, "mistake", "blunder")
        assert 0 <= moment["played_chance"] <= moment["best_chance"] + 1e-9 <= 1 + 1e-9
    assert summary["mistakes"] == sum(m["mark"] == "mistake" for m in moments)


def test_review_of_a_bad_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text('{"format": "tacocat-record", "version": 1, "ruleset"')
    result = run_main(["--review", bad], tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tacocat: cannot review ")
    missing = run_main(["--review", tmp_path / "none.json"], tmp_path)
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1


def test_seat_goes_only_with_review(tmp_path: Path) -> None:
    result = run_main(["--seat", "1", "--demo"], tmp_path)
    assert result.returncode == 2 and "--seat only goes with --review" in result.stderr
