"""Helpers for rules tests: deals chosen card by card, and scripted rounds."""

from __future__ import annotations

from tacocat.rules import (
    DEFAULT_RULESET,
    Attack,
    DuelCard,
    GameState,
    Phase,
    Replace,
    Respond,
    Ruleset,
    new_game,
    stacked_order,
)


def deal_order(
    first: tuple[int, ...],
    second: tuple[int, ...],
    draw_top: tuple[int, ...] = (),
    ruleset: Ruleset = DEFAULT_RULESET,
) -> tuple[int, ...]:
    """A full deck order dealing ``first`` and ``second`` with ``draw_top`` on the pile."""
    return stacked_order(ruleset.deck, first, second, draw_top)


#: A hand that wins a scripted round (it keeps the 1) and one that loses it.
WINNING_CARDS = (1, 12, 12, 11, 10, 9, 8, 12, 11)
LOSING_CARDS = (2, 3, 4, 5, 6, 7, 7, 2, 3)


def winning_deal(
    winner: int, hand_size: int, ruleset: Ruleset = DEFAULT_RULESET
) -> tuple[int, ...]:
    """A deal after which :func:`play_scripted_round` makes ``winner`` win."""
    win = tuple(sorted(WINNING_CARDS[:hand_size]))
    lose = tuple(sorted(LOSING_CARDS[:hand_size]))
    hands = (win, lose) if winner == 0 else (lose, win)
    return deal_order(*hands, ruleset=ruleset)


def play_scripted_round(state: GameState, winner: int) -> GameState:
    """Play a round dealt by :func:`winning_deal`: nobody replaces, ``winner``
    duels and attacks with its highest card, the loser answers with its lowest.
    """
    round_number = state.round_number
    while not state.is_over and state.round_number == round_number:
        seat = state.to_act[0]
        hand = state.hands[seat]
        if state.phase is Phase.REPLACE:
            action = Replace(seat, ())
        elif state.phase is Phase.DUEL:
            action = DuelCard(seat, hand[-1] if seat == winner else hand[0])
        elif state.phase is Phase.ATTACK:
            action = Attack(seat, (hand[-1],))
        else:
            action = Respond(seat, hand[-1] if seat == winner else hand[0])
        state, _ = state.apply(action)
    return state


def hand_size_after(winners: list[int], ruleset: Ruleset = DEFAULT_RULESET) -> list[int]:
    """Hand sizes of the rounds a game with these round winners deals."""
    sizes = []
    deals: list[tuple[int, ...]] = []
    for count in range(len(winners) + 1):
        state, _ = new_game(0, ruleset, tuple(deals))
        for winner in winners[:count]:
            state = play_scripted_round(state, winner)
        if state.is_over:
            break
        sizes.append(state.hand_size)
        if count < len(winners):
            deals.append(winning_deal(winners[count], state.hand_size, ruleset))
    return sizes


def game_after(
    winners: list[int], next_deal: tuple[int, ...] | None = None, ruleset: Ruleset = DEFAULT_RULESET
) -> GameState:
    """The state after rounds won by ``winners`` in turn; the next round is
    dealt from ``next_deal`` when given (else from the seed)."""
    deals: list[tuple[int, ...]] = []
    for count, winner in enumerate(winners):
        state, _ = new_game(0, ruleset, tuple(deals))
        for earlier in winners[:count]:
            state = play_scripted_round(state, earlier)
        deals.append(winning_deal(winner, state.hand_size, ruleset))
    if next_deal is not None:
        deals.append(next_deal)
    state, _ = new_game(0, ruleset, tuple(deals))
    for winner in winners:
        state = play_scripted_round(state, winner)
    return state


def apply_all(state: GameState, *actions):
    """Apply ``actions`` in turn; return the final state and all events."""
    events = []
    for action in actions:
        state, new_events = state.apply(action)
        events.extend(new_events)
    return state, events
