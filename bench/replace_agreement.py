"""How often a player replaces as the heuristic's rule would: what the opponent model may assume.

    python -m bench.replace_agreement --games 15 --players hard hard-2026-12 medium easy

Each player plays ``--games`` games against the heuristic (seats alternating);
every replacement it chose among two or more options is compared with the
heuristic's discard from the same observation (:mod:`tacocat.ai.heuristic`),
the rule the opponent model (:mod:`tacocat.ai.model`) believes a sound player
follows. Sampling bots play without a deadline (fixed samples). Progress to
stderr; one JSON object last: ``{"PLAYER": {"replacements": n, "agree": k,
"share": k / n}, ...}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from bench import ai_tournament
from tacocat.ai import make_bot
from tacocat.ai.arena import play_game
from tacocat.ai.heuristic import heuristic_action
from tacocat.rules import Action, Observation, Replace


class Counting:
    """A player that counts its replacements that agree with the heuristic's rule."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name
        self.replacements = self.agree = 0

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        action = self.bot.choose(observation, legal, rng)
        if len(legal) > 1 and isinstance(legal[0], Replace):
            self.replacements += 1
            self.agree += action == heuristic_action(observation, legal)
        return action


def against_heuristic(player: Any, seed: int) -> None:
    """One game of ``player`` against the heuristic, the seats alternating with ``seed``."""
    seats = [player, make_bot("heuristic")]
    play_game(
        seats[::-1] if seed % 2 else seats, seed, [random.Random(seed), random.Random(seed + 99)]
    )


def agreement(name: str, games: int) -> dict[str, Any]:
    ai_tournament._OPTIONS.update(ai_tournament.FIXED)
    player = Counting(ai_tournament.bot(name))
    for seed in range(games):
        against_heuristic(player, seed)
        print(f"{name}: game {seed + 1}/{games}", file=sys.stderr, flush=True)
    share = player.agree / player.replacements if player.replacements else 0.0
    return {"replacements": player.replacements, "agree": player.agree, "share": round(share, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument(
        "--players",
        nargs="+",
        type=ai_tournament.player_name,
        default=["hard", "hard-2026-12", "medium", "easy"],
    )
    options = parser.parse_args(argv)
    print(json.dumps({name: agreement(name, options.games) for name in options.players}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
