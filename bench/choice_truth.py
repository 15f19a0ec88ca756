"""Would another model of the opponent's *choices* have played better? Valued against what it really did.

    python -m bench.choice_truth --phase duel --against hard-2026-12 [--games 40] [--seed 5000]
    python -m bench.choice_truth --phase play --against heuristic [--games 40] [--seed 500]

``python -m bench.ai_headroom --oracle`` shows a reference the opponent's real *hand*;
it still guesses what the opponent will *do* with it. This bench asks the
opponent: the hard level (fixed samples, no deadline) plays ``--games``
seeded games against ``--against`` (a tournament player, seats alternating),
and at each of its decisions of ``--phase`` the opponent's real hand - and,
in a duel, the card it is about to play - values every legal choice exactly.
Each candidate model picks its choice from the hard level's own samples
(the same deals, weighted by the opponent model), and its **gain** is the
true value of its choice less that of today's best-valued choice: a paired
comparison, in points of a round's chance (mean and standard error).

* ``duel`` (decisions where the hard level duels first, so the opponent has
  not chosen yet and can be asked with a copy of its random source; seat 0
  always chooses first): the opponent's card modelled as

  - ``read-1.0``, ``read-0.4``, ``read-0.0``: today's mix with another share
    of the sound player's card (today's share is 0.6, ``tacocat.ai.duel``);
  - ``searcher``: a player like the hard level - in each deal it guesses my
    hand ``GUESSES`` times among the cards it cannot see and plays its card
    best against my heuristic card and my best reply (today's duel, from its
    seat);

  and ``mixed``: today's card as played (drawn among the near-best,
  ``tacocat.ai.mixed``), ``knowing``: the best card against the card it
  really played - the ceiling of any model; ``sound-card``: the share of
  those duels in which the opponent played the sound player's card
  (``heuristic_duel_card``, which today's model expects 60 % of the time).
* ``play`` (attacks and answers): ``exploit`` values each choice against an
  opponent who answers and attacks by the heuristic's rules rather than
  perfectly (the exact solver's assumption), ``half`` the mean of both.

Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import copy
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from bench import ai_tournament
from tacocat.ai.deadline import Deadline
from tacocat.ai.duel import HEURISTIC_WEIGHT, duel_values, opponent_mix
from tacocat.ai.hard import DUEL_SAMPLES, PLAY_SAMPLES, HardBot
from tacocat.ai.heuristic import heuristic_attack, heuristic_duel_card, heuristic_response
from tacocat.ai.mixed import mixed_choice
from tacocat.ai.replacement import run_samples
from tacocat.ai.sampling import Sample, tie_value
from tacocat.ai.solver import Solver, showdown_value
from tacocat.rules import Action, Attack, DuelCard, Observation, Respond
from tacocat.rules.moves import attack_options, response_options, take

Hand = tuple[int, ...]
#: How often the modelled searcher guesses my hand in each deal.
GUESSES = 8
DUEL_MODELS = ("read-1.0", "read-0.4", "read-0.0", "searcher")
#: Not a model: how often the opponent's real duel card was the sound player's (its share).
SOUND_CARD = "sound-card"


# --- the duel ---------------------------------------------------------------


def searcher_card(solver: Solver, mine: Hand, theirs: Hand, pile: Hand, tie: float) -> int:
    """The card a player like the hard level plays from ``theirs``, guessing ``mine``.

    It cannot see my hand: it guesses it among my hand and the pile (the cards
    it does not see), and in each guess values its cards as today's duel does
    (:func:`tacocat.ai.duel.duel_values`, from its seat: against my heuristic
    card and my best reply to its heuristic card).
    """
    rng = random.Random(hash((mine, theirs, pile)))
    pool, cards = list(mine) + list(pile), sorted(set(theirs))
    totals = [0.0] * len(cards)
    for _ in range(GUESSES):
        guess = tuple(sorted(rng.sample(pool, len(mine))))
        for i, value in enumerate(duel_values(solver, theirs, guess, cards, 1.0 - tie)):
            totals[i] += value
    return cards[max(range(len(cards)), key=totals.__getitem__)]


def duel_mixes(solver: Solver, mine: Hand, sample: Sample, tie: float) -> list[dict[int, float]]:
    """Today's modelled opponent card mix, then each of :data:`DUEL_MODELS`' mixes."""
    theirs = sample.opponent_hand
    mixes = [
        opponent_mix(solver, mine, theirs, tie, heuristic_weight=w)
        for w in (HEURISTIC_WEIGHT, 1.0, 0.4, 0.0)
    ]
    mixes.append({searcher_card(solver, mine, theirs, sample.pile, tie): 1.0})
    return mixes


def duel_gains(
    bot: HardBot,
    observation: Observation,
    legal: Sequence[Action],
    real: Hand,
    their_card: int,
    rng: random.Random,
) -> dict[str, float]:
    """Each duel model's gain (and ``mixed``, ``knowing``) at one decision."""
    solver, mine, tie = bot.solver, observation.hand, tie_value(observation)
    cards = [a.card for a in legal if isinstance(a, DuelCard)]

    def value_sample(sample: Sample) -> list[float]:
        row = []
        for mix in duel_mixes(solver, mine, sample, tie):
            row += [
                sum(
                    w * solver.duel_outcome(mine, sample.opponent_hand, card, c, tie)
                    for c, w in mix.items()
                )
                for card in cards
            ]
        return row

    true = [solver.duel_outcome(mine, real, card, their_card, tie) for card in cards]
    values = _values(
        bot, observation, rng, DUEL_SAMPLES, value_sample, (1 + len(DUEL_MODELS)) * len(cards)
    )
    picks = [
        _best(values[k * len(cards) : (k + 1) * len(cards)]) for k in range(1 + len(DUEL_MODELS))
    ]
    today = true[picks[0]]
    gains = {name: true[pick] - today for name, pick in zip(DUEL_MODELS, picks[1:], strict=True)}
    played = mixed_choice(observation, legal, values[: len(cards)])
    gains["mixed"] = true[list(legal).index(played)] - today
    gains["knowing"] = max(true) - today
    return gains


# --- the play: an opponent who plays by the heuristic's rules ---------------


@lru_cache(maxsize=1 << 18)
def exploit_attack(mine: Hand, theirs: Hand, tie: float) -> float:
    """My value when I attack and the opponent answers and attacks by rule (I play my best)."""
    if len(mine) == 1:
        return showdown_value(mine[0], theirs[0], tie)
    return max(
        exploit_after_attack(take(mine, cards), theirs, cards, tie)
        for cards in attack_options(mine)
    )


@lru_cache(maxsize=1 << 18)
def exploit_after_attack(rest: Hand, theirs: Hand, cards: Hand, tie: float) -> float:
    lost = False
    for target in sorted(cards):  # answered by rule, card by card in ascending order
        answer = heuristic_response(theirs, target)
        lost = lost or answer < target
        theirs = take(theirs, (answer,))
    return exploit_attack(rest, theirs, tie) if lost else exploit_defend(theirs, rest, tie)


@lru_cache(maxsize=1 << 18)
def exploit_defend(theirs: Hand, mine: Hand, tie: float) -> float:
    """My value when the opponent attacks by rule (or the showdown)."""
    if len(theirs) == 1:
        return showdown_value(mine[0], theirs[0], tie)
    cards = heuristic_attack(theirs, attack_options(theirs))
    return exploit_answer(mine, take(theirs, cards), tuple(sorted(cards)), False, tie)


@lru_cache(maxsize=1 << 18)
def exploit_answer(mine: Hand, theirs: Hand, targets: Hand, lost: bool, tie: float) -> float:
    """My best value answering ``targets`` (my own answers are searched)."""
    target = targets[0]
    return max(
        _after_answer(take(mine, (card,)), theirs, targets, lost or card < target, tie)
        for card in response_options(mine, target)
    )


def _after_answer(left: Hand, theirs: Hand, targets: Hand, lost: bool, tie: float) -> float:
    if len(targets) > 1:
        return exploit_answer(left, theirs, targets[1:], lost, tie)
    return exploit_defend(theirs, left, tie) if lost else exploit_attack(left, theirs, tie)


def play_value(
    solver: Solver,
    observation: Observation,
    action: Action,
    theirs: Hand,
    tie: float,
    exploit: bool,
) -> float:
    """My value of ``action`` (an attack or an answer) against ``theirs``."""
    mine = observation.hand
    if isinstance(action, Attack):
        if exploit:
            return exploit_after_attack(take(mine, action.cards), theirs, action.cards, tie)
        return solver.attack_move_value(mine, theirs, action.cards, tie)
    assert isinstance(action, Respond)
    targets = observation.attack[len(observation.responses) :]
    if not exploit:
        return solver.response_move_value(
            mine, theirs, targets, observation.trick_sacrificed, action.card, tie
        )
    lost = observation.trick_sacrificed or action.card < targets[0]
    return _after_answer(take(mine, (action.card,)), theirs, targets, lost, tie)


def play_gains(
    bot: HardBot, observation: Observation, legal: Sequence[Action], real: Hand, rng: random.Random
) -> dict[str, float]:
    """Each play model's gain at one decision, valued against a rule-playing opponent."""
    solver, tie, width = bot.solver, tie_value(observation), len(legal)

    def value_sample(sample: Sample) -> list[float]:
        return [
            play_value(solver, observation, action, sample.opponent_hand, tie, exploit)
            for exploit in (False, True)
            for action in legal
        ]

    values = _values(bot, observation, rng, PLAY_SAMPLES, value_sample, 2 * width)
    perfect, exploit = values[:width], values[width:]
    half = [(a + b) / 2 for a, b in zip(perfect, exploit, strict=True)]
    true = [play_value(solver, observation, action, real, tie, True) for action in legal]
    today = true[_best(perfect)]
    return {"exploit": true[_best(exploit)] - today, "half": true[_best(half)] - today}


# --- the games --------------------------------------------------------------


def _values(
    bot: HardBot,
    observation: Observation,
    rng: random.Random,
    count: int,
    value_sample: Callable[[Sample], list[float]],
    width: int,
) -> list[float]:
    """The hard level's own sampling (its opponent model's weights), without a deadline."""
    values, _ = run_samples(
        observation, rng, count, Deadline(None), value_sample, width, None, bot.weigher(observation)
    )
    return values


def _best(values: Sequence[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)


def run(phase: str, against: str, games: int, seed: int) -> dict[str, list[float]]:
    """Every probed decision's gains, by model."""
    hard, other = ai_tournament.bot("hard"), ai_tournament.bot(against)
    found: dict[str, list[float]] = {}
    kinds = (DuelCard,) if phase == "duel" else (Attack, Respond)
    asked = 0

    def done(index: int) -> None:
        print(
            f"game {index + 1}/{games}: {len(next(iter(found.values()), []))} decisions",
            file=sys.stderr,
            flush=True,
        )

    for index, state, seat, other_rng in ai_tournament.probed_games(hard, other, games, seed, done):
        legal = state.legal_actions(seat)
        if isinstance(legal[0], kinds):
            asked += 1
            probe = random.Random(f"{seed}:{index}:{asked}")
            gains = _probe(phase, hard, other, state, seat, legal, other_rng, probe)
            for name, gain in (gains or {}).items():
                found.setdefault(name, []).append(gain)
    return found


def _probe(
    phase: str,
    hard: HardBot,
    other: Any,
    state: Any,
    seat: int,
    legal: Sequence[Action],
    other_rng: random.Random,
    rng: random.Random,
) -> dict[str, float] | None:
    real = state.observation(1 - seat).hand
    if phase == "play":
        return play_gains(hard, state.observation(seat), legal, real, rng)
    if 1 - seat not in state.to_act:  # the opponent already chose: its card cannot be asked
        return None
    their = other.choose(
        state.observation(1 - seat), state.legal_actions(1 - seat), copy.deepcopy(other_rng)
    )
    gains = duel_gains(hard, state.observation(seat), legal, real, their.card, rng)
    gains[SOUND_CARD] = float(their.card == heuristic_duel_card(real))
    return gains


def summary(found: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Per model: decisions, mean gain and its standard error, in points."""
    out: dict[str, dict[str, float]] = {}
    for name, gains in found.items():
        n = len(gains)
        mean = sum(gains) / n
        if name == SOUND_CARD:
            out[name] = {"decisions": n, "share": round(mean, 3)}
            continue
        var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
        out[name] = {
            "decisions": n,
            "gain": round(100 * mean, 2),
            "gain_se": round(100 * math.sqrt(var / n), 2),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = ai_tournament.probe_parser(__doc__, games=40, seed=5000)
    parser.add_argument("--phase", choices=("duel", "play"), required=True)
    options = ai_tournament.parse_probe(parser, argv)
    found = run(options.phase, options.against, options.games, options.seed)
    print(
        json.dumps(
            {
                "bench": "choice_truth",
                "phase": options.phase,
                "against": options.against,
                "games": options.games,
                "seed": options.seed,
                **summary(found),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
