"""The History store: bounded, atomic, indexed; damaged entries refused, never a crash."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from tacocat.persistence import history as history_module
from tacocat.persistence.gamefile import (
    DAMAGED,
    IMPOSSIBLE,
    MISSING,
    GameFileError,
    GameInfo,
    open_game_file,
)
from tacocat.persistence.history import ENTRIES_DROPPED, INDEX_DAMAGED, HistoryStore
from tacocat.rules import GameRecord

from .games import VS_AI_CONFIG, play

START = datetime(2026, 12, 1, 4, 0, tzinfo=UTC)


def finished(seed: int, minutes: int = 0, config=VS_AI_CONFIG):
    state = play(seed)
    info = GameInfo.of(state, config, finished_at=START + timedelta(minutes=minutes))
    return GameRecord.from_state(state), info, state


def test_a_kept_game_is_listed_and_opens_to_the_same_final_state(tmp_path):
    store = HistoryStore(tmp_path)
    record, info, state = finished(3)
    entry = store.add(record, info)
    assert [e.id for e in store.entries()] == [entry.id]
    listed = store.entries()[0].info
    assert listed == info
    assert (listed.wins, listed.winner, listed.rounds) == (
        state.wins,
        state.winner,
        state.round_number,
    )
    game, final = store.open(entry.id)
    assert game.record == record
    assert final.actions == state.actions and final.wins == state.wins


def test_the_list_is_newest_first_and_bounded(tmp_path):
    store = HistoryStore(tmp_path, limit=5)
    ids = [store.add(*finished(seed, minutes=seed)[:2]).id for seed in range(8)]
    listed = store.entries()
    assert [e.id for e in listed] == list(reversed(ids[-5:]))
    files = sorted(p.name[:-5] for p in store.games_folder.glob("*.json"))
    assert files == sorted(ids[-5:])  # the oldest games' files are gone too


def test_the_default_bound_is_500():
    assert history_module.MAX_GAMES == 500
    assert HistoryStore(".").limit == 500


def test_listing_reads_the_index_not_the_game_files(tmp_path, monkeypatch):
    store = HistoryStore(tmp_path)
    for seed in range(3):
        store.add(*finished(seed, minutes=seed)[:2])

    def no_reading(*_args, **_kwargs):
        raise AssertionError("a game file was read to list the history")

    monkeypatch.setattr(history_module, "read_game_file", no_reading)
    monkeypatch.setattr(history_module, "open_game_file", no_reading)
    assert len(store.entries()) == 3


def test_writes_are_atomic(tmp_path, monkeypatch):
    """A failed write leaves the history as it was (the game file is written first)."""
    store = HistoryStore(tmp_path)
    first = store.add(*finished(1)[:2])
    calls = []
    real = history_module.write_document

    def failing_index_write(*args, **kwargs):
        calls.append(args)
        from tacocat.persistence.errors import PersistenceError

        raise PersistenceError("disk full")

    monkeypatch.setattr(history_module, "write_document", failing_index_write)
    from tacocat.persistence.errors import PersistenceError

    with pytest.raises(PersistenceError):
        store.add(*finished(2, minutes=1)[:2])
    monkeypatch.setattr(history_module, "write_document", real)
    assert calls
    # The index still lists the first game; the second game's file is adopted at the next listing.
    assert json.loads(store.index_path.read_text())["games"][0]["id"] == first.id
    assert len(store.entries()) == 2
    assert not list(store.folder.rglob(".tmp-*"))


def test_a_damaged_index_is_set_aside_and_rebuilt(tmp_path):
    store = HistoryStore(tmp_path)
    ids = {store.add(*finished(seed, minutes=seed)[:2]).id for seed in range(3)}
    store.index_path.write_text('{"format": "tacocat-history", "version": 1, "games": [')
    assert {e.id for e in store.entries()} == ids
    assert store.problem == (INDEX_DAMAGED, 0)
    assert list(store.folder.glob("index.json.bad-*"))


def test_a_bad_index_entry_is_dropped_with_a_problem(tmp_path):
    store = HistoryStore(tmp_path)
    store.add(*finished(1)[:2])
    data = json.loads(store.index_path.read_text())
    data["games"].append({"id": "../../etc/passwd", **data["games"][0]})
    data["games"].append({"id": "x", "mode": "chess"})
    store.index_path.write_text(json.dumps(data))
    assert len(store.entries()) == 1
    assert store.problem == (ENTRIES_DROPPED, 2)


@pytest.mark.parametrize(
    "damage, code",
    [
        (lambda text: text[: len(text) // 2], DAMAGED),
        (lambda text: "", DAMAGED),
        (lambda text: json.dumps({**json.loads(text), "format": "tacocat-save"}), DAMAGED),
        (lambda text: json.dumps({**json.loads(text), "version": 99}), DAMAGED),
        (
            lambda text: json.dumps(
                {
                    **json.loads(text),
                    "actions": json.loads(text)["actions"][:-3] + json.loads(text)["actions"][-2:],
                }
            ),
            IMPOSSIBLE,
        ),
    ],
)
def test_a_damaged_game_is_refused_set_aside_and_leaves_the_list(tmp_path, damage, code):
    store = HistoryStore(tmp_path)
    good = store.add(*finished(1)[:2])
    bad = store.add(*finished(2, minutes=1)[:2])
    path = store.games_folder / f"{bad.id}.json"
    path.write_text(damage(path.read_text()))
    with pytest.raises(GameFileError) as caught:
        store.open(bad.id)
    assert caught.value.code == code and caught.value.detail
    assert [e.id for e in store.entries()] == [good.id]
    assert list(store.games_folder.glob(f"{bad.id}.json.bad-*"))
    store.open(good.id)  # the other game is untouched


def test_a_missing_game_file_leaves_the_list(tmp_path):
    store = HistoryStore(tmp_path)
    entry = store.add(*finished(1)[:2])
    (store.games_folder / f"{entry.id}.json").unlink()
    with pytest.raises(GameFileError) as caught:
        store.open(entry.id)
    assert caught.value.code == MISSING
    assert store.entries() == []


def test_export_then_open_round_trip(tmp_path):
    store = HistoryStore(tmp_path)
    record, info, state = finished(5, config={**VS_AI_CONFIG, "names": ["Ana / Zoë", "Computer"]})
    entry = store.add(record, info)
    path = store.export(entry.id)
    assert path.parent == tmp_path / "exports" and path.suffix == ".json"
    assert "/" not in path.name[len("tacocat-") :]
    again = store.export(entry.id)
    assert again != path  # a second export never overwrites the first
    assert store.list_exports()[0].suffix == ".json" and len(store.list_exports()) == 2
    game, final = open_game_file(path)
    assert game.record == record and game.info == info
    assert final.wins == state.wins
    # The export is a plain game record: the record reader alone replays it.
    assert GameRecord.from_json(path.read_text()).replay().wins == state.wins


def test_a_bare_simulation_record_opens_with_names_from_its_players(tmp_path):
    state = play(9)
    data = GameRecord.from_state(state).to_dict()
    data["players"] = ["hard", "random"]
    path = tmp_path / "game-00001.json"
    path.write_text(json.dumps(data))
    game, final = open_game_file(path)
    assert game.info is not None and game.info.names == ("hard", "random")
    assert game.info.rounds == final.round_number and game.extra["players"] == ["hard", "random"]


def test_attach_keeps_a_review_with_the_game(tmp_path):
    store = HistoryStore(tmp_path)
    entry = store.add(*finished(1)[:2])
    store.attach(entry.id, "review", {"seat": 0, "moments": [], "accuracy": 87})
    game, _ = store.open(entry.id)
    assert game.extra["review"] == {"seat": 0, "moments": [], "accuracy": 87}
    with pytest.raises(ValueError):
        store.attach(entry.id, "actions", [])
