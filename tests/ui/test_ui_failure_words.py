"""A failed export and a failed review are told in the player's language (issue 21, item 3):
neither the persistence package's English sentence nor the worker's exception reaches the
message."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future

import pytest
from test_ui_history import _keep, _key

from tacocat.ui.replay.review import ReviewScene
from tacocat.ui.text import i18n
from tacocat.ui.text.i18n import tr

DT = 1 / 60


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_a_failed_export_is_told_in_latvian(tmp_path, make_app):
    import pygame

    _keep(tmp_path, seeds=(5,))
    (tmp_path / "exports").write_text("a file where the folder should be")
    app = make_app("--lang", "lv")
    app.open("history")
    _key(app, pygame.K_e)
    message = app.scenes.top
    assert message.name == "message"
    assert message.title == tr("tacocat.history.export_failed_title")
    assert "Could not" not in message.text
    reason_free = tr("tacocat.history.export_failed_body", reason="").rstrip(".: ")
    assert message.text.startswith(reason_free)


def test_a_failed_review_keeps_the_workers_words_out_of_the_message(
    tmp_path, make_app, monkeypatch
):
    monkeypatch.setenv("TACOCAT_AI_WORKER", "thread")
    (game_id,) = _keep(tmp_path, seeds=(5,))
    app = make_app("--lang", "sq")
    app.open("history", select=game_id)
    app.step(DT)
    app.scenes.top.review()
    app.step(DT)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    broken: Future = Future()
    broken.set_exception(RuntimeError("BrokenProcessPool: a child process terminated"))
    scene.future = broken
    app.step(DT)
    message = app.scenes.top
    assert message.name == "message"
    assert message.text == tr("tacocat.review.failed_body")
    assert "BrokenProcessPool" not in message.text
