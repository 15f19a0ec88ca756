"""A searching player's replacement, learnt offline: collect its choices, fit the table.

    python -m bench.searcher_replace collect --players hard-2026-12 hard --games 120 --seed 1 \
        --out /tmp/replacements.json
    python -m bench.searcher_replace fit /tmp/replacements.json

``collect`` plays ``--games`` games per player against the heuristic (seats
alternating); the player makes every replacement with two or more options
(fixed samples: no deadline) and the heuristic plays the rest, so a game costs
little more than its replacements. Each replacement is recorded as
``{"player", "turn", "hand", "limit", "discarded"}`` (the hand before it).

``fit`` counts, per card of those hands, how often a card of its kind was thrown
away - its value, whether it was the hand's lowest, and whether the replacement
was capped (the opponent replaced first) or free - and writes the shares, with
add-one smoothing, to :mod:`bench.lab.searcher_table` (data, not code: the
lab's searcher clue reads it, player ``hard-searcher``, :mod:`bench.lab.hard`). It prints the
fitted table's mean log-likelihood per replacement beside the heuristic rule's
(believed as FIRM believes it) and their mixtures (:data:`SHARES`): the
instrument that says which model describes the recorded players better, and
how much of each (``--check`` scores records the fit did not see).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import ai_tournament
from bench.lab.searcher_model import card_kind, discard_likelihood
from bench.replace_agreement import against_heuristic
from tacocat.ai.heuristic import heuristic_action, heuristic_discards
from tacocat.ai.model import FIRM
from tacocat.rules import Action, Observation, Replace

#: The searcher shares whose mixture with the rule ``fit`` scores.
SHARES = (0.1, 0.2, 0.35, 0.5, 0.65)
TABLE = Path(__file__).resolve().parent / "lab" / "searcher_table.py"


class ReplacingOnly:
    """``bot`` makes the replacements with a choice and records them; the heuristic plays the rest."""

    def __init__(self, name: str) -> None:
        self.name, self.bot = name, ai_tournament.bot(name)
        self.records: list[dict[str, Any]] = []

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) > 1 and isinstance(legal[0], Replace):
            action = self.bot.choose(observation, legal, rng)
            self.records.append(
                {
                    "player": self.name,
                    "turn": ai_tournament.decision_phase(observation),
                    "hand": list(observation.hand),
                    "limit": observation.replace_limit,
                    "discarded": list(action.cards),
                }
            )
            return action
        action = heuristic_action(observation, legal)
        return action if action in legal else legal[0]


def collect(players: list[str], games: int, seed: int) -> list[dict[str, Any]]:
    ai_tournament._OPTIONS.update(ai_tournament.FIXED)
    records: list[dict[str, Any]] = []
    for name in players:
        player = ReplacingOnly(name)
        for game in range(seed, seed + games):
            against_heuristic(player, game)
            print(
                f"{name}: game {game - seed + 1}/{games}, {len(player.records)} replacements",
                file=sys.stderr,
                flush=True,
            )
        records += player.records
    return records


def fit(records: list[dict[str, Any]]) -> dict[str, float]:
    """The share of each card kind thrown away, add-one smoothed."""
    thrown: dict[str, int] = {}
    seen: dict[str, int] = {}
    for record in records:
        hand, discarded = tuple(record["hand"]), list(record["discarded"])
        for index, card in enumerate(hand):
            kind = card_kind(hand, index, record["limit"])
            seen[kind] = seen.get(kind, 0) + 1
            if card in discarded:
                discarded.remove(card)
                thrown[kind] = thrown.get(kind, 0) + 1
    return {kind: round((thrown.get(kind, 0) + 1) / (seen[kind] + 2), 4) for kind in sorted(seen)}


def log_likelihoods(records: list[dict[str, Any]], table: dict[str, float]) -> dict[str, float]:
    """Mean log-likelihood of the recorded discards under the rule (FIRM: 1, else its stray
    0.02), the table, and their mixture at each searcher share (the opponent model's)."""
    totals = dict.fromkeys(["rule", "table", *(f"mix-{share}" for share in SHARES)], 0.0)
    for record in records:
        hand, limit = tuple(record["hand"]), record["limit"]
        discarded = tuple(sorted(record["discarded"]))
        rule = 1.0 if heuristic_discards(hand, limit) == discarded else FIRM.stray
        searched = discard_likelihood(hand, limit, discarded, table)
        totals["rule"] += math.log(rule)
        totals["table"] += math.log(searched)
        for share in SHARES:
            totals[f"mix-{share}"] += math.log((1.0 - share) * rule + share * searched)
    return {name: round(total / len(records), 3) for name, total in totals.items()}


def write_table(table: dict[str, float], records: list[dict[str, Any]], path: Path = TABLE) -> None:
    sources = ", ".join(sorted({record["player"] for record in records}))
    lines = [
        '"""Generated by ``python -m bench.searcher_replace fit`` - do not edit by hand.',
        "",
        f"The share of each card kind a searching player threw away, from {len(records)}",
        f'replacements of {sources} (docs/ai.md, "History");',
        "read by :mod:`bench.lab.searcher_model`.",
        '"""',
        "",
        "SHARES: dict[str, float] = {",
    ]
    lines += [f'    "{kind}": {share},' for kind, share in table.items()]
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="record players' replacements")
    gather.add_argument(
        "--players", nargs="+", type=ai_tournament.player_name, default=["hard-2026-12", "hard"]
    )
    gather.add_argument("--games", type=int, default=120)
    gather.add_argument("--seed", type=int, default=1)
    gather.add_argument("--out", type=Path, required=True)
    learn = commands.add_parser(
        "fit", help="fit bench/lab/searcher_table.py to recorded replacements"
    )
    learn.add_argument("records", type=Path, nargs="+")
    learn.add_argument(
        "--check", type=Path, help="report the log-likelihoods on these records only"
    )
    learn.add_argument("--table", type=Path, default=TABLE, help="where to write the table")
    options = parser.parse_args(argv)
    if options.command == "collect":
        options.out.write_text(json.dumps(collect(options.players, options.games, options.seed)))
        return 0
    records = [r for path in options.records for r in json.loads(path.read_text())]
    table = fit(records)
    held_out = json.loads(options.check.read_text()) if options.check else records
    print(
        json.dumps(
            {
                "replacements": len(records),
                "kinds": len(table),
                "log_likelihood": log_likelihoods(held_out, table),
            }
        )
    )
    if not options.check:
        write_table(table, records, options.table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
