"""The autosave: round trips, validation, and refusing every impossible game."""

from __future__ import annotations

import copy
import json
import os
import stat
import tempfile
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tacocat.persistence import LoadResult, PersistenceError, SaveStore, check_app_config
from tacocat.persistence.saves import AUTOSAVE_FILE, SAVE_FORMAT
from tacocat.rules import DEFAULT_DECK, GameRecord, GameState

from .cases import WHOLE_FILE_CASES
from .games import VS_AI_CONFIG, play, play_unfinished

HOTSEAT_CONFIG = {"mode": "hotseat", "level": None, "human_seat": None, "names": ["Ana", "Bo"]}


def save_bytes(seed: int = 3, config: dict[str, Any] = VS_AI_CONFIG, tie: bool = False) -> bytes:
    """The bytes of a valid autosave of an unfinished game (``tie``: with the tie variant)."""
    with tempfile.TemporaryDirectory() as name:
        store = SaveStore(Path(name))
        state = play_unfinished(seed, tie=tie)
        store.write_autosave(config, GameRecord.from_state(state))
        return store.path.read_bytes()


VALID = json.loads(save_bytes())


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob(AUTOSAVE_FILE + ".bad-*"))


def assert_sound(state: GameState) -> None:
    """An independent check that a loaded state is a possible, unfinished game."""
    assert state.invariant_problems() == []
    cards = state.hands[0] + state.hands[1] + state.draw_pile + state.discards
    assert Counter(cards) == Counter(DEFAULT_DECK)  # 38 cards, the right mix
    assert len(state.covered) == sum(state.wins) <= 6  # at most 6 tiles before the end
    assert max(state.wins) < 4 and not state.is_over
    assert state.token not in state.covered


def assert_refused(folder: Path, result: LoadResult, raw: bytes) -> None:
    """A refused save: a message, no game, the original kept as a backup, no crash path."""
    assert not result.ok
    assert result.state is None and result.record is None and result.app_config is None
    assert result.problem and result.problem.startswith("Your saved game ")
    assert "internal error" not in result.problem  # the engine must refuse on purpose
    (backup,) = backups(folder)
    assert result.backup == backup and backup.read_bytes() == raw
    assert str(backup) in result.problem
    assert not (folder / AUTOSAVE_FILE).exists()


# --- writing and reading back ------------------------------------------------


@pytest.mark.parametrize(
    ("config", "seed", "tie"),
    [
        (VS_AI_CONFIG, 3, False),
        (HOTSEAT_CONFIG, 4, True),
        ({**VS_AI_CONFIG, "mode": "demo", "human_seat": None, "level": "hard"}, 5, False),
        ({**VS_AI_CONFIG, "human_seat": 1}, 6, True),
    ],
    ids=["vs_ai", "hotseat-tie", "demo", "second-seat"],
)
def test_round_trip(tmp_path: Path, config: dict[str, Any], seed: int, tie: bool) -> None:
    store = SaveStore(tmp_path)
    state = play_unfinished(seed, tie=tie)
    before = datetime.now().astimezone().replace(microsecond=0)
    store.write_autosave(config, GameRecord.from_state(state))
    result = store.load_autosave()
    assert result.ok and result.problem is None and result.backup is None
    assert result.app_config == config
    assert result.record == GameRecord.from_state(state)
    assert result.state is not None
    assert result.state.actions == state.actions
    assert (result.state.hands, result.state.wins, result.state.token, result.state.phase) == (
        state.hands,
        state.wins,
        state.token,
        state.phase,
    )
    assert result.state.legal_actions(result.state.to_act[0]) == state.legal_actions(
        state.to_act[0]
    )
    assert result.saved_at is not None and before <= result.saved_at <= before + timedelta(
        minutes=1
    )
    assert store.has_autosave()  # loading does not consume the save


def test_every_action_of_a_game_can_be_saved_and_resumed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    full = play(11)
    for n in range(1, len(full.actions)):
        state = play(11, n)
        store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(state))
        result = store.load_autosave()
        assert result.ok, (n, result.problem)
        assert result.state is not None and result.state.actions == state.actions
        assert_sound(result.state)


def test_no_autosave(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    assert not store.has_autosave()
    assert store.load_autosave() == LoadResult()
    store.clear_autosave()  # nothing to clear is fine
    assert list(tmp_path.iterdir()) == []


def test_clear_autosave(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 5)))
    assert store.has_autosave()
    store.clear_autosave()
    assert not store.has_autosave()


def refuse_unlink(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make deleting files in ``folder`` fail, as in a read-only or immutable folder."""
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.parent == folder:
            raise PermissionError(13, "Permission denied")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)


def test_clear_failure_is_a_persistence_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing can be deleted or written anywhere: an error, but this store still
    never offers the finished game again."""
    store = SaveStore(tmp_path, mark_folders=[tmp_path / "no" / "such", tmp_path / "none"])
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 5)))
    refuse_unlink(monkeypatch, tmp_path)
    monkeypatch.setattr(
        "tacocat.persistence.atomic.os.replace",
        lambda *_: (_ for _ in ()).throw(PermissionError(13, "Permission denied")),
    )
    with pytest.raises(PersistenceError, match="Could not delete the saved game") as caught:
        store.clear_autosave()
    assert caught.value.reason == "no_permission" and caught.value.path == store.path
    assert store.path.exists()
    assert not store.has_autosave() and store.load_autosave() == LoadResult()


@pytest.mark.parametrize("mark_in", [0, 1], ids=["data-folder", "elsewhere"])
def test_a_finished_save_that_cannot_be_deleted_is_never_offered_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mark_in: int
) -> None:
    """The stale save of a finished game stays on disk, but a new store (the next
    start) neither offers nor resumes it; once the folder is writable again it goes."""
    data, elsewhere = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    folders = [data, elsewhere]
    store = SaveStore(data, mark_folders=folders)
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 5)))
    stale = store.path.read_bytes()
    refuse_unlink(monkeypatch, data)
    if mark_in == 1:  # the data folder takes no new file either (chattr +i, a full disk)
        real = os.replace
        monkeypatch.setattr(
            "tacocat.persistence.atomic.os.replace",
            lambda a, b: (
                real(a, b) if Path(b).parent != data else (_ for _ in ()).throw(OSError(28, "full"))
            ),
        )
    store.clear_autosave()  # no error: the mark stands in for the delete
    assert store.path.read_bytes() == stale
    assert [p.exists() for p in store.finished.paths] == [mark_in == 0, mark_in == 1]
    later = SaveStore(data, mark_folders=folders)
    assert not later.has_autosave()
    assert later.load_autosave() == LoadResult()
    monkeypatch.undo()
    # Another game's save is not hidden by the old mark.
    other = SaveStore(data, mark_folders=folders)
    assert other.load_autosave() == LoadResult()  # the folder is writable: the stale file goes
    assert not store.path.exists() and not any(p.exists() for p in store.finished.paths)
    other.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 6)))
    assert SaveStore(data, mark_folders=folders).has_autosave()


def test_a_fifo_in_place_of_the_save_is_set_aside_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / AUTOSAVE_FILE)
    store = SaveStore(tmp_path)
    assert not store.has_autosave()
    result = store.load_autosave()  # would block forever if the FIFO were opened for reading
    assert not result.ok and result.problem and "not a regular file" in result.problem
    (backup,) = backups(tmp_path)
    assert stat.S_ISFIFO(os.lstat(backup).st_mode)


def test_a_finished_game_is_cleared_not_resumed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    finished = play(2)
    assert finished.is_over
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(finished))
    result = store.load_autosave()
    assert not result.ok and result.problem is not None and "already ended" in result.problem
    assert not store.has_autosave() and backups(tmp_path) == []


def test_write_failure_keeps_the_previous_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path)
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 5)))
    before = store.path.read_bytes()

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tacocat.persistence.atomic.os.replace", refuse)
    with pytest.raises(PersistenceError, match="No space left"):
        store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(1, 6)))
    assert store.path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [AUTOSAVE_FILE]


# --- the app config ----------------------------------------------------------

BAD_CONFIGS: list[tuple[str, dict[str, Any] | Any]] = [
    ("not-a-dict", ["vs_ai"]),
    ("unknown-mode", {**VS_AI_CONFIG, "mode": "online"}),
    ("unknown-level", {**VS_AI_CONFIG, "level": "godlike"}),
    ("vs-ai-without-level", {**VS_AI_CONFIG, "level": None}),
    ("demo-without-level", {**VS_AI_CONFIG, "mode": "demo", "level": None}),
    ("seat-2", {**VS_AI_CONFIG, "human_seat": 2}),
    ("seat-true", {**VS_AI_CONFIG, "human_seat": True}),
    ("vs-ai-without-seat", {**VS_AI_CONFIG, "human_seat": None}),
    ("three-names", {**VS_AI_CONFIG, "names": ["a", "b", "c"]}),
    ("empty-name", {**VS_AI_CONFIG, "names": ["", "b"]}),
    ("long-name", {**VS_AI_CONFIG, "names": ["a" * 25, "b"]}),
    ("name-not-string", {**VS_AI_CONFIG, "names": [1, "b"]}),
    ("tie-not-bool", {**VS_AI_CONFIG, "tie_to_arrow": 0}),
    ("extra-key", {**VS_AI_CONFIG, "cheat": True}),
    ("missing-key", {k: v for k, v in VS_AI_CONFIG.items() if k != "names"}),
]


@pytest.mark.parametrize(("case", "config"), BAD_CONFIGS, ids=[c for c, _ in BAD_CONFIGS])
def test_bad_app_config_is_refused_on_write(tmp_path: Path, case: str, config: Any) -> None:
    with pytest.raises(ValueError):
        check_app_config(config)
    store = SaveStore(tmp_path)
    with pytest.raises(ValueError):
        store.write_autosave(config, GameRecord.from_state(play(1, 5)))
    assert not store.has_autosave()


@pytest.mark.parametrize(("case", "config"), BAD_CONFIGS, ids=[c for c, _ in BAD_CONFIGS])
def test_bad_app_config_is_refused_on_load(tmp_path: Path, case: str, config: Any) -> None:
    raw = json.dumps({**VALID, "app": config}).encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    assert_refused(tmp_path, SaveStore(tmp_path).load_autosave(), raw)


def test_hotseat_may_omit_level_and_seat() -> None:
    assert check_app_config(HOTSEAT_CONFIG) == HOTSEAT_CONFIG


def test_the_ruleset_is_saved_once_in_the_record(tmp_path: Path) -> None:
    data = json.loads(save_bytes(tie=True))
    assert "tie_to_arrow" not in data["app"]
    assert data["record"]["ruleset"]["tie_goes_to_arrow"] is True


def test_the_tie_variant_is_not_written_in_the_app_config(tmp_path: Path) -> None:
    record = GameRecord.from_state(play(1, 5, tie=False))
    with pytest.raises(ValueError, match="tie_to_arrow"):
        SaveStore(tmp_path).write_autosave({**VS_AI_CONFIG, "tie_to_arrow": False}, record)


@pytest.mark.parametrize("tie", [False, True])
def test_an_older_save_with_the_tie_variant_in_its_app_config_still_loads(
    tmp_path: Path, tie: bool
) -> None:
    old = json.loads(save_bytes(tie=tie))
    old["app"]["tie_to_arrow"] = tie  # how saves were written before the ruleset was stored once
    (tmp_path / AUTOSAVE_FILE).write_bytes(json.dumps(old).encode())
    result = SaveStore(tmp_path).load_autosave()
    assert result.ok, result.problem
    assert result.state is not None and result.state.ruleset.tie_goes_to_arrow is tie
    assert result.app_config == VS_AI_CONFIG


def test_an_older_save_whose_tie_variant_disagrees_with_its_record_is_refused(
    tmp_path: Path,
) -> None:
    old = json.loads(save_bytes(tie=False))
    old["app"]["tie_to_arrow"] = True
    raw = json.dumps(old).encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    result = SaveStore(tmp_path).load_autosave()
    assert_refused(tmp_path, result, raw)
    assert "tie rule" in (result.problem or "")


# --- bad files -----------------------------------------------------------------


@pytest.mark.parametrize(("case", "build"), WHOLE_FILE_CASES, ids=[c for c, _ in WHOLE_FILE_CASES])
def test_bad_file(tmp_path: Path, case: str, build: Callable[[str], bytes]) -> None:
    raw = build(SAVE_FORMAT)
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    assert_refused(tmp_path, SaveStore(tmp_path).load_autosave(), raw)


def test_truncated_save(tmp_path: Path) -> None:
    raw = save_bytes()
    for cut in (1, len(raw) // 3, len(raw) - 3):
        (tmp_path / AUTOSAVE_FILE).write_bytes(raw[:cut])
        result = SaveStore(tmp_path).load_autosave()
        assert not result.ok and result.problem is not None and "damaged" in result.problem
    assert len(backups(tmp_path)) == 3


def _deal(data: dict[str, Any], index: int = 0) -> list[int]:
    deal: list[int] = data["record"]["deals"][index]
    return deal


def _first(data: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(a for a in data["record"]["actions"] if a["type"] == kind)


def _set(key_path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = key_path.split(".")
        node = data
        for key in parents:
            node = node[key]
        node[last] = value

    return change


def _bigger_board(data: dict[str, Any]) -> None:
    # Nine spaces: room for an eighth tile, which the standard board cannot hold.
    sizes = [4, 5, 6, 7, 8, 7, 6, 5, 4]
    arrows = [[1], [1], [1], [1], [0, 1], [0], [0], [0], [0]]
    data["record"]["ruleset"]["board"] = [
        {"hand_size": h, "arrows": a} for h, a in zip(sizes, arrows, strict=True)
    ]


def _deck_of_39(data: dict[str, Any]) -> None:
    # A consistent game under a 39-card deck: refused because the app has no such deck.
    data["record"]["ruleset"]["deck"] = sorted([*DEFAULT_DECK, 7])
    for deal in data["record"]["deals"]:
        deal.append(7)


MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("changed-card", lambda d: _deal(d).__setitem__(0, _deal(d)[0] % 12 + 1), "not a shuffle"),
    ("39th-card", lambda d: _deal(d).append(7), "not a shuffle"),
    ("37-cards", lambda d: _deal(d).pop(), "not a shuffle"),
    ("card-13", lambda d: _deal(d).__setitem__(0, 13), "not a shuffle"),
    ("card-as-string", lambda d: _deal(d).__setitem__(0, "7"), "card values"),
    ("deck-of-39", _deck_of_39, "standard 38-card deck"),
    ("eight-tile-board", _bigger_board, "standard board"),
    ("dropped-action", lambda d: d["record"]["actions"].pop(0), "illegal"),
    (
        "duplicated-action",
        lambda d: d["record"]["actions"].insert(0, d["record"]["actions"][0]),
        "already_chosen",
    ),
    (
        "attack-with-card-not-held",
        lambda d: _first(d, "attack").__setitem__("cards", [13]),
        "not_held",
    ),
    (
        "attack-by-the-wrong-seat",
        lambda d: _first(d, "attack").__setitem__("seat", 1 - _first(d, "attack")["seat"]),
        "illegal",
    ),
    (
        "two-different-cards-attack",
        lambda d: _first(d, "attack").__setitem__("cards", [1, 12]),
        "illegal",
    ),
    (
        "unknown-action",
        lambda d: d["record"]["actions"].append({"type": "cheat", "seat": 0}),
        "not an action",
    ),
    ("extra-deal", lambda d: d["record"]["deals"].append(sorted(DEFAULT_DECK)), "deals"),
    ("missing-deal", lambda d: d["record"]["deals"].pop(), "deal"),
    ("negative-seed", _set("record.seed", -1), "seed"),
    ("record-from-the-future", _set("record.version", 2), "newer version"),
    ("record-wrong-format", _set("record.format", "chess"), "not a game record"),
    ("record-missing", lambda d: d.pop("record"), "record"),
    # An older save (the tie variant also in "app") whose two copies disagree.
    (
        "ruleset-tie-mismatch",
        lambda d: (
            _set("record.ruleset.tie_goes_to_arrow", True)(d),
            _set("app.tie_to_arrow", False)(d),
        ),
        "tie rule",
    ),
    ("saved-at-garbage", _set("saved_at", "yesterday"), "date"),
    ("saved-at-missing", lambda d: d.pop("saved_at"), "saved_at"),
    ("unknown-top-level-key", _set("extra", 1), "unknown keys"),
]


@pytest.mark.parametrize(
    ("case", "mutate", "expected"), MUTATIONS, ids=[c for c, _, _ in MUTATIONS]
)
def test_impossible_game_is_refused(
    tmp_path: Path, case: str, mutate: Callable[[dict[str, Any]], None], expected: str
) -> None:
    data = copy.deepcopy(VALID)
    mutate(data)
    raw = json.dumps(data).encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    result = SaveStore(tmp_path).load_autosave()
    assert_refused(tmp_path, result, raw)
    assert result.problem is not None and expected in result.problem


def test_future_save_version(tmp_path: Path) -> None:
    raw = json.dumps({**VALID, "version": 2}).encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    result = SaveStore(tmp_path).load_autosave()
    assert_refused(tmp_path, result, raw)
    assert result.problem is not None and "newer version of Tacocat" in result.problem


@pytest.mark.parametrize("bad_type", [[], {}], ids=["list", "object"])
def test_an_action_type_that_is_not_a_string_is_refused_on_purpose(
    tmp_path: Path, bad_type: Any
) -> None:
    data = copy.deepcopy(VALID)
    data["record"]["actions"][0]["type"] = bad_type
    raw = json.dumps(data).encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    result = SaveStore(tmp_path).load_autosave()
    assert result.problem is not None and "internal error" not in result.problem


def test_an_engine_bug_does_not_crash_the_loader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: GameRecord) -> GameState:
        raise TypeError("unexpected")

    monkeypatch.setattr(GameRecord, "replay", broken)
    raw = save_bytes()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    result = SaveStore(tmp_path).load_autosave()
    assert not result.ok and result.problem is not None and "internal error" in result.problem
    assert backups(tmp_path)[0].read_bytes() == raw


# --- fuzzing -------------------------------------------------------------------

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.integers()
    | st.text(max_size=6)
    | st.sampled_from(["replace", "duel", "attack", "respond"])
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
    max_leaves=6,
)


def check_load(raw: bytes) -> LoadResult:
    """Load ``raw`` as the autosave and check the loader's promises whatever the outcome."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / AUTOSAVE_FILE).write_bytes(raw)
        result = SaveStore(folder).load_autosave()
        if result.ok:
            assert result.state is not None and result.record is not None
            assert_sound(result.state)
            # The returned state is exactly what the stored record replays to.
            again = GameRecord.from_dict(json.loads(raw)["record"]).replay()
            assert again.actions == result.state.actions and again.hands == result.state.hands
            assert result.app_config == check_app_config(result.app_config)
            assert "tie_to_arrow" not in result.app_config  # the ruleset is in the record
        elif result.problem is None or "already ended" not in result.problem:
            assert_refused(folder, result, raw)
        return result


@FUZZ
@given(raw=st.binary(max_size=3000))
def test_fuzz_random_bytes(raw: bytes) -> None:
    assert not check_load(raw).ok


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON tree (dict keys and list indices)."""
    found = [prefix]
    children = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, child in children:
        found += _paths(child, (*prefix, key))
    return found


@FUZZ
@given(data=st.data())
def test_fuzz_json_tree_mutations(data: st.DataObject) -> None:
    """Replace, delete or insert anywhere in a valid save: never a crash, never an impossible game."""
    save = copy.deepcopy(VALID)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(save)[1:]))
        *parents, last = path
        node = save
        for key in parents:
            node = node[key]
        operation = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        if operation == "replace":
            node[last] = data.draw(JSON_VALUES)
        elif operation == "delete":
            del node[last]
        elif isinstance(node, list):
            node.insert(last, data.draw(JSON_VALUES))
        else:
            node[data.draw(st.text(max_size=5))] = data.draw(JSON_VALUES)
    event("loaded" if check_load(json.dumps(save).encode()).ok else "refused")


@FUZZ
@given(seed=st.integers(0, 2**32), data=st.data())
def test_fuzz_record_mutations(seed: int, data: st.DataObject) -> None:
    """Game-aware edits: cards in deals, actions dropped, repeated, swapped, altered."""
    save = json.loads(save_bytes(seed))
    deals, actions = save["record"]["deals"], save["record"]["actions"]
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(
            st.sampled_from(
                [
                    "card",
                    "add-card",
                    "drop-card",
                    "drop-action",
                    "repeat-action",
                    "swap-actions",
                    "action-card",
                    "action-seat",
                    "truncate",
                ]
            )
        )
        if kind in ("card", "add-card", "drop-card") and deals:
            deal = data.draw(st.sampled_from(deals))
            pos = data.draw(st.integers(0, len(deal) - 1)) if deal else 0
            if kind == "card" and deal:
                deal[pos] = data.draw(st.integers(0, 13))
            elif kind == "add-card":
                deal.insert(pos, data.draw(st.integers(1, 12)))
            elif deal:
                del deal[pos]
        elif actions:
            k = data.draw(st.integers(0, len(actions) - 1))
            if kind == "drop-action":
                del actions[k]
            elif kind == "repeat-action":
                actions.insert(k, copy.deepcopy(actions[k]))
            elif kind == "swap-actions" and k + 1 < len(actions):
                actions[k], actions[k + 1] = actions[k + 1], actions[k]
            elif kind == "action-card":
                action = actions[k]
                if "card" in action:
                    action["card"] = data.draw(st.integers(0, 13))
                else:
                    action["cards"] = data.draw(st.lists(st.integers(1, 12), max_size=4))
            elif kind == "action-seat":
                actions[k]["seat"] = 1 - actions[k]["seat"]
            elif kind == "truncate":
                del actions[k:]
    event("loaded" if check_load(json.dumps(save).encode()).ok else "refused")


def test_a_consistent_edit_is_accepted(tmp_path: Path) -> None:
    """The fuzzers' "ok" branch is reachable: swapping in another real game loads."""
    save = json.loads(save_bytes())
    save["record"] = GameRecord.from_state(play(9, 20)).to_dict()
    result = check_load(json.dumps(save).encode())
    assert result.ok and result.state is not None and len(result.state.actions) == 20
