"""Who sits in each seat, and the kind of game that makes: the one vocabulary.

A pure module (no pygame, nothing of ours imported), like :mod:`tacocat.levels`.
A :class:`GameKind` is what saves, game files, the History and the statistics
record (its value is the string they store: renaming one breaks old files); a
:class:`Seating` says who fills each seat, and is what the table asks instead of
comparing kinds: whether two people share this screen (pass the device, one
secret choice at a time), whether one person plays the computer (take back,
hints, a win or a loss that is theirs alone), which seats the computer plays.

    seating = Seating.of(GameKind.VS_AI, person=1)
    seating.people            # frozenset({1})
    seating.is_computer(0)    # True
    seating.kind              # GameKind.VS_AI
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class GameKind(StrEnum):
    """The kind of a game, as files record it."""

    #: One person at this screen against the computer.
    VS_AI = "vs_ai"
    #: Two people sharing this screen (the device passes between them).
    HOTSEAT = "hotseat"
    #: The computer against itself (``--demo``); never counted in the statistics.
    DEMO = "demo"
    #: One person at this screen against a person at another, through a server.
    ONLINE = "online"


class SeatKind(StrEnum):
    """Who fills one seat."""

    #: A person at this screen.
    PERSON = "person"
    #: The computer, at the game's level.
    COMPUTER = "computer"
    #: A person at another screen, across the network.
    REMOTE = "remote"


#: Each kind's seats, first seat first, with the person (if one) in the first seat.
_SEATS: dict[GameKind, tuple[SeatKind, SeatKind]] = {
    GameKind.VS_AI: (SeatKind.PERSON, SeatKind.COMPUTER),
    GameKind.HOTSEAT: (SeatKind.PERSON, SeatKind.PERSON),
    GameKind.DEMO: (SeatKind.COMPUTER, SeatKind.COMPUTER),
    GameKind.ONLINE: (SeatKind.PERSON, SeatKind.REMOTE),
}


@dataclass(frozen=True, slots=True)
class Seating:
    """Who fills each seat of a game (seat 0 first)."""

    seats: tuple[SeatKind, SeatKind]

    @classmethod
    def of(cls, kind: GameKind | str, person: int = 0) -> Seating:
        """The seating of a game of ``kind``; ``person``: the person's seat against the
        computer or online (ignored for the other kinds).

        Raises:
            ValueError: an unknown kind, or a seat other than 0 or 1.
        """
        if person not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {person!r}")
        first, second = _SEATS[GameKind(kind)]
        return cls((second, first) if person == 1 and first != second else (first, second))

    @property
    def kind(self) -> GameKind:
        """The kind of game this seating makes."""
        return next(kind for kind, seats in _SEATS.items() if sorted(seats) == sorted(self.seats))

    @property
    def people(self) -> frozenset[int]:
        """The seats people at this screen play."""
        return frozenset(seat for seat, kind in enumerate(self.seats) if kind is SeatKind.PERSON)

    @property
    def person(self) -> int | None:
        """The one person's seat when a single person plays here, else None."""
        return next(iter(self.people)) if len(self.people) == 1 else None

    @property
    def seen_here(self) -> frozenset[int]:
        """The seats whose private events (their own cards) this screen may learn: the one
        person's when one person plays here; both when people take turns at it (each hand
        hidden while the device passes) or nobody plays (a spectator)."""
        return frozenset({self.person}) if self.person is not None else frozenset({0, 1})

    @property
    def home(self) -> int:
        """The seat the screen is drawn from (at the bottom): the one person's, else the first."""
        return self.person if self.person is not None else 0

    def is_computer(self, seat: int) -> bool:
        return self.seats[seat] is SeatKind.COMPUTER

    @property
    def plays_computer(self) -> bool:
        """The computer plays a seat (the game has a level)."""
        return SeatKind.COMPUTER in self.seats

    @property
    def shares_screen(self) -> bool:
        """Two people take turns at this screen: hands are hidden while the device
        passes, secret choices are made one at a time, a forced answer plays itself."""
        return len(self.people) == 2

    @property
    def online(self) -> bool:
        """The other seat is a person at another screen: the game lives on a server, and
        nothing is taken back or hinted (the opponent is a person who cannot see it)."""
        return SeatKind.REMOTE in self.seats

    @property
    def against_computer(self) -> bool:
        """One person plays the computer: the screen is theirs (their win, their loss),
        and they may take a move back and ask for hints."""
        return self.person is not None and self.plays_computer
