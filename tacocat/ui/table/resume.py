"""Lay out a saved game in progress on the view model at once (``--continue``).

The animator builds the view event by event; a resumed game has no events to
play, so this module puts every card in the hand, on the mat or in the trick the
animation would have left it in, and :func:`~tacocat.ui.table.resting.settle` puts it
where the animation would have (one answer for both), from the observations of the seats the screen may know (``seen``) and nothing
else: a seat not among them is laid out from what the others' observations say of
it (its hand's size, whether it committed). The public piles come from the engine's
observation (:func:`public_piles`), so the table cannot show a card twice: the engine
counts a card in play as played at once, the table shows it in play until the trick
is swept onto the pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tacocat.rules import Phase
from tacocat.rules.observation import Observation
from tacocat.ui.results.score import ScoreBook
from tacocat.ui.table import resting
from tacocat.ui.table.view import TableView
from tacocat.ui.text.narration import describe
from tacocat.ui.widgets.cards import CardSprite, Zone


def lay_out(view: TableView, seen: Mapping[int, Observation], book: ScoreBook) -> None:
    """Make ``view`` show the game as the seats in ``seen`` (each one's observation, at
    least one) know it, without animation; ``book``: the game's score book now."""
    public = seen[min(seen)]
    view.clear_cards()
    view.book = book
    spaces = public.ruleset.board.spaces
    view.start_round(
        public.round_number,
        spaces[public.token].hand_size if 0 <= public.token < len(spaces) else 0,
    )
    view.track.covered = frozenset(public.covered)
    view.track.tiles_left = public.ruleset.board.size - len(public.covered)
    view.track.rest_at(public.token)
    view.attacker = public.attacker
    pile, _ = public_piles(public)
    view.discard_values = list(pile)
    view.draw_count = public.draw_pile_size
    for seat in (0, 1):
        _lay_out_hand(view, public, seen.get(seat), seat)
    if public.phase is Phase.DEFEND or public.phase is Phase.ATTACK:
        _lay_out_trick(view, public)
    resting.settle(view)
    pile_top = resting.DISCARD_PILE
    for value in view.discard_values[-3:]:
        view.discard_sprites.append(
            CardSprite(value, None, "discard", pile_top.pos, pile_top.scale, True)
        )
    for event in public.history:  # the log shows public events only
        if event.audience is None:
            view.add_log(describe(event, view.names, view.round_title()))


def public_piles(obs: Observation) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(discard pile, cards in play)`` as the table shows them.

    The engine's ``discards`` are every card played face up this round, the trick
    being answered included; on the table the attack and its answers lie in play
    until the trick is won, then go onto the pile.
    """
    in_play = obs.attack + obs.responses
    return _without(obs.discards, in_play), in_play


def _without(cards: Sequence[int], taken: Sequence[int]) -> tuple[int, ...]:
    """``cards`` minus ``taken``, removing each from the end (the latest played)."""
    left = list(cards)
    for value in taken:
        index = len(left) - 1 - left[::-1].index(value)
        del left[index]
    return tuple(left)


def _lay_out_hand(view: TableView, public: Observation, own: Observation | None, seat: int) -> None:
    """One seat's hand, and its committed secret choice (a duel card, a replacement):
    face up from ``own`` (its observation) when the screen may know it, else face down
    from what ``public`` (another seat's observation) says of it."""
    if own is not None:
        commit = own.own_commit
        values: list[int | None] = list(own.hand)
        committed = commit is not None
    else:
        commit = None
        values = [None] * public.opponent_hand_size
        committed = public.opponent_committed
    if public.phase is Phase.DUEL and committed:
        # The committed duel card lies face down on the table (a duel commit is a card).
        card = commit if isinstance(commit, int) else None
        if card is not None:
            values.remove(card)
        else:
            values.pop()
        view.duel[seat] = _unplaced(card, seat, "duel")
        view.committed[seat] = True
    known = own is not None
    view.hands[seat] = [_unplaced(value, seat, "hand", face_up=known) for value in values]
    if public.phase is Phase.REPLACE and committed:
        view.committed[seat] = True
        if isinstance(commit, tuple):  # the cards to replace
            chosen = list(commit)
            for sprite in view.hands[seat]:
                if sprite.value in chosen:
                    chosen.remove(sprite.value)
                    sprite.committed = True


def _lay_out_trick(view: TableView, state: Observation) -> None:
    """The attack on the table and the answers so far."""
    attacker = state.attacker
    assert attacker is not None
    view.attack = [_unplaced(value, attacker, "attack", face_up=True) for value in state.attack]
    for i, value in enumerate(state.responses):
        sprite = _unplaced(value, 1 - attacker, "response", face_up=True)
        sprite.mark = "defended" if value >= state.attack[i] else "sacrificed"
        view.responses.append(sprite)


def _unplaced(value: int | None, seat: int, zone: Zone, *, face_up: bool = False) -> CardSprite:
    """A card for ``zone``, at no place yet: :func:`~.resting.settle` puts it there."""
    return CardSprite(value, seat, zone, (0.0, 0.0), 1.0, face_up)
