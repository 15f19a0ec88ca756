"""The benchmarks run end to end and print their figures (speed itself is not tested here:
see docs/performance.md). Each is run on a tiny workload in a subprocess."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.ui.stage.screens import SCREENS

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _run_bench(name: str, *args: str, timeout: float = 60) -> dict:
    """``python -m bench.NAME ARGS`` from the repository root; its last line, as JSON."""
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    last = done.stdout.strip().splitlines()[-1]
    return json.loads(last)


def test_frames_bench_prints_frame_times_and_memory():
    result = _run_bench("frames", "--quick")
    assert result["bench"] == "frames" and result["driver"] == "dummy"
    for key in (
        "p50_ms",
        "p95_ms",
        "p99_ms",
        "ai_thinking_p99_ms",
        "peak_rss_mb",
        "cpu_p99_ms",
        "per_label",
    ):
        assert key in result
    assert result["frames"] > 0 and result["busy_frames"] > 0
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"]
    assert result["peak_rss_mb"] > 0
    assert result["per_label"]["deal"]["frames"] > 0  # the first deal was seen


def test_idle_bench_prints_cpu_percentages():
    result = _run_bench("idle", "--quick")
    assert result["bench"] == "idle"
    for place in ("title", "table"):
        figures = result[place]
        assert figures["cpu_percent"] >= 0 and figures["loop_per_s"] > 0
    assert result["table_waiting_for_human"] is True
    assert {"title_cpu_percent", "table_cpu_percent"} <= set(result)


def test_first_frame_bench_reads_the_apps_own_first_frame_report():
    # The app prints TACOCAT-BENCH-FIRST-FRAME <wall> <cpu> itself (no wrapper).
    result = _run_bench("first_frame", "--runs", "1")
    assert result["bench"] == "first_frame"
    for variant in ("warm", "nocache"):
        assert result[f"{variant}_cpu_s"] > 0 and 0 < result[f"{variant}_s"] < 30


def test_soak_frees_every_finished_game_and_screen():
    # 14 games: a table kept alive per game shows as "most_tables_alive" > 1 from game 2 on,
    # and as ~24 MB of RSS growth a game between game 10 and 14; a screen kept alive (the
    # panels scroll at this text size and window) as ~11 MB a visit. Every registered
    # screen but the title is visited after each game but the last.
    result = _run_bench(
        "soak",
        "--games",
        "14",
        "--level",
        "easy",
        "--screens",
        "--text-size",
        "150",
        "--window",
        "960x540",
        timeout=300,
    )
    assert result["games"] == 14 and result["exit_code"] == 0
    assert result["screens_visited"] == 13 * (len(SCREENS) - 1) and result["text_size"] == 150
    assert result["errors_logged"] == 0 and result["crash_logs"] == []
    assert result["most_tables_alive"] == 1
    assert result["rss_growth_pct"] < 10
    assert result["ok"] is True


def test_review_bench_times_whole_game_reviews():
    result = _run_bench("review", "--games", "1", timeout=120)
    assert result["bench"] == "review" and result["reviews"] == 2
    assert 0 < result["wall_mean_s"] <= result["wall_max_s"] and result["decisions_mean"] > 0


def test_ai_speed_bench_times_old_and_new_on_the_same_positions():
    result = _run_bench(
        "ai_speed", "--games", "1", "--rounds", "1", "--paths", "sampling", "play", timeout=180
    )
    assert result["bench"] == "ai_speed" and set(result["paths"]) == {"sampling", "play"}
    for figures in result["paths"].values():
        assert figures["old_ms"] > 0 and figures["new_ms"] > 0
        assert figures["same_results"] is True  # the faster code decides as the frozen one


def test_review_quality_bench_scores_both_reviews():
    result = _run_bench("review_quality", "--games", "1", "--reference-scale", "1", timeout=300)
    assert result["bench"] == "review_quality" and result["games"] == 1
    for variant in ("old", "new"):
        assert result[variant]["decisions"] > 0 and result[variant]["cpu_s_per_game"] > 0
        assert 0 <= result[variant]["wrong_better"] <= 1


def test_replace_agreement_bench_counts_replacements_by_the_rule():
    result = _run_bench(
        "replace_agreement", "--games", "2", "--players", "medium", "easy", timeout=120
    )
    medium, easy = result["medium"], result["easy"]
    assert medium["replacements"] > 0 and medium["agree"] == medium["replacements"]  # by the rule
    assert easy["replacements"] > 0 and easy["agree"] < easy["replacements"]  # beginner habits


def test_searcher_replace_bench_records_replacements_and_fits_a_table(tmp_path):
    records, table = tmp_path / "records.json", tmp_path / "table.py"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.searcher_replace",
            "collect",
            "--players",
            "medium",
            "easy",
            "--games",
            "2",
            "--out",
            str(records),
        ],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    recorded = json.loads(records.read_text())
    assert {record["player"] for record in recorded} == {"medium", "easy"}
    assert all(len(record["discarded"]) <= len(record["hand"]) for record in recorded)
    medium = tmp_path / "medium.json"
    medium.write_text(json.dumps([r for r in recorded if r["player"] == "medium"]))
    scores = _run_bench(
        "searcher_replace", "fit", str(records), "--check", str(medium), "--table", str(table)
    )["log_likelihood"]
    # Medium replaces by the rule (replace_agreement above): the rule fits it perfectly.
    assert scores["rule"] == 0.0 and scores["mix-0.35"] < 0.0
    assert not table.exists()  # --check only scores
    _run_bench("searcher_replace", "fit", str(records), "--table", str(table))
    shares = runpy.run_path(str(table))["SHARES"]
    assert shares and all(0.0 < share < 1.0 for share in shares.values())


def test_arrow_edge_bench_prints_each_space_kinds_shares():
    rows = _run_bench("arrow_edge", "--games", "20", "--players", "heuristic", timeout=120)[
        "heuristic"
    ]
    assert "7/centre" in rows and "6/arrow" in rows
    for row in rows.values():
        assert row["rounds"] >= row["decided"] > 0
        assert 0.0 <= row["share"] <= 1.0 and 0.0 <= row["ties"] < 1.0


@pytest.mark.parametrize("oracle", [False, True], ids=["bigger", "oracle"])
def test_ai_headroom_bench_prints_each_phases_loss_against_a_bigger_reference(oracle):
    result = _run_bench(
        "ai_headroom",
        "--games",
        "1",
        "--reference-scale",
        "1",
        "--against",
        "heuristic",
        *(["--oracle", "--compare", "hard-nomodel"] if oracle else []),
        timeout=120,
    )
    assert result["bench"] == "ai_headroom" and result["rounds"] > 0
    assert result["oracle"] is oracle
    phases = [k for k in ("replace", "duel", "attack", "answer") if k in result]
    assert {"replace", "duel"} <= set(phases)
    for phase in phases:
        row = result[phase]
        assert row["decisions"] > 0 and row["mean_loss"] >= 0.0
        assert 0.0 <= row["share_5"] <= row["share_2"] <= 1.0
        # --compare: the other player's choices valued on the same positions, paired.
        assert ("gain" in row) is oracle
        if oracle:
            assert row["compare_loss"] >= 0.0 and row["gain_se"] >= 0.0
            assert abs(row["gain"] - (row["compare_loss"] - row["mean_loss"])) <= 0.011
    # The replacement is also told by turn; its rows together are the replacement's.
    roles = [key for key in result if key.startswith("replace:")]
    assert roles and set(roles) <= {"replace:first", "replace:second", "replace:centre"}
    assert sum(result[key]["decisions"] for key in roles) == result["replace"]["decisions"]
    assert result["per_round"] >= 0.0


@pytest.mark.parametrize("phase", ["duel", "play"])
def test_choice_truth_bench_values_other_models_against_the_opponents_real_choices(phase):
    result = _run_bench(
        "choice_truth", "--phase", phase, "--against", "heuristic", "--games", "1", timeout=120
    )
    assert result["bench"] == "choice_truth" and result["phase"] == phase
    models = (
        ["read-1.0", "read-0.4", "read-0.0", "searcher", "mixed", "knowing"]
        if phase == "duel"
        else ["exploit", "half"]
    )
    assert set(models) <= set(result)
    counts = {result[name]["decisions"] for name in models}
    assert len(counts) == 1 and min(counts) > 0  # every model on the same decisions
    decisions = min(counts)
    for name in models:
        assert -100.0 <= result[name]["gain"] <= 100.0 and result[name]["gain_se"] >= 0.0
    if phase == "duel":
        # Knowing the card the opponent really plays is the ceiling of every model.
        assert all(result["knowing"]["gain"] >= result[name]["gain"] for name in models)
        # The heuristic always duels its sound card: the opponent's real card says so.
        assert result["sound-card"] == {"decisions": decisions, "share": 1.0}


def test_hand_information_bench_measures_what_each_model_knows_of_the_real_hand():
    result = _run_bench(
        "hand_information",
        "--against",
        "heuristic",
        "--games",
        "1",
        "--deals",
        "100",
        "--models",
        "hard",
        "hard-soft",
        "hard-nomodel",
        timeout=120,
    )
    assert result["bench"] == "hand_information" and result["models"] == [
        "hard",
        "hard-soft",
        "hard-nomodel",
    ]
    phases = [p for p in ("replace:second", "duel", "attack", "defend") if p in result]
    assert {"duel", "attack", "defend"} <= set(phases)
    for phase in phases:
        row = result[phase]
        assert row["decisions"] > 0 and row["whole_hand"] > 0.0
        # A model that reads nothing knows nothing; the paired difference is against the first.
        assert row["hard-nomodel"]["nats"] == 0.0
        assert abs(row["hard-nomodel"]["vs_first"] + row["hard"]["nats"]) <= 0.002
        assert row["hard"]["vs_first"] == 0.0 and row["hard-soft"]["vs_first_se"] >= 0.0
    # The heuristic plays as the model's sound player: its play tells the model about its hand.
    assert result["attack"]["hard"]["nats"] > 0.0 and result["defend"]["hard"]["nats"] > 0.0


def test_hand_information_bench_refuses_a_player_without_an_opponent_model():
    done = subprocess.run(
        [sys.executable, "-m", "bench.hand_information", "--models", "medium"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "not a hard-level player" in done.stderr


def test_play_truth_bench_values_other_play_searches_against_the_opponents_real_replies():
    result = _run_bench(
        "play_truth",
        "--against",
        "heuristic",
        "--games",
        "1",
        "--models",
        "hard",
        "hard-nofusion",
        "hard-searchopp",
        timeout=120,
    )
    assert result["bench"] == "play_truth" and result["models"] == [
        "hard",
        "hard-nofusion",
        "hard-searchopp",
    ]
    for phase in ("attack", "answer"):
        rows = result[phase]
        assert (
            len({rows[name]["decisions"] for name in result["models"]}) == 1
            and rows["hard"]["decisions"] > 0
        )
        # Today's own choice against itself: paired, so exactly nothing.
        assert rows["hard"] == {
            "decisions": rows["hard"]["decisions"],
            "differ": 0,
            "gain": 0.0,
            "gain_se": 0.0,
            "credit": 0.0,
        }
        # Without fusion the best plan is never valued above the perfect-information average's.
        assert rows["hard-nofusion"]["credit"] <= 0.0
        for name in ("hard-nofusion", "hard-searchopp"):
            assert 0 <= rows[name]["differ"] <= rows[name]["decisions"]
            assert -100.0 <= rows[name]["gain"] <= 100.0 and rows[name]["gain_se"] >= 0.0


def test_play_truth_bench_refuses_a_player_without_an_analysis():
    done = subprocess.run(
        [sys.executable, "-m", "bench.play_truth", "--models", "heuristic"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "not a hard-level player" in done.stderr


def test_server_load_bench_holds_games_and_times_their_moves():
    result = _run_bench(
        "server_load", "--n", "4", "--duration", "2", "--warmup", "0.5", timeout=120
    )
    assert result["connected_games"] == 4 and result["db"] == "sqlite-full"
    assert result["moves_in_window"] > 0 and result["moves_per_s"] > 0
    rtt = result["rtt_ms"]
    assert 0 < rtt["p50"] <= rtt["p90"] <= rtt["p99"] <= rtt["max"]
    memory = result["server_rss_mb"]
    assert 0 < memory["empty"] <= memory["connected"] and result["server_cpu_pct_of_one_core"] >= 0
    assert result["errors"] == {}
