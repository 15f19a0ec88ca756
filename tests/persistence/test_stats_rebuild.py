"""Statistics rebuilt from the History (issue 24, item 2): a lost or damaged ``stats.json``
gives back what playing the kept games counted, never a game twice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tacocat.persistence.ending import ENDING_FILE, record_game_end
from tacocat.persistence.gamefile import GameFile, GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.problems import Problem
from tacocat.persistence.saves import SaveStore
from tacocat.persistence.stats import STATS_FILE, Stats, load_stats, save_stats
from tacocat.rules.record import GameRecord
from tests.persistence.games import play

REPO = Path(__file__).resolve().parents[2]
CONFIGS: list[dict[str, Any]] = [
    {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["Ana", "Computer"]},
    {"mode": "hotseat", "level": None, "human_seat": None, "names": ["Ana", "Ben"]},
    {"mode": "vs_ai", "level": "hard", "human_seat": 1, "names": ["Computer", "Ana"]},
    {"mode": "demo", "level": "easy", "human_seat": None, "names": ["Computer 1", "Computer 2"]},
]


def play_games(folder: Path, count: int = 3, limit: int = 500, first_seed: int = 1) -> Stats:
    """``count`` counted games (and a demo) finished through the game's own end path."""
    store, stats = HistoryStore(folder, limit=limit), load_stats(folder)[0]
    configs = [CONFIGS[n % 3] for n in range(count)] + [CONFIGS[3]]
    for number, config in enumerate(configs):
        state = play(first_seed + number)
        stats = record_game_end(
            folder, store, stats, GameRecord.from_state(state), GameInfo.of(state, config), None
        ).stats
    return stats


def start(folder: Path, limit: int = 500) -> tuple[Stats, list[Problem]]:
    """What the app does with the statistics at start-up, then in its first idle moment."""
    from tacocat.persistence.ending import finish_interrupted_end

    stats, problem = load_stats(folder)
    try:
        from tacocat.persistence.stats_rebuild import SHORT, lost_reason, repair_stats
    except ImportError:  # the code before the rebuild: the statistics start from zero
        stats, _ = finish_interrupted_end(folder, stats, SaveStore(folder).clear_autosave)
        return stats, [problem] if problem else []
    lost = lost_reason(folder, problem)
    stats, problems = finish_interrupted_end(folder, stats, SaveStore(folder).clear_autosave)
    history = HistoryStore(folder, limit=limit)
    if lost is not None:
        stats, problem = repair_stats(folder, stats, lost, problem=problem, history=history)
    else:
        stats, idle = repair_stats(folder, stats, SHORT, history=history)
        problems.append(idle) if idle else None
    return stats, [p for p in (problem, *problems) if p]


def codes(problems: list[Problem]) -> list[str]:
    return [p.params["first"].code if p.code == "pair" else p.code for p in problems]


def test_statistics_damaged_whole_are_what_playing_the_kept_games_counted(tmp_path: Path) -> None:
    played = play_games(tmp_path)
    (tmp_path / STATS_FILE).write_bytes(b"\x00garbage\xff")
    stats, problems = start(tmp_path)
    assert stats == played  # every figure, the last counted game too
    assert codes(problems) == ["stats_rebuilt.whole"] and problems[0].params["count"] == 3
    assert [p.read_bytes() for p in tmp_path.glob(STATS_FILE + ".bad-*")] == [b"\x00garbage\xff"]
    assert load_stats(tmp_path) == (played, None)  # written back at once
    assert start(tmp_path) == (played, [])  # and the next start has nothing to say


def test_a_deleted_statistics_file_is_rebuilt(tmp_path: Path) -> None:
    played = play_games(tmp_path)
    (tmp_path / STATS_FILE).unlink()
    stats, problems = start(tmp_path)
    assert stats == played and codes(problems) == ["stats_rebuilt.missing"]
    assert load_stats(tmp_path) == (played, None)


def test_no_history_and_no_statistics_is_a_first_start(tmp_path: Path) -> None:
    assert start(tmp_path) == (Stats(), [])
    assert not (tmp_path / STATS_FILE).exists()


def test_only_demos_in_the_history_leave_the_statistics_at_zero_as_told(tmp_path: Path) -> None:
    play_games(tmp_path, count=0)
    (tmp_path / STATS_FILE).write_text("{")
    stats, problems = start(tmp_path)
    assert stats == Stats() and codes(problems) == ["stats_whole"]


@pytest.mark.parametrize("kept", [True, False], ids=["kept-not-counted", "not-kept"])
@pytest.mark.parametrize("damage", ["deleted", "damaged"])
def test_an_interrupted_game_end_and_lost_statistics_count_each_game_once(
    tmp_path: Path, kept: bool, damage: str
) -> None:
    """Killed after the journal (and perhaps the History) was written, and the statistics
    file lost too: the journal's game is counted once, with the kept ones."""
    played = play_games(tmp_path, count=2)
    state = play(9)
    record, info = GameRecord.from_state(state), GameInfo.of(state, CONFIGS[0])
    expected = record_game_end(
        tmp_path / "elsewhere", HistoryStore(tmp_path / "elsewhere"), played, record, info, None
    ).stats
    (tmp_path / ENDING_FILE).write_text(
        json.dumps(
            {"format": "tacocat-ending", "version": 1, "game": GameFile(record, info).to_dict()}
        )
    )
    if kept:
        HistoryStore(tmp_path).add(record, info)
    if damage == "deleted":
        (tmp_path / STATS_FILE).unlink()
    else:
        (tmp_path / STATS_FILE).write_text('{"format": "tacocat-stats", "vers')
    stats, _ = start(tmp_path)
    assert stats == expected
    assert stats.vs_ai_games + stats.hotseat_games == 3
    assert start(tmp_path)[0] == expected  # and never again at a later start


def test_statistics_behind_the_history_are_completed_once(tmp_path: Path) -> None:
    """The last game's statistics could not be written: the next start counts it, once."""
    before = play_games(tmp_path, count=2)
    raw = (tmp_path / STATS_FILE).read_bytes()
    played = play_games(tmp_path, count=1, first_seed=7)
    (tmp_path / STATS_FILE).write_bytes(raw)
    assert load_stats(tmp_path)[0] == before
    stats, problems = start(tmp_path)
    assert stats == played and codes(problems) == ["stats_rebuilt.short"]
    assert start(tmp_path) == (played, [])


def test_games_counted_before_the_kept_ones_are_not_lost(tmp_path: Path) -> None:
    """The History keeps the last games only: a file that counts more is left as it is."""
    older = Stats()
    for _ in range(40):
        older = older.record_game("vs_ai", "easy", True, rounds_won=4, rounds_lost=2)
    save_stats(tmp_path, older)
    played = play_games(tmp_path)
    stats, problems = start(tmp_path)
    assert (stats, problems) == (played, [])
    assert stats.vs_ai["easy"].wins >= 40 and stats.best_streak >= 40


def test_a_full_history_says_older_games_are_not_counted(tmp_path: Path) -> None:
    play_games(tmp_path, count=5, limit=3)
    (tmp_path / STATS_FILE).unlink()
    stats, problems = start(tmp_path, limit=3)
    assert problems[0].code == "pair" and problems[0].params["second"].code == "stats_rebuilt.older"
    assert problems[0].params["first"].params["count"] == 2  # 3 kept, one of them a demo
    assert stats.games_played == 2


def test_the_usual_start_reads_no_game_file_and_no_rules(tmp_path: Path) -> None:
    """The check before the title is a file test: the History is read only later, idle."""
    play_games(tmp_path)
    code = (
        "import sys; from pathlib import Path; "
        "from tacocat.persistence.stats import load_stats; "
        "from tacocat.persistence.stats_rebuild import lost_reason; "
        f"folder = Path({str(tmp_path)!r}); "
        "print(lost_reason(folder, load_stats(folder)[1]), 'tacocat.rules' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.stdout.split() == ["None", "False"], result.stderr[-2000:]
