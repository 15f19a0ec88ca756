"""How often the player the arrow points at wins a round: what a tied round is worth.

    python -m bench.arrow_edge --games 3000 --players heuristic medium
    python -m bench.arrow_edge --games 250 --players hard

A tie replays the round on the same space, where the same player replaces
first, so strictly a tie is worth each seat's chance of winning the replay,
not half (:func:`tacocat.ai.sampling.tie_value`; the hard level valuing ties
so measured no gain, docs/ai.md, "History"). Each player plays ``--games`` games
against itself (sampling bots at fixed samples, so load cannot move a
figure). Every round is counted under its hand size and space kind: on a
one-arrow space the share of decided rounds won by the seat the arrow points
at, on the centre the first seat's share, and the share of ties. Progress to
stderr; one JSON object last: ``{"PLAYER": {"SIZE/KIND": {"rounds": n,
"decided": d, "share": s, "ties": t}, ...}, ...}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bench import ai_tournament
from tacocat.ai.arena import play_game
from tacocat.rules import Action, Observation


class RoundCounter:
    """Follows a game's observations round by round (``on_decision``) and tallies each round."""

    def __init__(self) -> None:
        #: "SIZE/KIND" -> [rounds won by the arrow's (or the first) seat, by the other, ties]
        self.tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        #: The round being played: its key, number, wins and ties before it, favoured seat.
        self._open: tuple[str, int, tuple[int, int], int, int] | None = None

    def seen(
        self, seat: int, observation: Observation, legal: Sequence[Action], action: Action
    ) -> None:
        if self._open is not None and self._open[1] != observation.round_number:
            self.close(observation.wins, observation.tied_rounds)
        if self._open is None:
            space = observation.ruleset.board.spaces[observation.token]
            arrow = space.arrow_seat
            kind, favoured = ("centre", 0) if arrow is None else ("arrow", arrow)
            self._open = (
                f"{space.hand_size}/{kind}",
                observation.round_number,
                observation.wins,
                observation.tied_rounds,
                favoured,
            )

    def close(self, wins: tuple[int, int], tied_rounds: int) -> None:
        """The open round ended with these totals: count it."""
        assert self._open is not None
        key, _, before, ties_before, favoured = self._open
        row = self.tally[key]
        if tied_rounds > ties_before:
            row[2] += 1
        elif wins[favoured] > before[favoured]:
            row[0] += 1
        elif wins != before:
            row[1] += 1
        self._open = None


def edge(name: str, games: int) -> dict[str, Any]:
    ai_tournament._OPTIONS.update(ai_tournament.FIXED)
    counter = RoundCounter()
    for seed in range(games):
        bots = [ai_tournament.bot(name), ai_tournament.bot(name)]
        result = play_game(
            bots, seed, [random.Random(seed), random.Random(seed + 99)], on_decision=counter.seen
        )
        counter.close(result.final_state.wins, result.final_state.tied_rounds)
        print(f"{name}: game {seed + 1}/{games}", file=sys.stderr, flush=True)
    out: dict[str, Any] = {}
    for key in sorted(counter.tally):
        favoured, other, ties = counter.tally[key]
        decided = favoured + other
        out[key] = {
            "rounds": decided + ties,
            "decided": decided,
            "share": round(favoured / decided, 3) if decided else None,
            "ties": round(ties / (decided + ties), 3),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--players", nargs="+", type=ai_tournament.player_name, default=["heuristic", "medium"]
    )
    options = parser.parse_args(argv)
    print(json.dumps({name: edge(name, options.games) for name in options.players}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
