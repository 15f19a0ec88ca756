"""The app at start-up with a file problem: the message in the player's language, the
bookkeeping of an interrupted game end finished, an unusable lock told."""

from __future__ import annotations

import json
from pathlib import Path

from tacocat.persistence.ending import ENDING_FILE, fingerprint
from tacocat.persistence.gamefile import GameFile, GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.lock import _broken
from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.settings import SETTINGS_FILE, Settings, save_settings
from tacocat.persistence.stats import load_stats
from tacocat.persistence.tutorial import FILE_NAME as TUTORIAL_FILE
from tacocat.rules import GameRecord
from tacocat.ui.shell.notices import offer_unsaved_play
from tacocat.ui.text.i18n import tr
from tests.persistence.games import VS_AI_CONFIG, play


def messages(app) -> list[tuple[str, str]]:
    return [(scene.title, scene.text) for scene in app.scenes.stack if scene.name == "message"]


def test_a_partly_bad_settings_file_is_told_in_latvian_and_kept(tmp_path: Path, make_app) -> None:
    """Issue 21: "--lang lv and a damaged settings file: a Latvian heading over an English body"."""
    save_settings(tmp_path, Settings(player_names=("Ana", "Ben"), language="lv"))
    data = json.loads((tmp_path / SETTINGS_FILE).read_text())
    data["sound_volume"] = 3
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
    app = make_app()
    ((title, text),) = messages(app)
    assert title == "Iestatījumi atiestatīti"
    assert text.startswith("Daži jūsu iestatījumi nebija derīgi (skaņas efektu skaļums)")
    assert "settings.json.bad-" in text and "Some of your settings" not in text
    second = make_app()  # the next start: the kept settings are still there, nothing to say
    assert messages(second) == [] and second.settings.player_names == ("Ana", "Ben")


def test_a_damaged_tutorial_file_is_told(tmp_path: Path, make_app) -> None:
    (tmp_path / TUTORIAL_FILE).write_text('{"format": "tacocat-tutorial", "vers')
    app = make_app()
    ((title, text),) = messages(app)
    assert title == tr("tacocat.problem.title.tutorial")
    assert "tutorial.json.bad-" in text


def test_an_interrupted_game_end_is_finished_at_the_next_start(tmp_path: Path, make_app) -> None:
    """Killed after the journal was written: the game is kept, counted once, its save gone."""
    state = play(8)
    record = GameRecord.from_state(state)
    info = GameInfo.of(state, VS_AI_CONFIG)
    SaveStore(tmp_path).write_autosave(
        VS_AI_CONFIG, GameRecord.from_state(play(8, len(state.actions) - 1))
    )
    (tmp_path / ENDING_FILE).write_text(
        json.dumps(
            {"format": "tacocat-ending", "version": 1, "game": GameFile(record, info).to_dict()}
        )
    )
    app = make_app(saves=SaveStore(tmp_path))
    assert [e.info for e in HistoryStore(tmp_path).entries()] == [info]
    assert app.stats.vs_ai_games == 1 and app.stats.recorded == fingerprint(record)
    assert load_stats(tmp_path)[0] == app.stats
    assert not (tmp_path / AUTOSAVE_FILE).exists() and not (tmp_path / ENDING_FILE).exists()
    again = make_app(saves=SaveStore(tmp_path))
    assert again.stats.vs_ai_games == 1  # never counted twice


def test_a_lock_that_cannot_be_used_is_told_before_playing(tmp_path: Path, make_app) -> None:
    app = make_app()
    problem = _broken(tmp_path / "tacocat.lock", OSError(37, "No locks available"))
    offer_unsaved_play(app, tmp_path, problem)
    choice = app.scenes.stack[-1]
    assert choice.name == "choice" and choice.title == tr("tacocat.problem.title.lock")
    assert "tacocat.lock" in choice.text and "No locks available" in choice.text
