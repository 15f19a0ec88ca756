"""Which phase carries the hard level: hard against hard with one phase played by the heuristic.

    python bench/ai_attribution.py --games 200 --seed 1 --jobs 2

For each phase (replace, duel, attack, defend) the hard level plays seat-swapped
games against ``hard-PHASE``: the same bot except that the heuristic player
(:mod:`tacocat.ai.heuristic`) makes that phase's decisions. A win rate well
above 0.5 shows that hard's own play of that phase is worth that much over the
heuristic; near 0.5, the phase adds nothing - so the next weak phase is found
by measurement, not by guess. Progress goes to stderr; the last line on stdout
is one JSON object::

    {"games": N, "phases": {"PHASE": {"win_rate_hard": ..., "ci95": [lo, hi]}, ...}}
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_tournament import PHASES, pairing  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per phase (pairs of seats per seed)")
    parser.add_argument("--seed", type=int, default=0, help="first seed; game pairs use seed, seed+1, ...")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--phases", nargs="*", choices=PHASES, default=list(PHASES))
    options = parser.parse_args(argv)
    phases = {}
    for phase in options.phases:
        report = pairing("hard", f"hard-{phase}", options.games, options.seed, options.jobs)
        phases[phase] = {"win_rate_hard": report["win_rate_p1"], "ci95": report["ci95"]}
    print(json.dumps({"games": options.games, "phases": phases}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
