"""Why an action is illegal in a state: a reason code and its facts, or None.

Kept apart from :mod:`tacocat.rules.state` (the value and its queries) and
:mod:`tacocat.rules.transitions` (how an action changes a game) so that this
one holds the checks; it reads a state through the
:class:`~tacocat.rules.view.StateView` protocol and never imports the state
module. The engine never words a refusal: it
returns an :class:`IllegalAction` carrying a reason code and parameters (the
seat, the cards involved) that the user interface words in the player's
language. The reasons are listed on :class:`IllegalAction`.
"""

from __future__ import annotations

from typing import Protocol

from tacocat.rules.actions import Attack, DuelCard, Replace, Respond, attack_shape_problem
from tacocat.rules.errors import IllegalAction
from tacocat.rules.moves import remove_cards
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import SEATS, Seat
from tacocat.rules.view import StateView


class ActorView(Protocol):
    """What the checks of one seat's action read: a whole state, or what the acting seat
    itself knows (``Observation.refusal``) - never the other hand."""

    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> tuple[Seat, ...]: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def commits(self) -> tuple[object, object]: ...  # (only whether each is None is read)
    @property
    def replace_limit(self) -> int | None: ...
    @property
    def pending_target(self) -> int | None: ...


PHASE_OF_ACTION: dict[type, Phase] = {
    Replace: Phase.REPLACE,
    DuelCard: Phase.DUEL,
    Attack: Phase.ATTACK,
    Respond: Phase.DEFEND,
}


def refusal(state: ActorView, action: object) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state`` (an unraised error), or None when legal."""
    expected = PHASE_OF_ACTION.get(type(action))
    if expected is None:
        return IllegalAction("not_an_action", kind=type(action).__name__)
    seat = action.seat  # type: ignore[attr-defined]  # every action type has one
    if seat not in SEATS:
        return IllegalAction("no_such_seat", seat=seat)
    if state.phase is Phase.OVER:
        return IllegalAction("game_over")
    if expected is not state.phase:
        return IllegalAction("wrong_phase", phase=state.phase.value, attempted=expected.value)
    if seat not in state.to_act:
        if state.commits[seat] is not None and state.phase in (Phase.DUEL, Phase.REPLACE):
            return IllegalAction("already_chosen", seat=seat)
        return IllegalAction("not_your_turn", seat=seat, phase=state.phase.value)
    if isinstance(action, Replace):
        return _replace_refusal(state, action)
    if isinstance(action, DuelCard):
        if action.card in state.hands[seat]:
            return None
        return IllegalAction("not_held", seat=seat, cards=(action.card,))
    if isinstance(action, Attack):
        return _attack_refusal(state, action)
    assert isinstance(action, Respond)
    return _respond_refusal(state, action)


def _replace_refusal(state: ActorView, action: Replace) -> IllegalAction | None:
    if list(action.cards) != sorted(action.cards):
        return IllegalAction("replace_unsorted")
    if remove_cards(state.hands[action.seat], action.cards) is None:
        return IllegalAction("not_held", seat=action.seat, cards=action.cards)
    limit = state.replace_limit
    if limit is not None and len(action.cards) > limit:
        return IllegalAction("replace_too_many", seat=action.seat, limit=limit)
    return None


def _attack_refusal(state: ActorView, action: Attack) -> IllegalAction | None:
    cards, hand = action.cards, state.hands[action.seat]
    if list(cards) != sorted(cards):
        return IllegalAction("attack_unsorted")
    shape = attack_shape_problem(cards)
    if shape is not None:
        return IllegalAction(shape, cards=cards)
    if remove_cards(hand, cards) is None:
        return IllegalAction("not_held", seat=action.seat, cards=cards)
    if len(cards) >= len(hand):
        return IllegalAction("attack_whole_hand")
    return None


def _respond_refusal(state: ActorView, action: Respond) -> IllegalAction | None:
    card, target, hand = action.card, state.pending_target, state.hands[action.seat]
    if card not in hand:
        return IllegalAction("not_held", seat=action.seat, cards=(card,))
    assert target is not None  # the DEFEND phase always has an attack card to answer
    if card < target and card != hand[0]:
        # [ruling higher_response_defends] below the attack card only the lowest card may go.
        return IllegalAction("respond_too_low", card=card, target=target, lowest=hand[0])
    return None


def invariant_problems(state: StateView) -> list[str]:
    """Every way ``state`` breaks the game's invariants (empty when sound).

    Diagnostics for tests and the save loader's log, not for players.
    """
    problems = []
    all_cards = sorted(state.hands[0] + state.hands[1] + state.draw_pile + state.discards)
    if all_cards != list(state.ruleset.deck):
        problems.append(
            f"{len(all_cards)} cards are accounted for, not the deck's {len(state.ruleset.deck)}"
        )
    if state.phase is Phase.DEFEND and state.attacker is not None:
        unanswered = len(state.attack) - len(state.responses)
        gap = len(state.hands[1 - state.attacker]) - len(state.hands[state.attacker])
    else:
        unanswered, gap = 0, abs(len(state.hands[0]) - len(state.hands[1]))
    if state.phase is not Phase.OVER and gap != unanswered:
        problems.append("the hands differ in size by more than the unanswered attack cards")
    if state.phase in (Phase.ATTACK, Phase.DEFEND) and min(len(h) for h in state.hands) < 1:
        problems.append("a hand is empty during play")
    if state.phase is not Phase.OVER and not state.hands[0]:
        problems.append("the hands are empty")
    board = state.ruleset.board
    if len(state.covered) > board.size or not all(0 <= c < board.size for c in state.covered):
        problems.append("more tiles than spaces, or a tile off the board")
    if state.token in state.covered:
        problems.append("Tacocat stands on a covered space")
    if sum(state.wins) != len(state.covered):
        problems.append("the tiles do not match the rounds won")
    return problems
