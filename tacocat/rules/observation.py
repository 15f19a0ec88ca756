"""What one seat knows: the only view of a game an AI or a screen may use.

:func:`observe` copies from the state exactly what a person in the seat
knows (RULES.md, "What each player knows"): their own hand, every public card,
hand sizes, the board, the score, whose turn it is, and the public inferences
(a sacrifice shows that every card left in that hand is at least as high).
Never the opponent's hand, the draw pile's order, or the opponent's secret
duel or replacement choice before the reveal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tacocat.rules.actions import Action
from tacocat.rules.errors import IllegalAction
from tacocat.rules.events import Event
from tacocat.rules.moves import legal_actions
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import Commit, Ruleset, Seat
from tacocat.rules.validation import refusal
from tacocat.rules.view import StateView


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's knowledge of the game. Compared by value.

    Attributes:
        seat: whose observation this is.
        ruleset: the rules in force (deck, board, variants).
        phase: the :class:`Phase` (a string enum: it also equals its name,
            ``"replace"``, ``"duel"``, ``"attack"``, ``"defend"``, ``"over"``).
        to_act: the seats that owe an action.
        round_number, token, covered, wins, tied_rounds: the board and score.
        hand: this seat's hand, sorted.
        opponent_hand_size, draw_pile_size: counts only.
        discards: every card played or discarded face up this round, in order.
        replace_limit: how many cards this seat may replace now (None: any).
        replace_secret: True when replacement is a secret choice (centre).
        own_commit: this seat's hidden choice awaiting the reveal (its duel
            card or replacement discards), else None.
        opponent_committed: whether the opponent has made its hidden choice.
        duels: this round's revealed duel pairs (indexed by seat).
        attacker: who attacks now, else None.
        attack: the attack being answered, ascending; ``responses`` the answers so far.
        floors: per seat, a value every card left in that hand is known to
            reach (its last sacrifice, else 0) - public knowledge.
        history: this round's events that this seat saw, in order.
        winner: the game's winner, else None.
        pending_target: the attack card to answer next (defend phase), else None.
        trick_sacrificed: whether the defender already sacrificed in the trick
            being answered (the attacker then wins it whatever comes next).
        secret_choice_open: both seats choose in secret now (the duel, or
            replacement on the centre).

    The last three are the state's own answers, copied (never re-derived here).
    """

    seat: Seat
    ruleset: Ruleset
    phase: Phase
    to_act: tuple[Seat, ...]
    round_number: int
    token: int
    covered: frozenset[int]
    wins: tuple[int, int]
    tied_rounds: int
    hand: tuple[int, ...]
    opponent_hand_size: int
    draw_pile_size: int
    discards: tuple[int, ...]
    replace_limit: int | None
    replace_secret: bool
    own_commit: Commit | None
    opponent_committed: bool
    duels: tuple[tuple[int, int], ...]
    attacker: Seat | None
    attack: tuple[int, ...]
    responses: tuple[int, ...]
    floors: tuple[int, int]
    history: tuple[Event, ...]
    winner: Seat | None
    pending_target: int | None
    trick_sacrificed: bool
    secret_choice_open: bool

    @property
    def opponent(self) -> Seat:
        return 1 - self.seat

    def legal_actions(self) -> Sequence[Action]:
        """Every action this seat may take now: the same as the state's
        :meth:`~tacocat.rules.GameState.legal_actions` for this seat (tested), so a
        client holding only its observation offers exactly the moves the rules accept."""
        return legal_actions(
            self.seat, self.to_act, self.phase, self.hand, self.replace_limit, self.pending_target
        )

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why this seat's ``action`` is illegal now, or None: the state's own answer
        (:meth:`~tacocat.rules.GameState.refusal`, tested equal), worked out from what the
        seat knows, so a client words a refused click as a local game does. An action of
        the other seat is refused as not held: this seat cannot know that hand."""
        return refusal(_ActingSide(self), action)

    def unseen_cards(self) -> tuple[int, ...]:
        """The deck minus this hand and every public card: the opponent's hand
        and the draw pile are drawn from these (sorted)."""
        remaining = list(self.ruleset.deck)
        for card in self.hand + self.discards:
            remaining.remove(card)
        return tuple(remaining)


class _ActingSide:
    """An observation read as the checks of an action read a state
    (:class:`~tacocat.rules.validation.ActorView`): the other hand is unknown, so empty."""

    __slots__ = ("_seen",)

    def __init__(self, seen: Observation) -> None:
        self._seen = seen

    phase = property(lambda self: self._seen.phase)
    to_act = property(lambda self: self._seen.to_act)
    replace_limit = property(lambda self: self._seen.replace_limit)
    pending_target = property(lambda self: self._seen.pending_target)

    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        own = self._seen.hand
        return (own, ()) if self._seen.seat == 0 else ((), own)

    @property
    def commits(self) -> tuple[Commit | bool | None, Commit | bool | None]:
        seen = self._seen
        other = True if seen.opponent_committed else None  # made, and hidden
        return (seen.own_commit, other) if seen.seat == 0 else (other, seen.own_commit)


def observe(state: StateView, seat: Seat) -> Observation:
    """Build ``seat``'s :class:`Observation` of ``state``."""
    opponent = 1 - seat
    secret_phase = state.secret_choice_open
    own_commit = state.commits[seat] if secret_phase else None
    opponent_committed = secret_phase and state.commits[opponent] is not None
    limit = state.replace_limit if state.phase is Phase.REPLACE and seat in state.to_act else None
    return Observation(
        seat=seat,
        ruleset=state.ruleset,
        phase=state.phase,
        to_act=state.to_act,
        round_number=state.round_number,
        token=state.token,
        covered=state.covered,
        wins=state.wins,
        tied_rounds=state.tied_rounds,
        hand=state.hands[seat],
        opponent_hand_size=len(state.hands[opponent]),
        draw_pile_size=len(state.draw_pile),
        discards=state.discards,
        replace_limit=limit,
        replace_secret=state.phase is Phase.REPLACE and state.replace_secret,
        own_commit=own_commit,
        opponent_committed=opponent_committed,
        duels=state.duels,
        attacker=state.attacker,
        attack=state.attack,
        responses=state.responses,
        floors=state.floors,
        history=state.seen_this_round(seat),
        winner=state.winner,
        pending_target=state.pending_target,
        # The state keeps the flag after the trick; outside one there is nothing to answer.
        trick_sacrificed=state.phase is Phase.DEFEND and state.trick_sacrificed,
        secret_choice_open=secret_phase,
    )
