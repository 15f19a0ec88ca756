"""The controller behind the table: saving, resuming, the AI worker, the whole app loop."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from table_helpers import RecordingSaves, click, key, step, wait_for_turn
from worker_doubles import SlowWorker

from tacocat.ai.worker import AIWorker
from tacocat.persistence.ending import fingerprint
from tacocat.rules import GameRecord, Phase, Replace, new_game
from tacocat.ui.scenes.discard_viewer import DiscardViewerScene
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.session import GameSession, config_to_dict

ROOT = Path(__file__).resolve().parents[3]


def _play_to_the_end(app, table, limit=20000):
    session = table.session
    for _ in range(limit):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            return top
        if isinstance(top, RoundResultScene):
            top.next_round()
        elif table.acting_seat() is not None:
            seat = table.acting_seat()
            legal = session.legal(seat)
            action = Replace(seat, ()) if session.state.phase is Phase.REPLACE else legal[0]
            assert session.submit(action) is None
        step(app)
    raise AssertionError("the game did not end")


def test_autosave_after_every_action_then_cleared_and_counted(start_table):
    saves = RecordingSaves()
    app, table = start_table("vs_ai", seed=6, saves=saves)
    before = app.stats
    over = _play_to_the_end(app, table)
    state = table.session.state
    assert state.is_over
    # One autosave per action (the last one, which ended the game, clears it instead).
    assert len(saves.writes) == len(state.actions) - 1
    config, record = saves.writes[-1]
    assert config == config_to_dict(table.config)
    assert record.actions == state.actions[:-1]
    assert GameRecord.from_state(state).replay().winner == state.winner
    assert saves.clears == 1
    # Counted once, with the game's fingerprint (see tacocat.persistence.ending).
    assert app.stats == before.record_game(
        "vs_ai",
        level="easy",
        human_won=state.winner == 0,
        rounds_won=state.wins[0],
        rounds_lost=state.wins[1],
        tied_rounds=state.tied_rounds,
    ).counting(fingerprint(GameRecord.from_state(state)))
    assert over.info.winner == state.winner


def test_a_new_demo_never_touches_the_players_save(start_table):
    saves = RecordingSaves()
    saves.writes.append(("a player's game", None))  # an unfinished game is saved
    app, table = start_table("demo", seed=2, saves=saves)
    for _ in range(300):
        step(app)
    assert table.session.state.actions  # the computers have played
    assert saves.writes == [("a player's game", None)] and saves.clears == 0


def test_a_demo_on_an_empty_slot_autosaves_every_action(start_table):
    saves = RecordingSaves()
    app, table = start_table("demo", seed=2, saves=saves)
    for _ in range(300):
        step(app)
    state = table.session.state
    saved = [len(record.actions) for _, record in saves.writes]
    assert saved == list(range(1, len(saved) + 1))  # one write after every action
    # ... up to the last action, which ends the game and clears the save.
    assert state.is_over and len(saved) == len(state.actions) - 1 and saves.clears == 1


def test_resuming_lays_out_the_saved_game(start_table):
    # A game stopped while the human (seat 0) must answer a jumbo attack.
    state = None
    for seed in range(200):
        state, _ = new_game(seed)
        while not state.is_over and state.phase is not Phase.DEFEND:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = Replace(seat, ()) if state.phase is Phase.REPLACE else legal[-1]
            state, _ = state.apply(action)
        if state.phase is Phase.DEFEND and state.attacker == 1 and len(state.attack) > 1:
            break
    app, table = start_table("vs_ai", state=state)
    view = table.view
    assert table.session.state is state  # the human is to act: nothing moved
    assert [s.value for s in view.attack] == list(state.attack)
    # The attack lies in play, not on the pile too (the engine counts it among the discards).
    assert view.discard_values + list(state.attack) == list(state.discards)
    assert view.draw_count == len(state.draw_pile)
    assert [s.value for s in view.hands[0]] == list(state.hands[0])
    assert all(s.value is None for s in view.hands[1])  # the computer's cards stay unknown
    assert len(view.hands[1]) == len(state.hands[1])
    assert view.wins == list(state.wins) and view.round_number == state.round_number


def test_discard_viewer_counts_only_what_has_been_shown(start_table):
    app, table = start_table("vs_ai", seed=5, speed="normal")
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)  # keep all
    wait_for_turn(app, table)
    view = table.view
    key(app, 100)  # D
    viewer = app.scenes.top
    assert isinstance(viewer, DiscardViewerScene)
    public = list(view.discard_values)
    mine = [s.value for s in table.my_hand()]
    assert sum(viewer.public.values()) == len(public)
    for value in range(1, 13):
        deck = list(table.session.state.ruleset.deck).count(value)
        assert viewer.unseen(value) == deck - public.count(value) - mine.count(value)
    key(app, 27)  # Esc closes it
    assert app.scenes.top is table
    # While cards are still flying to the pile, the viewer does not count them yet.
    card = table.my_hand()[0]
    click(app, table.card_rect(card).center, frames=1)  # picks it
    click(app, table.buttons["primary"].rect.center, frames=1)  # lays it
    assert table.animator.busy
    shown = list(view.discard_values)
    assert len(shown) < len(table.session.state.discards)
    table.open_discards()
    assert sum(app.scenes.top.public.values()) == len(shown)


def test_the_worker_process_answers():
    worker = AIWorker("process")
    worker.start()
    future = worker._submit(("ping",))
    deadline = time.monotonic() + 30
    while not future.done() and time.monotonic() < deadline:
        worker.poll()
        time.sleep(0.01)
    assert future.result() == "pong"
    worker.close()


def test_closing_while_the_ai_thinks_exits_at_once():
    worker = SlowWorker("process")
    worker.start()
    process = worker._process
    slow = worker._submit(("ping",))
    time.sleep(0.2)
    started = time.monotonic()
    worker.close()
    assert time.monotonic() - started < 1.5
    assert not process.is_alive()
    assert slow.cancelled()


def test_a_dead_worker_does_not_stop_the_game():
    worker = AIWorker("process")
    session = GameSession(
        GameConfig("demo", "easy", seed=4), worker=worker, speed=lambda: float("inf")
    )
    for _ in range(200):
        session.update(0.016, idle=True)
        if session.state.actions:
            break
        time.sleep(0.02)
    worker._process.kill()
    worker._process.join()
    before = len(session.state.actions)
    for _ in range(400):
        session.update(0.016, idle=True)
        if len(session.state.actions) > before + 3:
            break
        time.sleep(0.01)
    assert len(session.state.actions) > before + 3
    assert worker.mode == "inline"
    session.close()


def test_quitting_the_app_while_the_ai_thinks_is_quick(start_table):
    app, table = start_table("vs_ai", seed=1, worker=SlowWorker("process"))
    table.session.worker._submit(("ping",))
    started = time.monotonic()
    app.quit()
    app._shutdown()
    assert time.monotonic() - started < 3


@pytest.mark.slow
def test_demo_through_the_real_app_loop_exits_zero(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.monotonic()
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--demo",
            "--speed",
            "50",
            "--seed",
            "3",
            "--data-dir",
            str(tmp_path / "data"),
            "--screenshots",
            str(tmp_path / "shots"),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert time.monotonic() - started < 60
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert any("round-" in name for name in shots)
    assert any("game-over" in name for name in shots)
    assert not (tmp_path / "data" / "autosave.json").exists()


def test_continue_resumes_the_game_left_at_the_table(make_app, tmp_path):
    """Play a little, leave (the autosave is written), start again with --continue."""
    import dataclasses

    from tacocat.persistence.saves import SaveStore
    from tacocat.ui.table.scene import TableScene

    store = SaveStore(tmp_path)
    app = make_app("--vs-ai", "--seed", "4", "--level", "easy", saves=store)
    app.settings = dataclasses.replace(app.settings, animation_speed="instant")
    step(app, 3)
    table = next(s for s in app.scenes.stack if isinstance(s, TableScene))
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)  # keep all
    wait_for_turn(app, table)
    left_at = table.session.state
    assert store.has_autosave()
    app.open("title")  # leaving the table saves it
    assert not any(isinstance(s, TableScene) for s in app.scenes.stack)

    again = make_app("--continue", saves=SaveStore(tmp_path))
    again.settings = dataclasses.replace(again.settings, animation_speed="instant")
    step(again, 3)
    resumed = next(s for s in again.scenes.stack if isinstance(s, TableScene))
    assert resumed.session.resumed
    assert resumed.session.state.actions == left_at.actions
    assert [s.value for s in resumed.my_hand()] == list(left_at.hands[0])
    assert wait_for_turn(again, resumed) == 0


def test_the_worker_protocol_has_no_test_only_requests():
    from tacocat.ai.worker import _Brains

    assert _Brains().run(("ping",)) == "pong"
    with pytest.raises(ValueError, match="unknown request"):
        _Brains().run(("sleep", 1))


def test_the_worker_module_imports_no_pygame():
    import subprocess
    import sys

    code = "import sys, tacocat.ai.worker; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
