"""Statistics: recording games, round trips, and bad files."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.persistence import Stats, Tally, load_stats, save_stats
from tacocat.persistence.stats import STATS_FILE, STATS_FORMAT

from .cases import WHOLE_FILE_CASES


def vs_ai(
    stats: Stats, level: str, won: bool, rounds: tuple[int, int] = (4, 2), tied: int = 0
) -> Stats:
    return stats.record_game(
        "vs_ai", level, won, rounds_won=rounds[0], rounds_lost=rounds[1], tied_rounds=tied
    )


def hotseat(stats: Stats, winner: str, loser: str, rounds: tuple[int, int] = (4, 1)) -> Stats:
    return stats.record_game(
        "hotseat", winner_name=winner, loser_name=loser, rounds_won=rounds[0], rounds_lost=rounds[1]
    )


@pytest.fixture
def sample() -> Stats:
    stats = vs_ai(Stats(), "hard", True, (4, 3), tied=2)
    stats = vs_ai(stats, "easy", True, (4, 0))
    stats = vs_ai(stats, "easy", False, (1, 4))
    stats = vs_ai(stats, "medium", True, (4, 2), tied=1)
    stats = hotseat(stats, "Ana", "Bo", (4, 3))
    return online(stats, "Cy", True, (4, 1))


def online(stats: Stats, opponent: str, won: bool, rounds: tuple[int, int] = (4, 2)) -> Stats:
    return stats.record_game(
        "online", human_won=won, opponent=opponent, rounds_won=rounds[0], rounds_lost=rounds[1]
    )


def write_raw(folder: Path, data: bytes) -> None:
    (folder / STATS_FILE).write_bytes(data)


def write_payload(folder: Path, payload: dict[str, Any]) -> None:
    write_raw(folder, json.dumps({"format": STATS_FORMAT, "version": 1, **payload}).encode())


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob(STATS_FILE + ".bad-*"))


# --- recording -------------------------------------------------------------


def test_empty_stats() -> None:
    stats = Stats()
    assert set(stats.vs_ai) == {"easy", "medium", "hard"}
    assert stats.games_played == 0 and stats.hotseat == {}
    assert (stats.current_streak, stats.best_streak, stats.tied_rounds) == (0, 0, 0)


def test_vs_ai_game_counts_for_its_level_only() -> None:
    stats = vs_ai(Stats(), "hard", True, (4, 3), tied=2)
    assert stats.vs_ai["hard"] == Tally(wins=1, losses=0, rounds_won=4, rounds_lost=3)
    assert stats.vs_ai["easy"] == stats.vs_ai["medium"] == Tally()
    assert stats.tied_rounds == 2
    assert stats.games_played == stats.vs_ai_games == 1


def test_loss_counts_and_resets_the_streak() -> None:
    stats = vs_ai(vs_ai(Stats(), "easy", True), "easy", True)
    assert (stats.current_streak, stats.best_streak) == (2, 2)
    stats = vs_ai(stats, "medium", False, (2, 4))
    assert stats.vs_ai["medium"] == Tally(losses=1, rounds_won=2, rounds_lost=4)
    assert (stats.current_streak, stats.best_streak) == (0, 2)
    stats = vs_ai(stats, "hard", True)
    assert (stats.current_streak, stats.best_streak) == (1, 2)
    for _ in range(2):
        stats = vs_ai(stats, "hard", True)
    assert (stats.current_streak, stats.best_streak) == (3, 3)


def test_hotseat_counts_for_both_names() -> None:
    stats = hotseat(Stats(), "Ana", "Bo", (4, 3))
    stats = hotseat(stats, "Bo", "Cy", (4, 0))
    assert stats.hotseat["Ana"] == Tally(wins=1, rounds_won=4, rounds_lost=3)
    assert stats.hotseat["Bo"] == Tally(wins=1, losses=1, rounds_won=3 + 4, rounds_lost=4 + 0)
    assert stats.hotseat["Cy"] == Tally(losses=1, rounds_won=0, rounds_lost=4)
    assert stats.hotseat_games == stats.games_played == 2
    assert stats.current_streak == 0  # hot-seat games are not wins against the computer


def test_online_games_count_per_opponent_and_leave_the_streak_alone() -> None:
    stats = vs_ai(Stats(), "easy", True)
    stats = online(stats, "Ben", True, (4, 2))
    stats = online(stats, "Cy", False, (1, 4))
    stats = online(stats, "Ben", False, (3, 4))
    assert stats.online["Ben"] == Tally(wins=1, losses=1, rounds_won=7, rounds_lost=6)
    assert stats.online["Cy"] == Tally(wins=0, losses=1, rounds_won=1, rounds_lost=4)
    assert list(stats.online) == ["Cy", "Ben"], "in order of last play"
    assert stats.current_streak == 1 and stats.online_games == 3 and stats.games_played == 4


def test_hotseat_with_the_same_name_in_both_seats() -> None:
    stats = hotseat(Stats(), "Kim", "Kim", (4, 2))
    assert stats.hotseat["Kim"] == Tally(wins=1, losses=1, rounds_won=6, rounds_lost=6)
    assert stats.games_played == 1


def test_demo_games_are_not_counted(sample: Stats) -> None:
    assert sample.record_game("demo", "hard", None, rounds_won=4) is sample


def test_totals(sample: Stats) -> None:
    assert sample.vs_ai_total == Tally(wins=3, losses=1, rounds_won=13, rounds_lost=9)
    assert sample.games_played == 6  # 4 against the computer, 1 hot-seat, 1 online
    assert sample.tied_rounds == 3


def test_record_game_leaves_the_original_unchanged(sample: Stats) -> None:
    before = sample.to_json()
    vs_ai(sample, "hard", False)
    hotseat(sample, "Ana", "Zed")
    assert sample.to_json() == before


def test_stats_mappings_are_read_only(sample: Stats) -> None:
    with pytest.raises(TypeError):
        sample.vs_ai["easy"] = Tally()  # type: ignore[index]
    with pytest.raises(TypeError):
        sample.hotseat["Eve"] = Tally()  # type: ignore[index]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"mode": "online"},
        {"mode": "vs_ai", "level": None, "human_won": True},
        {"mode": "vs_ai", "level": "expert", "human_won": True},
        {"mode": "vs_ai", "level": "easy", "human_won": None},
        {"mode": "vs_ai", "level": "easy", "human_won": True, "rounds_won": -1},
        {"mode": "vs_ai", "level": "easy", "human_won": True, "tied_rounds": 1.5},
        {"mode": "hotseat", "winner_name": "Ana"},
        {"mode": "hotseat", "winner_name": "", "loser_name": "Bo"},
        {"mode": "hotseat", "winner_name": "Ana", "loser_name": "line\nbreak"},
    ],
)
def test_record_game_refuses_bad_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Stats().record_game(**kwargs)


# --- files -----------------------------------------------------------------


def test_round_trip(tmp_path: Path, sample: Stats) -> None:
    save_stats(tmp_path, sample)
    assert load_stats(tmp_path) == (sample, None)
    data = json.loads((tmp_path / STATS_FILE).read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("tacocat-stats", 1)
    assert data["hotseat"]["Ana"]["wins"] == 1
    assert data["online"]["Cy"] == {"wins": 1, "losses": 0, "rounds_won": 4, "rounds_lost": 1}


def test_missing_file(tmp_path: Path) -> None:
    assert load_stats(tmp_path) == (Stats(), None)


def test_missing_sections_are_zero(tmp_path: Path) -> None:
    write_payload(tmp_path, {"tied_rounds": 4})
    assert load_stats(tmp_path) == (Stats(tied_rounds=4), None)


@pytest.mark.parametrize(("case", "build"), WHOLE_FILE_CASES, ids=[c for c, _ in WHOLE_FILE_CASES])
def test_bad_file_gives_empty_stats_message_and_backup(
    tmp_path: Path, case: str, build: Any
) -> None:
    raw = build(STATS_FORMAT)
    write_raw(tmp_path, raw)
    loaded, message = load_stats(tmp_path)
    assert loaded == Stats()
    assert message is not None and message.startswith("Your statistics file ")
    (backup,) = backups(tmp_path)
    assert backup.read_bytes() == raw
    assert str(backup) in message
    assert not (tmp_path / STATS_FILE).exists()


@pytest.mark.parametrize(
    ("change", "label"),
    [
        ({"vs_ai": {"hard": {"wins": -1}}}, "computer (hard)"),
        ({"vs_ai": {"hard": {"wins": "3"}}}, "computer (hard)"),
        ({"vs_ai": {"hard": [1, 0, 4, 3]}}, "computer (hard)"),
        ({"vs_ai": {"hard": {"losses": 10**12}}}, "computer (hard)"),
        ({"vs_ai": {"hard": {"rounds_won": 2.5}}}, "computer (hard)"),
        ({"current_streak": True}, "current streak"),
        ({"tied_rounds": None}, "tied rounds"),
        ({"tied_rounds": -3}, "tied rounds"),
    ],
)
def test_a_bad_entry_resets_only_that_entry(
    tmp_path: Path, sample: Stats, change: dict[str, Any], label: str
) -> None:
    payload = sample.to_json()
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(payload.get(key), dict):
            payload[key] = {**payload[key], **value}
        else:
            payload[key] = value
    write_payload(tmp_path, payload)
    loaded, message = load_stats(tmp_path)
    assert message is not None and label in message and "the rest were kept" in message
    assert len(backups(tmp_path)) == 1
    assert loaded.hotseat == sample.hotseat  # untouched entries survive
    assert loaded.vs_ai["easy"] == sample.vs_ai["easy"]
    if "vs_ai" in change:
        assert loaded.vs_ai["hard"] == Tally()
    if "tied_rounds" in change:
        assert loaded.tied_rounds == 0 and loaded.best_streak == sample.best_streak


def test_a_bad_hotseat_name_drops_only_that_name(tmp_path: Path, sample: Stats) -> None:
    payload = sample.to_json()
    payload["hotseat"]["x" * 500] = {"wins": 1}
    payload["hotseat"]["Cy"] = "lots"
    write_payload(tmp_path, payload)
    loaded, message = load_stats(tmp_path)
    assert loaded.hotseat == sample.hotseat
    assert message is not None and "hot-seat games" in message
    assert "x" * 30 not in message  # nothing from the bad file is echoed


@pytest.mark.parametrize(("current", "best"), [(3, 2), (0, 4)])
def test_impossible_streaks_are_reset(
    tmp_path: Path, sample: Stats, current: int, best: int
) -> None:
    # sample: 3 wins against the computer in all, so a best streak of 4 is impossible.
    payload = {**sample.to_json(), "current_streak": current, "best_streak": best}
    write_payload(tmp_path, payload)
    loaded, message = load_stats(tmp_path)
    assert (loaded.current_streak, loaded.best_streak) == (0, 0)
    assert loaded.vs_ai == sample.vs_ai
    assert message is not None and "win streaks" in message


@pytest.mark.parametrize("section", ["vs_ai", "hotseat"])
def test_a_section_of_the_wrong_type(tmp_path: Path, sample: Stats, section: str) -> None:
    write_payload(
        tmp_path, {**sample.to_json(), section: [], "current_streak": 0, "best_streak": 0}
    )
    loaded, message = load_stats(tmp_path)
    assert getattr(loaded, section) == getattr(Stats(), section)
    assert message is not None


@settings(max_examples=200, deadline=None)
@given(raw=st.binary(max_size=1000))
def test_fuzz_random_bytes_never_raise(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_raw(folder, raw)
        loaded, message = load_stats(folder)
        assert isinstance(loaded, Stats) and message is not None


COUNTS = st.one_of(
    st.integers(-5, 10**10), st.none(), st.booleans(), st.floats(), st.text(max_size=3)
)


@settings(max_examples=200, deadline=None)
@given(
    payload=st.fixed_dictionaries(
        {},
        optional={
            "vs_ai": st.dictionaries(
                st.sampled_from(["easy", "medium", "hard", "nightmare"]),
                st.dictionaries(st.sampled_from(["wins", "losses", "rounds_won"]), COUNTS),
            ),
            "hotseat": st.dictionaries(
                st.text(max_size=30), st.dictionaries(st.sampled_from(["wins"]), COUNTS)
            ),
            "current_streak": COUNTS,
            "best_streak": COUNTS,
            "tied_rounds": COUNTS,
        },
    )
)
def test_fuzz_payload_always_gives_consistent_stats(payload: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_payload(folder, payload)
        loaded, message = load_stats(folder)
        assert loaded.current_streak <= loaded.best_streak <= loaded.vs_ai_total.wins
        assert (message is None) == (not backups(folder))
        # Whatever was loaded can be saved and loads back identical.
        save_stats(folder, loaded)
        assert load_stats(folder) == (loaded, None)
