"""Words for the rules engine's refusals, in the player's language.

The engine refuses an illegal action with an :class:`IllegalAction` that
carries a reason code and the facts involved (see its docstring); this module
is the one place that turns such a pair into a sentence, through :func:`tr`
keys under ``tacocat.refusal``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.rules import IllegalAction
from tacocat.ui.text.card_words import cards_text
from tacocat.ui.text.i18n import number, tr

#: Reasons whose sentence needs no facts.
_PLAIN = frozenset(
    {
        "not_an_action",
        "no_such_seat",
        "game_over",
        "replace_unsorted",
        "attack_unsorted",
        "attack_empty",
        "attack_pair_mismatch",
        "attack_mixed",
        "attack_not_sequence",
        "attack_whole_hand",
    }
)


def refusal_text(error: IllegalAction, names: Sequence[str] | None = None) -> str:
    """The sentence saying why ``error``'s action was refused.

    ``names``: the players' names by seat; without them the seats are called
    "the first player" and "the second player".
    """
    reason, facts = error.reason, error.params
    key = f"tacocat.refusal.{reason}"
    if reason in _PLAIN:
        return tr(key)
    if reason == "wrong_phase":
        return tr(f"{key}.{facts['phase']}")
    who = _who(facts.get("seat"), names)
    if reason in ("already_chosen", "not_your_turn"):
        return tr(key, who=who)
    if reason == "not_held":
        held = facts.get("cards", ())
        cards = tuple(held) if isinstance(held, tuple | list) else ()
        return tr(key, who=who, cards=cards_text(cards), count=len(cards))
    if reason == "replace_too_many":
        return tr(key, who=who, count=facts["limit"])
    if reason == "respond_too_low":
        return tr(
            key,
            card=number(facts["card"]),
            target=number(facts["target"]),
            lowest=number(facts["lowest"]),
        )
    return tr("tacocat.refusal.not_an_action")


def _who(seat: object, names: Sequence[str] | None) -> str:
    if isinstance(seat, int) and 0 <= seat <= 1:
        if names is not None and len(names) > seat and names[seat]:
            return names[seat]
        return tr(f"tacocat.refusal.seat.{seat}")
    return "?"
