"""Details of several screens a player trusts (issue 23, items 8 and 9): the History's
singular, cards seen, no ring behind the round result, the replay's round name, the title's
Continue, the game over's replay and review, a hot-seat answer with no choice."""

from __future__ import annotations

import pygame
from table_helpers import RecordingSaves, key, step, wait_for_turn

from tacocat.rules import Phase, Replace
from tacocat.ui.results.summaries import RoundSummary
from tacocat.ui.scenes.choice import ChoiceScene
from tacocat.ui.scenes.discard_viewer import DiscardViewerScene
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.text.i18n import tr


def test_the_history_counts_one_game_in_the_singular():
    assert (
        tr("tacocat.trust.history.summary", count=1, limit=500)
        == "Your last finished game (up to 500 are kept)"
    )
    assert (
        tr("tacocat.trust.history.summary", count=3, limit=500)
        == "Your last 3 finished games (up to 500 are kept)"
    )


def test_cards_seen_greys_only_values_with_nothing_left_unseen(start_table):
    app, table = start_table("vs_ai", seed=1)
    deck = list(table.session.state.ruleset.deck)
    ones = deck.count(1)
    viewer = DiscardViewerScene(app, [2] * deck.count(2), [3], deck, table.renderer, table.text)
    assert not viewer.is_settled(1) and viewer.unseen(1) == ones  # wholly unseen: in colour
    assert viewer.is_settled(2)  # every 2 played: nothing more can come
    assert not viewer.is_settled(3)  # one 3 is mine, the others are still out there


def test_no_focus_ring_shows_behind_the_round_result(start_table):
    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    key(app, pygame.K_RIGHT)
    table.draw(app.screen)
    assert table.view.frame.focus is not None
    app.scenes.push(
        RoundResultScene(app, table, RoundSummary(round=1, showdown=(3, 9), winner=0, wins=(1, 0)))
    )
    table.draw(app.screen)
    assert table.view.frame.focus is None


def test_the_replay_panel_names_the_round_as_the_header_does(make_app, tmp_path):
    from tacocat.persistence.gamefile import open_game_file
    from tacocat.rules import GameRecord, new_game

    state, _ = new_game(3)
    import random

    rng = random.Random(3)
    while not state.is_over:
        state, _ = state.apply(rng.choice(state.legal_actions(state.to_act[0])))
    path = tmp_path / "game.json"
    path.write_text(GameRecord.from_state(state).to_json(), encoding="utf-8")
    app = make_app("--replay", str(path))
    viewer = app.scenes.top
    assert viewer.name == "replay"
    for round_number in range(1, viewer.timeline.rounds + 1):
        viewer.to_round(round_number)
        line = viewer.controls.panel_lines()[2]
        assert line.startswith(viewer.view.round_caption + " ("), (line, viewer.view.round_caption)
    assert open_game_file(path)[0].record.actions == state.actions


def test_the_title_emphasises_continue_and_asks_before_quitting(make_app, fake_saves):
    app = make_app(saves=fake_saves(autosave=True))
    step(app, 2)
    title = app.scenes.top
    assert next(iter(title.buttons)) == "continue"  # the game in progress comes first
    assert "@big" in title.buttons["continue"].class_ids  # the big button's style
    assert "@big" not in title.buttons["new_game"].class_ids
    quits = []
    app.quit = lambda code=0: quits.append(code)
    title.ask_to_quit()
    ask = app.scenes.top
    assert isinstance(ask, ChoiceScene) and ask.text == tr("tacocat.trust.quit.saved")
    ask.choose(0)  # Stay (Esc and Enter too): nothing closes
    assert quits == [] and app.scenes.top is title
    title.ask_to_quit()
    app.scenes.top.choose(1)
    assert quits == [0]


def test_game_over_offers_replay_and_review_of_the_game(start_table):
    app, table = start_table("vs_ai", seed=6, saves=RecordingSaves())
    session = table.session
    for _ in range(20000):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, RoundResultScene):
            top.next_round()
        elif table.acting_seat() is not None:
            seat = table.acting_seat()
            legal = session.legal(seat)
            session.submit(Replace(seat, ()) if session.state.phase is Phase.REPLACE else legal[0])
        step(app)
    over = app.scenes.top
    assert isinstance(over, GameOverScene) and over.replay_button is not None
    assert over.replay_button.label == "Replay · Review"
    over.on_button(over.replay_button)
    step(app, 2)
    assert app.scenes.top.name == "replay"
    assert app.scenes.top.game_id == table.kept_id


def test_hot_seat_plays_an_answer_with_no_choice_without_a_hand_over(start_table):
    """Ben attacks with a 12 that Ana cannot reach: her lowest card is sacrificed for her,
    with no pass-the-device screen just to press the one possible card."""
    from tacocat.rules import DEFAULT_DECK, Attack, DuelCard, new_game, stacked_order
    from tacocat.rules import events as ev

    order = stacked_order(DEFAULT_DECK, (1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 12, 11))
    state, _ = new_game(5, recorded_deals=(order,))
    for action in (
        Replace(0, ()),
        Replace(1, ()),
        DuelCard(0, 7),
        DuelCard(1, 8),
        Attack(1, (12,)),
    ):
        state, _ = state.apply(action)
    assert state.phase is Phase.DEFEND and len(state.legal_actions(0)) == 1
    app, table = start_table("hotseat", state=state)
    passes = []
    original = app.pass_device
    app.pass_device = lambda name, *a, **k: passes.append(name) or original(name, *a, **k)
    for _ in range(200):
        if table.session.state.phase is not Phase.DEFEND:
            break
        step(app)
    answered = [e for e in table.session.state.round_log if isinstance(e, ev.Sacrificed)]
    assert answered == [ev.Sacrificed(0, 1, 12)]
    assert "Ana" not in passes  # the next hand-over, if any, is for the attacker
