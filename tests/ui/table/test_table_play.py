"""Playing on the table with the mouse and the keyboard (dummy video driver, real App)."""

from __future__ import annotations

import pygame
from table_helpers import ScriptedWorker, click, key, step, wait_for_turn, wait_until

from tacocat.rules import (
    DEFAULT_DECK,
    Attack,
    DuelCard,
    Phase,
    Replace,
    Respond,
    new_game,
    stacked_order,
)
from tacocat.rules import events as ev
from tacocat.ui.scenes.round_result import RoundResultScene


def _hand_sprite(table, value):
    """A card of ``value`` in my hand (an unselected one first: values repeat)."""
    cards = [s for s in table.my_hand() if s.value == value]
    return next((s for s in cards if not s.selected), cards[0])


def _click_card(app, table, value):
    sprite = _hand_sprite(table, value)
    click(app, table.card_rect(sprite).center)


def _click_button(app, table, name):
    click(app, table.buttons[name].rect.center)


def _play_card(app, table, value):
    """Duel and answer: a click picks the card, the button under the table plays it."""
    _click_card(app, table, value)
    _click_button(app, table, "primary")


def test_vs_ai_round_with_the_mouse(start_table):
    """Replace two cards, pick a duel card, then play every attack and answer by clicking."""
    app, table = start_table("vs_ai", seed=11)
    session = table.session
    seat = wait_for_turn(app, table)
    assert seat == 0 and session.state.phase is Phase.REPLACE
    # The computer committed its secret replacement before the human was asked.
    assert session.state.commits[1] is not None
    hand = [s.value for s in table.my_hand()]
    assert hand == list(session.state.hands[0])
    chosen = hand[:2]
    for value in chosen:
        _click_card(app, table, value)
    assert table.buttons["primary"].enabled
    assert table.buttons["primary"].label == "Replace 2 cards"
    _click_button(app, table, "primary")
    mine = [a for a in session.state.actions if a.seat == 0]
    assert mine == [Replace(0, tuple(sorted(chosen)))]
    # The duel: a click picks the card, the button lays it.
    wait_for_turn(app, table)
    assert session.state.phase is Phase.DUEL
    card = table.my_hand()[-1].value
    _play_card(app, table, card)
    assert DuelCard(0, card) in session.state.actions
    # Play on until the round ends: attack with one card, answer with the first legal card.
    round_number = session.state.round_number
    while session.state.round_number == round_number and not session.state.is_over:
        wait_for_turn(app, table)
        if session.state.round_number != round_number:
            break
        state = session.state
        before = len(state.actions)
        if state.phase is Phase.ATTACK:
            card = state.hands[0][0]
            _click_card(app, table, card)
            _click_button(app, table, "primary")
            assert session.state.actions[before] == Attack(0, (card,))
        elif state.phase is Phase.DEFEND:
            legal = state.legal_actions(0)
            _play_card(app, table, legal[-1].card)
            assert session.state.actions[before] == legal[-1]
        elif state.phase is Phase.DUEL:
            _play_card(app, table, state.hands[0][0])
        else:
            _click_button(app, table, "secondary")
    # The round result overlay is shown before the next deal.
    wait_until(app, lambda: isinstance(app.scenes.top, RoundResultScene) or session.state.is_over)


def test_illegal_click_says_the_engines_reason(start_table, monkeypatch):
    """Defending a 9 with a middling card is refused in the engine's words, with the error sound."""
    # Seat 0 gets 2 3 5 6 8 11 12; the bot attacks with its 9 after winning the duel.
    order = stacked_order(DEFAULT_DECK, (2, 3, 5, 6, 8, 11, 12), (1, 4, 9, 9, 10, 10, 7))
    state, _ = new_game(5, recorded_deals=(order,))

    def bot(observation, legal):
        if observation.phase == "replace":
            return Replace(1, ())
        if observation.phase == "duel":
            return DuelCard(1, 10)
        if observation.phase == "attack":
            return Attack(1, (9,))
        return legal[0]

    sounds = []
    app, table = start_table("vs_ai", state=state, worker=ScriptedWorker(bot))
    monkeypatch.setattr(app.audio, "play", sounds.append)
    wait_for_turn(app, table)
    _click_button(app, table, "secondary")  # keep all
    wait_for_turn(app, table)
    _play_card(app, table, 2)  # duel with the 2: the bot's 10 wins
    wait_for_turn(app, table)
    state = table.session.state
    assert state.phase is Phase.DEFEND and state.pending_target == 9
    sounds.clear()
    _click_card(app, table, 5)
    expected = table.session.problem(Respond(0, 5))
    assert expected and "lower than the attack card 9" in expected
    assert table.controls.message == expected  # the refusal is already a sentence
    assert "error" in sounds
    assert table.session.state is state  # nothing was played
    assert table.prompt_text()[0] == table.controls.message
    # A legal answer goes through.
    count = len(state.actions)
    _play_card(app, table, 11)
    assert table.session.state.actions[count] == Respond(0, 11)


def test_attack_button_is_enabled_only_for_a_legal_attack(start_table):
    order = stacked_order(DEFAULT_DECK, (4, 5, 6, 6, 9, 11, 12), (1, 2, 3, 7, 7, 8, 10))
    state, _ = new_game(5, recorded_deals=(order,))

    def bot(observation, legal):
        if observation.phase == "replace":
            return Replace(1, ())
        if observation.phase == "duel":
            return DuelCard(1, 1)
        return legal[0]

    app, table = start_table("vs_ai", state=state, worker=ScriptedWorker(bot))
    wait_for_turn(app, table)
    _click_button(app, table, "secondary")
    wait_for_turn(app, table)
    _play_card(app, table, 12)  # wins the duel
    wait_for_turn(app, table)
    assert table.session.state.phase is Phase.ATTACK
    primary = table.buttons["primary"]
    assert primary.label == "Attack" and not primary.enabled
    _click_card(app, table, 4)
    _click_card(app, table, 9)
    assert not primary.enabled
    _click_button(app, table, "primary")  # says why it cannot attack
    assert "no set" in table.controls.message
    assert table.session.state.phase is Phase.ATTACK
    _click_card(app, table, 9)  # deselect
    _click_card(app, table, 5)
    assert not primary.enabled  # 4-5 is neither a set nor a sequence
    _click_card(app, table, 6)
    assert primary.enabled  # 4-5-6 is a sequence
    count = len(table.session.state.actions)
    _click_button(app, table, "primary")
    assert table.session.state.actions[count] == Attack(0, (4, 5, 6))
    assert table.controls.selected == []


def test_defending_a_jumbo_answers_one_card_at_a_time(start_table):
    order = stacked_order(DEFAULT_DECK, (2, 3, 8, 10, 11, 12, 12), (1, 3, 4, 4, 4, 6, 9))
    state, _ = new_game(2, recorded_deals=(order,))

    def bot(observation, legal):
        if observation.phase == "replace":
            return Replace(1, ())
        if observation.phase == "duel":
            return DuelCard(1, 9)
        if observation.phase == "attack":
            return Attack(1, (4, 4, 4))
        return legal[0]

    app, table = start_table("vs_ai", state=state, worker=ScriptedWorker(bot), speed="normal")
    wait_for_turn(app, table)
    _click_button(app, table, "secondary")
    wait_for_turn(app, table)
    _play_card(app, table, 8)  # the bot's 9 wins the duel
    wait_for_turn(app, table)
    session, view = table.session, table.view
    assert session.state.attack == (4, 4, 4)
    assert [s.value for s in view.attack] == [4, 4, 4]
    answers = [10, 2, 11]  # defend, sacrifice the lowest, defend
    for index, card in enumerate(answers):
        wait_for_turn(app, table)
        assert len(view.responses) == index  # the marked target is attack card `index`
        assert session.state.pending_target == 4
        assert "Answer the 4" in table.prompt_text()[0]
        count = len(session.state.actions)
        _play_card(app, table, card)
        assert session.state.actions[count] == Respond(0, card)
        step(app, 40)
    marks = [s.mark for s in view.responses] if view.responses else None
    # The trick is swept once its animation has played; before that each answer was marked.
    trick = [e for e in session.state.round_log if isinstance(e, (ev.Defended, ev.Sacrificed))]
    assert [type(e).__name__ for e in trick] == ["Defended", "Sacrificed", "Defended"]
    assert marks in (None, ["defended", "sacrificed", "defended"])


def test_keyboard_only_round(start_table):
    """Tab/arrows move the focus, Space selects, Enter plays: a whole round without a mouse."""
    app, table = start_table("vs_ai", seed=4)
    session = table.session
    round_number = session.state.round_number
    actions_by_me = 0
    for _ in range(60):
        if session.state.round_number != round_number or session.state.is_over:
            break
        wait_for_turn(app, table)
        if session.state.round_number != round_number:
            break
        state = session.state
        before = len(state.actions)
        if state.phase is Phase.REPLACE:
            # Select the first card with Space, then Tab to the Replace button and press Enter.
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_SPACE)
            assert table.controls.selected and table.controls.keyboard_focus
            while table.focused() is not table.buttons["primary"]:
                key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
        elif state.phase is Phase.DUEL:
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_SPACE)  # Space selects, Enter plays the selection
            key(app, pygame.K_RETURN)
        elif state.phase is Phase.ATTACK:
            table.controls.focus_index = None
            key(app, pygame.K_RIGHT)  # the lowest card
            key(app, pygame.K_SPACE)
            key(app, pygame.K_RETURN)
        else:
            legal = {a.card for a in state.legal_actions(0)}
            table.controls.focus_index = None
            key(app, pygame.K_RIGHT)
            while table.focused().value not in legal:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_SPACE)
            key(app, pygame.K_RETURN)
        assert len(session.state.actions) > before, state.phase
        actions_by_me += 1
    assert session.state.round_number != round_number or session.state.is_over
    assert actions_by_me >= 3
    assert all(a.seat in (0, 1) for a in session.state.actions)


def test_escape_opens_the_menu_and_h_gives_a_hint(start_table):
    from tacocat.ui.scenes.menu import MenuScene

    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    key(app, pygame.K_h)
    assert table.controls.hint_text and table.controls.hint_text.startswith("Hint")
    assert table.controls.selected or "keep" in table.controls.hint_text.lower()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_human_in_the_second_seat_sits_at_the_bottom(start_table):
    from tacocat.ui.widgets import layout

    app, table = start_table("vs_ai", seed=13, human_seat=1)
    seat = wait_for_turn(app, table)
    assert seat == 1 and table.view.bottom_seat == 1
    assert [s.value for s in table.my_hand()] == list(table.session.state.hands[1])
    assert all(abs(s.pos[1] - layout.HAND_Y["bottom"]) < 40 for s in table.my_hand())
    assert all(s.value is None for s in table.view.hands[0])  # the computer's hand is unknown
    _click_button(app, table, "secondary")  # keep all
    assert Replace(1, ()) in table.session.state.actions
