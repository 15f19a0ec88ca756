"""Whoever fills a seat of the table's game: one interface, as OpenSpiel's ``Bot``:
a :class:`Person` here, the :class:`Computer`, or a :class:`Remote` person elsewhere.

The session asks the seat that owes an action (:meth:`Player.ask`, with that seat's
observation and legal actions only) and, on each frame the screen has caught up,
polls for the answer (:meth:`Player.answer`). A :class:`Person` at this screen never
answers here: they answer through the table's controls (``GameSession.submit``). The
:class:`Computer` thinks in the :class:`~tacocat.ai.worker.AIWorker` (another
process) and answers no sooner than a pause a person can follow. Both see what a
person in the seat would see, and nothing more.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Protocol

from tacocat.levels import AILevel
from tacocat.rules import Action, Observation
from tacocat.seating import Seating, SeatKind

if TYPE_CHECKING:
    from tacocat.ai.worker import AIWorker

log = logging.getLogger(__name__)

#: Seconds a computer's move waits at speed 1 (a secret commit needs less: nothing shows).
AI_MOVE_DELAY = 0.6
AI_COMMIT_DELAY = 0.3


class Player(Protocol):
    """One seat's player."""

    kind: SeatKind

    def ask(self, observation: Observation, legal: Sequence[Action]) -> None:
        """The seat owes an action now: start deciding (the session asks once per state)."""
        ...

    def answer(self, dt: float) -> Action | None:
        """The action decided, once ready and paced (``dt``: seconds since the last poll);
        None until then, and always for a player who answers elsewhere."""
        ...

    @property
    def deciding(self) -> bool:
        """A question is asked and not yet answered."""
        ...

    def withdraw(self) -> None:
        """The question no longer stands (a move taken back, the game left)."""
        ...


class Person:
    """A person at this screen: they answer through the table's controls."""

    kind = SeatKind.PERSON

    @property
    def deciding(self) -> bool:
        return False

    def ask(self, observation: Observation, legal: Sequence[Action]) -> None:
        pass  # they answer through the table's controls, never through ask/answer

    def answer(self, dt: float) -> Action | None:
        return None

    def withdraw(self) -> None:
        pass


class Remote(Person):
    """A person at another screen (an online game): they answer at their own table, and
    the server applies it; their moves reach this one as the server's updates, so this
    seat is never asked here either. ``owes`` says whether they are deciding now."""

    kind = SeatKind.REMOTE

    def __init__(self, owes: Callable[[], bool]) -> None:
        self._owes = owes

    @property
    def deciding(self) -> bool:
        return self._owes()


class Computer:
    """The computer at ``level``, thinking in ``worker``.

    :param key: names this player's search in the worker (kept between its moves).
    :param speed: the animation speed (``math.inf``: answer at once) that paces its moves.
    """

    kind = SeatKind.COMPUTER

    def __init__(
        self,
        worker: AIWorker,
        level: AILevel,
        key: object,
        rng: random.Random,
        speed: Callable[[], float],
    ) -> None:
        self.worker, self.level, self.key, self.rng, self.speed = worker, level, key, rng, speed
        self._future: Future[Action] | None = None
        self._legal: tuple[Action, ...] = ()
        self._wait = 0.0

    @property
    def deciding(self) -> bool:
        return self._future is not None

    def ask(self, observation: Observation, legal: Sequence[Action]) -> None:
        self._legal = tuple(legal)
        self._future = self.worker.choose(
            self.level, self.key, observation, legal, self.rng.getrandbits(62)
        )
        speed = self.speed()
        base = AI_COMMIT_DELAY if observation.secret_choice_open else AI_MOVE_DELAY
        self._wait = 0.0 if math.isinf(speed) or speed <= 0 else base / speed

    def answer(self, dt: float) -> Action | None:
        self._wait -= dt
        future, legal = self._future, self._legal
        if self._wait > 0 or future is None or not future.done():
            return None
        self.withdraw()
        action = None
        if not future.cancelled():
            try:
                action = future.result()
            except Exception:
                log.exception("the computer could not choose; it plays its first legal move")
        if action is None or action not in legal:
            if action is not None:
                log.error("the computer chose an illegal move %r; playing %r", action, legal[0])
            action = legal[0]
        return action

    def withdraw(self) -> None:
        self._future = None


def seat_players(
    seating: Seating,
    worker: AIWorker,
    level: AILevel,
    owner: object,
    rng: random.Random,
    speed: Callable[[], float],
) -> tuple[Player, Player]:
    """A player for each seat of ``seating`` (the computer's share ``worker`` and ``rng``)."""

    def player(seat: int) -> Player:
        if seating.is_computer(seat):
            return Computer(worker, level, (id(owner), seat), rng, speed)
        return Person()

    return player(0), player(1)
