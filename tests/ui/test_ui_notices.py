"""Notices that do not stop play: a failed autosave, a finished game that cannot
be removed, a second copy of the game; and demo mode reading its messages alone."""

from __future__ import annotations

import errno
import logging
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.ui.shell.notices import BORDER, TOP, offer_unsaved_play
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.style import palette

DT = 1 / 60


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACOCAT_AI_WORKER", "inline")


def frames_until(app: Any, condition: Any, limit: int = 20000) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(DT)
    raise AssertionError("the condition never came true")


def actions_played(app: Any) -> int:
    table = next(s for s in app.scenes.stack if s.name == "table")
    return len(table.session.state.actions)


def failing_disk(monkeypatch: pytest.MonkeyPatch, folder: Path, number: int) -> None:
    """Writes (the final rename) and deletes in ``folder`` fail with errno ``number``."""
    failure = OSError(number, os.strerror(number))
    real_replace, real_unlink = os.replace, Path.unlink

    def replace(src: Any, dst: Any) -> None:
        if Path(dst).parent == folder:
            raise failure
        real_replace(src, dst)

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.parent == folder and not self.name.startswith(".tmp-"):
            raise failure
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr("tacocat.persistence.atomic.os.replace", replace)
    monkeypatch.setattr(Path, "unlink", unlink)


def demo_on_a_failing_disk(
    make_app: Any,
    store: SaveStore,
    seed: int,
    after: int,
    monkeypatch: pytest.MonkeyPatch,
    number: int,
) -> Any:
    """A demo whose data folder starts failing (errno ``number``) after ``after`` actions."""
    app = make_app("--demo", "--seed", str(seed), "--speed", "inf", saves=store)
    frames_until(app, lambda: actions_played(app) >= after)
    failing_disk(monkeypatch, store.directory, number)
    return app


def test_a_failed_autosave_is_shown_once_retried_and_its_recovery_shown(
    make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = SaveStore(tmp_path, mark_folders=[tmp_path])
    app = demo_on_a_failing_disk(make_app, store, 3, 3, monkeypatch, errno.ENOSPC)
    start = actions_played(app)
    frames_until(app, lambda: actions_played(app) >= start + 6)
    failed = tr("tacocat.notice.save_failed", reason=tr("tacocat.io_reason.no_space"))
    assert failed.startswith("Your game could not be saved: the disk is full")
    assert app.notices.texts == [failed]  # six failed saves, one notice
    warnings = [
        r for r in caplog.records if r.levelno >= logging.WARNING and "autosave" in r.message
    ]
    assert len(warnings) == 1  # and one warning on the terminal, not one per move
    app.step(DT)
    screen = app.screen.get_at((app.screen.get_width() // 2, TOP + 1))
    assert tuple(screen)[:3] == palette()[BORDER]  # drawn over the table, play goes on
    monkeypatch.undo()
    before = actions_played(app)
    frames_until(app, lambda: actions_played(app) > before)  # the next move saves again
    assert app.notices.texts[-1] == tr("tacocat.notice.saved_again")
    saved = store.load_autosave()
    assert saved.ok and len(saved.state.actions) == actions_played(app)


def test_a_finished_game_that_cannot_be_removed_is_never_offered(
    make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder turns read-only mid-game (as with ``chattr +i``): saves fail, the
    stale save cannot be deleted at the end, yet Continue does not offer it -
    in this run, and in the next one (its mark went to another folder)."""
    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    store = SaveStore(data, mark_folders=[data, cache])
    app = demo_on_a_failing_disk(make_app, store, 5, 4, monkeypatch, errno.EPERM)
    frames_until(app, lambda: not app.running)  # the demo played to the end
    assert (data / AUTOSAVE_FILE).exists()  # stale: an early moment of the game
    assert any(text.startswith("Your game could not be saved") for text in app.notices.texts)
    assert not app.saves.has_autosave()
    monkeypatch.undo()
    next_start = SaveStore(data, mark_folders=[data, cache])
    assert not next_start.has_autosave()
    assert not next_start.load_autosave().ok


def test_nothing_writable_anywhere_still_hides_the_game_in_this_run(
    make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path, mark_folders=[tmp_path])
    app = demo_on_a_failing_disk(make_app, store, 5, 4, monkeypatch, errno.EROFS)
    frames_until(app, lambda: not app.running)
    cleared = tr("tacocat.notice.finished_not_cleared", reason=tr("tacocat.io_reason.read_only"))
    assert cleared in app.notices.texts
    assert (tmp_path / AUTOSAVE_FILE).exists() and not app.saves.has_autosave()


def test_demo_reads_a_message_then_plays_on(make_app: Any, tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("garbage")
    app = make_app("--demo", "--seed", "2", "--speed", "20", saves=SaveStore(tmp_path))
    assert app.scenes.top.name == "message"
    frames_until(app, lambda: app.scenes.top.name != "message", limit=int(1.5 / DT))
    assert app.scenes.top.name == "table"
    frames_until(app, lambda: actions_played(app) >= 5)


def test_continue_demo_with_nothing_to_continue_starts_a_new_demo(
    make_app: Any, tmp_path: Path
) -> None:
    app = make_app(
        "--continue", "--demo", "--seed", "2", "--speed", "inf", saves=SaveStore(tmp_path)
    )
    assert app.scenes.top.name == "message"
    assert app.scenes.top.text == tr("tacocat.message.no_save")
    frames_until(app, lambda: app.scenes.top.name == "table", limit=int(1.5 / DT))
    frames_until(app, lambda: not app.running)
    assert app.exit_code == 0


def test_a_message_stays_until_closed_outside_a_demo(make_app: Any, tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("garbage")
    app = make_app(saves=SaveStore(tmp_path))
    for _ in range(int(6 / DT)):
        app.step(DT)
    assert app.scenes.top.name == "message"


@pytest.mark.parametrize(
    ("key", "quits"),
    [(pygame.K_RETURN, False), (None, True)],
    ids=["enter-plays-unsaved", "quit-button"],
)
def test_a_second_copy_asks_to_play_without_saving_or_quit(
    make_app: Any, click: Any, tmp_path: Path, key: int | None, quits: bool
) -> None:
    app = make_app(saves=SaveStore(tmp_path))
    offer_unsaved_play(app, tmp_path / "the player's folder")
    choice = app.scenes.top
    assert choice.name == "choice"
    assert choice.title == tr("tacocat.already_open.title")
    assert "the player's folder" in choice.text
    app.step(DT)
    if key is not None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="\r"))
    else:
        quit_button = choice.buttons[1]
        assert quit_button.text == tr("tacocat.already_open.quit")
        click(app, quit_button)
    app.step(DT)
    assert app.running is not quits
    assert app.scenes.top.name == "title"
    if not quits:
        assert app.notices.texts == [tr("tacocat.notice.playing_unsaved")]


def test_an_unattended_second_copy_plays_unsaved_without_asking(
    make_app: Any, tmp_path: Path
) -> None:
    app = make_app("--demo", "--frames", "50", "--speed", "inf", saves=SaveStore(tmp_path))
    offer_unsaved_play(app, tmp_path)
    assert app.scenes.top.name == "table"
    assert app.notices.texts == [tr("tacocat.notice.playing_unsaved")]
