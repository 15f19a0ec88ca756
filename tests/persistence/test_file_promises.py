"""What the README promises of every file, for the cases the reliability review broke:
repaired files written back (F5), the tutorial and the History index set aside (F12,
2e), strict game files (F3, F4, F6, F7), bounded statistics (F14), the 500-game limit
on reading, logs that never follow a link and are private (F8, permissions)."""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from tacocat.persistence.gamefile import GameFileError, GameInfo, open_game_file
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.logs import LOG_FILE, setup_logging, write_crash_log
from tacocat.persistence.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from tacocat.persistence.stats import STATS_FILE, Stats, load_stats, save_stats
from tacocat.persistence.tutorial import FILE_NAME as TUTORIAL_FILE
from tacocat.persistence.tutorial import TutorialProgress, load_progress, save_progress
from tacocat.rules.record import GameRecord
from tests.persistence.games import play

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and modes")
CUSTOM = Settings(player_names=("Ana", "Ben"), ai_level="hard", sound_volume=0.3)


def _edit(path: Path, **changes: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


# --- F5: the repaired file is written back at once ---------------------------------------


def test_partly_bad_settings_are_kept_at_every_later_start(tmp_path: Path) -> None:
    save_settings(tmp_path, CUSTOM)
    _edit(tmp_path / SETTINGS_FILE, sound_volume=2)
    first, message = load_settings(tmp_path)
    assert message is not None and first.player_names == ("Ana", "Ben")
    (backup,) = tmp_path.glob(SETTINGS_FILE + ".bad-*")
    assert json.loads(backup.read_text())["sound_volume"] == 2  # the exact bad file
    second, again = load_settings(tmp_path)  # the next start
    assert again is None  # nothing left to repair: no message
    assert second == first == Settings(player_names=("Ana", "Ben"), ai_level="hard")


def test_partly_bad_statistics_are_kept_at_every_later_start(tmp_path: Path) -> None:
    stats = Stats().record_game("vs_ai", "hard", True, rounds_won=4, rounds_lost=1)
    save_stats(tmp_path, stats)
    _edit(tmp_path / STATS_FILE, tied_rounds=-3)
    first, message = load_stats(tmp_path)
    assert message is not None and first.vs_ai["hard"].wins == 1
    assert load_stats(tmp_path) == (first, None)


# --- F12 and 2e: the tutorial and the History index keep a .bad- copy ----------------------


@pytest.mark.parametrize(
    "raw",
    [
        b'{"format": "tacocat-tutorial", "version": 1, "step": 5, "fin',
        b'{"format": "tacocat-tutorial", "version": 1, "step": -2, "finished": false}',
        b"\xff\xfe",
        b"[]",
    ],
)
def test_a_damaged_tutorial_file_is_set_aside_with_a_message(tmp_path: Path, raw: bytes) -> None:
    from tacocat.persistence.tutorial import read_progress

    (tmp_path / TUTORIAL_FILE).write_bytes(raw)
    progress, problem = read_progress(tmp_path)
    assert progress == TutorialProgress()
    assert problem is not None and problem.code == "tutorial_damaged"
    (backup,) = tmp_path.glob(TUTORIAL_FILE + ".bad-*")
    assert backup.read_bytes() == raw
    assert str(backup) in problem
    assert save_progress(tmp_path, TutorialProgress(3)) and load_progress(tmp_path).step == 3


def _kept(folder: Path, count: int, limit: int = 500) -> HistoryStore:
    store = HistoryStore(folder, limit=limit)
    for seed in range(count):
        state = play(seed)
        info = GameInfo.of(
            state, {"mode": "demo", "level": "easy", "human_seat": None, "names": ["Ana", "Ben"]}
        )
        store.add(GameRecord.from_state(state), info)
    return store


def test_history_index_with_bad_entries_is_rewritten_after_a_bad_copy(tmp_path: Path) -> None:
    store = _kept(tmp_path, 2)
    index = store.index_path
    data = json.loads(index.read_text())
    data["games"].append({"id": "../../etc", "mode": "x"})
    raw = json.dumps(data).encode()
    index.write_bytes(raw)
    assert len(HistoryStore(tmp_path).entries()) == 2  # re-adopted from their files
    (backup,) = index.parent.glob("index.json.bad-*")
    assert backup.read_bytes() == raw


def test_an_index_entry_with_a_seat_of_1_point_0_is_not_listed_as_it_is(tmp_path: Path) -> None:
    """F3: the History list crashed on it at every visit (used as a tuple index)."""
    store = _kept(tmp_path, 1)
    data = json.loads(store.index_path.read_text())
    data["games"][0].update(mode="vs_ai", level="easy", human_seat=1.0)
    store.index_path.write_text(json.dumps(data))
    (entry,) = HistoryStore(tmp_path).entries()  # re-adopted from its file instead
    assert entry.info.human_seat is None and entry.info.mode == "demo"


def test_the_history_limit_holds_on_reading_and_the_player_is_told(tmp_path: Path) -> None:
    _kept(tmp_path, 7, limit=10)
    store = HistoryStore(tmp_path, limit=4)  # a folder with more than this copy keeps
    listed = store.entries()
    assert len(listed) == 4 and store.problem == ("beyond_limit", 3)
    older = sorted((tmp_path / "history" / "older").iterdir())
    assert len(older) == 3  # moved out, not deleted
    assert len(store.entries()) == 4 and store.problem is None  # told once


# --- F3, F6, F4, F7: game files are checked as a whole ------------------------------------


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    store = _kept(tmp_path, 1)
    (entry,) = store.entries()
    return store.games_folder / f"{entry.id}.json"


def _variant(path: Path, edit: Any) -> Path:
    data = json.loads(path.read_text())
    edit(data)
    out = path.with_name("variant.json")
    out.write_text(json.dumps(data))
    return out


def _vs_ai(seat: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["game"].update(mode="vs_ai", level="easy", human_seat=seat)

    return edit


@pytest.mark.parametrize("seat", [1.0, True, 0.0, "0", [0]])
def test_a_seat_that_is_not_an_int_is_refused(game_file: Path, seat: Any) -> None:
    with pytest.raises(GameFileError) as refused:
        open_game_file(_variant(game_file, _vs_ai(seat)))
    assert refused.value.code == "damaged"


def test_a_winner_that_is_not_an_int_is_refused(game_file: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["game"]["winner"] = float(data["game"]["winner"])

    with pytest.raises(GameFileError):
        open_game_file(_variant(game_file, edit))


def _swap_result(data: dict[str, Any]) -> None:
    data["game"]["winner"] = 1 - data["game"]["winner"]
    data["game"]["wins"] = data["game"]["wins"][::-1]


def _no_winner(data: dict[str, Any]) -> None:
    data["game"]["winner"] = None


def _more_rounds(data: dict[str, Any]) -> None:
    data["game"]["rounds"] += 1


def _huge_wins(data: dict[str, Any]) -> None:
    data["game"]["wins"] = [10**9, 0]


def _fake_variant(data: dict[str, Any]) -> None:
    data["game"]["variants"] = ["tie_goes_to_arrow"]


@pytest.mark.parametrize(
    "edit", [_swap_result, _no_winner, _more_rounds, _huge_wins, _fake_variant]
)
def test_a_description_that_contradicts_the_moves_is_refused(game_file: Path, edit: Any) -> None:
    with pytest.raises(GameFileError) as refused:
        open_game_file(_variant(game_file, edit))
    assert refused.value.code == "mismatch"


def test_an_unfinished_game_claiming_to_be_finished_is_refused(game_file: Path) -> None:
    """Cut to 20 moves with the deals they used: a legal record of an unfinished game."""

    def cut(data: dict[str, Any]) -> None:
        data["actions"] = data["actions"][:20]
        for used in range(1, len(data["deals"]) + 1):
            try:
                GameRecord.from_dict({**data, "deals": data["deals"][:used]}).replay()
            except Exception:
                continue
            data["deals"] = data["deals"][:used]
            return
        raise AssertionError("no prefix of the deals fits")

    with pytest.raises(GameFileError) as refused:
        open_game_file(_variant(game_file, cut))
    assert refused.value.code == "unfinished"


def _review(steps: list[int], record: dict[str, Any]) -> dict[str, Any]:
    moments = [
        {
            "step": step,
            "round": 1,
            "played": record["actions"][min(step, 0)],
            "best": record["actions"][0],
            "played_chance": 0.0,
            "best_chance": 1.0,
        }
        for step in steps
    ]
    return {"format": "tacocat-review", "version": 1, "seat": 0, "moments": moments}


@pytest.mark.parametrize("step", [10**20, -5, 10**6])
def test_a_stored_review_outside_its_game_is_dropped(game_file: Path, step: int) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["review"] = _review([step], data)

    game, _ = open_game_file(_variant(game_file, edit))
    assert "review" not in game.extra  # made again when asked for, never trusted


def test_a_stored_review_that_fits_its_game_is_kept(game_file: Path) -> None:
    data = json.loads(game_file.read_text())
    first_by_seat0 = next(i for i, a in enumerate(data["actions"]) if a["seat"] == 0)
    review = {
        "format": "tacocat-review",
        "version": 1,
        "seat": 0,
        "moments": [
            {
                "step": first_by_seat0,
                "round": 1,
                "played": data["actions"][first_by_seat0],
                "best": data["actions"][first_by_seat0],
                "played_chance": 0.5,
                "best_chance": 0.5,
            }
        ],
    }
    game, _ = open_game_file(_variant(game_file, lambda d: d.update(review=review)))
    assert game.extra["review"] == review


def test_a_lone_surrogate_is_refused_on_reading(game_file: Path, tmp_path: Path) -> None:
    text = game_file.read_text().rstrip()
    odd = tmp_path / "odd.json"
    odd.write_text(text[:-1] + ',"note":"\\ud800"}')
    with pytest.raises(GameFileError) as refused:
        open_game_file(odd)
    assert refused.value.code == "damaged"


def test_a_kept_game_with_a_lone_surrogate_is_set_aside_not_exported(tmp_path: Path) -> None:
    store = _kept(tmp_path, 1)
    (entry,) = store.entries()
    path = store.games_folder / f"{entry.id}.json"
    path.write_text(path.read_text().rstrip()[:-1] + ',"note":"\\ud800"}')
    with pytest.raises(GameFileError):
        store.export(entry.id)  # a message for the player, not a UnicodeEncodeError
    assert list(store.games_folder.glob("*.bad-*")) and store.entries() == []


# --- F14: whatever the game writes, it reads back -------------------------------------------


def test_ten_thousand_hot_seat_games_between_distinct_names_read_back(tmp_path: Path) -> None:
    stats = Stats()
    for i in range(10_000):
        stats = stats.record_game(
            "hotseat",
            winner_name=f"Ĳspēlētājs {2 * i:07d}",
            loser_name=f"Ĳspēlētājs {2 * i + 1:07d}",
            rounds_won=4,
            rounds_lost=3,
            tied_rounds=1,
        )
    save_stats(tmp_path, stats)
    loaded, message = load_stats(tmp_path)
    assert message is None and loaded == stats
    assert f"Ĳspēlētājs {19_999:07d}" in loaded.hotseat  # the newest names are the ones kept
    assert loaded.tied_rounds == 10_000


# --- F8 and permissions: logs ---------------------------------------------------------------


@pytest.fixture
def restore_logging() -> Any:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    for handler in root.handlers[:]:
        root.removeHandler(handler)
        handler.close()
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


@posix_only
def test_the_log_is_never_written_through_a_link(tmp_path: Path, restore_logging: Any) -> None:
    target = tmp_path / "outside.txt"
    target.write_text("IMPORTANT\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / LOG_FILE).symlink_to(target)
    assert setup_logging(data, "INFO") is None
    logging.getLogger("tacocat.test").warning("a line that must stay inside")
    assert target.read_text() == "IMPORTANT\n"


@posix_only
def test_logs_and_crash_logs_are_private(tmp_path: Path, restore_logging: Any) -> None:
    path = setup_logging(tmp_path, "INFO")
    assert path is not None
    logging.getLogger("tacocat.test").warning("names and paths")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    crash = write_crash_log(tmp_path, RuntimeError("boom"))
    assert stat.S_IMODE(os.stat(crash).st_mode) == 0o600


@posix_only
def test_a_bad_value_from_a_linked_settings_file_is_not_quoted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text(
        json.dumps({"format": "tacocat-settings", "version": 1, "language": "hunter2-SECRET"})
    )
    data = tmp_path / "data"
    data.mkdir()
    (data / SETTINGS_FILE).symlink_to(secret)
    with caplog.at_level(logging.DEBUG):
        load_settings(data)
    assert "hunter2" not in caplog.text
