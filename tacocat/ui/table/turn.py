"""Whose move it is, as the table shows it this frame: plain data, no pygame.

The scene builds a :class:`Turn` from the acting seat's observation and the animator
each frame it draws and stores it on the view model (``TableView.turn``); the painter
and the prompt read it from there, so neither ever looks at the game state itself, and
the turn knows no more than the seat it is for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from tacocat.rules import Observation, Phase
from tacocat.rules.moves import response_options


@dataclass(frozen=True)
class Turn:
    """The facts about the current decision that the screen shows.

    :ivar seat: the human seat whose input is accepted now, or None.
    :ivar phase: the game's phase (None once the game is over).
    :ivar mover: the seat whose name plate shows "to move", or None (nothing
        moves on screen, the game is not over).
    :ivar thinking: the name of the computer player that is choosing, while no
        human may act and nothing animates.
    :ivar busy: the animation has not caught up with the game yet.
    :ivar over: the game has ended.
    :ivar replace_limit: how many cards ``seat`` may replace (None: any number).
    :ivar replace_secret: the replacement is a secret choice (the centre rule).
    :ivar target: the attack card ``seat`` must answer now (defence only).
    :ivar lowest: ``seat``'s lowest card (defence only).
    :ivar attack_size: cards in the attack being answered.
    :ivar answered: attack cards answered so far.
    :ivar playable: the cards ``seat`` may answer with (defence only), else None.
    """

    seat: int | None = None
    phase: Phase | None = None
    mover: int | None = None
    thinking: str | None = None
    busy: bool = False
    over: bool = False
    replace_limit: int | None = None
    replace_secret: bool = False
    target: int | None = None
    lowest: int | None = None
    attack_size: int = 0
    answered: int = 0
    playable: frozenset[int] | None = None


def turn_of(
    observation: Observation,
    actor: tuple[int, bool] | None,
    names: Sequence[str],
    seat: int | None,
    busy: bool,
) -> Turn:
    """The :class:`Turn` of the game ``observation`` sees.

    :param observation: ``seat``'s observation (any seat's when ``seat`` is None: only
        what is public is read then).
    :param actor: ``(seat, is_human)`` of who should act (``GameSession.actor``).
    :param names: the seats' names.
    :param seat: the human seat whose input is accepted now, or None.
    :param busy: the animation has not caught up with the game.
    """
    over = observation.phase is Phase.OVER
    mover = actor[0] if actor is not None and not busy and not over else None
    thinking = names[actor[0]] if actor is not None and not actor[1] else None
    turn = Turn(
        seat=seat, phase=observation.phase, mover=mover, thinking=thinking, busy=busy, over=over
    )
    if seat is None:
        return turn
    if observation.seat != seat:
        raise ValueError(
            f"seat {seat}'s turn is built from its own observation, not seat {observation.seat}'s"
        )
    if observation.phase is Phase.REPLACE:
        return dataclasses.replace(
            turn, replace_limit=observation.replace_limit, replace_secret=observation.replace_secret
        )
    if observation.phase is Phase.DEFEND:
        target = observation.pending_target
        assert target is not None, "an attack waits for an answer throughout DEFEND"
        return dataclasses.replace(
            turn,
            target=target,
            lowest=observation.hand[0],
            attack_size=len(observation.attack),
            answered=len(observation.responses),
            playable=frozenset(response_options(observation.hand, target)),
        )
    return turn
