"""The score book of a resumed game is built from its record's steps, recorded deals included."""

from __future__ import annotations

import random

from tacocat.rules import DEFAULT_DECK, GameState, new_game, stacked_order
from tacocat.ui.results.score import book_from_state


def _play_rounds(state: GameState, rounds: int, seed: int) -> GameState:
    """Random legal play until ``rounds`` showdowns are decided (or the game ends)."""
    rng = random.Random(seed)
    while not state.is_over and sum(state.wins) < rounds:
        state, _ = state.apply(rng.choice(state.legal_actions(rng.choice(state.to_act))))
    return state


def test_the_book_of_a_stacked_game_keeps_its_history():
    """A stacked first deal is not the seed's: replaying from the seed (the old way) lost
    the rounds' history; the record's steps replay the deal that was played."""
    order = stacked_order(DEFAULT_DECK, (1, 2, 3, 4, 5, 6, 7), (6, 7, 8, 9, 10, 11, 12))
    state, _ = new_game(3, recorded_deals=(order,))
    state = _play_rounds(state, 2, seed=5)
    book = book_from_state(state)
    assert book.wins == list(state.wins) and sum(book.wins) == 2
    assert [r.winner for r in book.records if r.winner is not None] == _round_winners(state)
    assert all(r.cards is not None for r in book.records)


def test_the_book_of_an_ordinary_game_matches_its_score():
    state = _play_rounds(new_game(11)[0], 3, seed=2)
    book = book_from_state(state)
    assert book.wins == list(state.wins)
    assert len([r for r in book.records if r.winner is not None]) == sum(state.wins)


def _round_winners(state: GameState) -> list[int]:
    from tacocat.rules import GameRecord
    from tacocat.rules import events as ev

    return [
        e.seat
        for _, events in GameRecord.from_state(state).steps()
        for e in events
        if isinstance(e, ev.RoundWon)
    ]
