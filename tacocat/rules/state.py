"""The game state: one immutable value, its queries, and apply.

A :class:`GameState` is one moment of a game. It answers who owes an action
(:attr:`~GameState.to_act`), what they may do (:meth:`~GameState.legal_actions`),
why an action is refused (:meth:`~GameState.refusal`) and what one seat knows
(:meth:`~GameState.observation`). :meth:`GameState.apply` returns a *new*
state and the events the action caused, and leaves the old one untouched (an
illegal action raises :class:`IllegalAction` and changes nothing). Start a
game with :func:`new_game`.

The state delegates each job to a module that does not import it back:
refusals to :mod:`~tacocat.rules.validation`, legal actions to
:mod:`~tacocat.rules.moves`, observations to :mod:`~tacocat.rules.observation`,
and how an action changes a game to :mod:`~tacocat.rules.transitions`.

Secret simultaneous choices (the duel, and replacement on the two-arrow
centre) are explicit: while both seats still owe a choice, :attr:`to_act`
names both; each choice is stored as a hidden *commit* that the opponent's
observation does not show, and both are revealed together once the second
commit arrives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tacocat.rules import events as ev
from tacocat.rules.actions import Action
from tacocat.rules.errors import IllegalAction
from tacocat.rules.moves import ReplaceActions
from tacocat.rules.moves import legal_actions as _legal_actions
from tacocat.rules.observation import Observation
from tacocat.rules.observation import observe as _observe
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import (
    DEFAULT_RULESET,
    SEATS,
    Commit,
    Ruleset,
    Seat,
    Space,
    other,
    rounds_to_win,
)
from tacocat.rules.shuffle import Decks
from tacocat.rules.transitions import start, step
from tacocat.rules.validation import invariant_problems, refusal

__all__ = ["GameState", "Phase", "ReplaceActions", "new_game", "rounds_to_win"]

#: The actions applied so far, newest first, as a linked list (cheap to extend).
_ActionChain = tuple[Any, Action] | None


class GameState:
    """One moment of a game. Treat every attribute as read-only.

    Only :meth:`apply` and :func:`new_game` make states; both let
    :mod:`~tacocat.rules.transitions` change a fresh copy that nobody else
    holds yet, so a state you hold never changes.

    Attributes:
        ruleset: the :class:`Ruleset` in force.
        decks: the deck orders of every deal, from the seed (or a record).
        deal_index: deals made so far (the next deck order to use).
        phase: the :class:`Phase` waiting for an action.
        round_number: rounds started so far (replayed ties count), from 1.
        token: Tacocat's position: a space index, or a goal (see ``Board.goal_of``).
        covered: indices of the spaces under a tile.
        wins: rounds won by each seat.
        tied_rounds: showdowns that ended in a tie (and were replayed).
        hands: each seat's hand, a sorted tuple of card values.
        draw_pile: the face-down pile, top card first.
        discards: every card played or discarded face up this round, in order.
        replace_first: who replaces first this round (None on the two-arrow
            centre, where both choose in secret).
        replacer: who replaces now, else None.
        replace_limit: the most cards the second replacer may change (as many
            as the first changed), set once the first changed some, else None.
        replace_secret: True for a round dealt on the two-arrow centre, where
            replacement is a secret choice.
        commits: each seat's hidden choice while a secret choice is open (the
            cards to replace, or the duel card), else None; never observed.
        attacker: who attacks (ATTACK/DEFEND phases), else None.
        attack: the attack being answered (sorted ascending), else ``()``.
        responses: the answers given so far to ``attack``, in order.
        trick_sacrificed: whether the defender sacrificed in the current (or
            last) trick.
        floors: for each seat, a value that every card left in its hand is
            known (publicly) to be at least: its last sacrifice, else 0.
        duels: this round's revealed duel pairs, indexed by seat.
        winner: the seat that won the game, else None.
        last_round_winner: the seat that won the last decided round, else None.
    """

    __slots__ = (
        "ruleset",
        "decks",
        "deal_index",
        "phase",
        "round_number",
        "token",
        "covered",
        "wins",
        "tied_rounds",
        "hands",
        "draw_pile",
        "discards",
        "replace_first",
        "replacer",
        "replace_limit",
        "replace_secret",
        "commits",
        "attacker",
        "attack",
        "responses",
        "trick_sacrificed",
        "floors",
        "duels",
        "winner",
        "last_round_winner",
        "_actions",
        "_round_log",
        "_seen",
        "_to_act",
    )
    ruleset: Ruleset
    decks: Decks
    deal_index: int
    phase: Phase
    round_number: int
    token: int
    covered: frozenset[int]
    wins: tuple[int, int]
    tied_rounds: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    draw_pile: tuple[int, ...]
    discards: tuple[int, ...]
    replace_first: Seat | None
    replacer: Seat | None
    replace_limit: int | None
    replace_secret: bool
    commits: tuple[Commit | None, Commit | None]
    attacker: Seat | None
    attack: tuple[int, ...]
    responses: tuple[int, ...]
    trick_sacrificed: bool
    floors: tuple[int, int]
    duels: tuple[tuple[int, int], ...]
    winner: Seat | None
    last_round_winner: Seat | None
    _actions: _ActionChain
    _round_log: tuple[ev.Event, ...]
    _seen: tuple[tuple[ev.Event, ...], tuple[ev.Event, ...]] | None
    _to_act: tuple[Seat, ...]

    # --- construction ----------------------------------------------------

    def _clone(self) -> GameState:
        """A shallow copy (every value is immutable): the draft :meth:`apply` changes.

        Every slot is copied, so a new slot must be added here too.
        """
        # Spelled out rather than looped over __slots__: apply() clones once per
        # action and this is the engine's hottest line.
        c = object.__new__(GameState)
        c.ruleset = self.ruleset
        c.decks = self.decks
        c.deal_index = self.deal_index
        c.phase = self.phase
        c.round_number = self.round_number
        c.token = self.token
        c.covered = self.covered
        c.wins = self.wins
        c.tied_rounds = self.tied_rounds
        c.hands = self.hands
        c.draw_pile = self.draw_pile
        c.discards = self.discards
        c.replace_first = self.replace_first
        c.replacer = self.replacer
        c.replace_limit = self.replace_limit
        c.replace_secret = self.replace_secret
        c.commits = self.commits
        c.attacker = self.attacker
        c.attack = self.attack
        c.responses = self.responses
        c.trick_sacrificed = self.trick_sacrificed
        c.floors = self.floors
        c.duels = self.duels
        c.winner = self.winner
        c.last_round_winner = self.last_round_winner
        c._actions = self._actions
        c._round_log = self._round_log
        c._seen = self._seen
        c._to_act = self._to_act
        return c

    # --- public queries --------------------------------------------------

    @property
    def seed(self) -> int:
        """The seed the game was started with."""
        return self.decks.seed

    @property
    def is_over(self) -> bool:
        """True once the game is won (the phase is OVER)."""
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that owe an action now (both during a secret choice)."""
        return self._to_act

    def _compute_to_act(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase is Phase.ATTACK or phase is Phase.DEFEND:
            attacker = self._attacker()
            return (attacker,) if phase is Phase.ATTACK else (other(attacker),)
        if self.secret_choice_open:
            return tuple(s for s in SEATS if self.commits[s] is None)
        if phase is Phase.REPLACE and self.replacer is not None:
            return (self.replacer,)
        return ()

    def _attacker(self) -> Seat:
        """The attacker, in the phases that always have one."""
        assert self.attacker is not None
        return self.attacker

    @property
    def secret_choice_open(self) -> bool:
        """True while both seats choose in secret: the duel, or replacement on the centre."""
        return self.phase is Phase.DUEL or (self.phase is Phase.REPLACE and self.replace_secret)

    @property
    def space(self) -> Space | None:
        """The board space Tacocat stands on (None once it is in a goal)."""
        spaces = self.ruleset.board.spaces
        return spaces[self.token] if 0 <= self.token < len(spaces) else None

    @property
    def hand_size(self) -> int:
        """Cards in each hand (hands are always equal in size)."""
        return len(self.hands[0])

    @property
    def pending_target(self) -> int | None:
        """The attack card the defender must answer next, if any."""
        if self.phase is Phase.DEFEND:
            return self.attack[len(self.responses)]
        return None

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the start of the game, in order."""
        out: list[Action] = []
        node = self._actions
        while node is not None:
            node, action = node
            out.append(action)
        return tuple(reversed(out))

    @property
    def deals(self) -> tuple[tuple[int, ...], ...]:
        """The shuffled deck order of every deal made so far."""
        return tuple(self.decks.order(k) for k in range(self.deal_index))

    @property
    def round_log(self) -> tuple[ev.Event, ...]:
        """Every event of the current round (all audiences)."""
        return self._round_log

    def seen_this_round(self, seat: Seat) -> tuple[ev.Event, ...]:
        """The events of the current round that ``seat`` saw (public and its own)."""
        if self._seen is None:
            log = self._round_log
            self._seen = (ev.visible_to(log, 0), ev.visible_to(log, 1))
        return self._seen[seat]

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every action ``seat`` may take now (empty when it owes none).

        A sequence without repeats; replacements are decoded on demand (a hand
        of seven has 128 of them), everything else is a list.
        """
        return _legal_actions(
            seat, self.to_act, self.phase, self.hands[seat], self.replace_limit, self.pending_target
        )

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now (the error :meth:`apply` would raise, unraised), or None.

        Its ``reason`` code and ``params`` are for the user interface to word.
        """
        return refusal(self, action)

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action`` now."""
        return refusal(self, action) is None

    def observation(self, seat: Seat) -> Observation:
        """What a person in ``seat`` knows now; see :class:`Observation`."""
        return _observe(self, seat)

    # --- apply -----------------------------------------------------------

    def apply(self, action: Action) -> tuple[GameState, tuple[ev.Event, ...]]:
        """Apply a legal ``action``: return the new state and the events caused.

        The only way a game moves on: the action is checked (:meth:`refusal`),
        :func:`~tacocat.rules.transitions.step` changes a copy, and the copy
        records the action, who acts next and the round's log. One action may
        end a round and deal the next; :attr:`round_log` then restarts there.

        Returns:
            The next state, and every event the action caused in order, for
            all audiences (filter them with :func:`~tacocat.rules.events.visible_to`).

        Raises:
            IllegalAction: the action is not legal here; its ``reason`` code
                and ``params`` say why.
        """
        problem = refusal(self, action)
        if problem is not None:
            raise problem
        state = self._clone()
        out: list[ev.Event] = []
        step(state, action, out)
        state._actions = (self._actions, action)
        state._to_act = state._compute_to_act()
        if state.round_number != self.round_number:  # a new deal: the log restarts there
            start = max(i for i, e in enumerate(out) if type(e) is ev.RoundStarted)
            state._round_log = tuple(out[start:])
        else:
            state._round_log = self._round_log + tuple(out)
        state._seen = None  # each seat's view of the log, filtered when first asked
        return state, tuple(out)

    # --- checks ----------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        """Every way this state breaks the game's invariants (empty when sound).

        Used by tests and by the save loader to refuse impossible games.
        """
        return invariant_problems(self)

    def __repr__(self) -> str:
        return (
            f"<GameState round={self.round_number} phase={self.phase.value} token={self.token} "
            f"wins={self.wins} hands={self.hands} to_act={self.to_act}>"
        )


def new_game(
    seed: int, ruleset: Ruleset = DEFAULT_RULESET, recorded_deals: tuple[tuple[int, ...], ...] = ()
) -> tuple[GameState, tuple[ev.Event, ...]]:
    """Start a game: Tacocat on the centre and the first round dealt.

    Args:
        seed: a non-negative whole number; the same seed and the same actions
            give the same game, event for event.
        ruleset: deck, board and variants (:data:`DEFAULT_RULESET`).
        recorded_deals: deck orders to use for the first deals instead of the
            seed's (for replaying a record).

    Returns:
        The state waiting for the first replacement, and the deal's events.
    """
    if type(seed) is not int or seed < 0:
        raise ValueError(f"the seed must be a whole number of 0 or more, not {seed!r}")
    state = object.__new__(GameState)
    state.ruleset = ruleset
    state.decks = Decks(ruleset.deck, seed, recorded_deals)
    state._actions = None
    out: list[ev.Event] = []
    start(state, out)
    state._round_log = tuple(out)
    state._to_act = state._compute_to_act()
    state._seen = None
    return state, tuple(out)
