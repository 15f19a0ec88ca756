"""Shared helpers for the AI tests: test-sized bots and fairness twins."""

from __future__ import annotations

import random

from tacocat.ai import make_bot
from tacocat.ai.hard import HardBot
from tacocat.ai.medium import MediumBot
from tacocat.rules import GameState, new_game
from tacocat.rules import events as ev


def small_hard(samples: int = 4) -> HardBot:
    """A hard bot with few samples and no time cap: fast and machine-independent."""
    half = max(1, samples // 2)
    return HardBot(
        time_budget=None,
        play_samples=samples,
        duel_samples=half,
        replace_samples=half,
        screen_samples=half,
        finalists=3,
    )


def bot_of(kind: str):
    """A bot of ``kind`` that does not depend on the machine's speed (no deadlines)."""
    if kind == "hard":
        return small_hard()
    if kind == "medium":
        return MediumBot(time_budget=None)
    return make_bot(kind)


def _hidden_positions(state: GameState, seat: int) -> tuple[list[int], list[int]]:
    """Positions, in this round's deal order, of the opponent's current hand and of the pile."""
    order = state.deals[-1]
    started = next(e for e in state.round_log if isinstance(e, ev.RoundStarted))
    n = started.hand_size
    opponent = 1 - seat
    positions = list(range(n)) if opponent == 0 else list(range(n, 2 * n))
    next_draw = 2 * n

    def drop(value: int) -> None:
        for p in positions:
            if order[p] == value:
                positions.remove(p)
                return
        raise AssertionError(f"the opponent played a {value} it did not hold")

    for event in state.round_log:
        if isinstance(event, ev.CardsDrawn):
            if event.seat == opponent:
                positions.extend(range(next_draw, next_draw + len(event.cards)))
            next_draw += len(event.cards)
        elif isinstance(event, ev.Replaced) and event.seat == opponent:
            for value in event.discarded:
                drop(value)
        elif isinstance(event, (ev.Attacked,)) and event.seat == opponent:
            for value in event.cards:
                drop(value)
        elif isinstance(event, (ev.Defended, ev.Sacrificed)) and event.seat == opponent:
            drop(event.card)
        elif isinstance(event, ev.DuelRevealed):
            drop(event.cards[opponent])
    return positions, list(range(next_draw, len(order)))


def hidden_twin(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same game with different hidden cards for ``seat``: one card of the
    opponent's hand swapped with a draw-pile card (at least the opponent's floor)
    and the pile reshuffled. None when no such swap exists."""
    mine, pile = _hidden_positions(state, seat)
    order = list(state.deals[-1])
    # A secret choice the opponent already made must stay in its hand.
    pending = state.commits[1 - seat]
    pending = () if pending is None else (pending,) if isinstance(pending, int) else pending
    for value in pending:
        mine.remove(next(p for p in mine if order[p] == value))
    floor = state.floors[1 - seat]
    pairs = [(i, j) for i in mine for j in pile if order[j] != order[i] and order[j] >= floor]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    order[i], order[j] = order[j], order[i]
    rest = [order[p] for p in pile]
    rng.shuffle(rest)
    for p, value in zip(pile, rest, strict=True):
        order[p] = value
    deals = state.deals[:-1] + (tuple(order),)
    twin, _ = new_game(state.seed, state.ruleset, recorded_deals=deals)
    for action in state.actions:
        twin, _ = twin.apply(action)
    return twin
