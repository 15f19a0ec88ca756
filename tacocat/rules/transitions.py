"""How a game starts and how one action changes it: the steps of a round, deal to showdown.

:meth:`GameState.apply <tacocat.rules.state.GameState.apply>` checks an action,
makes a fresh clone of the state and hands it here as a :class:`Draft`;
:func:`step` changes that draft in place and appends the events the action
caused, in the order they happen. :func:`new_game <tacocat.rules.state.new_game>`
hands its blank state to :func:`start` the same way. Nothing here checks
legality (validation did, before the clone) or keeps the state's own
bookkeeping (the action list, who acts next, the round log): that stays with
:class:`~tacocat.rules.state.GameState`, which is the immutable value and its
queries, while this module is the rules' moves.

The knowledge runs one way: the state module imports this one, and this one
never imports it back (not even for type checking). It writes through the
:class:`Draft` protocol, which ``GameState`` satisfies; mypy checks that where
the state passes its clone in. How a round ends is decided by the pure
:func:`~tacocat.rules.round_end.showdown`, whose :class:`RoundEnd` the draft
takes on here.

Each function tagged ``[ruling ...]`` implements an entry of
:data:`~tacocat.rules.rulings.RULINGS`.
"""

from __future__ import annotations

from typing import Protocol, cast

from tacocat.rules import events as ev
from tacocat.rules.actions import Action, Attack, DuelCard, Replace, Respond, classify_attack
from tacocat.rules.moves import take
from tacocat.rules.phase import Phase
from tacocat.rules.round_end import showdown
from tacocat.rules.ruleset import SEATS, Commit, Ruleset, Seat, other, with_seat
from tacocat.rules.shuffle import Decks

__all__ = ["Draft", "start", "step"]


class Draft(Protocol):
    """A game state being changed: a fresh clone that nobody else holds yet.

    The public attributes of :class:`~tacocat.rules.state.GameState` (its
    docstring says what each one means), writable here except ``ruleset`` and
    ``decks``, which a game never changes.
    """

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def decks(self) -> Decks: ...

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


def step(draft: Draft, action: Action, out: list[ev.Event]) -> None:
    """Apply ``action``, already found legal, to ``draft`` and append the events it caused.

    A step may run on into the next round: the last trick or duel leads to
    the showdown, which deals again unless the game is won; the events then
    include the new ``RoundStarted`` and the deal's.
    """
    if isinstance(action, Replace):
        _replace(draft, action, out)
    elif isinstance(action, DuelCard):
        _duel(draft, action, out)
    elif isinstance(action, Attack):
        _attack(draft, action, out)
    else:
        _respond(draft, action, out)


def start(draft: Draft, out: list[ev.Event]) -> None:
    """Begin a game on a blank ``draft`` that has only its ruleset and decks.

    Tacocat stands on the board's start, no space is covered, nobody has won a
    round; then the first round is dealt.
    """
    draft.deal_index = 0
    draft.round_number = 0
    draft.token = draft.ruleset.board.start
    draft.covered = frozenset()
    draft.wins = (0, 0)
    draft.tied_rounds = 0
    draft.winner = None
    draft.last_round_winner = None
    draft.replacer = draft.replace_first = draft.replace_limit = None
    draft.replace_secret = False
    _deal(draft, out)


def _deal(draft: Draft, out: list[ev.Event]) -> None:
    """Shuffle the whole deck and deal the hand size of Tacocat's space: a new round.

    [ruling draw_order] The first player gets the top cards, then the second.
    The round opens in the replacement phase: the seat the space's arrow
    points at replaces first, or on the two-arrow centre both choose in secret.
    """
    order = draft.decks.order(draft.deal_index)
    space = draft.ruleset.board.spaces[draft.token]
    n = space.hand_size
    draft.hands = (tuple(sorted(order[:n])), tuple(sorted(order[n : 2 * n])))
    draft.draw_pile = order[2 * n :]
    draft.discards = ()
    draft.round_number += 1
    out.append(ev.RoundStarted(draft.round_number, draft.token, n, draft.deal_index, space.arrows))
    draft.deal_index += 1
    out.append(ev.HandDealt(0, draft.hands[0]))
    out.append(ev.HandDealt(1, draft.hands[1]))
    draft.floors = (0, 0)
    draft.duels = ()
    draft.attacker = None
    draft.attack = ()
    draft.responses = ()
    draft.trick_sacrificed = False
    draft.commits = (None, None)
    draft.phase = Phase.REPLACE
    draft.replace_limit = None
    first = space.arrow_seat
    if first is None:  # both arrows: both replace, in secret
        draft.replace_secret, draft.replace_first, draft.replacer = True, None, None
        out.append(ev.ReplaceTurn(0, None, True))
        out.append(ev.ReplaceTurn(1, None, True))
    else:
        draft.replace_secret, draft.replace_first, draft.replacer = False, first, first
        out.append(ev.ReplaceTurn(first, None, False))


# --- replacement -----------------------------------------------------------


def _exchange(draft: Draft, seat: Seat, cards: tuple[int, ...], out: list[ev.Event]) -> None:
    """Discard ``cards`` face up and draw as many from the top of the pile."""
    k = len(cards)
    drawn = draft.draw_pile[:k]
    draft.draw_pile = draft.draw_pile[k:]
    draft.discards += cards
    draft.hands = with_seat(
        draft.hands, seat, tuple(sorted(take(draft.hands[seat], cards) + drawn))
    )
    out.append(ev.Replaced(seat, cards))
    if k:
        out.append(ev.CardsDrawn(seat, drawn))


def _replace(draft: Draft, action: Replace, out: list[ev.Event]) -> None:
    """Replace in turn (the second seat at most as many cards as the first), or commit in secret."""
    seat = action.seat
    if draft.replace_secret:
        _commit_replacement(draft, action, out)
        return
    _exchange(draft, seat, action.cards, out)
    if seat == draft.replace_first:
        second, limit = other(seat), len(action.cards)
        if limit == 0:
            out.append(ev.ReplacementSkipped(second))
            _start_duel(draft)
        else:
            draft.replacer, draft.replace_limit = second, limit
            out.append(ev.ReplaceTurn(second, limit, False))
    else:
        _start_duel(draft)


def _commit_replacement(draft: Draft, action: Replace, out: list[ev.Event]) -> None:
    """[ruling secret_centre_replacement] Hide the choice until both chose."""
    draft.commits = with_seat(draft.commits, action.seat, action.cards)
    out.append(ev.ReplacementCommitted(action.seat))
    out.append(ev.ReplacementChosen(action.seat, action.cards))
    if None not in draft.commits:
        _reveal_replacements(draft, out)


def _reveal_replacements(draft: Draft, out: list[ev.Event]) -> None:
    """[ruling draw_order] At the centre the first player draws first."""
    for seat in SEATS:
        # (a replacement's commit is the cards it gives up)
        _exchange(draft, seat, cast("tuple[int, ...]", draft.commits[seat]), out)
    draft.commits = (None, None)
    _start_duel(draft)


# --- the duel --------------------------------------------------------------


def _start_duel(draft: Draft) -> None:
    """Open a duel: both seats choose a card in secret."""
    draft.phase = Phase.DUEL
    draft.commits = (None, None)
    draft.replacer = None


def _duel(draft: Draft, action: DuelCard, out: list[ev.Event]) -> None:
    """Commit a duel card; once both are in, reveal them: the higher card attacks."""
    draft.commits = with_seat(draft.commits, action.seat, action.card)
    out.append(ev.DuelCommitted(action.seat))
    out.append(ev.DuelChosen(action.seat, action.card))
    if None in draft.commits:
        return
    cards = cast("tuple[int, int]", draft.commits)  # (both in: a duel's commits are cards)
    draft.hands = (take(draft.hands[0], (cards[0],)), take(draft.hands[1], (cards[1],)))
    draft.discards += cards
    draft.duels += (cards,)
    draft.commits = (None, None)
    attacker = None if cards[0] == cards[1] else (0 if cards[0] > cards[1] else 1)
    out.append(ev.DuelRevealed(cards, attacker))
    _after_duel(draft, attacker, out)


def _after_duel(draft: Draft, attacker: Seat | None, out: list[ev.Event]) -> None:
    """[ruling duel_last_card_showdown] A single card each goes to the showdown."""
    if len(draft.hands[0]) == 1:
        _showdown(draft, out)
    elif attacker is None:
        _start_duel(draft)  # a tie: duel again
    else:
        draft.phase, draft.attacker = Phase.ATTACK, attacker


# --- attack and defence ----------------------------------------------------


def _attack(draft: Draft, action: Attack, out: list[ev.Event]) -> None:
    """Play the attack face up; the defender answers it card by card."""
    draft.hands = with_seat(draft.hands, action.seat, take(draft.hands[action.seat], action.cards))
    draft.discards += action.cards
    draft.attack, draft.responses, draft.trick_sacrificed = action.cards, (), False
    draft.phase = Phase.DEFEND
    shape = classify_attack(action.cards)
    assert shape is not None  # validated before apply
    out.append(ev.Attacked(action.seat, action.cards, shape))


def _respond(draft: Draft, action: Respond, out: list[ev.Event]) -> None:
    """[rulings jumbo_ascending, higher_response_defends] Answer the next attack card.

    After the last answer the trick goes to the defender if every answer
    defended, else to the attacker; the trick's winner attacks next, or the
    round goes to the showdown when one card each is left.
    """
    seat, card = action.seat, action.card
    target = draft.attack[len(draft.responses)]
    draft.hands = with_seat(draft.hands, seat, take(draft.hands[seat], (card,)))
    draft.discards += (card,)
    draft.responses += (card,)
    if card >= target:
        out.append(ev.Defended(seat, card, target))
    else:
        # A sacrifice is the lowest card: everything left is at least as high.
        draft.trick_sacrificed = True
        draft.floors = with_seat(draft.floors, seat, card)
        out.append(ev.Sacrificed(seat, card, target))
    if len(draft.responses) < len(draft.attack):
        return
    winner = _attacker(draft) if draft.trick_sacrificed else seat
    out.append(ev.TrickWon(winner, by_defence=not draft.trick_sacrificed))
    draft.attacker, draft.attack, draft.responses = winner, (), ()
    if len(draft.hands[0]) == 1:
        _showdown(draft, out)
    else:
        draft.phase = Phase.ATTACK


def _attacker(draft: Draft) -> Seat:
    """The attacker, while an attack is being answered (there always is one)."""
    assert draft.attacker is not None
    return draft.attacker


# --- the end of the round --------------------------------------------------


def _showdown(draft: Draft, out: list[ev.Event]) -> None:
    """Take on the showdown's :class:`RoundEnd` (a pure result) and deal on, unless the game is won."""
    end = showdown(draft.hands, draft.token, draft.covered, draft.ruleset)
    out.extend(end.events)
    draft.attacker, draft.attack, draft.responses = None, (), ()
    if end.winner is None:
        draft.tied_rounds += 1
    else:
        draft.wins = with_seat(draft.wins, end.winner, draft.wins[end.winner] + 1)
        draft.last_round_winner, draft.token, draft.covered = end.winner, end.token, end.covered
    if end.game_won:
        draft.winner, draft.phase = end.winner, Phase.OVER
    else:
        _deal(draft, out)
