"""Secrets on screen: the view never runs ahead of the animation, and in hot-seat no frame
shows a hand's faces before its owner said "show my cards"."""

from __future__ import annotations

import pygame
from table_helpers import ScriptedWorker, click, step, wait_for_turn

from tacocat.rules import DuelCard, Phase, Replace
from tacocat.rules import events as ev
from tacocat.ui.scenes.pass_device import PassDeviceScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.widgets.cards import CardRenderer


class FaceLog:
    """Replaces CardRenderer.blit_face: remembers which faces each frame showed."""

    def __init__(self, monkeypatch) -> None:
        self.frame: list[tuple[str, int | None, int]] = []
        original = CardRenderer.blit_face
        log = self

        def blit_face(renderer, surface, sprite, image, rect):
            log.frame.append((sprite.zone, sprite.owner, sprite.value))
            original(renderer, surface, sprite, image, rect)

        monkeypatch.setattr(CardRenderer, "blit_face", blit_face)

    def take(self) -> list[tuple[str, int | None, int]]:
        faces, self.frame = self.frame, []
        return faces


def test_duel_cards_stay_face_down_until_the_reveal_is_animated(start_table, monkeypatch):
    """The state has revealed the duel; the screen has not, until the flip plays."""
    faces = FaceLog(monkeypatch)

    def bot(observation, legal):
        if observation.phase == "replace":
            return Replace(1, ())
        return legal[-1]

    app, table = start_table("vs_ai", seed=3, speed="normal", worker=ScriptedWorker(bot))
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)  # keep all
    wait_for_turn(app, table)
    assert table.session.state.phase is Phase.DUEL
    view, animator = table.view, table.animator
    assert view.duel[1] is not None and not view.duel[1].face_up  # the bot committed first
    card = table.my_hand()[0].value
    sprite = table.my_hand()[0]
    click(app, table.card_rect(sprite).center, frames=1)  # picks it
    click(app, table.buttons["primary"].rect.center, frames=0)  # lays it
    faces.take()
    # Frame by frame, the screen shows the duel cards face down until the reveal animates,
    # although the engine revealed both at once.
    saw_queued = 0
    for frame in range(240):
        step(app)
        if frame == 0:
            assert any(isinstance(e, ev.DuelRevealed) for e in table.session.state.round_log)
            assert table.session.state.phase is not Phase.DUEL
        shown = [f for f in faces.take() if f[0] == "duel"]
        if any(isinstance(e, ev.DuelRevealed) for e in animator.queue):
            saw_queued += 1
            # The opponent's card never shows; mine turns face down as it is laid.
            assert [f for f in shown if f[1] == 1] == []
            assert not view.duel[1].face_up
            if view.duel[0] is not None and view.duel[0].z == 0 and view.duel[0].flip == 1.0:
                assert not view.duel[0].face_up and shown == []
            assert not any("Duel" in line and "against" in line for line in view.log)
        if not animator.busy:
            break
    assert saw_queued >= 5  # several frames were drawn while the reveal waited
    assert DuelCard(0, card) in table.session.state.actions


def _hot_seat_actor(table):
    """Choose a legal action for whoever may act (the first legal one, keeping all cards)."""
    seat = table.acting_seat()
    legal = table.session.legal(seat)
    if table.session.state.phase is Phase.REPLACE:
        return Replace(seat, ())
    return legal[len(legal) // 2]


def test_hot_seat_never_shows_a_hand_before_its_owner_confirms(start_table, monkeypatch):
    faces = FaceLog(monkeypatch)
    app, table = start_table("hotseat", seed=9, speed="normal", argv=("--speed", "6"))
    session = table.session
    confirmed_for: int | None = None  # the seat whose owner last pressed "show my cards"
    handovers = 0
    frames_with_pass_screen = 0
    actions = 0
    for _ in range(40000):
        top = app.scenes.top
        if isinstance(top, PassDeviceScene):
            waiting = top.seat
            handovers += 1
            # While the cover is up nothing of the table is drawn, and the owner-to-be's
            # hand was not shown before it either (checked on every frame below).
            for _ in range(25):
                step(app)
                frames_with_pass_screen += 1
                assert [f for f in faces.take() if f[0] == "hand"] == []
            confirmed_for = None
            pygame.event.post(
                pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0
                )
            )
            step(app)
            confirmed_for = waiting
            faces.take()
            continue
        if isinstance(top, RoundResultScene):
            top.next_round()
        elif table.acting_seat() is not None and not session.state.is_over:
            assert table.acting_seat() == confirmed_for
            problem = session.submit(_hot_seat_actor(table))
            assert problem is None
            actions += 1
        step(app)
        for zone, owner, _value in faces.take():
            if zone == "hand":
                # A face in a hand is only ever its confirmed owner's.
                assert owner == confirmed_for, (owner, confirmed_for)
        if session.state.is_over and table.animator.idle:
            break
    assert session.state.is_over
    assert handovers >= 10 and actions >= 20 and frames_with_pass_screen > 0
    # Hands went face down at every new deal: the first frames of a round showed no hand faces.


def test_hot_seat_new_round_hides_both_hands(start_table):
    app, table = start_table("hotseat", seed=2, speed="instant")
    # Play until the second round is dealt.
    for _ in range(5000):
        top = app.scenes.top
        if isinstance(top, PassDeviceScene):
            top.confirm()
        elif isinstance(top, RoundResultScene):
            top.next_round()
            step(app)
            # The next round was dealt: nobody's hand is face up until the pass screen.
            assert table.view.face_up_seats == frozenset()
            assert table.viewer is None
            assert isinstance(app.scenes.top, PassDeviceScene)
            return
        elif table.acting_seat() is not None:
            table.session.submit(_hot_seat_actor(table))
        step(app)
    raise AssertionError("no second round")


def test_board_and_score_trail_the_state_until_animated(start_table):
    """The engine has already moved Tacocat and counted the round; the screen waits for
    the animation of each event before showing it."""
    # seed 6: the first round is decided (a tie would place no tile)
    app, table = start_table("demo", seed=6, speed="normal", argv=("--speed", "6"))
    view, animator, session = table.view, table.animator, table.session
    checked = {"tile": 0, "win": 0, "showdown": 0}
    for _ in range(20000):
        if isinstance(app.scenes.top, RoundResultScene):
            break
        step(app)
        for event in animator.queue:
            if isinstance(event, ev.TilePlaced):
                assert event.space not in view.track.covered
                assert view.track.tiles_left > event.tiles_left
                checked["tile"] += 1
            elif isinstance(event, ev.RoundWon):
                assert view.wins[event.seat] < session.state.wins[event.seat]
                checked["win"] += 1
            elif isinstance(event, ev.ShowdownRevealed):
                assert view.showdown == [None, None]
                checked["showdown"] += 1
            elif isinstance(event, ev.TokenMoved):
                assert view.track.position == event.start
    assert isinstance(app.scenes.top, RoundResultScene)
    assert checked["tile"] > 0 and checked["showdown"] > 0 and checked["win"] > 0
