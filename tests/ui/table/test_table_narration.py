"""Narration at the table: what is said at each step of a hot-seat round, and never a hand
the seat at the screen may not see (tacocat.ui.speech)."""

from __future__ import annotations

import pygame
from table_helpers import RecordingSaves, key, step, table_of

from tacocat.ai.worker import AIWorker
from tacocat.rules import Phase, Replace
from tacocat.ui.scenes.pass_device import PassDeviceScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.speech.engines import RecordingEngine
from tacocat.ui.speech.narrator import Narrator
from tacocat.ui.speech.table import hand_sentence
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.text.i18n import tr


def _narrated_app(make_app, mode: str, names: tuple[str, str]):
    app = make_app("--speed", "6", saves=RecordingSaves())
    engine = RecordingEngine()
    app.narrator.close()
    app.narrator = Narrator(lambda: engine, enabled=True, language="en")
    app.start_game(GameConfig(mode, "easy", 0, names, seed=9), worker=AIWorker("inline"))
    step(app, 2)
    return app, table_of(app), engine


def _said(app, engine, since: int) -> list[str]:
    """What was spoken since ``since`` (waits for the worker to finish speaking)."""
    assert app.narrator.wait_idle(5.0)
    return engine.texts()[since:]


def _hands(table) -> dict[int, list[int]]:
    state = table.session.state
    return {seat: list(state.hands[seat]) for seat in (0, 1)}


def test_a_hot_seat_round_is_narrated_and_never_the_waiting_hand(make_app):
    app, table, engine = _narrated_app(make_app, "hotseat", ("Ana", "Ben"))
    session = table.session
    checked = 0

    def nothing_unseen_said() -> None:
        """What was said since the last check names no hand but the viewer's own."""
        nonlocal checked
        said = _said(app, engine, checked)
        checked += len(said)
        hands = _hands(table)
        unseen = {hand_sentence(hands[s]) for s in (0, 1) if s != table.viewer}
        assert not unseen & set(said), (table.viewer, said)

    steps: list[tuple[str, list[str]]] = []
    handovers = result_seen = heard = 0
    for _ in range(20000):
        top = app.scenes.top
        hands = _hands(table)
        if isinstance(top, PassDeviceScene):
            handovers += 1
            seat = top.seat
            nothing_unseen_said()
            said = _said(app, engine, heard)  # the pass screen says who takes the device
            assert [
                t
                for t in said
                if t.startswith(tr("tacocat.pass.heading")) and session.name(seat) in t
            ], said
            mark = len(engine.spoken)
            # "Read my hand" behind the pass screen: nobody's hand. (The pass screen has
            # its own keys; the table's R must not leak through either.)
            table.read_hand()
            assert _said(app, engine, mark)[-1] == tr("tacocat.access.no_hand")
            steps.append(("pass", _said(app, engine, mark)))
            for _ in range(40):
                step(app)
                if top.armed:
                    break
            key(app, pygame.K_RETURN)
            heard = len(engine.spoken)
            continue
        if isinstance(top, RoundResultScene):
            step(app, 2)
            said = _said(app, engine, heard)
            assert top.spoken() in said
            assert " ".join(top.score_text().split()) in said[-1]  # the score, last
            steps.append(("result", said))
            result_seen += 1
            break
        seat = table.acting_seat()
        if seat is not None and app.scenes.top is table:
            other = 1 - seat
            nothing_unseen_said()
            mark = len(engine.spoken)
            key(app, pygame.K_r)  # read my hand: the acting seat's, after the pass screen
            said = _said(app, engine, mark)
            nothing_unseen_said()
            assert said[-1] == hand_sentence(hands[seat]), said
            assert hand_sentence(hands[other]) not in said
            steps.append((f"seat {seat} reads", said))
            legal = session.legal(seat)
            action = Replace(seat, ()) if session.state.phase is Phase.REPLACE else legal[0]
            assert session.submit(action) is None
            heard = len(engine.spoken)
        step(app)
        nothing_unseen_said()
    assert handovers >= 2 and result_seen == 1
    spoken = engine.texts()
    # Every log line of the round was said, in order, and the prompts too.
    log_lines = [line for line in table.view.log if line]  # the log's latest lines
    remaining = iter(spoken)
    assert log_lines and all(line in remaining for line in log_lines), (log_lines, spoken)
    assert any(
        text == tr("tacocat.table.log.round_started", n=1, cards=7) or "Round" in text
        for text in spoken
    )
    assert [name for name, _ in steps if name == "pass"]


def test_against_the_computer_only_the_players_hand_is_read(make_app):
    app, table, engine = _narrated_app(make_app, "vs_ai", ("Ana", "Computer"))
    for _ in range(3000):
        if table.acting_seat() == 0 and app.scenes.top is table:
            break
        step(app)
    assert app.narrator.wait_idle(5.0)
    assert table.view.frame.prompt[0] in engine.texts()  # the prompt was said
    mark = len(engine.spoken)
    key(app, pygame.K_r)  # (it interrupts whatever still waits)
    said = _said(app, engine, mark)
    hands = _hands(table)
    assert said[-1] == hand_sentence(hands[0])
    assert hand_sentence(hands[1]) not in engine.texts()


def test_narration_off_says_nothing(make_app):
    app = make_app(saves=RecordingSaves())
    engine = RecordingEngine()
    app.narrator.close()
    app.narrator = Narrator(lambda: engine, enabled=False)
    app.start_game(
        GameConfig("vs_ai", "easy", 0, ("Ana", "Computer"), seed=9), worker=AIWorker("inline")
    )
    step(app, 30)
    key(app, pygame.K_r)
    assert app.narrator.wait_idle(2.0) and engine.spoken == []
    app.update_settings(narration=True)
    key(app, pygame.K_r)
    assert app.narrator.wait_idle(2.0) and engine.spoken
