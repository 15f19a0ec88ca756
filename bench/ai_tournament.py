"""Tournament between AI players: who wins, how sure we are, how long they think.

    python -m bench.ai_tournament --p1 hard --p2 heuristic --games 400 --seed 1 --jobs 2
    python -m bench.ai_tournament --matrix --games 100 --jobs 2

Games come in pairs on the same seed with the seats swapped, so the deal's
luck cancels out; wins are counted per player, not per seat. ``heuristic``
(four rules of thumb of a sound player, :mod:`tacocat.ai.heuristic`) is the
yardstick; ``--matrix`` plays every level against every level and against
``heuristic`` and ``random``. Progress goes to stderr; the last line on stdout
is one JSON object. For one pairing::

    {"p1": ..., "p2": ..., "games": N, "wins": [p1, p2], "win_rate_p1": ...,
     "ci95": [lo, hi], "latency_ms": {"PLAYER": {"PHASE": {"n", "p50", "p99", "max"}}}}

and for ``--matrix`` ``{"matrix": [one such object per pairing]}``.
``ci95`` is the Wilson score interval of p1's win rate. ``latency_ms`` is
the think time of each real choice (two or more legal actions) per player
and phase (``replace``, ``duel``, ``attack``, ``defend``, and ``all``).
A player is a level name (``make_bot``), a lab variant of a level
(:data:`bench.lab.VARIANTS`: the hard level's opponent model and how firm it
is, a pure duel, medium over more deals), ``hard-X``: the hard level with its ``X`` phase (replace,
duel, attack, defend) played by the heuristic, ``hard-model@X``: the hard
level with its opponent model in phase ``X`` only (both for
``bench/ai_attribution.py``), ``hard-oracle`` / ``hard-oracle@X``: the hard
level shown the opponent's real hand (in every phase, or in ``X`` only; ``X``
may also be one replacement turn, ``replace:first``, ``replace:second`` or
``replace:centre``, or ``readable``: every decision a fair reader could
read): a ceiling, not a fair player (:class:`OracleHard`),
``hard-nofusion`` / ``hard-searchopp``: the hard level valuing its play
another way (``bench/play_search.py``), or a frozen yardstick
(``bench/yardstick``):
``hard-2026-12`` is the hard level as it was before issue #20::

    python -m bench.ai_tournament --p1 hard --p2 hard-2026-12 --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from bench.lab import VARIANTS, variant
from bench.play_search import PLAY_SEARCHES
from bench.yardstick import YARDSTICKS
from tacocat.ai import (
    BOT_KINDS,
    make_bot,
    replacement,
)
from tacocat.ai.arena import play_game
from tacocat.ai.heuristic import heuristic_action
from tacocat.ai.sampling import Dealer
from tacocat.levels import AI_LEVELS
from tacocat.rules import Action, Observation, new_game

LEVELS = AI_LEVELS
PHASES = ("replace", "duel", "attack", "defend")
#: A replacement by its seat's turn (see :func:`decision_phase`).
REPLACE_TURNS = ("replace:first", "replace:second", "replace:centre")
#: The decisions at which the opponent has already chosen something this round
#: (:func:`decision_phase`): all a fair reader could read. ``hard-oracle@readable``
#: peeks at every one of them, the ceiling of any reading of the opponent.
READABLE = ("replace:second", "duel", "attack", "defend")
ORACLE_GROUPS = {"readable": READABLE}
_BOTS: dict[str, Any] = {}
#: With --fixed-samples: sampling bots play without a deadline (their sample
#: counts only), so a result does not depend on the machine's load.
FIXED: dict[str, Any] = {"time_budget": None}
_OPTIONS: dict[str, Any] = {}


class PhaseSwap:
    """The hard level with one phase played by the heuristic (for attribution)."""

    def __init__(self, phase: str, **options: Any) -> None:
        self.name = f"hard-{phase}"
        self.phase = phase
        self.hard = make_bot("hard", **options)

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if observation.phase == self.phase:
            action = heuristic_action(observation, legal)
            return action if action in legal else legal[0]
        return self.hard.choose(observation, legal, rng)


class ModelInPhase:
    """The hard level without its opponent model except in one phase.

    Against ``hard-nomodel`` it measures what the model (tacocat.ai.model) is
    worth in that phase alone: attribution of the model, phase by phase.
    """

    def __init__(self, phase: str, **options: Any) -> None:
        self.name = f"{MODEL_IN}{phase}"
        self.phase = phase
        self.with_model = make_bot("hard", **options)
        self.without = make_bot("hard", **{**options, "model": False})

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        chosen = self.with_model if observation.phase == self.phase else self.without
        return chosen.choose(observation, legal, rng)


#: ``hard-model@PHASE``: the hard level with its model in that phase only.
MODEL_IN = "hard-model@"


#: ``hard-oracle``, ``hard-oracle@PHASE``: see :class:`OracleHard`.
ORACLE = "hard-oracle"


def decision_phase(observation: Observation) -> str:
    """The observation's phase; a replacement also by its seat's turn:
    ``replace:first`` (the opponent has not replaced: nothing is known of its
    new hand), ``replace:second`` (its discards are known) or
    ``replace:centre`` (both in secret)."""
    if observation.phase != "replace":
        return observation.phase.value
    if observation.replace_secret:
        return "replace:centre"
    return "replace:second" if observation.replace_limit is not None else "replace:first"


def probe_parser(doc: str | None, games: int, seed: int) -> argparse.ArgumentParser:
    """The command line of a bench that probes seeded games (:func:`probed_games`):
    ``--against`` (a tournament player, the frozen hard level by default), ``--games``, ``--seed``."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument("--against", type=player_name, default="hard-2026-12")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed)
    return parser


def parse_probe(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Parse a probing bench's command line; its players will play with fixed samples."""
    options = parser.parse_args(argv)
    _OPTIONS.update(FIXED)  # before any player is made
    return options


def probed_games(
    player: Any, other: Any, games: int, seed: int, done: Callable[[int], None] = lambda index: None
) -> Iterator[tuple[int, Any, int, random.Random]]:
    """Play ``games`` seeded games of ``player`` against ``other`` for a bench to probe.

    Games come in pairs on one deal with the seats swapped (as in
    :func:`pairing`). Before each of ``player``'s real choices (two or more
    legal actions) this yields ``(game index, state, seat, the other's random
    source)``; the caller looks and must not change them. ``done(index)`` is
    called after each game.
    """
    for index in range(games):
        bots = (player, other) if index % 2 == 0 else (other, player)
        rngs = [random.Random(f"{seed}:{index}:{seat}") for seat in (0, 1)]
        state, _ = new_game(seed + index // 2)  # pairs: the same deal, seats swapped
        while not state.is_over:
            seat = state.to_act[0]
            legal, observation = state.legal_actions(seat), state.observation(seat)
            if bots[seat] is player and len(legal) > 1:
                yield index, state, seat, rngs[1 - seat]
            state, _ = state.apply(bots[seat].choose(observation, legal, rngs[seat]))
        done(index)


class OracleHard:
    """A ceiling, not a player: the hard level shown the opponent's real hand.

    Every sample deals the opponent the hand it really holds (the draw pile
    stays unknown and is shuffled as usual), so its decisions are hard's
    search with perfect knowledge of the opponent's cards. Against an
    opponent it measures what knowing the hidden hand could be worth at
    most to this search: how far reading the opponent (tacocat.ai.model)
    could take the hard level. ``hard-oracle@PHASE`` peeks in that phase
    only and plays the other phases as the hard level (its model included):
    what a perfect read is worth, phase by phase; ``hard-oracle@replace:first``
    (``:second``, ``:centre``) peeks in the replacements of that turn only
    (:func:`decision_phase`), ``hard-oracle@readable`` in every decision of
    :data:`READABLE`. :func:`play_one` keeps
    :attr:`state` in step with the game (the bench's copy, never the game's).
    """

    def __init__(self, phase: str | None = None, **options: Any) -> None:
        self.name = ORACLE if phase is None else f"{ORACLE}@{phase}"
        self.phase = phase
        #: The decisions it peeks at (:func:`decision_phase` or the phase); None: every one.
        self.peeks = None if phase is None else set(ORACLE_GROUPS.get(phase, (phase,)))
        self.peeking = make_bot("hard", **{**options, "model": False})
        self.hard = make_bot("hard", **options)
        self.state: Any = None

    def start(self, seed: int) -> None:
        self.state, _ = new_game(seed)

    def follow(self, action: Action) -> None:
        self.state, _ = self.state.apply(action)

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if self.peeks is not None and not self.peeks & {
            observation.phase.value,
            decision_phase(observation),
        }:
            return self.hard.choose(observation, legal, rng)
        with peeking(observation, self.state.hands[observation.opponent]):
            return self.peeking.choose(observation, legal, rng)


@contextlib.contextmanager
def peeking(observation: Observation, real: tuple[int, ...]) -> Iterator[None]:
    """Inside: every sample of the hard level's analysis deals the opponent
    ``real`` (its true hand) and shuffles the rest of the unseen cards."""
    pile = list(observation.unseen_cards())
    for card in real:
        pile.remove(card)

    class Peeking(Dealer):
        def split(self, rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
            return real, list(pile)

    saved = replacement.Dealer
    replacement.Dealer = Peeking  # type: ignore[misc]
    try:
        yield
    finally:
        replacement.Dealer = saved  # type: ignore[misc]


def bot(name: str) -> Any:
    """One bot per player name and process (bots keep only caches between games)."""
    if name not in _BOTS:
        options = _OPTIONS if name.startswith(("hard", "medium")) else {}
        if name in VARIANTS:
            _BOTS[name] = variant(name, **options)
        elif name in YARDSTICKS:
            _BOTS[name] = YARDSTICKS[name](**options)
        elif name in PLAY_SEARCHES:
            _BOTS[name] = PLAY_SEARCHES[name](**options)
        elif name.startswith("hard-") and name[5:] in PHASES:
            _BOTS[name] = PhaseSwap(name[5:], **options)
        elif name == ORACLE or name.startswith(f"{ORACLE}@"):
            _BOTS[name] = OracleHard(name.partition("@")[2] or None, **options)
        elif name.startswith(MODEL_IN):
            _BOTS[name] = ModelInPhase(name[len(MODEL_IN) :], **options)
        else:
            _BOTS[name] = make_bot(name, **options)
    return _BOTS[name]


def player_name(text: str) -> str:
    if (
        text in BOT_KINDS
        or text in YARDSTICKS
        or text in VARIANTS
        or text in PLAY_SEARCHES
        or text == ORACLE
        or (
            text.startswith(f"{ORACLE}@")
            and text[len(ORACLE) + 1 :] in (*PHASES, *REPLACE_TURNS, *ORACLE_GROUPS)
        )
        or (text.startswith("hard-") and text[5:] in PHASES)
        or (text.startswith(MODEL_IN) and text[len(MODEL_IN) :] in PHASES)
    ):
        return text
    raise argparse.ArgumentTypeError(
        f"unknown player {text!r}: one of {', '.join(BOT_KINDS)}, "
        f"{', '.join(YARDSTICKS)}, {', '.join(VARIANTS)}, {', '.join(PLAY_SEARCHES)}, hard-PHASE, "
        f"{MODEL_IN}PHASE, {ORACLE} or {ORACLE}@PHASE "
        f"(or @{', @'.join((*REPLACE_TURNS, *ORACLE_GROUPS))})"
    )


Job = tuple[str, str, int, bool, bool]
Times = dict[str, list[float]]


def play_one(job: Job) -> tuple[int, Times, Times]:
    """Play one game; returns (winning player 0/1/-1, p1's think times by phase, p2's)."""
    p1, p2, seed, swapped, fixed = job
    if fixed and not _OPTIONS:
        _OPTIONS.update(FIXED)
        _BOTS.clear()
    players = [bot(p1), bot(p2)]
    seats = [1, 0] if swapped else [0, 1]  # seats[player] = the seat that player takes
    bots: list[Any] = [None, None]
    rngs: list[Any] = [None, None]
    for player, seat in enumerate(seats):
        bots[seat] = players[player]
        rngs[seat] = random.Random(f"{seed}:{player}:{int(swapped)}")
    oracles = [b for b in bots if isinstance(b, OracleHard)]
    for oracle in oracles:
        oracle.start(seed)

    def follow(
        seat: int, observation: Observation, legal: Sequence[Action], action: Action
    ) -> None:
        for oracle in oracles:
            oracle.follow(action)

    result = play_game(bots, seed, rngs, on_decision=follow if oracles else None)
    winner = -1 if result.winner is None else seats.index(result.winner)
    by_player = []
    for seat in seats:
        times: Times = {}
        for phase, seconds in zip(result.phases[seat], result.think_seconds[seat], strict=True):
            if phase != "forced":
                times.setdefault(phase, []).append(seconds)
        by_player.append(times)
    return winner, by_player[0], by_player[1]


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = q / 100 * (len(ordered) - 1)
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def latency_summary(times: Times) -> dict[str, dict[str, float]]:
    """Think-time percentiles in ms per phase, and over all real choices."""
    phases = {phase: times[phase] for phase in PHASES if phase in times}
    phases["all"] = [t for values in phases.values() for t in values]
    return {
        phase: {
            "n": len(values),
            "p50": round(percentile(values, 50) * 1000, 2),
            "p99": round(percentile(values, 99) * 1000, 2),
            "max": round(max(values, default=0.0) * 1000, 2),
        }
        for phase, values in phases.items()
    }


def _results(jobs: list[Job], workers: int) -> Iterable[tuple[int, Times, Times]]:
    if workers <= 1:
        yield from map(play_one, jobs)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(play_one, jobs)


def pairing(
    p1: str, p2: str, games: int, seed: int, workers: int, fixed: bool = False
) -> dict[str, Any]:
    """Play ``games`` seat-swapped games between ``p1`` and ``p2``; the report
    (``fixed``: sampling bots without a deadline, see :data:`FIXED`)."""
    jobs = [(p1, p2, seed + i // 2, bool(i % 2), fixed) for i in range(games)]
    wins = [0, 0]
    times: tuple[Times, Times] = ({}, {})
    started = time.perf_counter()
    for done, (winner, times1, times2) in enumerate(_results(jobs, workers), 1):
        if winner >= 0:
            wins[winner] += 1
        for mine, new in zip(times, (times1, times2), strict=True):
            for phase, values in new.items():
                mine.setdefault(phase, []).extend(values)
        if done % 10 == 0 or done == len(jobs):
            print(
                f"{done}/{len(jobs)} games: {p1} {wins[0]} - {p2} {wins[1]} "
                f"({time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    lo, hi = wilson(wins[0], games)
    latency = {p1: latency_summary(times[0])}
    if p2 != p1:
        latency[p2] = latency_summary(times[1])
    return {
        "p1": p1,
        "p2": p2,
        "games": games,
        "wins": wins,
        "win_rate_p1": round(wins[0] / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "fixed_samples": fixed,
        "latency_ms": latency,
    }


def matrix_pairings() -> list[tuple[str, str]]:
    """Every level against every weaker level, and against heuristic and random."""
    pairs: list[tuple[str, str]] = [
        (LEVELS[j], LEVELS[i]) for j in range(len(LEVELS)) for i in range(j)
    ]
    pairs += [(level, yardstick) for level in LEVELS for yardstick in ("heuristic", "random")]
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--p1", type=player_name)
    parser.add_argument("--p2", type=player_name)
    parser.add_argument(
        "--matrix", action="store_true", help="every level vs every level, heuristic, random"
    )
    parser.add_argument(
        "--games", type=int, default=100, help="games per pairing (pairs of seats per seed)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="first seed; game pairs use seed, seed+1, ..."
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--fixed-samples",
        action="store_true",
        help="hard, medium and yardsticks play without a deadline (load-independent)",
    )
    options = parser.parse_args(argv)
    if options.matrix:
        reports = [
            pairing(p1, p2, options.games, options.seed, options.jobs, options.fixed_samples)
            for p1, p2 in matrix_pairings()
        ]
        print(json.dumps({"matrix": reports}))
        return 0
    if options.p1 is None or options.p2 is None:
        parser.error("name --p1 and --p2, or ask for --matrix")
    print(
        json.dumps(
            pairing(
                options.p1,
                options.p2,
                options.games,
                options.seed,
                options.jobs,
                options.fixed_samples,
            )
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
