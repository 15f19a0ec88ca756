"""The table's game when the other seat is a person at another screen.

The server holds the only state and applies every move (docs/protocol.md); this
session holds what a person in its seat may know - the seat's latest
:class:`~tacocat.rules.Observation` and the events the server sent it - and nothing
more: the other hand is never in this process before the rules reveal it. It answers
the table as :class:`~tacocat.ui.table.session.GameSession` does (who acts, what is
legal, why a click is refused, the events to animate), so the table, its controls and
its narration run unchanged on it.

Data flow::

    person's click --> OnlineSession.submit --> GameFeed.act (the network thread)
    server's update --> GameFeed --> OnlineSession.update --> events --> the animator

A secret choice made and then overtaken by the other seat's (the server refuses it as
``stale``) is sent again at the new ``seq`` without asking again; a state that skips
updates (a reconnection) lays the table out afresh from the observation.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from tacocat.net import messages as m
from tacocat.net.codec import decode_event, decode_observation
from tacocat.online.client import Sent, secret_choice
from tacocat.online.link import GameFeed
from tacocat.rules import Action, GameRecord, GameState, Observation, Phase
from tacocat.rules.events import Event
from tacocat.ui.results.score import ScoreBook
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.players import Person, Player, Remote
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.refusals import refusal_text

log = logging.getLogger(__name__)


class OnlineSession:
    """One online game at this table, as its seat sees it.

    :param config: the game (kind online, the person's seat, both names, the rules).
    :param feed: the game's messages (``tacocat.online.link``); its latest state is
        where the table starts.
    :param on_finished: called once with the final state (the record the server sends
        at the end) and the result (``won``, ``resigned`` or ``expired``).
    """

    allows_undo = False
    undos = 0
    saves = None
    hint_pending = False
    ai_thinking = False

    def __init__(
        self,
        config: GameConfig,
        feed: GameFeed,
        on_finished: Callable[[GameState, m.Result], None] | None = None,
    ) -> None:
        self.config, self.feed, self.on_finished = config, feed, on_finished
        self.seating = config.seating
        seat = self.seating.person
        assert seat is not None and self.seating.online, "an online game has one person here"
        self.seat: int = seat
        self.human_seats = self.seating.people
        self.visible_seats = self.seating.seen_here
        other = 1 - seat
        remote = Remote(lambda: other in self._seen.to_act and not self.is_over)
        #: Who plays each seat: the person here, and the one across the network.
        self.players: tuple[Player, Player] = (
            (Person(), remote) if seat == 0 else (remote, Person())
        )
        self.outbox: deque[Event] = deque()
        start = feed.latest
        if start is None or start.observation is None:
            raise ValueError("an online game is shown once it has begun")
        self.seq = start.seq
        self._seen = decode_observation(start.observation)
        #: The server's word on each seat: its name and whether it is connected.
        self.presence: list[m.Player] = list(feed.state.players) if feed.state else []
        #: Laid out from the observation (a game under way), not dealt with animation.
        self.resumed = self.seq > 0
        if not self.resumed:
            self.outbox.extend(self._seen.history)  # the deal, animated as in a local game
        self.applied = 0
        self.relayout_due = False
        self.ended: m.Ended | None = None
        self.final: GameState | None = None
        self.refused: str | None = None
        self._sent: Sent | None = None
        for message in feed.drain():
            if getattr(message, "seq", self.seq + 1) > self.seq or isinstance(
                message, m.Presence | m.Ended
            ):
                self._take(message)

    # --- what the table asks ---------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.config.names[seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    def observation(self, seat: int) -> Observation:
        """This seat's observation; the other seat's is not known here."""
        if seat != self.seat:
            raise ValueError(f"seat {seat} plays at another screen: its view is not known here")
        return self._seen

    @property
    def public(self) -> Observation:
        return self._seen

    def seen(self) -> dict[int, Observation]:
        return {self.seat: self._seen}

    @property
    def is_over(self) -> bool:
        return self.ended is not None or self._seen.phase is Phase.OVER

    @property
    def awaiting(self) -> bool:
        """This seat's act is on its way and not yet answered."""
        return self._sent is not None and self._sent.seq == self.seq

    def actor(self) -> tuple[int, bool] | None:
        """``(seat, is_human)`` of who acts now: this seat when it owes an action (and its
        last one is not on its way), else the other when it owes one."""
        seen = self._seen
        if self.is_over or not seen.to_act:
            return None
        if self.seat in seen.to_act and seen.own_commit is None:
            return None if self.awaiting else (self.seat, True)
        other = 1 - self.seat
        return (other, False) if other in seen.to_act else None

    def human_to_act(self) -> int | None:
        who = self.actor()
        return who[0] if who is not None and who[1] else None

    def legal(self, seat: int) -> Sequence[Action]:
        return self.observation(seat).legal_actions()

    def problem(self, action: Action) -> str | None:
        refused = self._seen.refusal(action)
        return None if refused is None else refusal_text(refused, self.config.names)

    def submit(self, action: Action) -> str | None:
        """Send this seat's action; the reason when it cannot go (nothing is sent then)."""
        if self.human_to_act() != action.seat:
            return self.problem(action) or tr("tacocat.refusal.not_your_move")
        problem = self.problem(action)
        if problem is not None:
            return problem
        self._send(action)
        return None

    def _send(self, action: Action) -> None:
        self._sent = Sent(self.seq, action, secret_choice(self._seen))
        self.feed.act(self.seq, action)

    def pop_events(self) -> list[Event]:
        out = list(self.outbox)
        self.outbox.clear()
        return out

    def score_book(self) -> ScoreBook:
        """The score so far (the rounds' details stay on the server until the record comes)."""
        return ScoreBook(wins=list(self._seen.wins))

    # --- presence ----------------------------------------------------------------------

    @property
    def online(self) -> bool:
        """The line to the server is up (else the table shows it reconnecting)."""
        return self.feed.online

    @property
    def opponent_here(self) -> bool | None:
        """Whether the other person has the game open (None: not known yet)."""
        other = 1 - self.seat
        return self.presence[other].connected if len(self.presence) == 2 else None

    def resign(self) -> None:
        self.feed.resign()

    # --- the frame tick ---------------------------------------------------------------

    def update(self, dt: float, idle: bool) -> None:
        """Take what the server sent since the last frame."""
        for message in self.feed.drain():
            self._take(message)

    def _take(self, message: Any) -> None:
        if isinstance(message, m.Update):
            self._take_update(message)
        elif isinstance(message, m.State):
            self._take_state(message)
        elif isinstance(message, m.Presence) and len(self.presence) == 2:
            self.presence[message.seat] = m.Player(
                self.presence[message.seat].name, message.connected
            )
        elif isinstance(message, m.Refused):
            self._take_refusal(message)
        elif isinstance(message, m.Ended):
            self._take_end(message)

    def _take_update(self, update: m.Update) -> None:
        if update.seq <= self.seq:
            return  # seen already (a state after a reconnection carried it)
        if update.seq > self.seq + 1:
            self.feed.resync()  # an update was missed: the state that follows lays out afresh
            return
        self.outbox.extend(decode_event(event) for event in update.events)
        self._moved_on(update.seq, decode_observation(update.observation))

    def _take_state(self, state: m.State) -> None:
        self.presence = list(state.players)
        if state.observation is None or state.seq < self.seq:
            return
        seen = decode_observation(state.observation)
        if state.seq > self.seq or seen != self._seen:
            self.outbox.clear()  # the layout below shows where they led
            self.relayout_due = True
        self._moved_on(state.seq, seen)

    def _moved_on(self, seq: int, seen: Observation) -> None:
        moved = seq != self.seq
        self.seq, self._seen = seq, seen
        if moved:
            self.applied += 1
            self.refused = None
        self._send_again()

    def _send_again(self) -> None:
        """The other seat's secret choice moved ``seq`` on under this seat's: the same choice
        goes again (docs/protocol.md, "Act"), the person is not asked twice."""
        sent, seen = self._sent, self._seen
        if sent is None or sent.seq == self.seq or sent.choice is None:
            return
        if (
            self.seat in seen.to_act
            and seen.own_commit is None
            and secret_choice(seen) == sent.choice
            and sent.action in seen.legal_actions()
        ):
            self._send(sent.action)

    def _take_refusal(self, refusal: m.Refused) -> None:
        if refusal.code == "stale":
            return  # the state that follows decides (and sends a secret choice again)
        log.warning("the server refused %s (%s)", refusal.code, refusal.reason)
        self._sent = None
        if refusal.code == "illegal":
            self.refused = tr("tacocat.refusal.not_your_move")

    def _take_end(self, ended: m.Ended) -> None:
        if self.ended is not None:
            return
        self.ended = ended
        try:
            self.final = GameRecord.from_dict(ended.record).replay() if ended.record else None
        except Exception:
            log.exception("the record of online game %s does not replay", self.feed.game)
        if self.final is not None and self.on_finished is not None:
            try:
                self.on_finished(self.final, ended.result)
            except Exception:
                log.exception("recording the finished online game failed")

    # --- what an online game does not offer --------------------------------------------

    def undo_target(self) -> None:
        return None

    def undo(self) -> bool:
        return False

    def request_hint(self, seat: int) -> bool:
        return False

    def take_hint(self) -> None:
        return None

    def forced_answer(self) -> None:
        return None

    def save_now(self) -> None:
        """Nothing to save here: the server keeps the game."""

    def close(self) -> None:
        """The table is left; the game goes on following (the list of online games)."""
