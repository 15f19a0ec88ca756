"""The benchmarks: scripts that measure the game and its AI, never shipped (the wheel and the
executable hold ``tacocat`` alone).

Each bench is a module of this package, run from the repository root::

    python -m bench.engine --games 200
    python -m bench.frames --quick
    python -m bench.ai_tournament --p1 hard --p2 heuristic --games 400 --jobs 2

and prints its figures, one JSON object as the last line (README.md "Benchmarks"; the budgets
and the figures: docs/performance.md). A bench imports the game (``tacocat``) and its sibling
benches as packages (``from bench import ai_tournament``, ``from bench.procs import ...``),
never through ``sys.path``. Two subpackages hold players for the AI benches:
:mod:`bench.lab` (variants of the hard level that were measured, not shipped) and
:mod:`bench.yardstick` (frozen copies of AI levels to play against).

The tools under ``tools/`` follow the same rule (``python -m tools.NAME``; see their package's
docstring). ``tests/test_architecture.py`` runs ruff and mypy over both.
"""
