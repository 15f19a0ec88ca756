"""The guided game's controller: the real session, with the script's moves only.

:class:`TutorialSession` is a :class:`~tacocat.ui.table.session.GameSession`
against the scripted computer (:class:`TutorialWorker`, inline: nothing to
think about) that accepts from the player only the move the current step
teaches - anything else gets a friendly word and changes nothing. It keeps no
autosave (the progress file is the tutorial's own, see :meth:`on_step`) and
remembers which lessons the player's moves taught (:attr:`learned`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from tacocat.ai.hints import Hint
from tacocat.ai.worker import AIWorker
from tacocat.rules import Action, GameState
from tacocat.tutorial import ScriptedBot, Tutorial, taught_by
from tacocat.tutorial.script import ME
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.prompt import hint_line
from tacocat.ui.table.session import GameSession
from tacocat.ui.text.card_words import cards_text
from tacocat.ui.text.i18n import tr


class TutorialWorker(AIWorker):
    """The computer's side of the guided game: the script's move, answered at once."""

    def __init__(self, bot: ScriptedBot) -> None:
        super().__init__("inline")
        self.bot = bot

    def choose(
        self, kind: str, key: Any, observation: Any, legal: Sequence[Any], seed: int
    ) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(self.bot.choose(observation, legal))
        return future


def coach_text(tutorial: Tutorial, step: int) -> str:
    """The coach's words for ``step`` (``{cards}``: the cards of the expected move)."""
    expected = tutorial.steps[step].expect
    return tr(
        f"tacocat.tutorial.coach.{tutorial.steps[step].coach}", cards=cards_text(expected.values)
    )


def refusal_text(expected: Action) -> str:
    """The friendly word for any other move: not this one, and the move taught now."""
    return f"{tr('tacocat.tutorial.refused')} {hint_line(expected, '')}"


class TutorialSession(GameSession):
    """A game session that plays the script (see the module docstring).

    :param on_step: called with the new step index after each of the player's moves.
    """

    def __init__(
        self,
        config: GameConfig,
        tutorial: Tutorial,
        state: GameState | None = None,
        *,
        speed: Callable[[], float] = lambda: 1.0,
        on_step: Callable[[int], None] | None = None,
        on_finished: Callable[[GameState], None] | None = None,
    ) -> None:
        self.tutorial = tutorial
        self.on_step = on_step
        #: The lessons the player's moves (and the answers they forced) taught so far.
        self.learned: set[str] = set()
        #: Every refusal given, in order (the tests read it).
        self.refusals: list[str] = []
        if state is None:
            state, events = tutorial.start_state()
            super().__init__(
                config,
                state,
                worker=TutorialWorker(tutorial.bot),
                saves=None,
                speed=speed,
                on_finished=on_finished,
            )
            self.resumed = False
            self._emit(events)
        else:
            super().__init__(
                config,
                state,
                worker=TutorialWorker(tutorial.bot),
                saves=None,
                speed=speed,
                on_finished=on_finished,
            )

    allows_undo = False

    def undo_target(self) -> GameState | None:
        """No taking back in the guided game: its script moves only forward."""
        return None

    @property
    def step(self) -> int:
        """The step the game is at (== the number of steps once the script is done)."""
        return self.tutorial.step_of(self.state)

    def submit(self, action: Action) -> str | None:
        """Apply the player's move if it is the one taught now, else a friendly word."""
        expected = self.tutorial.expected(self.state)
        if expected is not None and action != expected and action.seat == ME:
            refusal = refusal_text(expected)
            self.refusals.append(refusal)
            return refusal
        return super().submit(action)

    def _apply(self, action: Action) -> str | None:
        before = self.state
        problem = super()._apply(action)
        if problem is None:
            _, events = before.apply(action)  # pure: the same events again
            self.learned |= taught_by(action, before, events)
            if action.seat == ME and self.on_step is not None:
                self.on_step(self.step)
        return problem

    def request_hint(self, seat: int) -> bool:
        """The hint is the taught move, with the coach's words as the reason."""
        expected = self.tutorial.expected(self.state)
        if expected is None or seat not in self.state.to_act:
            return False
        future: Future[Hint | None] = Future()
        future.set_result(Hint(expected, "tacocat.tutorial.hint", {}, 1.0))
        self._hint_future, self._hint_state = future, self.state
        return True
