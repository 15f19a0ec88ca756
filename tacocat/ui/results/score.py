"""The score book: rounds decided, ties replayed, and how each round ended (no pygame).

The engine counts every deal as a round, replayed ties included; a player
thinks in *decided* rounds ("Round 5") and the replays of a tie ("replay 2").
:class:`ScoreBook` keeps that count and one :class:`RoundRecord` per finished
showdown, which the table's round label, the round result and the game-over
recap read. :func:`book_from_state` rebuilds it for a resumed game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tacocat.rules import GameRecord, GameState, RecordError
from tacocat.rules import events as ev
from tacocat.ui.text.i18n import tr


@dataclass(frozen=True)
class RoundRecord:
    """One finished showdown: ``number`` is the decided round it belongs to."""

    number: int
    replay: int
    cards: tuple[int, int] | None
    winner: int | None


@dataclass
class ScoreBook:
    """Decided rounds, the replays of the round being played, and every showdown so far."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    replay: int = 0
    records: list[RoundRecord] = field(default_factory=list)
    _cards: tuple[int, int] | None = None

    @property
    def number(self) -> int:
        """The decided round being played (1 for the first)."""
        return sum(self.wins) + 1

    def showdown(self, cards: tuple[int, int]) -> None:
        self._cards = (cards[0], cards[1])

    def won(self, seat: int) -> None:
        self.records.append(RoundRecord(self.number, self.replay, self._cards, seat))
        self.wins[seat] += 1
        self.replay = 0
        self._cards = None

    def tied(self) -> None:
        self.records.append(RoundRecord(self.number, self.replay, self._cards, None))
        self.replay += 1
        self._cards = None

    def feed(self, event: ev.Event) -> None:
        """Follow the game's events (the animator calls it as each one shows)."""
        if isinstance(event, ev.ShowdownRevealed):
            self.showdown(event.cards)
        elif isinstance(event, ev.RoundWon):
            self.won(event.seat)
        elif isinstance(event, ev.RoundTied):
            self.tied()


def round_label(number: int, replay: int) -> str:
    """ "Round 5", or "Round 5 · replay 2" for the second replay of a tied round 5."""
    if replay <= 0:
        return tr("tacocat.table.round_n", n=number)
    return tr("tacocat.table.round_replay", n=number, replay=replay)


def book_from_state(state: GameState) -> ScoreBook:
    """The score book of a saved game, from the events of its record's steps.

    :meth:`GameRecord.steps` replays the recorded deals (a stacked deck too).
    A record that does not replay to the same score keeps only its score: its
    history is unknown.
    """
    book = ScoreBook()
    try:
        for _, events in GameRecord.from_state(state).steps():
            for event in events:
                book.feed(event)
    except RecordError:
        pass
    if book.wins != list(state.wins):
        book = ScoreBook(wins=list(state.wins))
    return book
