"""The pictures of two seeded runs are exactly those recorded (tests/golden/*.json, *.png).

They were recorded before the table was restructured (issue 11): a change of code that
changes no behaviour must leave every pixel as it was. Re-record them only in a commit of
their own that says why (``python tests/golden/golden_runs.py``).
"""

from __future__ import annotations

import json

import pygame
import pytest
from golden_runs import HERE, RUNS, record


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RUNS))
def test_run_draws_the_recorded_pixels(name, tmp_path):
    hashes, named = record(name, tmp_path)
    expected = json.loads((HERE / f"{name}.json").read_text())
    assert list(hashes) == list(expected), "the run took a different course"
    changed = [label for label in expected if hashes[label] != expected[label]]
    assert not changed, f"{len(changed)} frames differ, first: {changed[:5]}"
    stored = sorted(p.stem.removeprefix(f"{name}-") for p in HERE.glob(f"{name}-*.png"))
    assert stored == sorted(named)
    for label, surface in named.items():
        golden = pygame.image.load(str(HERE / f"{name}-{label}.png"))
        assert golden.get_size() == surface.get_size()
        assert pygame.image.tobytes(golden, "RGB") == pygame.image.tobytes(surface, "RGB"), label
