"""The opponent model: which guessed opponent hands a sound player's choices fit.

The hard level's (``HardBot(model=True)``). The first clue is the replacement. The
opponent's replaced cards are public (RULES.md: replaced face up), and a sound
player replaces by rule: the heuristic (:func:`tacocat.ai.heuristic.heuristic_discards`)
throws away middle cards nearest 7 and keeps its lowest card and its high
ones. So a guessed opponent hand is the more believable the more often a
sound player holding it before the replacement would have thrown away
exactly the cards it did. A sample of the hidden cards is then kept with
that likelihood (rejection sampling), so believable hands are dealt more
often. The other clues - its duel cards, attacks and answers - are read by
:mod:`tacocat.ai.clues`; their likelihoods multiply with this one.

The product is tempered, ``w = (1 - epsilon) * L + epsilon``, so that a
model that fits the opponent badly can only tilt the samples, never collapse
them onto a few hands; how firmly it believes a sound player (``stray`` and
``epsilon``) is a :class:`ModelFit`, :data:`FIRM` for the hard level. Everything here reads only the seat's observation: the
opponent's public discards, its replacement limit and the cards it has
revealed since.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from tacocat.ai.clues import STRAY, PlayClue, play_clues, play_likelihood
from tacocat.ai.heuristic import heuristic_discards
from tacocat.rules import Observation
from tacocat.rules import events as ev

Hand = tuple[int, ...]

#: The heuristic's discards, memoised: the likelihood asks for the same
#: hand-before-replacement over and over (every split of every sampled hand).
_sound_discards = lru_cache(maxsize=1 << 16)(heuristic_discards)

#: The uniform share mixed into every weight (see the module's docstring).
EPSILON = 0.1


@dataclass(frozen=True, slots=True)
class ModelFit:
    """How firmly the model believes the opponent is a sound player.

    ``stray``: the likelihood of a hand from which a sound player would have
    replaced otherwise (players are not all sound: never 0); ``play_stray``
    the same for its duel cards, attacks and answers (None: ``stray``) - a
    searching player replaces by rule more often than it plays by rule;
    ``epsilon``: the uniform share mixed into the product. The lower all,
    the sharper the model: a hand that fits every clue is at most
    ``1 / epsilon`` times likelier than one that fits none.
    """

    stray: float = STRAY
    epsilon: float = EPSILON
    play_stray: float | None = None

    def __post_init__(self) -> None:
        if not all(0.0 < share <= 1.0 for share in (self.stray, self.epsilon, self.play)):
            raise ValueError(f"stray, epsilon and play_stray must lie in (0, 1]: {self}")

    @property
    def play(self) -> float:
        """The stray likelihood of the play clues (duel, attack, answer)."""
        return self.stray if self.play_stray is None else self.play_stray


#: The hard level's model (docs/ai.md, "The opponent model"): a sound player's
#: replacement is believed firmly - the heuristic and medium replace by the
#: rule always, the hard levels in 57-65 % of their replacements -
#: and its play as loosely as before (a searching player does not play by
#: rule; believing its play firmly did not help against one). Tilts the deals
#: at most 100 : 1.
FIRM = ModelFit(stray=0.02, epsilon=0.01, play_stray=0.25)


@dataclass(frozen=True, slots=True)
class ReplaceClue:
    """What the opponent's replacement this round showed."""

    discarded: Hand
    limit: int | None
    #: The opponent's cards made public since (duel cards, attacks, answers).
    played_since: Hand


def replace_clue(observation: Observation) -> ReplaceClue | None:
    """The opponent's replacement this round, if it replaced with a choice to make."""
    opponent = observation.opponent
    limit: int | None = 0
    discarded: Hand | None = None
    played: list[int] = []
    for event in observation.history:
        if isinstance(event, ev.ReplaceTurn) and event.seat == opponent:
            limit = event.limit
        elif isinstance(event, ev.Replaced) and event.seat == opponent:
            discarded = tuple(sorted(event.discarded))
        elif discarded is None:
            continue
        elif isinstance(event, ev.DuelRevealed):
            played.append(event.cards[opponent])
        elif isinstance(event, ev.Attacked) and event.seat == opponent:
            played.extend(event.cards)
        elif isinstance(event, (ev.Defended, ev.Sacrificed)) and event.seat == opponent:
            played.append(event.card)
    if discarded is None or limit == 0:
        return None
    return ReplaceClue(discarded, limit, tuple(sorted(played)))


def likelihood(clue: ReplaceClue, hand: Hand, stray: float = STRAY) -> float:
    """How believable ``hand`` (the opponent's now) is, given ``clue`` (in (0, 1]).

    Its hand after the replacement was ``hand`` plus the cards played since;
    any ``len(discarded)`` of those may be the ones it drew. Averaged over
    those splits: 1 when a sound player keeping the rest would have discarded
    exactly what it did, else ``stray``.
    """
    after = tuple(sorted(hand + clue.played_since))
    k = len(clue.discarded)
    total = sound = 0
    for drawn in combinations(range(len(after)), k):
        kept = [card for i, card in enumerate(after) if i not in drawn]
        before = tuple(sorted(kept + list(clue.discarded)))
        total += 1
        sound += _sound_discards(before, clue.limit) == clue.discarded
    if not total:
        return 1.0
    return 1.0 - (1.0 - stray) * (total - sound) / total  # 1 exactly when every split fits


def opponent_model(
    observation: Observation, fit: ModelFit = FIRM
) -> Callable[[Hand], float] | None:
    """The weight of a guessed opponent hand in this observation, or None (no clue).

    Every clue is read: its replacement, duel cards, attacks and answers;
    ``fit``: how firmly (:class:`ModelFit`).
    """
    replaced = replace_clue(observation)
    played = play_clues(observation)
    if replaced is None and not played:
        return None
    return clue_weigher(played, replaced, fit, likelihood)


def clue_weigher(
    played: tuple[PlayClue, ...],
    replaced: ReplaceClue | None,
    fit: ModelFit,
    replacement_fits: Callable[[ReplaceClue, Hand, float], float],
) -> Callable[[Hand], float]:
    """A hand's weight from the ``played`` clues and the ``replaced`` one (its likelihood
    by ``replacement_fits(clue, hand, stray)``), kept per hand: the sampler asks again."""
    known: dict[Hand, float] = {}

    def weigh(hand: Hand) -> float:
        found = known.get(hand)
        if found is None:
            fits = play_likelihood(played, hand, fit.play)
            if replaced is not None:
                fits *= replacement_fits(replaced, hand, fit.stray)
            found = known[hand] = fits + fit.epsilon * (1.0 - fits)  # (1-e)·L + e
        return found

    return weigh
