"""Nothing is played that the player did not choose (issue 23, slip 1 and the confirm step).

Keyboard focus is where the player looks; the selection (Space, or a click) is what they
chose; Enter or the button under the table plays the selection, never the focused card.
"""

from __future__ import annotations

import pygame
from table_helpers import ScriptedWorker, click, key, wait_for_turn

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
from tacocat.ui.text.i18n import tr


def _to_the_duel(start_table, **options):
    app, table = start_table("vs_ai", **options)
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)  # keep all
    wait_for_turn(app, table)
    assert table.session.state.phase is Phase.DUEL
    return app, table


def _defending(start_table):
    """Seat 0 holds 2 3 5 6 8 11 12 and must answer the computer's 9."""
    order = stacked_order(DEFAULT_DECK, (2, 3, 5, 6, 8, 11, 12), (1, 4, 9, 9, 10, 10, 7))
    state, _ = new_game(5, recorded_deals=(order,))

    def bot(observation, legal):
        return {"replace": Replace(1, ()), "duel": DuelCard(1, 10), "attack": Attack(1, (9,))}.get(
            observation.phase, legal[0]
        )

    app, table = _to_the_duel(start_table, state=state, worker=ScriptedWorker(bot))
    low = next(s for s in table.my_hand() if s.value == 2)
    click(app, table.card_rect(low).center)
    click(app, table.buttons["primary"].rect.center)
    wait_for_turn(app, table)
    assert table.session.state.phase is Phase.DEFEND
    return app, table


def test_enter_in_the_duel_plays_only_the_selected_card(start_table):
    app, table = _to_the_duel(start_table, seed=4)
    state = table.session.state
    key(app, pygame.K_RIGHT)  # the focus lands on the lowest card...
    focused = table.focused()
    assert focused is table.my_hand()[0] and not focused.selected
    key(app, pygame.K_RETURN)  # ...and Enter must not throw it away
    assert table.session.state is state
    assert table.controls.message == tr(
        "tacocat.trust.table.pick_first", button="Space", confirm="Enter"
    )
    assert not table.buttons["primary"].enabled  # "Play the selected card" stays greyed
    key(app, pygame.K_RIGHT)
    chosen = table.focused()
    key(app, pygame.K_SPACE)  # Space selects...
    assert chosen.selected
    assert table.buttons["primary"].label == f"Duel with the {chosen.value}"
    key(app, pygame.K_RETURN)  # ...and Enter plays the selection
    assert DuelCard(0, chosen.value) in table.session.state.actions


def test_enter_in_the_defence_plays_only_the_selected_card(start_table):
    app, table = _defending(start_table)
    state = table.session.state
    key(app, pygame.K_RIGHT)
    assert table.focused() is table.my_hand()[0]  # the lowest card: a sacrifice
    key(app, pygame.K_RETURN)
    assert table.session.state is state
    # Space on the 11, then Enter: the answer the player chose.
    while table.focused().value != 11:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert table.session.state.actions[len(state.actions)] == Respond(0, 11)


def test_a_click_picks_a_card_and_the_button_plays_it(start_table):
    """The confirm step by mouse: a click picks (a second click drops it), the button plays."""
    app, table = _defending(start_table)
    state = table.session.state
    eleven = next(s for s in table.my_hand() if s.value == 11)
    twelve = next(s for s in table.my_hand() if s.value == 12)
    click(app, table.card_rect(eleven).center)
    assert table.session.state is state and eleven.selected
    assert table.buttons["primary"].visible and table.buttons["primary"].enabled
    assert table.buttons["primary"].label == "Answer with the 11"
    click(app, table.card_rect(twelve).center)  # changing one's mind costs nothing
    assert twelve.selected and not eleven.selected
    click(app, table.card_rect(twelve).center)  # picked again: dropped
    assert not twelve.selected and not table.buttons["primary"].enabled
    click(app, table.buttons["primary"].rect.center)  # nothing picked: nothing played
    assert table.session.state is state
    click(app, table.card_rect(eleven).center)
    click(app, table.buttons["primary"].rect.center)
    assert table.session.state.actions[len(state.actions)] == Respond(0, 11)


def test_a_duel_click_does_not_lay_the_card(start_table):
    app, table = _to_the_duel(start_table, seed=4)
    state = table.session.state
    card = table.my_hand()[-1]
    click(app, table.card_rect(card).center)
    assert table.session.state is state and card.selected
    click(app, table.buttons["primary"].rect.center)
    assert DuelCard(0, card.value) in table.session.state.actions
