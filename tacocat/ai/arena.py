"""Playing whole games between bots: the one game loop.

The simulator (``--simulate``, :mod:`tacocat.sim`), the AI tests and the
benchmarks (``bench/``) all play through :func:`play_game`. Each seat's bot
sees only ``state.observation(seat)`` and ``state.legal_actions(seat)``;
during a secret choice both seats are asked in turn (seat order), and neither
sees the other's choice before the reveal. A choice outside the legal list
raises :class:`IllegalChoice`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tacocat.ai.base import Bot
from tacocat.rules import DEFAULT_RULESET, Action, GameState, Observation, Ruleset, new_game

#: A game that has not ended after this many rounds is stopped (ties replay rounds).
MAX_ROUNDS = 500


class IllegalChoice(Exception):
    """A bot returned an action that is not among the legal ones."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one game: ``winner`` is a seat, or None if stopped at the round limit."""

    winner: int | None
    #: Rounds started, replayed ties included.
    rounds: int
    decisions: int
    think_seconds: tuple[tuple[float, ...], tuple[float, ...]]
    final_state: GameState
    #: The phase of each think time (parallel to ``think_seconds``), or
    #: ``"forced"`` when only one action was legal.
    phases: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @property
    def tied_rounds(self) -> int:
        """Showdowns that ended in a tie (and were replayed)."""
        return self.final_state.tied_rounds


def play_game(
    bots: Sequence[Bot],
    seed: int,
    rngs: Sequence[random.Random] | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
    on_decision: Callable[[int, Observation, Sequence[Action], Action], None] | None = None,
    max_rounds: int | None = MAX_ROUNDS,
) -> GameResult:
    """Play one game: ``bots[seat]`` plays ``seat``; returns who won and how long each thought.

    ``rngs`` are the seats' own random sources (by default seeded from
    ``seed`` and the seat). ``on_decision(seat, observation, legal, action)``
    is called after every choice. A game still going after ``max_rounds``
    rounds is stopped with no winner (None: play to the end).
    """
    if rngs is None:
        rngs = [random.Random(f"{seed}:{seat}") for seat in (0, 1)]
    state, _ = new_game(seed, ruleset)
    times: tuple[list[float], list[float]] = ([], [])
    phases: tuple[list[str], list[str]] = ([], [])
    decisions = rounds = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        observation: Observation = state.observation(seat)
        rounds = observation.round_number  # the state's, as the seat sees it
        if max_rounds is not None and rounds > max_rounds:
            break
        start = time.perf_counter()
        action = bots[seat].choose(observation, legal, rngs[seat])
        times[seat].append(time.perf_counter() - start)
        phases[seat].append(observation.phase.value if len(legal) > 1 else "forced")
        if action not in legal:
            raise IllegalChoice(
                f"{getattr(bots[seat], 'name', bots[seat])!s} chose {action!r}; legal: {legal!r}"
            )
        if on_decision is not None:
            on_decision(seat, observation, legal, action)
        state, _ = state.apply(action)
        decisions += 1
    return GameResult(
        state.winner,
        rounds,
        decisions,
        (tuple(times[0]), tuple(times[1])),
        state,
        (tuple(phases[0]), tuple(phases[1])),
    )
