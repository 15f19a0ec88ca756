"""The fuzz suite: every kind of file the game reads, damaged or edited at random.

For each kind - settings, statistics, autosave, History index, kept game,
tutorial progress, lock - hypothesis mutates a real file the game wrote
(cut short, bytes flipped or inserted, one JSON value replaced by another)
and the loader must: not crash, not hang (a deadline), keep the original
bytes (a refused or repaired file is an exact ``.bad-`` copy), leave the game
playable, and give a message whenever it set something aside - a message that
can be worded in every language. The counts are printed at the end
(``-s`` shows them) and gathered in :data:`TALLY`.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.persistence.gamefile import GameFileError, GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.lock import LOCK_FILE, take_data_folder
from tacocat.persistence.problems import Problem
from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from tacocat.persistence.stats import STATS_FILE, Stats, load_stats, save_stats
from tacocat.persistence.tutorial import FILE_NAME as TUTORIAL_FILE
from tacocat.persistence.tutorial import TutorialProgress, read_progress, save_progress
from tacocat.rules.record import GameRecord
from tests.persistence.games import VS_AI_CONFIG, play, play_unfinished

#: inputs, crashes, hangs, files lost, per kind (a crash or a hang fails the test too).
TALLY: Counter[str] = Counter()
FUZZ = settings(
    deadline=2000, suppress_health_check=[HealthCheck.too_slow], database=None, derandomize=True
)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["\ud800", "x" * 300, "../../etc", "20261201-040000"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


@st.composite
def damaged(draw: Any, raw: bytes) -> bytes:
    """``raw`` after one random kind of damage."""
    kind = draw(st.sampled_from(["cut", "flip", "insert", "value", "value", "value"]))
    if kind == "cut":
        return raw[: draw(st.integers(0, max(0, len(raw) - 1)))]
    if kind == "flip":
        at = draw(st.integers(0, len(raw) - 1))
        return raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1 :]
    if kind == "insert":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    data = json.loads(raw)
    node, key = _pick(draw, data)
    node[key] = draw(JSON_VALUES)
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


def _pick(draw: Any, data: Any) -> tuple[Any, Any]:
    """A random (container, key) inside decoded JSON, walking down a few levels."""
    node: Any = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and draw(st.booleans()):
            node = child
            continue
        return node, key


def bad_copies(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(name + ".bad-*"))


def check_kept(kind: str, folder: Path, name: str, raw: bytes, problem: object) -> None:
    """A problem was reported iff the file was set aside, and then as its exact bytes."""
    TALLY[f"{kind} inputs"] += 1
    copies = bad_copies(folder, name)
    if problem is None:
        assert not copies
        return
    assert isinstance(problem, Problem)
    if (
        problem.params.get("backup") is not None
        and problem.params["backup"].code == "backup_failed"
    ):
        return  # it could not be moved: it is still in place, as it was
    if not copies or copies[0].read_bytes() != raw:
        TALLY[f"{kind} files lost"] += 1
    assert copies and copies[0].read_bytes() == raw


def _folder() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="tacocat-fuzz-")


def _original(write: Any) -> bytes:
    with _folder() as name:
        return write(Path(name))


def _settings_file(folder: Path) -> bytes:
    save_settings(folder, Settings(player_names=("Ana", "Ben"), ai_level="hard"))
    return (folder / SETTINGS_FILE).read_bytes()


def _stats_file(folder: Path) -> bytes:
    stats = Stats().record_game("vs_ai", "hard", True, rounds_won=4, rounds_lost=1)
    stats = stats.record_game("hotseat", winner_name="Ana", loser_name="Ben", rounds_won=4)
    save_stats(folder, stats)
    return (folder / STATS_FILE).read_bytes()


def _autosave_file(folder: Path) -> bytes:
    SaveStore(folder).write_autosave(VS_AI_CONFIG, GameRecord.from_state(play_unfinished(5)))
    return (folder / AUTOSAVE_FILE).read_bytes()


def _tutorial_file(folder: Path) -> bytes:
    save_progress(folder, TutorialProgress(7, False))
    return (folder / TUTORIAL_FILE).read_bytes()


#: Fixed, so that the files (and hypothesis's draws from them) are the same every run.
FINISHED_AT = datetime(2026, 12, 1, 4, 0, 0, tzinfo=UTC)
HISTORY_STATES = [play(seed) for seed in (1, 2)]


def _history(folder: Path) -> HistoryStore:
    store = HistoryStore(folder)
    for state in HISTORY_STATES:
        store.add(
            GameRecord.from_state(state), GameInfo.of(state, VS_AI_CONFIG, finished_at=FINISHED_AT)
        )
    return store


SETTINGS_RAW = _original(_settings_file)
STATS_RAW = _original(_stats_file)
AUTOSAVE_RAW = _original(_autosave_file)
TUTORIAL_RAW = _original(_tutorial_file)


@settings(FUZZ, max_examples=150)
@given(st.data())
def test_fuzz_settings(data: Any) -> None:
    raw = data.draw(damaged(SETTINGS_RAW))
    with _folder() as name:
        folder = Path(name)
        (folder / SETTINGS_FILE).write_bytes(raw)
        loaded, problem = load_settings(folder)
        assert isinstance(loaded, Settings)  # the game starts with these
        check_kept("settings", folder, SETTINGS_FILE, raw, problem)
        assert load_settings(folder)[0] == loaded  # and keeps them at the next start


@settings(FUZZ, max_examples=150)
@given(st.data())
def test_fuzz_stats(data: Any) -> None:
    raw = data.draw(damaged(STATS_RAW))
    with _folder() as name:
        folder = Path(name)
        (folder / STATS_FILE).write_bytes(raw)
        loaded, problem = load_stats(folder)
        loaded.record_game("vs_ai", "easy", False, rounds_won=1, rounds_lost=4)  # playable
        check_kept("stats", folder, STATS_FILE, raw, problem)
        assert load_stats(folder)[0] == loaded


@settings(FUZZ, max_examples=80)
@given(st.data())
def test_fuzz_autosave(data: Any) -> None:
    raw = data.draw(damaged(AUTOSAVE_RAW))
    with _folder() as name:
        folder = Path(name)
        (folder / AUTOSAVE_FILE).write_bytes(raw)
        result = SaveStore(folder).load_autosave()
        if result.ok:
            assert result.state is not None and not result.state.is_over
            seat = result.state.to_act[0]
            assert result.state.legal_actions(seat)  # the game goes on from here
            assert (folder / AUTOSAVE_FILE).read_bytes() == raw
        if result.problem is not None and result.problem.code == "save_ended":
            TALLY["autosave inputs"] += 1  # a finished game's save: deleted, nothing to lose
            return
        check_kept("autosave", folder, AUTOSAVE_FILE, raw, result.problem)


@settings(FUZZ, max_examples=40)
@given(st.data())
def test_fuzz_history_index(data: Any) -> None:
    with _folder() as name:
        folder = Path(name)
        store = _history(folder)
        raw = data.draw(damaged(store.index_path.read_bytes()))
        store.index_path.write_bytes(raw)
        fresh = HistoryStore(folder)
        listed = fresh.entries()
        assert len(listed) == 2  # every kept game is still listed (adopted from its file)
        TALLY["history index inputs"] += 1
        if fresh.problem is not None:
            copies = bad_copies(store.folder, "index.json")
            if not copies or copies[0].read_bytes() != raw:
                TALLY["history index files lost"] += 1
            assert copies and copies[0].read_bytes() == raw


@settings(FUZZ, max_examples=40)
@given(st.data())
def test_fuzz_kept_game(data: Any) -> None:
    with _folder() as name:
        folder = Path(name)
        store = _history(folder)
        entry = store.entries()[0]
        path = store.games_folder / f"{entry.id}.json"
        raw = data.draw(damaged(path.read_bytes()))
        path.write_bytes(raw)
        TALLY["kept game inputs"] += 1
        try:
            game, state = store.open(entry.id)
        except GameFileError as error:
            assert error.code  # worded by the UI
            copies = sorted(store.games_folder.glob(f"{entry.id}.json.bad-*"))
            if error.code != "missing" and (not copies or copies[0].read_bytes() != raw):
                TALLY["kept game files lost"] += 1
            assert error.code == "missing" or (copies and copies[0].read_bytes() == raw)
            assert entry.id not in {e.id for e in store.entries()}
            return
        assert state.is_over
        store.export(entry.id)  # what is accepted can be written again


@settings(FUZZ, max_examples=100)
@given(st.data())
def test_fuzz_tutorial(data: Any) -> None:
    raw = data.draw(damaged(TUTORIAL_RAW))
    with _folder() as name:
        folder = Path(name)
        (folder / TUTORIAL_FILE).write_bytes(raw)
        progress, problem = read_progress(folder)
        assert isinstance(progress, TutorialProgress) and progress.step >= 0
        check_kept("tutorial", folder, TUTORIAL_FILE, raw, problem)


LOCKS = [
    "empty",
    "bytes",
    "directory",
    "directory-with-file",
    "link",
    "dangling",
    "loop",
    "fifo",
    "read-only",
    "mode-000",
]


@settings(FUZZ, max_examples=40)
@given(st.sampled_from(LOCKS), st.binary(max_size=64))
def test_fuzz_lock(kind: str, content: bytes) -> None:
    import os

    with _folder() as name:
        folder = Path(name)
        lock = folder / LOCK_FILE
        if kind in ("empty", "bytes", "read-only", "mode-000"):
            lock.write_bytes(b"" if kind == "empty" else content)
            lock.chmod({"read-only": 0o444, "mode-000": 0}.get(kind, 0o600))
        elif kind.startswith("directory"):
            lock.mkdir()
            if kind == "directory-with-file":
                (lock / "x").write_bytes(content)
        elif kind == "link":
            (folder / "target").write_bytes(content)
            lock.symlink_to(folder / "target")
        elif kind == "dangling":
            lock.symlink_to(folder / "nowhere")
        elif kind == "loop":
            lock.symlink_to(lock)
        else:
            os.mkfifo(lock)
        held, problem = take_data_folder(folder)
        TALLY["lock inputs"] += 1
        assert held is not None or problem is not None  # locked, or told why not: never both
        if held is not None:
            assert take_data_folder(folder) == (None, None)  # a second copy is kept out
            held.release()
        if kind == "link":
            assert (folder / "target").read_bytes() == content
        if kind == "directory-with-file":
            assert any(
                (copy / "x").read_bytes() == content for copy in bad_copies(folder, LOCK_FILE)
            )


def test_report_the_fuzz_suite(capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\nfuzz suite: {dict(sorted(TALLY.items()))}")
