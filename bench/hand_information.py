"""How much of the opponent's hand does the opponent model read? Measured in nats.

    python -m bench.hand_information --against hard-2026-12 [--games 32] [--seed 7000]
    python -m bench.hand_information --against heuristic --models hard hard-soft hard-sharper

The hard level (fixed samples) plays ``--games`` seeded games against
``--against`` (a tournament player; seats alternating, pairs on the same
deal). At each of its real decisions the seat's own dealer
(:class:`tacocat.ai.sampling.Dealer`: every hand the seat may believe, as
likely as each other) deals ``--deals`` guesses of the opponent's hand, and
each model - the opponent model of a hard-level player in ``--models``
(its :meth:`~tacocat.ai.hard.HardBot.weigher`, :mod:`tacocat.ai.model`) - weighs them and
the hand the opponent really holds. What the model knows about that hand is

    log(w(real hand) / mean w(guesses))   (nats)

0 for a model that reads nothing (``hard-nomodel``), positive when it makes
the real hand likelier than a guess, negative when it misleads. Beside it,
``whole_hand``: -log P(real hand) among the guesses (every unseen card at least
the opponent's floor as likely) - what knowing the hand would be worth, the
information the oracle of ``bench/ai_tournament.py`` (``hard-oracle``) has.

Per phase of the hard level's decisions (``replace:second``, ``duel``,
``attack``, ``defend``: where the opponent has shown something this round;
``replace:first`` and ``replace:centre`` come before it has), and for every
model its mean and, paired with the first of ``--models``, the difference and
its standard error. A cheap, paired instrument: it says whether a model reads
a given opponent better before a tournament is spent on it (a reading is
worth points only where it changes choices; docs/ai.md, History, "Reading
the opponent"). Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from bench import ai_tournament
from tacocat.ai.hard import HardBot
from tacocat.ai.sampling import Dealer
from tacocat.rules import Observation

Hand = tuple[int, ...]
#: The phases measured: where the opponent has already chosen something this round.
PHASES = ai_tournament.READABLE
WHOLE = "whole_hand"


def possible_opponent_cards(observation: Observation) -> Hand:
    """The unseen cards the opponent may hold (at least their public floor)."""
    floor = observation.floors[observation.opponent]
    return tuple(card for card in observation.unseen_cards() if card >= floor)


def whole_hand(observation: Observation, real: Hand) -> float:
    """-log of the real hand's chance among the seat's uniform guesses (its dealer's)."""
    unseen, held = Counter(possible_opponent_cards(observation)), Counter(real)
    chance = 1.0
    for value, count in held.items():
        chance *= math.comb(unseen[value], count)
    return -math.log(chance / math.comb(sum(unseen.values()), len(real)))


def information(
    weigh: Callable[[Hand], float] | None, real: Hand, guesses: Sequence[Hand]
) -> float:
    """What a model's weights know about ``real``, in nats (0 without a clue)."""
    if weigh is None:
        return 0.0
    return math.log(weigh(real) * len(guesses) / sum(weigh(h) for h in guesses))


def measure(
    observation: Observation, real: Hand, models: dict[str, Any], deals: int, rng: random.Random
) -> dict[str, float]:
    """Every model's information about ``real`` at one decision, and the whole hand's."""
    dealer = Dealer(observation)
    guesses = [dealer.deal(rng).opponent_hand for _ in range(deals)]
    found = {WHOLE: whole_hand(observation, real)}
    for name, player in models.items():
        weigh = player.weigher(observation)
        found[name] = information(weigh, real, guesses)
    return found


def run(
    against: str, names: Sequence[str], games: int, seed: int, deals: int
) -> dict[str, dict[str, list[float]]]:
    """Per phase, per model (and the whole hand), every measured decision's nats."""
    hard, other = ai_tournament.bot("hard"), ai_tournament.bot(against)
    models = {name: ai_tournament.bot(name) for name in names}
    found: dict[str, dict[str, list[float]]] = {}

    def done(index: int) -> None:
        print(
            f"game {index + 1}/{games}: "
            + ", ".join(f"{p} {len(r[WHOLE])}" for p, r in found.items()),
            file=sys.stderr,
            flush=True,
        )

    for index, state, seat, _ in ai_tournament.probed_games(hard, other, games, seed, done):
        observation = state.observation(seat)
        phase = ai_tournament.decision_phase(observation)
        if phase in PHASES:
            rows = found.setdefault(phase, {})
            probe = random.Random(f"{seed}:{index}:{phase}:{len(rows.get(WHOLE, ()))}")
            real = state.observation(1 - seat).hand
            for name, nats in measure(observation, real, models, deals, probe).items():
                rows.setdefault(name, []).append(nats)
    return found


def summary(found: dict[str, dict[str, list[float]]], names: Sequence[str]) -> dict[str, Any]:
    """Per phase: decisions, the whole hand's nats, each model's mean and paired difference."""
    out: dict[str, Any] = {}
    for phase in PHASES:
        rows = found.get(phase)
        if not rows:
            continue
        n = len(rows[WHOLE])
        entry: dict[str, Any] = {"decisions": n, WHOLE: round(sum(rows[WHOLE]) / n, 3)}
        base = rows[names[0]]
        for name in names:
            diffs = [a - b for a, b in zip(rows[name], base, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            entry[name] = {
                "nats": round(sum(rows[name]) / n, 3),
                "vs_first": round(mean, 3),
                "vs_first_se": round(math.sqrt(var / n), 3),
            }
        out[phase] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    parser = ai_tournament.probe_parser(__doc__, games=32, seed=7000)
    parser.add_argument(
        "--models",
        type=ai_tournament.player_name,
        nargs="+",
        default=[
            "hard",
            "hard-soft",
            "hard-sharper",
            "hard-searcher",
            "hard-model-replace",
            "hard-nomodel",
        ],
    )
    parser.add_argument("--deals", type=int, default=400, help="uniform guesses per decision")
    options = ai_tournament.parse_probe(parser, argv)
    for name in options.models:
        if not isinstance(ai_tournament.bot(name), HardBot):
            parser.error(f"--models: {name} is not a hard-level player with an opponent model")
    found = run(options.against, options.models, options.games, options.seed, options.deals)
    print(
        json.dumps(
            {
                "bench": "hand_information",
                "against": options.against,
                "games": options.games,
                "seed": options.seed,
                "deals": options.deals,
                "models": options.models,
                **summary(found, options.models),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
