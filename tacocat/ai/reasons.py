"""Why one move beats another, in words the rules make true (issue 23: reasons, not only numbers).

    reasons = explain(observation, better, other)
    reasons[0].code, reasons[0].args     # e.g. "showdown_keep", {"card": 1}
    reasons[1:]                          # at most one fact about the hidden cards

The analysis (:mod:`tacocat.ai.analysis`) says *which* move wins the round more
often; this module names the difference between the two moves that the rules
turn into that outcome: the card kept for the showdown (the lower card wins it),
a duel card nothing unseen can match (the higher card attacks first), a Jumbo
the unseen cards cannot all beat, a defence that keeps the lowest card, a
replacement that throws away cards above what a new card averages...

Everything is read from the seat's **observation** - its hand, the face-up
cards, the opponent's *floor* (a sacrifice shows every card left in that hand
is at least as high) and so the cards it has not seen (the opponent's hand and
the draw pile are drawn from them) - never from the hidden cards, so a reason
is as fair as the move it explains. A reason is a code and its parameters; the
UI words it with the translation key :attr:`Reason.key`. When no specific
difference applies, the reason is :data:`GENERIC`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

#: A reason's parameter: a number, or card values (worded as a list, "5, 5 and 7").
Param = int | tuple[int, ...]

#: Every main reason's code and its parameters (the translation files have one key each).
CODES: dict[str, tuple[str, ...]] = {
    "showdown_keep": ("card",),
    "duel_sure": ("card",),
    "duel_high": ("card", "alt_card"),
    "duel_keep": ("card", "kept"),
    "jumbo_sure": ("count",),
    "jumbo": ("count",),
    "trick_sure": ("card",),
    "attack_high": ("card",),
    "attack_keep": ("card", "cards"),
    "defend_wins": ("card", "target", "low"),
    "defend_keeps_low": ("card", "target", "low"),
    "sacrifice_cheaper": ("card", "kept", "target"),
    "sacrifice_lost": ("card", "kept"),
    "defend_cheap": ("card", "target", "kept"),
    "defend_keep_lower": ("card", "target", "kept"),
    "replace_keep_low": ("card", "avg"),
    "replace_high": ("cards", "avg", "count"),
    "replace_limit": ("count",),
    "keep_limit": (),
    "keep_duel_card": ("card",),
    "generic": (),
    # Facts about the cards the seat has not seen (they follow a showdown reason).
    "fact_floor": ("floor", "card"),
    "fact_below_seen": ("low", "card"),
    "fact_sure": ("card",),
    "fact_tie_only": ("card",),
    "fact_lower_unseen": ("count", "card"),
}
#: Codes whose words have plural forms (their ``count`` parameter picks one).
PLURAL = frozenset({"jumbo_sure", "jumbo", "replace_high", "replace_limit", "fact_lower_unseen"})


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: a code of :data:`CODES` and its parameters as (name, value) pairs
    (a tuple, so that a reason is immutable, hashable and crosses to the worker)."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Param) -> Reason:
        if code not in CODES or set(params) != set(CODES[code]):
            raise ValueError(f"reason {code!r} takes {CODES.get(code)}, not {sorted(params)}")
        return cls(code, tuple(sorted(params.items())))

    @property
    def key(self) -> str:
        """Its translation key."""
        return f"tacocat.reason.{self.code}"

    @property
    def args(self) -> dict[str, Param]:
        return dict(self.params)


GENERIC = Reason.of("generic")


def explain(observation: Observation, better: Action, other: Action) -> tuple[Reason, ...]:
    """Why ``better`` beats ``other`` for this seat: a main reason, then at most one fact."""
    kept = showdown_card(observation, better)
    other_kept = showdown_card(observation, other)
    if kept is not None and other_kept is not None and kept < other_kept:
        main = Reason.of("showdown_keep", card=kept)
        fact = showdown_fact(observation, kept)
        return (main,) if fact is None else (main, fact)
    return (_by_kind(observation, better, other) or GENERIC,)


def _by_kind(o: Observation, better: Action, other: Action) -> Reason | None:
    if isinstance(better, DuelCard) and isinstance(other, DuelCard):
        return _duel(o, better.card, other.card)
    if isinstance(better, Attack) and isinstance(other, Attack):
        return _attack(o, better.cards, other.cards)
    if isinstance(better, Respond) and isinstance(other, Respond):
        return _respond(o, better.card, other.card)
    if isinstance(better, Replace) and isinstance(other, Replace):
        return _replace(o, better.cards, other.cards)
    return None


# --- what the seat knows ---------------------------------------------------------------


def possible_cards(o: Observation) -> tuple[int, ...]:
    """The unseen cards the opponent may hold: at least its floor (its last sacrifice)."""
    floor = o.floors[o.opponent]
    return tuple(c for c in o.unseen_cards() if c >= floor)


def can_beat_all(pool: Sequence[int], attack: Sequence[int]) -> bool:
    """Whether distinct cards of ``pool`` can each match-or-beat one card of ``attack``
    (the smallest card that beats each attack card, lowest attack card first)."""
    left = sorted(pool)
    for card in sorted(attack):
        answer = next((c for c in left if c >= card), None)
        if answer is None:
            return False
        left.remove(answer)
    return True


def showdown_card(o: Observation, action: Action) -> int | None:
    """The card ``action`` leaves for the showdown, when after it both hands hold one card
    (a duel from two cards; an attack that keeps one; the last answer from two)."""
    hand = list(o.hand)
    if isinstance(action, DuelCard) and len(hand) == 2:
        hand.remove(action.card)
    elif isinstance(action, Attack) and len(hand) - len(action.cards) == 1:
        for card in action.cards:
            hand.remove(card)
    elif isinstance(action, Respond) and len(hand) == 2 and len(o.attack) - len(o.responses) == 1:
        hand.remove(action.card)
    else:
        return None
    return hand[0]


def showdown_fact(o: Observation, card: int) -> Reason | None:
    """What the face-up cards and the opponent's floor say about a showdown with ``card``."""
    possible = possible_cards(o)
    if not possible:
        return None
    floor = o.floors[o.opponent]
    unseen = o.unseen_cards()
    if card < floor:
        return Reason.of("fact_floor", floor=floor, card=card)
    if card < min(unseen):
        return Reason.of("fact_below_seen", low=min(unseen), card=card)
    if card < min(possible):  # the lower unseen cards are all under the floor
        return Reason.of("fact_sure", card=card)
    if card == min(possible):
        return Reason.of("fact_tie_only", card=card)
    # Counted among the cards the opponent could hold (the unseen ones at least its floor).
    return Reason.of("fact_lower_unseen", count=sum(1 for c in possible if c < card), card=card)


# --- each kind of decision ---------------------------------------------------------------


def _duel(o: Observation, card: int, alt: int) -> Reason:
    if card < alt:
        return Reason.of("duel_keep", card=card, kept=alt)
    if all(c < card for c in o.unseen_cards()):
        return Reason.of("duel_sure", card=card)
    return Reason.of("duel_high", card=card, alt_card=alt)


def _attack(o: Observation, cards: tuple[int, ...], alt: tuple[int, ...]) -> Reason:
    possible = possible_cards(o)
    if len(cards) >= 2:
        code = "jumbo" if can_beat_all(possible, cards) else "jumbo_sure"
        return Reason.of(code, count=len(cards))
    card = cards[0]
    if not can_beat_all(possible, cards):
        return Reason.of("trick_sure", card=card)
    if card > max(alt):
        return Reason.of("attack_high", card=card)
    return Reason.of("attack_keep", card=card, cards=tuple(sorted(alt)))


def _respond(o: Observation, card: int, alt: int) -> Reason:
    target = o.pending_target
    assert target is not None  # a Respond is only legal in the defend phase
    defends, alt_defends = card >= target, alt >= target
    still_to_answer = o.attack[len(o.responses) :]
    if defends and not alt_defends:  # the other move sacrifices the lowest card
        wins = not o.trick_sacrificed and len(still_to_answer) == 1
        code = "defend_wins" if wins else "defend_keeps_low"
        return Reason.of(code, card=card, target=target, low=alt)
    if alt_defends and not defends:  # this move sacrifices the lowest card
        lost = o.trick_sacrificed or not can_beat_all(o.hand, still_to_answer)
        if lost:
            return Reason.of("sacrifice_lost", card=card, kept=alt)
        return Reason.of("sacrifice_cheaper", card=card, kept=alt, target=target)
    code = "defend_cheap" if card < alt else "defend_keep_lower"
    return Reason.of(code, card=card, target=target, kept=alt)


def new_card_average(o: Observation) -> int:
    """What a drawn card is worth on average: every unseen card is as likely (rounded)."""
    unseen = o.unseen_cards()
    return round(sum(unseen) / len(unseen)) if unseen else 0


def _replace(o: Observation, cards: tuple[int, ...], alt: tuple[int, ...]) -> Reason | None:
    avg = new_card_average(o)
    kept_here = sorted((Counter(alt) - Counter(cards)).elements())  # the other move throws
    thrown_here = sorted((Counter(cards) - Counter(alt)).elements())  # this move throws
    low = [c for c in kept_here if c < avg]
    if low:
        return Reason.of("replace_keep_low", card=low[0], avg=avg)
    high = [c for c in thrown_here if c > avg]
    if high:
        return Reason.of("replace_high", cards=tuple(high), avg=avg, count=len(high))
    first = o.replace_limit is None and not o.replace_secret
    if first and len(cards) < len(alt):
        return Reason.of("replace_limit", count=len(cards)) if cards else Reason.of("keep_limit")
    if kept_here and max(kept_here) == max(o.hand):
        return Reason.of("keep_duel_card", card=max(o.hand))
    return None
