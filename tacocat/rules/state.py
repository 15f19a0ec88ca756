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
from tacocat.rules.actions import (
    Action,
    Attack,
    DuelCard,
    Replace,
    Respond,
    attack_shape_problem,
    classify_attack,
)
from tacocat.rules.errors import IllegalAction
from tacocat.rules.moves import (
    AllReplacements,
    attack_options,
    remove_cards,
    replacement_options,
    response_options,
)
from tacocat.rules.observation import observe as _observe
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import DEFAULT_RULESET, SEATS, Ruleset, Seat, other
from tacocat.rules.shuffle import Decks


def rounds_to_win(board_size: int) -> int:
    """Rounds a seat must win to bring Tacocat home on a board of ``board_size`` spaces.

    Tiles always cover one stretch around the centre, so every decided round
    pushes Tacocat one space past it: the game lasts until one seat has won
    half the board plus one.
    """
    return board_size // 2 + 1


_PHASE_OF_ACTION = {Replace: Phase.REPLACE, DuelCard: Phase.DUEL, Attack: Phase.ATTACK, Respond: Phase.DEFEND}
_WHAT_PHASE_WANTS = {
    Phase.REPLACE: "replace cards",
    Phase.DUEL: "choose a duel card",
    Phase.ATTACK: "attack",
    Phase.DEFEND: "answer the attack",
}
SEAT_NAMES = ("the first player", "the second player")


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
        if phase is Phase.ATTACK:
            return (self.attacker,)
        if phase is Phase.DEFEND:
            return (1 - self.attacker,)
        if phase is Phase.DUEL or (phase is Phase.REPLACE and self.replace_secret):
            return tuple(s for s in SEATS if self.commits[s] is None)
        if phase is Phase.REPLACE:
            return (self.replacer,)
        return ()

    @property
    def space(self):
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
        out = []
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
        if seat not in self.to_act:
            return []
        hand = self.hands[seat]
        phase = self.phase
        if phase is Phase.REPLACE:
            limit = self.replace_limit
            if limit is None or limit >= len(hand):
                return ReplaceActions(seat, AllReplacements(hand))
            return ReplaceActions(seat, replacement_options(hand, limit))
        if phase is Phase.DUEL:
            return [DuelCard(seat, card) for card in sorted(set(hand))]
        if phase is Phase.ATTACK:
            return [Attack(seat, cards) for cards in attack_options(hand)]
        return [Respond(seat, card) for card in response_options(hand, self.pending_target)]

    def is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def observation(self, seat: Seat):
        """What a person in ``seat`` knows now; see :class:`Observation`."""
        return _observe(self, seat)

    # --- apply -----------------------------------------------------------

    def apply(self, action: Action) -> tuple[GameState, tuple[ev.Event, ...]]:
        """Apply a legal ``action``: return the new state and the events caused.

        Raises:
            IllegalAction: the action is not legal here; the message says why.
        """
        problem = self._problem(action)
        if problem is not None:
            raise IllegalAction(problem)
        state = self._clone()
        out: list[ev.Event] = []
        kind = type(action)
        if kind is Replace:
            state._replace(action, out)
        elif kind is DuelCard:
            state._duel(action, out)
        elif kind is Attack:
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

    # --- validation ------------------------------------------------------

    def _problem(self, action: Any) -> str | None:
        """Why ``action`` is illegal here, or None when it is legal."""
        expected = _PHASE_OF_ACTION.get(type(action))
        if expected is None:
            return f"not an action: {action!r}"
        if action.seat not in SEATS:
            return f"there is no seat {action.seat!r}"
        if self.phase is Phase.OVER:
            return "the game is over"
        who = SEAT_NAMES[action.seat]
        if expected is not self.phase:
            return f"now is the time to {_WHAT_PHASE_WANTS[self.phase]}, not to {_WHAT_PHASE_WANTS[expected]}"
        if action.seat not in self.to_act:
            if self.commits[action.seat] is not None and self.phase in (Phase.DUEL, Phase.REPLACE):
                return f"{who} has already chosen"
            return f"it is not {who}'s turn to {_WHAT_PHASE_WANTS[self.phase]}"
        hand = self.hands[action.seat]
        if expected is Phase.REPLACE:
            if list(action.cards) != sorted(action.cards):
                return "list the cards to replace in ascending order"
            if remove_cards(hand, action.cards) is None:
                return f"{who} does not hold {_cards_text(action.cards)}"
            if self.replace_limit is not None and len(action.cards) > self.replace_limit:
                return (f"{who} may replace at most {self.replace_limit} "
                        f"card{'s' if self.replace_limit != 1 else ''} (as many as the opponent did)")
            return None
        if expected is Phase.DUEL:
            return None if action.card in hand else f"{who} does not hold a {action.card}"
        if expected is Phase.ATTACK:
            cards = action.cards
            if list(cards) != sorted(cards):
                return "list the attack cards in ascending order"
            shape_problem = attack_shape_problem(cards)
            if shape_problem is not None:
                return shape_problem
            if remove_cards(hand, cards) is None:
                return f"{who} does not hold {_cards_text(cards)}"
            if len(cards) >= len(hand):
                return "an attack must leave at least one card in hand"
            return None
        card, target = action.card, self.pending_target
        if card not in hand:
            return f"{who} does not hold a {card}"
        if card < target and card != hand[0]:
            return (f"the {card} is lower than the attack card {target}: defend with a {target} "
                    f"or higher, or sacrifice the lowest card, the {hand[0]}")
        return None

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
        if space.is_two_arrow:
            self.replace_secret, self.replace_first, self.replacer = True, None, None
            out.append(ev.ReplaceTurn(0, None, True))
            out.append(ev.ReplaceTurn(1, None, True))
        else:
            (first,) = space.arrows
            self.replace_secret, self.replace_first, self.replacer = False, first, first
            out.append(ev.ReplaceTurn(first, None, False))

    def _exchange(self, seat: Seat, cards: tuple[int, ...], out: list[ev.Event]) -> None:
        """Discard ``cards`` face up and draw as many from the top of the pile."""
        k = len(cards)
        drawn = self.draw_pile[:k]
        self.draw_pile = self.draw_pile[k:]
        self.discards += cards
        self.hands = _with(self.hands, seat, tuple(sorted(remove_cards(self.hands[seat], cards) + drawn)))
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
                self._start_duel(out)
            else:
                self.replacer, self.replace_limit = second, limit
                out.append(ev.ReplaceTurn(second, limit, False))
        else:
            self._start_duel(out)

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
        self._start_duel(out)

    def _start_duel(self, out: list[ev.Event]) -> None:
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
        self.hands = tuple(remove_cards(self.hands[s], (cards[s],)) for s in SEATS)
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
            self._start_duel(out)  # a tie: duel again
        else:
            self.phase, self.attacker = Phase.ATTACK, attacker

    def _attack(self, action: Attack, out: list[ev.Event]) -> None:
        self.hands = _with(self.hands, action.seat, remove_cards(self.hands[action.seat], action.cards))
        self.discards += action.cards
        self.attack, self.responses, self.trick_sacrificed = action.cards, (), False
        self.phase = Phase.DEFEND
        out.append(ev.Attacked(action.seat, action.cards, classify_attack(action.cards)))

    def _respond(self, action: Respond, out: list[ev.Event]) -> None:
        """[rulings jumbo_ascending, higher_response_defends] Answer the next attack card."""
        seat, card = action.seat, action.card
        target = self.attack[len(self.responses)]
        self.hands = _with(self.hands, seat, remove_cards(self.hands[seat], (card,)))
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
        winner = self.attacker if self.trick_sacrificed else seat
        out.append(ev.TrickWon(winner, by_defence=not self.trick_sacrificed))
        self.attacker, self.attack, self.responses = winner, (), ()
        if len(self.hands[0]) == 1:
            self._showdown(out)
        else:
            self.phase = Phase.ATTACK

    def _showdown(self, out: list[ev.Event]) -> None:
        cards = (self.hands[0][0], self.hands[1][0])
        out.append(ev.ShowdownRevealed(cards))
        self.attacker, self.attack, self.responses = None, (), ()
        space = self.ruleset.board.spaces[self.token]
        if cards[0] != cards[1]:
            self._round_won(0 if cards[0] < cards[1] else 1, False, out)
        elif self.ruleset.tie_goes_to_arrow and not space.is_two_arrow:
            (arrow_seat,) = space.arrows
            self._round_won(arrow_seat, True, out)
        else:
            self.tied_rounds += 1
            out.append(ev.RoundTied(self.token))
            self._deal(out)

    def _round_won(self, seat: Seat, by_tie_rule: bool, out: list[ev.Event]) -> None:
        self.wins = _with(self.wins, seat, self.wins[seat] + 1)
        self.last_round_winner = seat
        out.append(ev.RoundWon(seat, by_tie_rule))
        board = self.ruleset.board
        step, start = board.step_of(seat), self.token
        position, skipped = start + step, []
        while 0 <= position < board.size and position in self.covered:
            skipped.append(position)
            position += step
        out.append(ev.TokenMoved(seat, start, position, tuple(skipped)))
        self.covered = self.covered | {start}
        self.token = position
        out.append(ev.TilePlaced(start, board.size - len(self.covered)))
        if position == board.goal_of(seat):
            self.winner = seat
            self.phase = Phase.OVER
            out.append(ev.GameWon(seat))
        else:
            self._deal(out)

    # --- checks ----------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        """Every way this state breaks the game's invariants (empty when sound).

        Used by tests and by the save loader to refuse impossible games.
        """
        problems = []
        ruleset = self.ruleset
        all_cards = sorted(self.hands[0] + self.hands[1] + self.draw_pile + self.discards)
        if all_cards != list(ruleset.deck):
            problems.append(f"{len(all_cards)} cards are accounted for, not the deck's {len(ruleset.deck)}")
        unanswered = len(self.attack) - len(self.responses) if self.phase is Phase.DEFEND else 0
        if self.phase is Phase.DEFEND:
            gap = len(self.hands[1 - self.attacker]) - len(self.hands[self.attacker])
        else:
            gap = abs(len(self.hands[0]) - len(self.hands[1]))
        if self.phase is not Phase.OVER and gap != unanswered:
            problems.append("the hands differ in size by more than the unanswered attack cards")
        if self.phase in (Phase.ATTACK, Phase.DEFEND) and min(len(h) for h in self.hands) < 1:
            problems.append("a hand is empty during play")
        if self.phase is not Phase.OVER and not self.hands[0]:
            problems.append("the hands are empty")
        board = ruleset.board
        if len(self.covered) > board.size or not all(0 <= c < board.size for c in self.covered):
            problems.append("more tiles than spaces, or a tile off the board")
        if self.token in self.covered:
            problems.append("Tacocat stands on a covered space")
        if sum(self.wins) != len(self.covered):
            problems.append("the tiles do not match the rounds won")
        return problems

    def __repr__(self) -> str:
        return (f"<GameState round={self.round_number} phase={self.phase.value} token={self.token} "
                f"wins={self.wins} hands={self.hands} to_act={self.to_act}>")


class ReplaceActions(Sequence[Replace]):
    """The legal :class:`Replace` actions of one seat, built on demand."""

    __slots__ = ("_seat", "_options")

    def __init__(self, seat: Seat, options: Sequence[tuple[int, ...]]):
        self._seat = seat
        self._options = options

    def __len__(self) -> int:
        return len(self._options)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [Replace(self._seat, cards) for cards in self._options[index]]
        return Replace(self._seat, self._options[index])

    def __contains__(self, action: object) -> bool:
        return (type(action) is Replace and action.seat == self._seat
                and action.cards in self._options)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"<{len(self)} replacements for seat {self._seat}>"


def _with(pair: tuple, seat: Seat, value) -> tuple:
    """``pair`` (indexed by seat) with ``seat``'s entry replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _cards_text(cards: tuple[int, ...]) -> str:
    if not cards:
        return "no card"
    return ("a " if len(cards) == 1 else "") + "-".join(str(c) for c in cards)


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

