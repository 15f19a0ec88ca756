"""A review's note names why the better move was better, stands on the decision (the
position before the rated move) with the better cards lit, and stays while stepping over it."""

from __future__ import annotations

from test_ui_history import _keep

from tacocat.ai.reasons import explain
from tacocat.ai.review import review_game
from tacocat.ui.replay.review import REVIEW_KEY, review_notes, review_seat
from tacocat.ui.replay.timeline import Timeline
from tacocat.ui.text.reason_words import why
from tests.ai.helpers import small_hard

DT = 1 / 60


def _reviewed(tmp_path, make_app):
    (game_id,) = _keep(tmp_path, seeds=(5,))
    app = make_app()
    game, _ = app.history.open(game_id)
    review = review_game(game.record, review_seat(game.info), bot=small_hard(4))
    app.history.attach(game_id, REVIEW_KEY, review.to_dict())
    game, _ = app.history.open(game_id)
    return app, game, game_id, review


def _lit(viewer, seat):
    viewer.draw(viewer.app.screen)
    return sorted(s.value for s in viewer.view.hands[seat] if s.glow > 0.5)


def _settle(viewer):
    for _ in range(600):
        viewer.app.step(DT)
        if not viewer.animating:
            return


def test_every_note_gives_the_reason_read_from_the_seats_view(tmp_path, make_app):
    app, game, _, review = _reviewed(tmp_path, make_app)
    states = Timeline(game.record).states
    notes = review_notes(review, states)
    marked = [m for m in review.moments if m.mark]
    assert marked
    for m in marked:
        state = states[m.step]  # before the rated move: the seat could still play either
        legal = state.legal_actions(review.seat)
        assert m.played in legal and m.best in legal
        reasons = explain(state.observation(review.seat), m.best, m.played)
        assert reasons and why(reasons)[1:] in notes[m.step].text
        if m.step + 1 not in {n.step for n in marked}:  # else that decision's own note
            assert notes[m.step + 1].text == notes[m.step].text  # the words follow the move
    assert review_notes(review)[marked[0].step].text != notes[marked[0].step].text  # no states


def test_the_review_opens_on_the_decision_and_keeps_its_note_stepping(tmp_path, make_app):
    app, game, game_id, review = _reviewed(tmp_path, make_app)
    moment = max((m for m in review.moments if m.mark), key=lambda m: m.cost)
    app.open_replay(game, game_id=game_id, start=moment.step)
    viewer = app.scenes.top
    assert viewer.name == "replay" and viewer.index == moment.step
    note = viewer.notes[moment.step]
    assert note.decision and viewer.status_line()[0] == note.text
    best = sorted(getattr(moment.best, "cards", None) or (moment.best.card,))
    assert _lit(viewer, review.seat) == best  # the better card shows on the table
    viewer.step_forward()
    _settle(viewer)
    assert viewer.index == moment.step + 1 and viewer.status_line()[0] == note.text
    viewer.step_back()
    assert viewer.index == moment.step and viewer.status_line()[0] == note.text
    assert _lit(viewer, review.seat) == best
