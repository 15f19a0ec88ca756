"""The guided first game run through the real engine: states, the scripted opponent, lessons.

:class:`Tutorial` turns :mod:`.script` into deck orders (``stacked_order``) and
one list of actions, replays it with :meth:`GameState.apply` when it is built
(so a script that breaks a rule fails at once, not in front of a player), and
answers what the screen asks: the step a state is at, the move expected now,
the state to resume a step from. :class:`ScriptedBot` plays the computer's
side from the script, seeing only its seat's observation. :func:`lessons_of`
names what a move of the player's taught, from the events it caused - the
tests check the whole list against :data:`LESSONS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.rules import (
    DEFAULT_RULESET,
    Action,
    GameState,
    Observation,
    Respond,
    Space,
    new_game,
    stacked_order,
)
from tacocat.rules import events as ev
from tacocat.tutorial.script import DEALS, ENDING, ME, STEPS, Deal, Step

#: Every lesson the guided game must make the player cause, in teaching order.
LESSONS: tuple[str, ...] = (
    "replace_centre",
    "replace_one_arrow",
    "duel",
    "tied_duel",
    "single",
    "set",
    "sequence",
    "defend",
    "sacrifice",
    "jumbo_answer",
    "showdown_lowest_wins",
    "tied_showdown",
    "tile_skip",
    "game_end",
)

#: The seed is never used: every deal's order is given.
SEED = 0


def lessons_of(seat: int, before: GameState, events: Sequence[ev.Event]) -> set[str]:
    """The lessons ``seat``'s move taught: what the events it caused show it did.

    ``before`` is the state the move was made in (the space Tacocat stood on,
    the attack being answered).
    """
    found = _lessons_in(seat, before.space, events)
    if answers_jumbo(before, seat) and any(type(e) in (ev.Defended, ev.Sacrificed) for e in events):
        found.add("jumbo_answer")
    return found


def taught_by(
    action: Action, before: GameState, events: Sequence[ev.Event], seat: int = ME
) -> set[str]:
    """The lessons an applied ``action`` taught ``seat``: its own moves, and the
    opponent's answers to its attack (a showdown the player's attack forced is the
    player's doing)."""
    if action.seat == seat or (type(action) is Respond and before.attacker == seat):
        return lessons_of(seat, before, events)
    return set()


def _lessons_in(seat: int, space: Space | None, events: Sequence[ev.Event]) -> set[str]:
    found: set[str] = set()
    for event in events:
        if isinstance(event, ev.Replaced) and event.seat == seat and space is not None:
            found.add("replace_centre" if space.is_two_arrow else "replace_one_arrow")
        elif isinstance(event, ev.DuelRevealed):
            found.add("tied_duel" if event.attacker is None else "duel")
        elif isinstance(event, ev.Attacked) and event.seat == seat:
            found.add(event.shape)
        elif isinstance(event, (ev.Defended, ev.Sacrificed)) and event.seat == seat:
            found.add("defend" if isinstance(event, ev.Defended) else "sacrifice")
        elif isinstance(event, ev.ShowdownRevealed):
            low, high = sorted(event.cards)
            found.add("tied_showdown" if low == high else "showdown_lowest_wins")
        elif isinstance(event, ev.TokenMoved) and event.seat == seat and event.skipped:
            found.add("tile_skip")
        elif isinstance(event, ev.GameWon) and event.seat == seat:
            found.add("game_end")
    return found


def answers_jumbo(state: GameState, seat: int) -> bool:
    """True when ``seat`` is answering a Jumbo (an attack of two or more cards)."""
    return state.pending_target is not None and seat in state.to_act and len(state.attack) > 1


def deck_orders(deals: Sequence[Deal] = DEALS) -> tuple[tuple[int, ...], ...]:
    """The deck order of every deal (the player is dealt first, see ``stacked_order``)."""
    deck = DEFAULT_RULESET.deck
    return tuple(stacked_order(deck, d.mine, d.theirs, d.draw_top) for d in deals)


class Tutorial:
    """The scripted game, checked against the engine when built.

    Raises:
        IllegalAction: a scripted move breaks a rule.
        ValueError: the script does not end the game with the player's win.
    """

    def __init__(
        self,
        steps: Sequence[Step] = STEPS,
        deals: Sequence[Deal] = DEALS,
        ending: Sequence[Action] = ENDING,
    ) -> None:
        self.steps = tuple(steps)
        self.orders = deck_orders(deals)
        actions: list[Action] = []
        #: For each step, how many actions come before its expected move.
        self.offsets: list[int] = []
        for step in self.steps:
            actions.extend(step.before)
            self.offsets.append(len(actions))
            actions.append(step.expect)
        actions.extend(ending)
        self.actions = tuple(actions)
        self.bot = ScriptedBot(self._replay_checked())

    def _replay_checked(self) -> dict[tuple[int, str, int], Action]:
        """Play the whole script once; return the computer's moves keyed by its view."""
        state, _ = self.start_state()
        moves: dict[tuple[int, str, int], Action] = {}
        for action in self.actions:
            if action.seat != ME:
                moves[ScriptedBot.key(state.observation(action.seat))] = action
            state, _ = state.apply(action)
        if state.winner != ME:
            raise ValueError("the guided game must end with the player's win")
        return moves

    def __len__(self) -> int:
        return len(self.steps)

    def start_state(self) -> tuple[GameState, tuple[ev.Event, ...]]:
        """The first deal of the guided game."""
        return new_game(SEED, DEFAULT_RULESET, recorded_deals=self.orders)

    def step_of(self, state: GameState) -> int:
        """The step ``state`` is at: how many moves the player has made (== len when done)."""
        return sum(1 for action in state.actions if action.seat == ME)

    def expected(self, state: GameState) -> Action | None:
        """The one move the player may make in ``state`` (None once the script is done)."""
        index = self.step_of(state)
        return self.steps[index].expect if index < len(self.steps) else None

    def state_at(self, step: int) -> GameState:
        """The state in which step ``step``'s move is expected (resuming a left tutorial)."""
        step = max(0, min(step, len(self.steps) - 1))
        state, _ = self.start_state()
        for action in self.actions[: self.offsets[step]]:
            state, _ = state.apply(action)
        return state


class ScriptedBot:
    """The computer's side of the guided game: the scripted move for what it sees now.

    Its moves are legal by construction (the tutorial replayed them); a
    position the script never reaches gets the first legal move.
    """

    def __init__(self, moves: dict[tuple[int, str, int], Action]) -> None:
        self.moves = moves

    @staticmethod
    def key(observation: Observation) -> tuple[int, str, int]:
        """A moment of the game as the computer sees it: round, phase, cards played."""
        return (observation.round_number, observation.phase, len(observation.discards))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        move = self.moves.get(self.key(observation))
        return move if move is not None and move in legal else legal[0]
