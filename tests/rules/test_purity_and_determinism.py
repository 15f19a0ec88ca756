"""The rules are pure (no pygame) and deterministic; the simulator too."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.rules import new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["tacocat.rules", "tacocat.ai", "tacocat.sim"])
def test_importing_the_pure_packages_loads_no_pygame(module):
    code = f"import sys, {module}; print('pygame' in sys.modules or 'pygame_gui' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_same_seed_and_actions_give_the_same_events():
    def play(seed):
        state, events = new_game(seed)
        log = list(events)
        while not state.is_over:
            seat = state.to_act[-1]
            state, events = state.apply(state.legal_actions(seat)[-1])
            log.extend(events)
        return log

    assert play(1234) == play(1234)
    assert play(1234) != play(1235)


def simulate(*args):
    out = subprocess.run(
        [sys.executable, "main.py", "--simulate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def test_simulate_prints_a_json_summary_and_is_deterministic(tmp_path):
    first = simulate(
        "20", "--p1", "random", "--p2", "random", "--seed", "9", "--record-dir", str(tmp_path)
    )
    second = simulate("20", "--p1", "random", "--p2", "random", "--seed", "9")
    assert first == second
    summary = json.loads(first)
    assert summary["games"] == 20 and sum(summary["wins"]) == 20
    assert summary["rounds_mean"] >= 4 and summary["tied_rounds"] >= 0
    records = sorted(tmp_path.glob("game-*.json"))
    assert len(records) == 20
    from tacocat.rules import GameRecord

    replayed = GameRecord.from_json(records[0].read_text()).replay()
    assert replayed.is_over


def test_simulate_rejects_unknown_flags_with_a_clear_message():
    out = subprocess.run(
        [sys.executable, "main.py", "--simulate", "2", "--p3", "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "unrecognized arguments: --p3" in out.stderr
