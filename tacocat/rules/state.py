"""The game state: phases, whose turn, legal actions, and apply.

A :class:`GameState` is immutable: :meth:`GameState.apply` returns a *new*
state and the events the action caused, and leaves the old one untouched (an
illegal action raises :class:`IllegalAction` and changes nothing). Start a
game with :func:`new_game`.

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
from tacocat.rules.actions import Action, Attack, DuelCard, Replace, Respond, classify_attack
from tacocat.rules.errors import IllegalAction
from tacocat.rules.moves import ReplaceActions
from tacocat.rules.moves import legal_actions as _legal_actions
from tacocat.rules.moves import take as _take
from tacocat.rules.observation import Observation
from tacocat.rules.observation import observe as _observe
from tacocat.rules.phase import Phase
from tacocat.rules.round_end import showdown
from tacocat.rules.ruleset import DEFAULT_RULESET, SEATS, Ruleset, Seat, Space, other, rounds_to_win
from tacocat.rules.ruleset import with_seat as _with
from tacocat.rules.shuffle import Decks
from tacocat.rules.validation import invariant_problems, refusal

__all__ = ["GameState", "Phase", "ReplaceActions", "new_game", "rounds_to_win"]

#: The actions applied so far, newest first, as a linked list (cheap to extend).
_ActionChain = tuple[Any, Action] | None


class GameState:
    """One moment of a game. Treat every attribute as read-only.

    Attributes:
        ruleset: the :class:`Ruleset` in force.
        phase: the :class:`Phase` waiting for an action.
        round_number: rounds started so far (replayed ties count), from 1.
        token: Tacocat's position: a space index, or a goal (see ``Board.goal_of``).
        covered: indices of the spaces under a tile.
        wins: rounds won by each seat.
        tied_rounds: showdowns that ended in a tie (and were replayed).
        hands: each seat's hand, a sorted tuple of card values.
        draw_pile: the face-down pile, top card first.
        discards: every card played or discarded face up this round, in order.
        attacker: who attacks (ATTACK/DEFEND phases), else None.
        attack: the attack being answered (sorted ascending), else ``()``.
        responses: the answers given so far to ``attack``, in order.
        floors: for each seat, a value that every card left in its hand is
            known (publicly) to be at least: its last sacrifice, else 0.
        duels: this round's revealed duel pairs, indexed by seat.
        winner: the seat that won the game, else None.
    """

    __slots__ = (
        "ruleset", "decks", "deal_index", "phase", "round_number", "token", "covered", "wins",
        "tied_rounds", "hands", "draw_pile", "discards", "replace_first", "replacer",
        "replace_limit", "replace_secret", "commits", "attacker", "attack", "responses",
        "trick_sacrificed", "floors", "duels", "winner", "last_round_winner", "_actions", "_round_log",
        "_seen", "_to_act",
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
    #: Each seat's hidden choice while a secret choice is open (cards or a card).
    commits: tuple[Any, Any]
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
        return self.decks.seed

    @property
    def is_over(self) -> bool:
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
        return _legal_actions(seat, self.to_act, self.phase, self.hands[seat], self.replace_limit,
                              self.pending_target)

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now (the error :meth:`apply` would raise, unraised), or None.

        Its ``reason`` code and ``params`` are for the user interface to word.
        """
        return refusal(self, action)

    def is_legal(self, action: Action) -> bool:
        return refusal(self, action) is None

    def observation(self, seat: Seat) -> Observation:
        """What a person in ``seat`` knows now; see :class:`Observation`."""
        return _observe(self, seat)

    # --- apply -----------------------------------------------------------

    def apply(self, action: Action) -> tuple[GameState, tuple[ev.Event, ...]]:
        """Apply a legal ``action``: return the new state and the events caused.

        Raises:
            IllegalAction: the action is not legal here; its ``reason`` code
                and ``params`` say why.
        """
        problem = refusal(self, action)
        if problem is not None:
            raise problem
        state = self._clone()
        out: list[ev.Event] = []
        if isinstance(action, Replace):
            state._replace(action, out)
        elif isinstance(action, DuelCard):
            state._duel(action, out)
        elif isinstance(action, Attack):
            state._attack(action, out)
        else:
            state._respond(action, out)
        state._actions = (self._actions, action)
        state._to_act = state._compute_to_act()
        if state.round_number != self.round_number:  # a new deal: the log restarts there
            start = max(i for i, e in enumerate(out) if type(e) is ev.RoundStarted)
            state._round_log = tuple(out[start:])
        else:
            state._round_log = self._round_log + tuple(out)
        state._seen = None  # each seat's view of the log, filtered when first asked
        return state, tuple(out)

    # --- transitions (mutate a fresh clone only) -------------------------

    def _deal(self, out: list[ev.Event]) -> None:
        """Shuffle the whole deck and deal the hand size of Tacocat's space."""
        order = self.decks.order(self.deal_index)
        space = self.ruleset.board.spaces[self.token]
        n = space.hand_size
        # [ruling draw_order] the first player gets the top cards, then the second.
        self.hands = (tuple(sorted(order[:n])), tuple(sorted(order[n:2 * n])))
        self.draw_pile = order[2 * n:]
        self.discards = ()
        self.round_number += 1
        out.append(ev.RoundStarted(self.round_number, self.token, n, self.deal_index, space.arrows))
        self.deal_index += 1
        out.append(ev.HandDealt(0, self.hands[0]))
        out.append(ev.HandDealt(1, self.hands[1]))
        self.floors = (0, 0)
        self.duels = ()
        self.attacker = None
        self.attack = ()
        self.responses = ()
        self.trick_sacrificed = False
        self.commits = (None, None)
        self.phase = Phase.REPLACE
        self.replace_limit = None
        first = space.arrow_seat
        if first is None:  # both arrows: both replace, in secret
            self.replace_secret, self.replace_first, self.replacer = True, None, None
            out.append(ev.ReplaceTurn(0, None, True))
            out.append(ev.ReplaceTurn(1, None, True))
        else:
            self.replace_secret, self.replace_first, self.replacer = False, first, first
            out.append(ev.ReplaceTurn(first, None, False))

    def _exchange(self, seat: Seat, cards: tuple[int, ...], out: list[ev.Event]) -> None:
        """Discard ``cards`` face up and draw as many from the top of the pile."""
        k = len(cards)
        drawn = self.draw_pile[:k]
        self.draw_pile = self.draw_pile[k:]
        self.discards += cards
        self.hands = _with(self.hands, seat, tuple(sorted(_take(self.hands[seat], cards) + drawn)))
        out.append(ev.Replaced(seat, cards))
        if k:
            out.append(ev.CardsDrawn(seat, drawn))

    def _replace(self, action: Replace, out: list[ev.Event]) -> None:
        seat = action.seat
        if self.replace_secret:
            self._commit_replacement(action, out)
            return
        self._exchange(seat, action.cards, out)
        if seat == self.replace_first:
            second, limit = other(seat), len(action.cards)
            if limit == 0:
                out.append(ev.ReplacementSkipped(second))
                self._start_duel()
            else:
                self.replacer, self.replace_limit = second, limit
                out.append(ev.ReplaceTurn(second, limit, False))
        else:
            self._start_duel()

    def _commit_replacement(self, action: Replace, out: list[ev.Event]) -> None:
        """[ruling secret_centre_replacement] Hide the choice until both chose."""
        self.commits = _with(self.commits, action.seat, action.cards)
        out.append(ev.ReplacementCommitted(action.seat))
        out.append(ev.ReplacementChosen(action.seat, action.cards))
        if None not in self.commits:
            self._reveal_replacements(out)

    def _reveal_replacements(self, out: list[ev.Event]) -> None:
        """[ruling draw_order] At the centre the first player draws first."""
        for seat in SEATS:
            self._exchange(seat, self.commits[seat], out)
        self.commits = (None, None)
        self._start_duel()

    def _start_duel(self) -> None:
        self.phase = Phase.DUEL
        self.commits = (None, None)
        self.replacer = None

    def _duel(self, action: DuelCard, out: list[ev.Event]) -> None:
        self.commits = _with(self.commits, action.seat, action.card)
        out.append(ev.DuelCommitted(action.seat))
        out.append(ev.DuelChosen(action.seat, action.card))
        if None in self.commits:
            return
        cards = (self.commits[0], self.commits[1])
        self.hands = (_take(self.hands[0], (cards[0],)), _take(self.hands[1], (cards[1],)))
        self.discards += cards
        self.duels += (cards,)
        self.commits = (None, None)
        attacker = None if cards[0] == cards[1] else (0 if cards[0] > cards[1] else 1)
        out.append(ev.DuelRevealed(cards, attacker))
        self._after_duel(attacker, out)

    def _after_duel(self, attacker: Seat | None, out: list[ev.Event]) -> None:
        """[ruling duel_last_card_showdown] A single card each goes to the showdown."""
        if len(self.hands[0]) == 1:
            self._showdown(out)
        elif attacker is None:
            self._start_duel()  # a tie: duel again
        else:
            self.phase, self.attacker = Phase.ATTACK, attacker

    def _attack(self, action: Attack, out: list[ev.Event]) -> None:
        self.hands = _with(self.hands, action.seat, _take(self.hands[action.seat], action.cards))
        self.discards += action.cards
        self.attack, self.responses, self.trick_sacrificed = action.cards, (), False
        self.phase = Phase.DEFEND
        shape = classify_attack(action.cards)
        assert shape is not None  # validated before apply
        out.append(ev.Attacked(action.seat, action.cards, shape))

    def _respond(self, action: Respond, out: list[ev.Event]) -> None:
        """[rulings jumbo_ascending, higher_response_defends] Answer the next attack card."""
        seat, card = action.seat, action.card
        target = self.attack[len(self.responses)]
        self.hands = _with(self.hands, seat, _take(self.hands[seat], (card,)))
        self.discards += (card,)
        self.responses += (card,)
        if card >= target:
            out.append(ev.Defended(seat, card, target))
        else:
            # A sacrifice is the lowest card: everything left is at least as high.
            self.trick_sacrificed = True
            self.floors = _with(self.floors, seat, card)
            out.append(ev.Sacrificed(seat, card, target))
        if len(self.responses) < len(self.attack):
            return
        winner = self._attacker() if self.trick_sacrificed else seat
        out.append(ev.TrickWon(winner, by_defence=not self.trick_sacrificed))
        self.attacker, self.attack, self.responses = winner, (), ()
        if len(self.hands[0]) == 1:
            self._showdown(out)
        else:
            self.phase = Phase.ATTACK

    def _showdown(self, out: list[ev.Event]) -> None:
        """Apply the showdown's :class:`RoundEnd` (a pure result) and deal on, unless the game is won."""
        end = showdown(self.hands, self.token, self.covered, self.ruleset)
        out.extend(end.events)
        self.attacker, self.attack, self.responses = None, (), ()
        if end.winner is None:
            self.tied_rounds += 1
        else:
            self.wins = _with(self.wins, end.winner, self.wins[end.winner] + 1)
            self.last_round_winner, self.token, self.covered = end.winner, end.token, end.covered
        if end.game_won:
            self.winner, self.phase = end.winner, Phase.OVER
        else:
            self._deal(out)

    # --- checks ----------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        """Every way this state breaks the game's invariants (empty when sound).

        Used by tests and by the save loader to refuse impossible games.
        """
        return invariant_problems(self)

    def __repr__(self) -> str:
        return (f"<GameState round={self.round_number} phase={self.phase.value} token={self.token} "
                f"wins={self.wins} hands={self.hands} to_act={self.to_act}>")


def new_game(seed: int, ruleset: Ruleset = DEFAULT_RULESET,
             recorded_deals: tuple[tuple[int, ...], ...] = ()) -> tuple[GameState, tuple[ev.Event, ...]]:
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
    state.deal_index = 0
    state.round_number = 0
    state.token = ruleset.board.start
    state.covered = frozenset()
    state.wins = (0, 0)
    state.tied_rounds = 0
    state.winner = None
    state.last_round_winner = None
    state.replacer = state.replace_first = state.replace_limit = None
    state.replace_secret = False
    state._actions = None
    out: list[ev.Event] = []
    state._deal(out)
    state._round_log = tuple(out)
    state._to_act = state._compute_to_act()
    state._seen = None
    return state, tuple(out)

