"""Every state of a recorded game, kept, and a cursor over them (no pygame).

The record is replayed once (:meth:`GameRecord.steps`); states are immutable,
so stepping back is only moving the cursor - nothing is replayed again.
Index 0 is the first deal; index ``i`` is the state after action ``i``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Literal

from tacocat.rules import GameState
from tacocat.rules import events as ev
from tacocat.rules.record import GameRecord
from tacocat.ui.results.score import ScoreBook
from tacocat.ui.widgets.tones import PromptTone

#: How a note judges its step.
NoteTone = Literal["info", "good", "mistake", "blunder"]
#: The prompt line's tone for each (a mistake reads as a hint, a blunder as an error).
NOTE_TONES: dict[NoteTone, PromptTone] = {
    "info": "info",
    "good": "do",
    "mistake": "hint",
    "blunder": "error",
}


@dataclass(frozen=True)
class Note:
    """A remark shown at one step (a game review marks its decisions this way).

    :ivar text: what is said (already in the player's language).
    :ivar tone: ``"info"``, ``"good"``, ``"mistake"`` or ``"blunder"``.
    :ivar decision: the note stands at the position where the choice was made (the
        scrubber marks these); the same words follow on the position after the move.
    :ivar seat, best: whose hand to light up at the decision, and the better move's cards.
    """

    text: str
    tone: NoteTone = "info"
    decision: bool = False
    seat: int | None = None
    best: tuple[int, ...] = ()


class Timeline:
    """The kept states of one game and where the viewer is.

    :raises tacocat.rules.errors.RecordError: the record breaks the rules.
    """

    def __init__(self, record: GameRecord) -> None:
        states: list[GameState] = []
        events: list[tuple[ev.Event, ...]] = []
        for state, happened in record.steps():
            states.append(state)
            events.append(happened)
        self.record = record
        self.states: tuple[GameState, ...] = tuple(states)
        #: ``events[i]``: what happened to get from ``states[i-1]`` to ``states[i]``.
        self.events: tuple[tuple[ev.Event, ...], ...] = tuple(events)
        #: The first index of each round (round ``r`` starts at ``round_starts[r-1]``).
        self.round_starts: tuple[int, ...] = tuple(
            i
            for i, s in enumerate(self.states)
            if i == 0 or s.round_number != self.states[i - 1].round_number
        )
        self.index = 0

    # --- where ------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> GameState:
        return self.states[self.index]

    @property
    def rounds(self) -> int:
        return len(self.round_starts)

    def round_of(self, index: int | None = None) -> int:
        """The round (from 1) that step ``index`` (default: the current one) belongs to."""
        at = self.index if index is None else index
        return bisect.bisect_right(self.round_starts, at)

    def book_at(self, index: int) -> ScoreBook:
        """The score book (decided rounds, replays, showdowns) at step ``index``,
        from the kept events: no state is replayed."""
        book = ScoreBook()
        for happened in self.events[: index + 1]:
            for event in happened:
                book.feed(event)
        return book

    # --- moving -----------------------------------------------------------------------

    def go(self, index: int) -> int:
        """Move to step ``index`` (clamped); return the new index."""
        self.index = max(0, min(self.last, index))
        return self.index

    def step(self, delta: int) -> int:
        return self.go(self.index + delta)

    def to_round(self, number: int) -> int:
        """Move to the start of round ``number`` (clamped to the game's rounds)."""
        number = max(1, min(self.rounds, number))
        return self.go(self.round_starts[number - 1])

    def next_round(self) -> int:
        return (
            self.to_round(self.round_of() + 1)
            if self.round_of() < self.rounds
            else self.go(self.last)
        )

    def previous_round(self) -> int:
        """The start of this round, or of the one before when already at its start."""
        current = self.round_of()
        start = self.round_starts[current - 1]
        return self.to_round(current - 1) if self.index == start and current > 1 else self.go(start)
