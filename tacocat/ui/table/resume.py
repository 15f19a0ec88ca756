"""Lay out a saved game in progress on the view model at once (``--continue``).

The animator builds the view event by event; a resumed game has no events to
play, so this module places every card where the animation would have left it.
The public piles come from the engine's observation (:func:`public_piles`), so
the table cannot show a card twice: the engine counts a card in play as played
at once, the table shows it in play until the trick is swept onto the pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.rules import GameState, Phase
from tacocat.rules.observation import Observation, observe
from tacocat.ui.results.score import ScoreBook, book_from_state
from tacocat.ui.table.narration import describe
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.cards import CardSprite


def lay_out(view: TableView, state: GameState, visible_seats: frozenset[int],
            book: ScoreBook | None = None) -> None:
    """Make ``view`` show ``state`` as seen by ``visible_seats``, without animation.

    ``book``: the game's score book at ``state`` when the caller has it (the replay
    viewer keeps the events); else it is rebuilt by replaying the state's actions.
    """
    view.hands = [[], []]
    view.duel = [None, None]
    view.showdown = [None, None]
    view.attack, view.responses, view.discard_sprites = [], [], []
    view.committed = [False, False]
    view.log.clear()
    view.round_number = state.round_number
    view.hand_size = state.ruleset.board.spaces[state.token].hand_size if state.space else 0
    view.book = book if book is not None else book_from_state(state)
    view.round_caption = view.round_title()
    view.covered = frozenset(state.covered)
    view.tiles_left = state.ruleset.board.size - len(state.covered)
    view.token = float(state.token)
    view.token_rest = state.token
    view.attacker = state.attacker
    pile, _ = public_piles(observe(state, min(visible_seats, default=0)))
    view.discard_values = list(pile)
    view.draw_count = len(state.draw_pile)
    for seat in (0, 1):
        _lay_out_hand(view, state, seat, seat in visible_seats)
    if state.phase is Phase.DEFEND or state.phase is Phase.ATTACK:
        _lay_out_trick(view, state)
    for value in view.discard_values[-3:]:
        view.discard_sprites.append(CardSprite(value, None, "discard", L.DISCARD_POS,
                                               L.PILE_SCALE, True))
    for event in state.round_log:
        if event.audience is None or event.audience in visible_seats:
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


def _lay_out_hand(view: TableView, state: GameState, seat: int, known: bool) -> None:
    """One seat's hand, and its committed secret choice (a duel card, a replacement)."""
    commit = state.commits[seat] if state.secret_choice_open else None
    values: list[int | None] = (list(state.hands[seat]) if known
                                else [None] * len(state.hands[seat]))
    if state.phase is Phase.DUEL and commit is not None:
        # The committed duel card lies face down on the table.
        card = commit if known else None
        if known:
            values.remove(card)
        else:
            values.pop()
        view.duel[seat] = CardSprite(card, seat, "duel", L.DUEL_POS[seat],
                                     L.TABLE_SCALE)
        view.committed[seat] = True
    for value in values:
        view.hands[seat].append(CardSprite(value, seat, "hand", (0, 0),
                                           L.HAND_SCALE[view.side(seat)], face_up=known))
    if state.phase is Phase.REPLACE and commit is not None:
        view.committed[seat] = True
        if known:
            chosen = list(commit)
            for sprite in view.hands[seat]:
                if sprite.value in chosen:
                    chosen.remove(sprite.value)
                    sprite.committed = True
    for sprite, pos in zip(view.hands[seat], view.hand_targets(seat), strict=True):
        sprite.pos = pos


def _lay_out_trick(view: TableView, state: GameState) -> None:
    """The attack on the table and the answers so far."""
    attacker = state.attacker
    assert attacker is not None
    side = view.side(attacker)
    for i, value in enumerate(state.attack):
        view.attack.append(CardSprite(value, attacker, "attack",
                                      L.play_slot(side, i, len(state.attack)), L.TABLE_SCALE, True))
    for i, value in enumerate(state.responses):
        sprite = CardSprite(value, 1 - attacker, "response",
                            L.response_slot(side, i, len(state.attack)), L.TABLE_SCALE, True)
        sprite.mark = "defended" if value >= state.attack[i] else "sacrificed"
        view.responses.append(sprite)
