"""Which phase carries the hard level: hard against hard with one phase played by the heuristic.

    python -m bench.ai_attribution --games 200 --seed 1 --jobs 2

For each phase (replace, duel, attack, defend) the hard level plays seat-swapped
games against ``hard-PHASE``: the same bot except that the heuristic player
(:mod:`tacocat.ai.heuristic`) makes that phase's decisions. A win rate well
above 0.5 shows that hard's own play of that phase is worth that much over the
heuristic; near 0.5, the phase adds nothing - so the next weak phase is found
by measurement, not by guess. Progress goes to stderr; the last line on stdout
is one JSON object::

    {"games": N, "phases": {"PHASE": {"win_rate_hard": ..., "ci95": [lo, hi]}, ...}}

``--model`` attributes the opponent model instead (issue #20): for each phase,
``hard-model@PHASE`` - the hard level with its model in that phase only -
against ``hard-nomodel``. Above 0.5: the model is worth that much in that
phase (``win_rate_hard`` is then the model's side)::

    python -m bench.ai_attribution --model --games 200 --seed 1 --jobs 2 --fixed-samples

``--model --against OPPONENT`` measures it against a third player instead:
``hard-nomodel``, each ``hard-model@PHASE`` and ``hard`` (the model in every
phase) each play OPPONENT on the same seeds, so the rows differ only by where
the model is read (``phases`` then holds ``none`` and ``all`` too)::

    python -m bench.ai_attribution --model --against heuristic --games 400 --seed 1 --fixed-samples
"""

from __future__ import annotations

import argparse
import json
import sys

from bench.ai_tournament import MODEL_IN, PHASES, pairing


def _pairings(options: argparse.Namespace) -> dict[str, tuple[str, str]]:
    """Each row's two players, by phase (see the module's docstring)."""
    if not options.model:
        return {phase: ("hard", f"hard-{phase}") for phase in options.phases}
    if not options.against:
        return {phase: (f"{MODEL_IN}{phase}", "hard-nomodel") for phase in options.phases}
    rows = {"none": ("hard-nomodel", options.against)}
    rows.update({phase: (f"{MODEL_IN}{phase}", options.against) for phase in options.phases})
    rows["all"] = ("hard", options.against)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "--games", type=int, default=100, help="games per phase (pairs of seats per seed)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="first seed; game pairs use seed, seed+1, ..."
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--phases", nargs="*", choices=PHASES, default=list(PHASES))
    parser.add_argument(
        "--model",
        action="store_true",
        help="attribute the opponent model: hard-model@PHASE against hard-nomodel",
    )
    parser.add_argument(
        "--fixed-samples",
        action="store_true",
        help="no deadline: sample counts only, so load cannot move a result",
    )
    parser.add_argument(
        "--against",
        metavar="OPPONENT",
        help="with --model: play every variant against this player instead",
    )
    options = parser.parse_args(argv)
    if options.against and not options.model:
        parser.error("--against goes with --model")
    phases = {}
    for phase, (p1, p2) in _pairings(options).items():
        report = pairing(p1, p2, options.games, options.seed, options.jobs, options.fixed_samples)
        phases[phase] = {"win_rate_hard": report["win_rate_p1"], "ci95": report["ci95"]}
    print(
        json.dumps(
            {
                "games": options.games,
                "model": options.model,
                "against": options.against,
                "phases": phases,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
