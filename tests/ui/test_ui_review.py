"""Game review in the app: from the History, with progress and Cancel, kept with the game
(made once), its summary, and its marks in the replay viewer."""

from __future__ import annotations

import json
import time

import pygame
from test_ui_history import _keep, _key

from tacocat.ai.review import Review
from tacocat.ui.replay.review import REVIEW_KEY, ReviewScene

DT = 1 / 60


def _open_review(app, game_id):
    app.open("history", select=game_id)
    app.step(DT)
    app.scenes.top.review()
    app.step(DT)
    return app.scenes.top


def _run(app, scene, until, seconds=120):
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.005)
    assert until(), f"progress {scene.progress}"


def test_a_review_is_made_with_progress_kept_and_then_reused(tmp_path, make_app, monkeypatch):
    monkeypatch.setenv("TACOCAT_AI_WORKER", "thread")
    (game_id,) = _keep(tmp_path, seeds=(5,))
    app = make_app()
    scene = _open_review(app, game_id)
    assert isinstance(scene, ReviewScene) and scene.review is None
    assert [b.key for b in scene.buttons] == ["cancel"]
    seen = []
    _run(app, scene, lambda: seen.append(scene.progress) or scene.review is not None)
    assert scene.worker is None  # the worker is closed once the review is made
    done = [p for p in seen if p[1]]
    assert done and done[0][0] < done[-1][0] == done[-1][1] == len(scene.review.moments)
    kept = json.loads((tmp_path / "history" / "games" / f"{game_id}.json").read_text())
    assert Review.from_dict(kept[REVIEW_KEY]) == scene.review
    assert {b.key for b in scene.buttons} >= {"watch", "back"}

    again = _open_review(app, game_id)  # shown at once: not made again
    assert again.review == scene.review and again.worker is None
    jumps = [b for b in again.buttons if b.key.startswith("jump_")]
    assert len(jumps) == len(again.review.costliest())
    assert jumps and again.review.costliest()[0].mark  # this seeded game has a marked moment
    if jumps:
        again.on_button(jumps[0])
        viewer = app.scenes.top
        moment = again.review.costliest()[0]
        # It opens on the decision; the note stands there and on the position after it.
        assert viewer.name == "replay" and viewer.index == moment.step
        marked = {m.step for m in again.review.moments if m.mark}
        assert {s for s, n in viewer.notes.items() if n.decision} == marked
        assert set(viewer.notes) == marked | {s + 1 for s in marked}
        if moment.mark:
            note = viewer.notes[moment.step]
            viewer.draw(app.screen)
            lit = sorted(s.value for s in viewer.view.hands[note.seat] if s.glow > 0.5)
            best = getattr(moment.best, "cards", None) or (moment.best.card,)
            assert lit == sorted(best)  # the better move shows on the table
            viewer.step_forward()
            assert viewer.notes.get(viewer.index) is not None  # the words stay
        if moment.mark:
            text, tone = viewer.status_line()
            assert str(round(moment.cost)) in text and tone in ("hint", "error")
        assert "review" in viewer.controls.buttons


def test_cancel_stops_the_review_and_keeps_nothing(tmp_path, make_app, monkeypatch):
    monkeypatch.setenv("TACOCAT_AI_WORKER", "thread")
    (game_id,) = _keep(tmp_path, seeds=(6,))
    app = make_app()
    scene = _open_review(app, game_id)
    _run(app, scene, lambda: scene.progress[0] >= 1)
    worker = scene.worker
    _key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "history" and scene.worker is None and worker._closed
    kept = json.loads((tmp_path / "history" / "games" / f"{game_id}.json").read_text())
    assert REVIEW_KEY not in kept
