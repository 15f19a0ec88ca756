"""The game controller behind the table: state, seats, AI, autosave. No drawing.

Data flow::

    human input / AI answer --> GameSession.submit(action) --> GameState.apply
        --> events (filtered to what the screen may know) --> outbox
        --> the table's Animator pops them one at a time and updates its view

The session holds the authoritative :class:`~tacocat.rules.GameState`, which
may be *ahead* of what the screen shows: the table only draws what its
animator has played so far. Nobody acts while the animator still has events
(the scene passes ``idle`` to :meth:`GameSession.update`).

Seats (the config's :class:`~tacocat.seating.Seating`):

* one person against the computer - in a secret choice (the duel, the centre
  replacement) the bot commits *first* (the engine hides its choice) and the
  reveal happens when the person commits.
* two people sharing the screen - secret choices are made one seat at a time,
  the first seat first; the table shows the pass-the-device screen between them.
* the computer in both seats (a demo).

Each seat has its :class:`~tacocat.ui.table.players.Player`: a person here answers
through the table's controls (:meth:`GameSession.submit`); the computer is asked
with its seat's observation and answers through :meth:`GameSession.update`,
thinking in an :class:`~tacocat.ai.worker.AIWorker` (a separate process by
default), its moves paced so that a person can follow.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Protocol

from tacocat.ai.worker import AIWorker
from tacocat.rules import (
    Action,
    GameRecord,
    GameState,
    IllegalAction,
    Observation,
    Phase,
    Ruleset,
    new_game,
)
from tacocat.rules.events import Event
from tacocat.seating import Seating
from tacocat.ui.results.score import ScoreBook, book_from_state
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.players import Player, seat_players
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.refusals import refusal_text

if TYPE_CHECKING:
    from tacocat.ai.hints import Hint

log = logging.getLogger(__name__)


class TableSession(Protocol):
    """What the table asks of the game behind it: a local :class:`GameSession`, or an
    online game's (``online_session.OnlineSession``), which knows only its seat's view."""

    config: GameConfig
    seating: Seating
    visible_seats: frozenset[int]
    resumed: bool
    applied: int
    undos: int
    allows_undo: bool
    #: The table must be laid out again from :meth:`seen` (set by the session, cleared
    #: by the table): the game moved on in a way no event tells.
    relayout_due: bool

    @property
    def saves(self) -> AutosaveStore | None: ...
    @property
    def public(self) -> Observation: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def ai_thinking(self) -> bool: ...
    @property
    def hint_pending(self) -> bool: ...
    def observation(self, seat: int) -> Observation: ...
    def seen(self) -> dict[int, Observation]: ...
    def score_book(self) -> ScoreBook: ...
    def name(self, seat: int) -> str: ...
    def actor(self) -> tuple[int, bool] | None: ...
    def human_to_act(self) -> int | None: ...
    def problem(self, action: Action) -> str | None: ...
    def submit(self, action: Action) -> str | None: ...
    def pop_events(self) -> list[Event]: ...
    def update(self, dt: float, idle: bool) -> None: ...
    def undo_target(self) -> Any: ...
    def undo(self) -> bool: ...
    def request_hint(self, seat: int) -> bool: ...
    def take_hint(self) -> Hint | None: ...
    def save_now(self) -> None: ...
    def close(self) -> None: ...


class AutosaveStore(Protocol):
    """What the session needs of the save store (``tacocat.persistence.saves.SaveStore``)."""

    def has_autosave(self) -> bool: ...

    def write_autosave(self, app_config: dict[str, Any], record: GameRecord) -> Any: ...

    def clear_autosave(self) -> Any: ...


def config_to_dict(config: GameConfig, undos: int = 0) -> dict[str, Any]:
    """The app config the autosave stores (see ``tacocat.persistence.saves``);
    ``undos``: moves taken back so far (the key is left out when there were none)."""
    data: dict[str, Any] = {
        "mode": str(config.mode),
        "level": config.level,
        "human_seat": config.seating.person,
        "names": list(config.names),
    }
    if undos:
        data["undos"] = undos
    return data


class GameSession:
    """One game being played on the table.

    :param config: the game to play.
    :param state: resume from this state (e.g. a replayed autosave) instead
        of dealing a new game.
    :param worker: where bots think (default: a new process worker).
    :param saves: the autosave store (the app's ``SaveStore``), or None.
    :param speed: a callable giving the animation speed multiplier
        (``math.inf`` = instant) used to pace bot moves.
    :param on_finished: called once with the final state when the game ends.
    """

    def __init__(
        self,
        config: GameConfig,
        state: GameState | None = None,
        *,
        worker: AIWorker | None = None,
        saves: AutosaveStore | None = None,
        speed: Callable[[], float] = lambda: 1.0,
        on_finished: Callable[[GameState], None] | None = None,
        undos: int = 0,
    ) -> None:
        self.config = config
        #: Moves taken back so far (kept in the autosave and the History's record).
        self.undos = undos
        self._undo_history: Any = None  # earlier states for Take back (see .undo)
        self.seating = config.seating
        self.human_seats = self.seating.people
        #: Seats whose private events (own cards) the screen may learn.
        self.visible_seats = self.seating.seen_here
        self.worker = worker or AIWorker()
        # A new demo must not overwrite the player's unfinished game; a demo
        # started on an empty slot (or resumed with --continue) saves as usual.
        if not self.human_seats and state is None and saves is not None and saves.has_autosave():
            saves = None
        self.saves = saves
        self.speed = speed
        self.on_finished = on_finished
        self.outbox: deque[Event] = deque()
        self.resumed = state is not None
        self.state: GameState = state if state is not None else self._deal(config)
        self._rng = random.Random(f"tacocat-ui:{self.state.seed}:{len(self.state.actions)}")
        #: Who plays each seat.
        self.players: tuple[Player, Player] = seat_players(
            self.seating, self.worker, config.level, self, self._rng, speed
        )
        self._asked: tuple[GameState, int] | None = None  # the question a computer thinks about
        self._seen: tuple[GameState, dict[int, Observation]] | None = None
        self._hint_future: Future[Hint | None] | None = None
        self._hint_state: GameState | None = None
        self._finished_reported = False
        #: Moves made or taken back so far: the table's key for "the game moved on".
        self.applied = 0
        self.relayout_due = False  # Take back lays out itself (TableScene.take_back)
        if len(self.human_seats) < 2:
            self.worker.start()  # warm up while the deal animates (hot-seat: on the first hint)
        if self.state.is_over:
            self._finish()

    def _deal(self, config: GameConfig) -> GameState:
        """A new game, dealt (the deal's events go to the outbox)."""
        seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**31)
        state, events = new_game(seed, config.ruleset or Ruleset())
        self._emit(events)
        return state

    # --- who acts -----------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return seat in self.human_seats

    def name(self, seat: int) -> str:
        return self.config.names[seat]

    def actor(self) -> tuple[int, bool] | None:
        """``(seat, is_human)`` of the seat that should act now, or None.

        During a secret choice both seats owe one: a bot goes first (vs-AI:
        the computer commits before the human), then the lower seat. In hot-seat
        that is the same order in every round (first seat, then second), never
        "whoever holds the device", which would change with the replacements
        before it (tests/ui/table/test_hotseat_duel_order.py).
        """
        to_act = self.state.to_act
        if not to_act:
            return None
        for seat in to_act:
            if seat not in self.human_seats:
                return seat, False
        return to_act[0], True

    def human_to_act(self) -> int | None:
        """The human seat that may act now, or None."""
        who = self.actor()
        return who[0] if who is not None and who[1] else None

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows of the game now (kept until the game moves on: the table
        asks every frame)."""
        if self._seen is None or self._seen[0] is not self.state:
            self._seen = (self.state, {})
        known = self._seen[1]
        if seat not in known:
            known[seat] = self.state.observation(seat)
        return known[seat]

    @property
    def public(self) -> Observation:
        """An observation to read what everyone knows from (phase, board, score, piles):
        the home seat's (tacocat.seating.Seating.home)."""
        return self.observation(self.seating.home)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def score_book(self) -> ScoreBook:
        """The score so far, each decided round's showdown with it (from the record)."""
        return book_from_state(self.state)

    def seen(self) -> dict[int, Observation]:
        """The observation of each seat this screen may know (:attr:`visible_seats`)."""
        return {seat: self.observation(seat) for seat in sorted(self.visible_seats)}

    def legal(self, seat: int) -> Sequence[Action]:
        return self.state.legal_actions(seat)

    @property
    def ai_thinking(self) -> bool:
        """True while the computer's move is asked for or waiting for its pacing delay."""
        return any(player.deciding for player in self.players)

    # --- applying -----------------------------------------------------------------

    def problem(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (in the player's language), or None.

        The engine's own answer (:meth:`GameState.refusal`), worded: nothing is applied.
        """
        refused = self.state.refusal(action)
        return None if refused is None else refusal_text(refused, self.config.names)

    def submit(self, action: Action) -> str | None:
        """Apply a human's action. Returns the engine's reason if it is illegal."""
        who = self.actor()
        if who is None or not who[1] or action.seat != who[0]:
            if who is not None and not who[1]:
                return tr("tacocat.refusal.computer_choosing")
            return self.problem(action) or tr("tacocat.refusal.not_your_move")
        return self._apply(action)

    def _apply(self, action: Action) -> str | None:
        try:
            state, events = self.state.apply(action)
        except IllegalAction as error:
            return refusal_text(error, self.config.names)
        self.state = state
        self.applied += 1
        self._emit(events)
        self._cancel_hint()
        self._autosave()
        if state.is_over:
            self._finish()
        return None

    def _emit(self, events: tuple[Event, ...]) -> None:
        seen = self.visible_seats
        self.outbox.extend(e for e in events if e.audience is None or e.audience in seen)

    def pop_events(self) -> list[Event]:
        """Hand every queued event to the caller (the animator)."""
        out = list(self.outbox)
        self.outbox.clear()
        return out

    # --- the frame tick -----------------------------------------------------------

    def update(self, dt: float, idle: bool) -> None:
        """Advance bots. ``idle``: the screen has shown every event so far."""
        self.worker.poll()
        if self.state.is_over:
            return
        who = self.actor()
        if who is not None and who[1] and idle:
            forced = self.forced_answer()
            if forced is not None:
                self._apply(forced)  # no hand-over for a move with no choice in it
            return
        if who is None or who[1]:
            return
        seat = who[0]
        player = self.players[seat]
        if self._asked != (self.state, seat):
            self._asked = (self.state, seat)
            player.ask(self.state.observation(seat), self.state.legal_actions(seat))
        if idle and (action := player.answer(dt)) is not None:
            self._asked = None
            self._apply(action)

    def _withdraw(self) -> None:
        """No seat's question stands any more (a move taken back, the game left)."""
        for player in self.players:
            player.withdraw()
        self._asked = None

    def forced_answer(self) -> Action | None:
        """Two people sharing the screen: the answer a defender must give when there is
        no choice (no card reaches the attack, so the lowest is sacrificed). It is played
        for them: passing the device only to press the one possible card would waste
        both players' time, and the sacrifice tells the table nothing the rules would not."""
        if not self.seating.shares_screen or self.state.phase is not Phase.DEFEND:
            return None
        seat = self.human_to_act()
        if seat is None:
            return None
        legal = self.state.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    # --- taking a move back -----------------------------------------------------

    #: Whether this kind of game offers Take back at all (the guided game does not).
    allows_undo = True

    def undo_target(self) -> GameState | None:
        """Where Undo would go back to (against the computer only, see :mod:`.undo`), or None."""
        if not self.seating.against_computer:
            return None
        from tacocat.ui.table.undo import StateHistory, undo_point

        if self._undo_history is None:
            self._undo_history = StateHistory()
        return undo_point(self.state, self.human_seats, self._undo_history)

    def undo(self) -> bool:
        """Take back the player's last decision; the computer's pending move is dropped."""
        target = self.undo_target()
        if target is None:
            return False
        self._cancel_hint()
        self._withdraw()
        self.outbox.clear()
        self.state = target
        self.undos += 1
        self.applied += 1
        self._autosave()
        return True

    # --- hints --------------------------------------------------------------------

    def request_hint(self, seat: int) -> bool:
        """Ask for a hint for ``seat`` (answered off the main loop)."""
        if seat not in self.state.to_act:
            return False
        legal = self.state.legal_actions(seat)
        if not legal:
            return False
        self._hint_future = self.worker.hint(self.state.observation(seat), legal)
        self._hint_state = self.state
        return True

    @property
    def hint_pending(self) -> bool:
        return self._hint_future is not None and not self._hint_future.done()

    def take_hint(self) -> Hint | None:
        """The finished hint (``action``, ``reason``) for the current state, once."""
        future = self._hint_future
        if future is None or not future.done():
            return None
        self._hint_future = None
        if self._hint_state is not self.state or future.cancelled():
            return None
        try:
            hint = future.result()
        except Exception:
            log.exception("the hint failed")
            return None
        if hint is None or not self.state.is_legal(hint.action):
            return None
        return hint

    def _cancel_hint(self) -> None:
        if self._hint_future is not None:
            self._hint_future.cancel()
        self._hint_future = None

    # --- saving and the end -------------------------------------------------------

    def save_now(self) -> None:
        """Write the autosave now (the table calls it when the player leaves)."""
        self._autosave()

    def _autosave(self) -> None:
        """Save after every action, so a closed window or a crash loses nothing."""
        if self.saves is None or self.state.is_over:
            return
        try:
            self.saves.write_autosave(
                config_to_dict(self.config, self.undos), GameRecord.from_state(self.state)
            )
        except Exception as error:  # a full disk must not stop the game
            log.warning("autosave failed: %s", error)

    def _finish(self) -> None:
        if self._finished_reported:
            return
        self._finished_reported = True
        # Recorded first, cleared last: the autosave is the game until the History
        # and the statistics have it (a kill in between must not lose it), so a
        # recorder (the table's) clears it itself, as the last step of recording.
        if self.on_finished is not None:
            try:
                self.on_finished(self.state)
            except Exception:
                log.exception("recording the finished game failed")
        elif self.saves is not None:
            try:
                self.saves.clear_autosave()
            except Exception as error:
                log.warning("could not clear the autosave: %s", error)

    def close(self) -> None:
        """Stop thinking at once (the window is closing or the game is left)."""
        self._cancel_hint()
        self._withdraw()
        self.worker.close()
