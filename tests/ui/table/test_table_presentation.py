"""The table's polish, driven through a real App or the animator (issue 14, items 11-17):
keyboard, timing, sides, the prompt's room, tooltips, thump, the game-over recap, bars."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from table_helpers import ScriptedWorker, click, key, step, wait_for_turn, wait_until

from tacocat.rules import DuelCard, Phase, Replace, new_game
from tacocat.rules import events as ev
from tacocat.seating import GameKind, Seating
from tacocat.ui.results.summaries import GameSummary, RoundSummary
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.table.animator import Animator
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.cards import CardSprite


def _keep_and_play_first(observation, legal):
    return Replace(observation.seat, ()) if observation.phase == "replace" else legal[0]


def _to_my_duel(app, table):
    """Keep every card until it is my duel."""
    for _ in range(10):
        wait_for_turn(app, table)
        if table.session.state.phase is Phase.DUEL:
            return
        click(app, table.buttons["secondary"].rect.center)
    raise AssertionError("no duel came")


def _my_duel_cards(table):
    return [a for a in table.session.state.actions if isinstance(a, DuelCard) and a.seat == 0]


# --- keyboard (item 14) ----------------------------------------------------------------


def test_enter_plays_the_card_a_hint_selected(start_table):
    app, table = start_table("vs_ai", seed=8)
    _to_my_duel(app, table)
    key(app, pygame.K_h)
    wait_until(app, lambda: table.controls.selected, limit=600)
    chosen = table.controls.selected[0].value
    assert not table.controls.keyboard_focus  # no arrow key was pressed
    key(app, pygame.K_RETURN)
    assert [a.card for a in _my_duel_cards(table)] == [chosen]


def test_arrows_go_round_the_hand_and_never_jump_to_the_buttons(start_table):
    from tacocat.ui.widgets.button import Button

    app, table = start_table("vs_ai", seed=8)
    _to_my_duel(app, table)
    hand = table.my_hand()
    key(app, pygame.K_RIGHT)
    assert table.focused() is hand[0]
    key(app, pygame.K_LEFT)  # from the first card: round to the last, not to Menu
    assert table.focused() is hand[-1]
    key(app, pygame.K_RIGHT)
    assert table.focused() is hand[0]
    for _ in range(len(hand)):
        key(app, pygame.K_TAB)  # Tab still reaches the buttons
    assert isinstance(table.focused(), Button)
    key(app, pygame.K_RIGHT)
    assert isinstance(table.focused(), Button)


def test_escape_on_the_round_result_opens_the_menu(start_table):
    from tacocat.ui.scenes.menu import MenuScene

    app, table = start_table("vs_ai", seed=8)
    result = RoundResultScene(
        app, table, RoundSummary(round=1, showdown=(3, 9), winner=0, wins=(1, 0))
    )
    app.scenes.push(result)
    step(app, 30)  # past its guard
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    assert result in app.scenes.stack and not result.closed  # the next round waits


# --- timing (item 15) ------------------------------------------------------------------


def _animator(speed=1.0, reduced=False, bottom=0):
    state, _ = new_game(1)
    view = TableView(state.ruleset.board, ("Sun", "Moon"), bottom, {bottom}, 38)
    animator = Animator(
        view,
        speed=lambda: speed,
        sound=lambda name: None,
        narrate=lambda event: None,
        reduced_motion=lambda: reduced,
        visible_seats=frozenset({bottom}),
    )
    return view, animator


def _run_until(animator, condition, limit=2000):
    frames = 0
    while not condition() and frames < limit:
        animator.update(1 / 60)
        frames += 1
    assert condition(), "never happened"
    return frames


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_both_duel_cards_stay_face_up_long_enough_to_read(speed):
    view, animator = _animator(speed)
    animator.feed([ev.DuelCommitted(0), ev.DuelCommitted(1), ev.DuelRevealed((4, 9), 1)])
    _run_until(animator, lambda: isinstance(animator.current, ev.DuelRevealed))
    shown = _run_until(
        animator, lambda: all(s is not None and s.face_up and s.flip > 0.99 for s in view.duel)
    )
    read = _run_until(animator, lambda: view.duel == [None, None])
    # From the moment both faces show until they leave: 2.2 s at speed 1, scaled by the speed.
    assert read / 60 >= 2.2 / speed - 0.05, (speed, read)
    assert read / 60 <= 2.2 / speed + 0.5
    assert shown < read


def test_a_click_skips_the_duel_reading_time():
    view, animator = _animator()
    animator.feed([ev.DuelCommitted(0), ev.DuelCommitted(1), ev.DuelRevealed((4, 9), 1)])
    _run_until(animator, lambda: isinstance(animator.current, ev.DuelRevealed))
    animator.update(1 / 60)
    animator.skip()
    animator.update(1 / 60)
    assert view.duel == [None, None]


def test_the_tie_banner_is_gone_before_the_next_duel_cards_fly():
    view, animator = _animator()
    animator.feed(
        [
            ev.DuelCommitted(0),
            ev.DuelCommitted(1),
            ev.DuelRevealed((6, 6), None),
            ev.DuelCommitted(0),
        ]
    )
    _run_until(animator, lambda: isinstance(animator.current, ev.DuelRevealed))
    _run_until(animator, lambda: bool(view.banners))  # the tie is announced
    _run_until(animator, lambda: animator.played == 4)
    assert view.banners == []


# --- sides (item 12) -------------------------------------------------------------------


@pytest.mark.parametrize("bottom", [0, 1])
def test_each_seat_lays_its_duel_card_on_its_own_side_whoever_sits_at_the_bottom(bottom):
    view, animator = _animator(bottom=bottom)
    animator.feed([ev.DuelCommitted(0), ev.DuelCommitted(1)])
    _run_until(animator, lambda: animator.idle)
    assert view.duel[0].pos[0] < view.duel[1].pos[0]  # the Sun left, as its goal
    assert L.goal_centre(0)[0] < L.goal_centre(1)[0]


def test_the_round_result_shows_the_first_seat_on_the_left(start_table):
    app, table = start_table("vs_ai", seed=13, human_seat=1)
    assert table.view.bottom_seat == 1
    result = RoundResultScene(
        app, table, RoundSummary(round=1, showdown=(3, 9), winner=0, wins=(1, 0))
    )
    first, second = sorted(result.cards, key=lambda s: s.owner)
    assert first.pos[0] < second.pos[0]


# --- the table's look (items 11, 13, 16) -------------------------------------------------


def test_a_raised_card_does_not_touch_the_prompt(start_table):
    app, table = start_table("vs_ai", seed=8)
    _to_my_duel(app, table)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    step(app, 30)
    sprite = table.controls.selected[0]
    assert sprite.lift > 0 and table.prompt_text()[0]
    prompt = table.painter.prompt_rect
    assert prompt.height > 0
    for card in table.my_hand():
        assert table.card_rect(card).top - prompt.bottom >= 4


def test_the_round_label_and_the_score_plate(start_table):
    app, table = start_table("vs_ai", seed=8)
    view = table.view
    assert view.round_caption == view.round_title()
    view.book.feed(ev.ShowdownRevealed((5, 5)))
    view.book.feed(ev.RoundTied(3))
    assert view.round_title() == "Round 1 · replay 1"
    step(app)  # the score plate draws with the names, no digit in them
    assert not any(ch.isdigit() for ch in "".join(view.names[1:]))


def test_a_tooltip_explains_an_arrow_after_a_short_rest(start_table):
    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    seat, arrow = table.board.arrow_rects(0)[0]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=arrow.center, rel=(0, 0), buttons=(0, 0, 0), touch=False
        )
    )
    step(app, 3)
    assert table.view.frame.tooltip is None  # not at once: passing over the board shows nothing
    step(app, 30)
    assert (
        table.view.frame.tooltip is not None
        and table.view.names[seat] in table.view.frame.tooltip[0]
    )
    pile = (round(L.DRAW_POS[0]), round(L.DRAW_POS[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pile, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    step(app, 30)
    assert str(table.view.draw_count) in table.view.frame.tooltip[0]


# --- feel (item 17) --------------------------------------------------------------------


def _largest_scale_while_landing(reduced):
    view, animator = _animator(reduced=reduced)
    animator.feed([ev.DuelCommitted(0)])
    largest = 0.0
    for _ in range(120):
        animator.update(1 / 60)
        if view.duel[0] is not None and view.duel[0].z == 0:
            largest = max(largest, view.duel[0].scale)
    assert view.duel[0].scale == L.TABLE_SCALE  # it settles at its size
    return largest


def test_a_played_card_lands_with_a_thump_unless_motion_is_reduced():
    assert _largest_scale_while_landing(False) > L.TABLE_SCALE * 1.05
    assert _largest_scale_while_landing(True) <= L.TABLE_SCALE + 1e-6


def test_the_trick_winner_is_emphasised():
    for reduced in (False, True):
        view, animator = _animator(reduced=reduced)
        attack = CardSprite(9, 0, "attack", L.play_slot("bottom", 0, 1), L.TABLE_SCALE, True)
        answer = CardSprite(3, 1, "response", L.response_slot("bottom", 0, 1), L.TABLE_SCALE, True)
        view.attack, view.responses, view.attacker = [attack], [answer], 0
        animator.feed([ev.TrickWon(1, True)])
        largest = 0.0
        for _ in range(30):
            animator.update(1 / 60)
            largest = max(largest, answer.scale)
        assert answer.glow == 1.0 and attack.glow == 0.0
        assert (largest > L.TABLE_SCALE * 1.05) is not reduced


def test_the_game_over_screen_recaps_every_round(start_table):
    app, table = start_table("demo", seed=7, speed="instant")
    for _ in range(600):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, RoundResultScene):
            top.next_round()
        step(app)
    assert isinstance(app.scenes.top, GameOverScene)
    recap = app.scenes.top.info.recap
    state = table.session.state
    assert len(recap) == sum(state.wins) + state.tied_rounds
    assert [r.winner for r in recap if r.winner is not None].count(state.winner) == max(state.wins)
    step(app, 3)  # it draws


def test_hover_lift_glides_and_reduced_motion_makes_it_a_jump(start_table):
    from tacocat.ui.table.lifts import HOVER_LIFT

    for reduced in (False, True):
        app, table = start_table(
            "vs_ai", seed=8, speed="normal", worker=ScriptedWorker(_keep_and_play_first)
        )
        app.settings = dataclasses.replace(app.settings, reduced_motion=reduced)
        _to_my_duel(app, table)
        card = table.my_hand()[0]
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=table.card_rect(card).center,
                rel=(0, 0),
                buttons=(0, 0, 0),
                touch=False,
            )
        )
        step(app, 1)
        if reduced:
            assert card.lift == HOVER_LIFT and not table.controls.lifts_moving
        else:
            assert 0 < card.lift < HOVER_LIFT and table.controls.lifts_moving


def test_a_long_recap_wraps_and_clears_the_game_over_buttons(start_table):
    from tacocat.ui.results.score import RoundRecord

    app, table = start_table("vs_ai", seed=8)
    records = [
        RoundRecord(1 + i // 2, i % 2, (5, 5 + i % 2), None if i % 2 == 0 else 0) for i in range(14)
    ]  # seven decided rounds, each after a tie
    info = GameSummary(
        winner=0,
        wins=(4, 3),
        names=table.view.names,
        rounds=14,
        tied=7,
        seating=Seating.of(GameKind.VS_AI, 0),
        recap=tuple(records),
    )
    over = GameOverScene(app, table, info)
    over.draw(app.screen)
    # Two rows of chips, both above the buttons.
    assert over.recap_bottom > over.panel_rect.y + 300
    assert (
        over.recap_bottom <= min(b.rect.top for b in (over.rematch_button, over.title_button)) - 4
    )
