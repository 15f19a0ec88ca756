"""Game records: a whole game as JSON, replayable card for card.

A record holds the ruleset, the seed, the shuffled deck order of every deal
and every action, in order (format: docs/game-record.md). Replaying uses the
stored deck orders, never the random generator, so a record stays valid
whatever happens to Python's :mod:`random` - and another implementation of the
rules can check it.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tacocat.rules.actions import Action, action_from_dict, action_to_dict
from tacocat.rules.errors import IllegalAction, InvalidRuleset, RecordError
from tacocat.rules.events import Event
from tacocat.rules.ruleset import Ruleset
from tacocat.rules.state import GameState, new_game

FORMAT = "tacocat-record"
VERSION = 1
#: Refuse absurd records before replaying them (a game has at most a few
#: hundred actions; ties can add rounds, but not thousands).
MAX_ACTIONS = 20_000
MAX_DEALS = 2_000


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished or unfinished game, sufficient to rebuild its state."""

    ruleset: Ruleset
    seed: int
    deals: tuple[tuple[int, ...], ...]
    actions: tuple[Action, ...]

    @classmethod
    def from_state(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state``."""
        return cls(state.ruleset, state.seed, state.deals, state.actions)

    def replay(self) -> GameState:
        """Re-apply every action from the recorded deals; return the final state.

        Raises:
            RecordError: a deal is not a shuffle of the ruleset's deck, an
                action is illegal (which one and why), or a recorded deal was
                never used / a needed deal is missing.
        """
        # Run the generator to its end, keeping only the last state.
        last = deque(self.steps(), maxlen=1)
        return last[0][0]

    def steps(self) -> Iterator[tuple[GameState, tuple[Event, ...]]]:
        """Every state of the game, in order, with the events that led to it.

        Yields the dealt start (with the deal's events), then the state after
        each action (with that action's events): ``len(actions) + 1`` pairs.
        States are immutable, so a caller may keep them all (the replay viewer
        does, to step back without replaying). The same checks as
        :meth:`replay`, which is this generator run to its end.

        Raises:
            RecordError: as :meth:`replay`, when the bad part is reached.
        """
        deck = sorted(self.ruleset.deck)
        for index, order in enumerate(self.deals):
            if sorted(order) != deck:
                raise RecordError(
                    f"deal {index + 1} holds {len(order)} cards that are not a shuffle of the "
                    f"{len(deck)}-card deck"
                )
        state, events = new_game(self.seed, self.ruleset, self.deals)
        yield state, events
        for number, action in enumerate(self.actions, start=1):
            if state.deal_index > len(self.deals):
                raise RecordError(f"action {number}: the record lacks deal {state.deal_index}")
            try:
                state, events = state.apply(action)
            except IllegalAction as error:
                raise RecordError(
                    f"action {number} ({action_to_dict(action)}) is illegal: {error}"
                ) from None
            yield state, events
        if state.deal_index != len(self.deals):
            raise RecordError(
                f"the record lists {len(self.deals)} deals but the game made {state.deal_index}"
            )
        problems = state.invariant_problems()
        if problems:
            raise RecordError("the record replays to an impossible game: " + "; ".join(problems))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "deals": [list(order) for order in self.deals],
            "actions": [action_to_dict(action) for action in self.actions],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Parse and check the shape of a record (replay checks the game).

        Raises:
            RecordError: with a message that says what is wrong.
        """
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record (format {data.get('format')!r})")
        version = data.get("version")
        if type(version) is not int:
            raise RecordError("the record has no version number")
        if version > VERSION:
            raise RecordError(f"the record is from a newer version of the game (format {version})")
        if version < 1:
            raise RecordError(f"unknown record version {version}")
        try:
            ruleset = Ruleset.from_dict(data.get("ruleset"))
        except InvalidRuleset as error:
            raise RecordError(f"bad ruleset: {error}") from None
        seed = data.get("seed")
        if type(seed) is not int or seed < 0:
            raise RecordError("the seed must be a whole number of 0 or more")
        deals, actions = data.get("deals"), data.get("actions")
        if not isinstance(deals, list) or not isinstance(actions, list):
            raise RecordError("the record needs lists of deals and actions")
        if len(deals) > MAX_DEALS or len(actions) > MAX_ACTIONS:
            raise RecordError("the record is too long to be a real game")
        for order in deals:
            if not isinstance(order, list) or not all(type(card) is int for card in order):
                raise RecordError("each deal must be a list of card values")
        return cls(
            ruleset,
            seed,
            tuple(tuple(o) for o in deals),
            tuple(action_from_dict(a) for a in actions),
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordError(f"the record is not valid JSON ({error})") from None
        return cls.from_dict(data)
