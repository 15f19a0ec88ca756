"""The analysis' reasons (:mod:`tacocat.ai.reasons`) in the player's language (no pygame).

    why(reasons)          # "keep the 1: the lower card wins the showdown; ..."

Each reason is the translation key ``tacocat.reason.<code>`` with its
parameters; card values among them are worded with
:func:`~tacocat.ui.text.card_words.card_list`. The
hint (:func:`hint_with_reason`) and the review's note (:func:`note_with_reason`)
put the reason first and the odds after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tacocat.rules import Action, Attack, DuelCard, Replace
from tacocat.ui.text.card_words import card_list
from tacocat.ui.text.i18n import percent, tr

if TYPE_CHECKING:
    from tacocat.ai.reasons import Reason


def reason_text(reason: Reason) -> str:
    """One reason in words."""
    params = {
        name: card_list(value) if isinstance(value, tuple) else value
        for name, value in reason.params
    }
    return tr(reason.key, **params)


def why(reasons: Sequence[Reason]) -> str:
    """The main reason, and the fact after it if there is one; "" for none."""
    if not reasons:
        return ""
    text = reason_text(reasons[0])
    for fact in reasons[1:]:
        text = tr("tacocat.reason.with_fact", reason=text, fact=reason_text(fact))
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_text(action: Action) -> str:
    """A move in words: ``replacing 4 and 5``, ``dueling with 9``, ``attacking with 4-5-6``..."""
    if isinstance(action, Replace):
        return (
            tr("tacocat.review.move_replace", cards=card_list(action.cards))
            if action.cards
            else tr("tacocat.review.move_keep")
        )
    if isinstance(action, DuelCard):
        return tr("tacocat.review.move_duel", card=action.card)
    if isinstance(action, Attack):  # an attack's set or sequence keeps its look
        return tr("tacocat.review.move_attack", cards="-".join(map(str, action.cards)))
    return tr("tacocat.review.move_answer", card=action.card)


def short_odds(pct: int, alternative: Action, alt_pct: int) -> str:
    """The odds after a reason, short enough for the prompt: this move's, the other's."""
    return tr(
        "tacocat.reason.odds",
        pct=percent(pct / 100),
        alt=move_text(alternative),
        alt_pct=percent(alt_pct / 100),
    )


def hint_with_reason(move: str, odds: str, reasons: Sequence[Reason]) -> str:
    """A hint: the move, why, then the odds; without a reason, the move and the odds."""
    if not reasons:
        return f"{move} — {odds}" if odds else move
    return tr("tacocat.reason.hint", move=move, why=why(reasons), odds=_capital(odds))


def note_with_reason(note: str, reasons: Sequence[Reason]) -> str:
    """A review's note followed by the reason the better move was better."""
    if not reasons:
        return note
    return tr("tacocat.reason.note", note=note, why=_capital(why(reasons)))
