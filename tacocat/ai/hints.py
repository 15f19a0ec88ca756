"""Advice for the hint button: the hard level's move, and why, from its analysis.

    hint = suggest(observation, legal)
    hint.action          # one of ``legal``
    hint.reason_key      # e.g. "tacocat.hint.duel_odds"
    hint.reason_params   # e.g. {"card": 9, "pct": 72, "alt_card": 12, "alt_pct": 55}
    hint.chance          # the estimated chance of winning the round after the move
    hint.reasons         # why it beats the best other move (:mod:`tacocat.ai.reasons`)

The reason is a translation key and its parameters (the screen renders it
with ``tr(key, **params)``); every number in it is read from the analysis
(:mod:`tacocat.ai.analysis`) that chose the move: the move's chance of
winning the round and the best other move's. The analysis is seeded from the
observation, so asking twice in the same position gives the same hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tacocat.ai.analysis import analysis_of
from tacocat.ai.hard import HardBot
from tacocat.ai.reasons import Reason, explain
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

#: Seconds after which a hint answers with the samples it has (a safety net:
#: the sample counts normally finish well before, keeping hints deterministic).
HINT_DEADLINE = 3.0

Params = dict[str, int | str]
#: The words for two moves as good as each other (no "best", so no reason either).
EQUAL_KEY = "tacocat.trust.hint.equal"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, its odds (a translation key and parameters), its chance, and
    why it beats the best other move (none when it is the only move or as good as another)."""

    action: Action
    reason_key: str
    reason_params: Params = field(default_factory=dict)
    chance: float = 0.5
    reasons: tuple[Reason, ...] = ()
    #: The best other move (the one the reasons compare with), None when there is none.
    alternative: Action | None = None


def suggest(observation: Observation, legal: Sequence[Action], bot: HardBot | None = None) -> Hint:
    """The hard level's choice among ``legal`` for ``observation``, with its reason.

    Deterministic: the sampling is seeded from the observation, so asking twice
    in one position gives the same advice. ``bot`` sets the sample counts.
    """
    analysis = analysis_of(observation, legal, deadline=HINT_DEADLINE, bot=bot)
    ranked = analysis.ranked()
    action, chance = ranked[0]
    alternative = ranked[1] if len(ranked) > 1 else None
    key, params = reason(observation, action, chance, alternative)
    why: tuple[Reason, ...] = ()
    if alternative is not None and key != EQUAL_KEY:
        why = explain(observation, action, alternative[0])
    return Hint(action, key, params, chance, why, alternative[0] if alternative else None)


def pct(value: float) -> int:
    return int(round(100 * value))


def cards_param(cards: Sequence[int]) -> str:
    """Card values as a parameter: ``"4, 5, 6"`` (digits read in every language)."""
    return ", ".join(str(c) for c in cards)


def reason(
    observation: Observation,
    action: Action,
    chance: float,
    alternative: tuple[Action, float] | None,
) -> tuple[str, Params]:
    """The reason's key and parameters: the move's chance and the best other move's."""
    if alternative is None:
        return "tacocat.hint.only_move", {"pct": pct(chance)}
    alt, alt_chance = alternative
    params: Params = {"pct": pct(chance), "alt_pct": pct(alt_chance)}
    if pct(chance) == pct(alt_chance):
        equal = _equal_reason(action, alt, params)
        if equal is not None:
            return equal
    if isinstance(action, Replace) and isinstance(alt, Replace):
        return _replace_reason(action, alt, params)
    if isinstance(action, DuelCard) and isinstance(alt, DuelCard):
        return "tacocat.hint.duel_odds", {**params, "card": action.card, "alt_card": alt.card}
    if isinstance(action, Attack) and isinstance(alt, Attack):
        return "tacocat.hint.attack_odds", {
            **params,
            "cards": cards_param(action.cards),
            "alt_cards": cards_param(alt.cards),
        }
    assert isinstance(action, Respond) and isinstance(alt, Respond)
    target = observation.pending_target
    key = (
        "tacocat.hint.defend_odds"
        if target is not None and action.card >= target
        else "tacocat.hint.sacrifice_odds"
    )
    return key, {**params, "card": action.card, "target": target or 0, "alt_card": alt.card}


def _replace_reason(action: Replace, alt: Replace, params: Params) -> tuple[str, Params]:
    if not action.cards:
        return "tacocat.hint.keep_odds", {**params, "alt_cards": cards_param(alt.cards)}
    if not alt.cards:
        return "tacocat.hint.replace_odds_vs_keep", {**params, "cards": cards_param(action.cards)}
    return "tacocat.hint.replace_odds", {
        **params,
        "cards": cards_param(action.cards),
        "alt_cards": cards_param(alt.cards),
    }


def _equal_reason(action: Action, alt: Action, params: Params) -> tuple[str, Params] | None:
    """Two moves as good as each other are said to be equal, not one "best" (the hint
    still picks one to select). None when the moves are not both cards played."""
    cards = _played(action)
    alt_cards = _played(alt)
    if not cards or not alt_cards:
        return None
    return EQUAL_KEY, {
        "pct": params["pct"],
        "cards": cards_param(cards),
        "alt_cards": cards_param(alt_cards),
    }


def _played(action: Action) -> tuple[int, ...]:
    if isinstance(action, (Replace, Attack)):
        return tuple(action.cards)
    if isinstance(action, (DuelCard, Respond)):
        return (action.card,)
    return ()
