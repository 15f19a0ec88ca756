"""Every file problem the player can read is in the player's language (issue 21, item 3).

Each message is triggered for real - a damaged settings file, a statistics
file with one bad entry, a full disk, a lock that cannot be repaired... - and
worded in each of the five languages. In a non-English game no English
sentence may show: neither the persistence package's own sentence nor a piece
of the English wording.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tacocat.languages import LANGUAGES
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.gamefile import GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.problems import Problem
from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from tacocat.persistence.stats import STATS_FILE, Stats, load_stats, save_stats
from tacocat.persistence.tutorial import FILE_NAME as TUTORIAL_FILE
from tacocat.persistence.tutorial import read_progress
from tacocat.rules.record import GameRecord
from tacocat.ui.text import i18n
from tacocat.ui.text.problems import not_saved_text, problem_text, problem_title
from tests.persistence.games import VS_AI_CONFIG, play, play_unfinished


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _settings_whole(folder: Path) -> Problem | None:
    (folder / SETTINGS_FILE).write_text('{"format": "tacocat-settings", "vers')
    return load_settings(folder)[1]


def _settings_partial(folder: Path) -> Problem | None:
    save_settings(folder, Settings())
    data = json.loads((folder / SETTINGS_FILE).read_text())
    data.update(sound_volume=7, window_size="big", language=3)
    (folder / SETTINGS_FILE).write_text(json.dumps(data))
    return load_settings(folder)[1]


def _settings_every_field_bad(folder: Path) -> Problem | None:
    save_settings(folder, Settings())
    data = json.loads((folder / SETTINGS_FILE).read_text())
    data.update({name: -1.5 for name in SETTINGS_FIELDS})  # no field takes a negative float
    (folder / SETTINGS_FILE).write_text(json.dumps(data))
    return load_settings(folder)[1]


def _settings_newer(folder: Path) -> Problem | None:
    (folder / SETTINGS_FILE).write_text('{"format": "tacocat-settings", "version": 9}')
    return load_settings(folder)[1]


def _stats_whole(folder: Path) -> Problem | None:
    (folder / STATS_FILE).write_bytes(b"\xff\xfe\x00")
    return load_stats(folder)[1]


def _stats_partial(folder: Path) -> Problem | None:
    save_stats(folder, Stats())
    data = json.loads((folder / STATS_FILE).read_text())
    data.update(tied_rounds=-1, vs_ai={"easy": [], "medium": {}, "hard": {}}, hotseat=[])
    (folder / STATS_FILE).write_text(json.dumps(data))
    return load_stats(folder)[1]


def _online_whole(folder: Path) -> Problem | None:
    from tacocat.persistence.online_seats import ONLINE_FILE, OnlineSeats

    (folder / ONLINE_FILE).write_text("{")
    return OnlineSeats(folder).load()[1]


def _online_partial(folder: Path) -> Problem | None:
    from tacocat.persistence.online_seats import ONLINE_FILE, OnlineSeat, OnlineSeats

    store = OnlineSeats(folder)
    store.put(OnlineSeat("ws://127.0.0.1:8765/", "g_1", 0, "t" * 43, ("Ana", "")))
    data = json.loads((folder / ONLINE_FILE).read_text())
    data["seats"].append({"url": "http://nowhere"})
    (folder / ONLINE_FILE).write_text(json.dumps(data))
    return store.load()[1]


def _save_whole(folder: Path) -> Problem | None:
    (folder / AUTOSAVE_FILE).write_text("[]")
    return SaveStore(folder).load_autosave().problem


def _save_invalid(folder: Path) -> Problem | None:
    store = SaveStore(folder)
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play_unfinished(3)))
    data = json.loads((folder / AUTOSAVE_FILE).read_text())
    data["record"]["actions"][0]["seat"] = 5
    (folder / AUTOSAVE_FILE).write_text(json.dumps(data))
    return store.load_autosave().problem


def _save_ended(folder: Path) -> Problem | None:
    store = SaveStore(folder)
    store.write_autosave(VS_AI_CONFIG, GameRecord.from_state(play(3)))
    return store.load_autosave().problem


def _tutorial(folder: Path) -> Problem | None:
    (folder / TUTORIAL_FILE).write_text("{}")
    return read_progress(folder)[1]


def _index_damaged(folder: Path) -> Problem | None:
    from tacocat.persistence.documents import read_document, set_aside

    store = HistoryStore(folder)
    state = play(4)
    store.add(GameRecord.from_state(state), GameInfo.of(state, VS_AI_CONFIG))
    store.index_path.write_text("{")
    try:
        read_document(store.index_path, fmt="tacocat-history", version=1, max_bytes=10**6)
    except Exception as bad:  # what entries() sets aside, with the same sentence
        return set_aside(
            store.index_path, Problem("", "history_index_damaged", reason=bad.problem)
        )[0]  # type: ignore[attr-defined]
    return None


def _lock_broken(folder: Path) -> Problem | None:
    from tacocat.persistence.lock import _broken

    return _broken(folder / "tacocat.lock", OSError(errno.ENOLCK, "No locks available"))


def _lock_is_a_link(folder: Path) -> Problem | None:
    """The reason the lock gives itself (a link, a folder) is worded too, not English."""
    from tacocat.persistence.lock import DataFolderLock

    (folder / "tacocat.lock").symlink_to(folder / "elsewhere")
    lock = DataFolderLock(folder)
    lock._lock.acquire = _no_locks  # type: ignore[method-assign]  # repaired, yet unlockable
    lock.acquire()
    return lock.problem


def _lock_link(folder: Path) -> Problem | None:
    from tacocat.persistence.lock import _broken, _WrongKind

    return _broken(
        folder / "tacocat.lock", _WrongKind(errno.ELOOP, "it is a symbolic link", "link")
    )


def _no_locks(*args: object, **kwargs: object) -> None:
    raise NotImplementedError("no locks on this file system")


def _backup_failed(folder: Path) -> Problem | None:
    (folder / SETTINGS_FILE).write_text("garbage")
    folder.chmod(0o500)  # the bad file cannot be moved aside
    try:
        return load_settings(folder)[1] if not _is_root() else _fake_backup_failure(folder)
    finally:
        folder.chmod(0o700)


def _is_root() -> bool:
    import os

    return hasattr(os, "geteuid") and os.geteuid() == 0


def _fake_backup_failure(folder: Path) -> Problem:
    """As root a read-only folder still takes the move: the failure is made directly."""
    from tacocat.persistence.problems import backup_failed, with_param

    error = PersistenceError(
        "Could not move it", cause=OSError(errno.EROFS, "Read-only file system")
    )
    first = Problem(
        "Your settings file is damaged.",
        "settings_whole",
        reason=Problem("is empty", "reason.empty"),
    )
    return with_param(first, backup=backup_failed(folder / SETTINGS_FILE, error))


def _not_written(folder: Path) -> Problem | None:
    from tacocat.persistence.problems import backup_kept, not_written, pair, with_param

    error = PersistenceError("Could not save", cause=OSError(errno.ENOSPC, "No space left"))
    first = Problem(
        "Some settings were bad.", "settings_partial", fields=[Problem("muted", "field.muted")]
    )
    return with_param(
        first, backup=pair(backup_kept(folder / "settings.json.bad-1"), not_written(error))
    )


def _rebuilt(folder: Path, loss: str, limit: int = 500) -> Problem | None:
    """The statistics rebuilt from the History after ``loss`` (see tests/persistence)."""
    from tests.persistence.test_stats_rebuild import play_games, start

    play_games(folder, count=4, limit=limit)
    if loss == "damaged":
        (folder / STATS_FILE).write_text("{")
    elif loss == "behind":
        save_stats(folder, Stats())
    else:
        (folder / STATS_FILE).unlink()
    return start(folder, limit=limit)[1][0]


TRIGGERS: dict[str, Callable[[Path], Problem | None]] = {
    "settings_whole": _settings_whole,
    "settings_partial": _settings_partial,
    "settings_newer": _settings_newer,
    "settings_every_field": _settings_every_field_bad,
    "stats_whole": _stats_whole,
    "stats_partial": _stats_partial,
    "online_whole": _online_whole,
    "online_partial": _online_partial,
    "save_whole": _save_whole,
    "save_invalid": _save_invalid,
    "save_ended": _save_ended,
    "tutorial_damaged": _tutorial,
    "history_index_damaged": _index_damaged,
    "lock_broken": _lock_broken,
    "lock_not_implemented": _lock_is_a_link,
    "lock_link": _lock_link,
    "backup_failed": _backup_failed,
    "not_written": _not_written,
    "stats_rebuilt_whole": lambda folder: _rebuilt(folder, "damaged"),
    "stats_rebuilt_missing": lambda folder: _rebuilt(folder, "deleted"),
    "stats_rebuilt_short": lambda folder: _rebuilt(folder, "behind"),
    "stats_rebuilt_older": lambda folder: _rebuilt(folder, "deleted", limit=3),
}
SETTINGS_FIELDS = [field.name for field in dataclasses.fields(Settings)]
NOT_SAVED = ("settings_not_saved", "stats_not_saved", "game_not_kept")
NO_SPACE = PersistenceError(
    "Could not save x: No space left on device.",
    cause=OSError(errno.ENOSPC, "No space left on device"),
)


def _english_pieces(text: str) -> list[str]:
    """The runs of plain English words in ``text`` (paths, numbers and names removed)."""
    text = re.sub(r"\S*[/\\]\S*", " ", text)  # paths
    return [
        piece.strip()
        for piece in re.split(r"[^A-Za-z' ]+", text)
        if len(piece.strip().split()) >= 3
    ]


def _facts(problem: object) -> list[str]:
    """The text parameters inside ``problem`` (paths, the system's words), longest first."""
    found: list[str] = []
    stack = [problem]
    while stack:
        item = stack.pop()
        if isinstance(item, Problem):
            stack.extend(item.params.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.append(item)
    return sorted(found, key=len, reverse=True)


def _worded(problem: Problem, language: str) -> tuple[str, str]:
    i18n.set_language(language)
    return problem_title(problem), problem_text(problem)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("name", list(TRIGGERS))
def test_every_file_problem_is_in_the_players_language(
    tmp_path: Path, name: str, language: str
) -> None:
    problem = TRIGGERS[name](tmp_path)
    assert isinstance(problem, Problem), name
    english_title, english = _worded(problem, "en")
    title, text = _worded(problem, language)
    assert not re.search(r"tacocat\.[a-z_]+\.", text + title)  # no key for want of a string
    assert str(problem) not in text  # not the package's own English sentence
    for fact in _facts(problem):  # paths and the system's own words are not ours to translate
        english, text = english.replace(fact, " "), text.replace(fact, " ")
    for piece in _english_pieces(english):
        assert piece not in text, f"{language} shows English: {piece!r} in {text!r}"
    assert title != english_title or title == "Tacocat"


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("code", NOT_SAVED)
def test_a_file_that_could_not_be_saved_is_told_in_the_players_language(
    code: str, language: str
) -> None:
    i18n.set_language("en")
    english = not_saved_text(code, NO_SPACE)
    assert "the disk is full" in english
    i18n.set_language(language)
    text = not_saved_text(code, NO_SPACE)
    assert "No space left" not in text and "could not" not in text
    for piece in _english_pieces(english):
        assert piece not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_words_show_every_fact(tmp_path: Path, language: str) -> None:
    """The wording keeps what the sentence must say: the backup's path, the bad fields."""
    problem = _settings_partial(tmp_path)
    assert problem is not None
    i18n.set_language(language)
    text = problem_text(problem)
    (backup,) = tmp_path.glob(SETTINGS_FILE + ".bad-*")
    assert str(backup) in text
    assert text.count(", ") >= 2  # three fields listed


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_settings_field_is_named_in_the_players_language(
    tmp_path: Path, language: str
) -> None:
    """A damaged field is named by its own words in every language, never by its name in
    the file ("table keys"): each field of Settings has a problem.field word."""
    problem = _settings_every_field_bad(tmp_path)
    assert problem is not None
    assert [field.code for field in problem.params["fields"]] == [
        f"field.{name}" for name in SETTINGS_FIELDS
    ]  # every field was found bad
    i18n.set_language(language)
    text = problem_text(problem)
    for name in SETTINGS_FIELDS:
        word = i18n.tr(f"tacocat.problem.field.{name}")
        assert not word.startswith("tacocat."), f"{language}: no word for the field {name}"
        assert word in text
