"""Take back against the computer: the last decision undone, the table laid out from the
state gone back to, never in hot-seat, and the record says that undo was used."""

from __future__ import annotations

import pygame
from table_helpers import RecordingSaves, click, key, step, wait_for_turn

from tacocat.persistence.gamefile import GameInfo
from tacocat.rules import DuelCard, Phase, Replace
from tacocat.ui.text.i18n import tr


def _keep_all(app, table):
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)
    wait_for_turn(app, table)


def test_take_back_a_duel_card_against_the_computer(start_table):
    saves = RecordingSaves()
    app, table = start_table("vs_ai", seed=4, saves=saves)
    _keep_all(app, table)
    session = table.session
    assert session.state.phase is Phase.DUEL
    undo = table.buttons["undo"]
    assert undo.visible and undo.enabled  # the replacement can be taken back already
    before_duel = session.state
    # The computer committed its duel card before the player was asked.
    bot_commit = session.state.actions[-1]
    assert isinstance(bot_commit, DuelCard) and bot_commit.seat == 1
    card = table.my_hand()[-1]
    click(app, table.card_rect(card).center)
    click(app, table.buttons["primary"].rect.center)
    wait_for_turn(app, table)
    assert session.state.phase is not Phase.DUEL
    table.controls.press("undo")  # (no frame yet: the computer would choose again at once)
    # Back before the duel - the computer's own secret card taken back with mine, so the
    # reveal the player saw is not fixed for a second try.
    state = session.state
    assert state.actions == before_duel.actions[:-1]
    assert state.phase is Phase.DUEL and state.commits == (None, None)
    assert session.undos == 1
    assert table.controls.message == tr("tacocat.trust.table.undone")
    # The table is laid out from that state: my card is back in my hand, nothing in play.
    assert sorted(s.value for s in table.my_hand()) == sorted(state.hands[0])
    assert table.view.attack == [] and table.view.duel[0] is None
    assert table.view.discard_values == list(state.discards)
    # The autosave says a move was taken back (Continue keeps the count).
    config, record = saves.writes[-1]
    assert config["undos"] == 1 and record.actions == state.actions
    # The computer chooses its duel card again and the game goes on.
    wait_for_turn(app, table)
    assert table.acting_seat() == 0


def test_nothing_to_take_back_at_the_start_of_a_round(start_table):
    app, table = start_table("vs_ai", seed=4)
    wait_for_turn(app, table)
    state = table.session.state
    assert state.phase is Phase.REPLACE
    assert not table.buttons["undo"].enabled
    key(app, pygame.K_u)
    assert table.session.state is state
    assert table.controls.message == tr("tacocat.trust.table.undo_none")


def test_no_take_back_in_hot_seat(start_table):
    app, table = start_table("hotseat", seed=4)
    session = table.session

    def hand_over_and_wait() -> int:
        for _ in range(600):
            if app.scenes.top.name == "pass_device" and app.scenes.top.armed:
                app.scenes.top.confirm()
            if table.acting_seat() is not None and app.scenes.top is table:
                return table.acting_seat()
            step(app)
        raise AssertionError("no turn came")

    for _ in range(3):  # a few decisions, each after the hand-over
        seat = hand_over_and_wait()
        if session.state.phase is not Phase.REPLACE:
            break
        assert session.submit(Replace(seat, ())) is None
    hand_over_and_wait()
    assert not table.buttons["undo"].visible
    state = session.state
    key(app, pygame.K_u)
    assert session.state is state and session.undo_target() is None


def test_the_game_description_records_undo():
    from tacocat.rules import new_game

    state, _ = new_game(1)
    app_config = {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["A", "B"]}
    plain = GameInfo.of(state, app_config)
    assert "undos" not in plain.to_dict()  # additive: an untouched game's file is as before
    assert GameInfo.from_dict(plain.to_dict()).undos == 0
    info = GameInfo.of(state, {**app_config, "undos": 2})
    assert info.to_dict()["undos"] == 2
    assert GameInfo.from_dict(info.to_dict()) == info


def test_the_history_row_says_moves_were_taken_back():
    from tacocat.rules import new_game
    from tacocat.ui.scenes.history import row_cells

    state, _ = new_game(1)
    app_config = {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["A", "B"]}
    assert "taken back" not in row_cells(GameInfo.of(state, app_config))[-1]
    cells = row_cells(GameInfo.of(state, {**app_config, "undos": 1}))
    assert cells[-1].endswith(" · 1 move taken back")
