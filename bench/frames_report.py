"""The frames bench's record and its figures: what each frame cost and showed, the whole
run's totals, and what bench/frames.py prints of them (the JSON object on stdout, the slowest
and the profiled frames on stderr)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

BUSY_LABELS = ("deal", "duel_flip", "jumbo_attack", "token_slide", "tile_drop")
#: One frame: wall and CPU seconds, its label, whether the computer was thinking, whether drawn.
Row = tuple[float, float, str | None, bool, bool]


@dataclass
class Frames:
    """One entry per frame: what it cost and what it showed; and the scripted player's wait."""

    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    labels: list[str | None] = field(default_factory=list)
    thinking: list[bool] = field(default_factory=list)
    drawn: list[bool] = field(default_factory=list)
    profiles: list[tuple[float, int, Any]] = field(default_factory=list)
    #: A scripted move's cost, added to the next frame (where a real click is handled).
    carried_wall: float = 0.0
    carried_cpu: float = 0.0
    #: When the scripted player's turn (or a result, or the game's end) came.
    waiting_since: float | None = None
    over_since: float | None = None


@dataclass
class Totals:
    """Whole-run figures, read before the app shuts down; the lists are the instruments' own
    (the narrator's sentences, the autosaves' and the deferred jobs' times), read when the
    report is made."""

    spoken: list[str]
    elapsed: float
    process_cpu: float
    server_cpu: float | None
    game_over: bool
    autosaves: list[float]
    deferred: list[float]
    worker_peak: float
    end_memory: dict[str, float | None]


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(round(q / 100 * len(ordered) + 0.5))))
    return ordered[rank - 1]


def ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 2)


def figures(values: list[float]) -> dict[str, Any]:
    return {
        "frames": len(values),
        "p50_ms": ms(percentile(values, 50)),
        "p95_ms": ms(percentile(values, 95)),
        "p99_ms": ms(percentile(values, 99)),
        "max_ms": ms(max(values) if values else None),
        "mean_ms": ms(statistics.fmean(values) if values else None),
    }


def peak_rss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)


def print_profiles(profiles: list[tuple[float, int, Any]], labels: list[str | None]) -> None:
    """The slowest profiled frames (``--profile-over``), on stderr."""
    import io
    import pstats

    for cpu, frame, profile in sorted(profiles, key=lambda p: p[0], reverse=True)[:8]:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(14)
        body = [line for line in out.getvalue().splitlines()[7:] if line.strip()]
        print(
            f"--- frame {frame}: {cpu * 1000:.1f} ms CPU (profiled), {labels[frame] or '-'}",
            *body,
            sep="\n",
            file=sys.stderr,
        )


def print_slowest(frames: Frames, count: int) -> None:
    order = sorted(range(len(frames.walls)), key=frames.walls.__getitem__, reverse=True)
    for index in order[:count]:
        print(
            f"frame {index:5d}: {frames.walls[index] * 1000:7.2f} ms wall, "
            f"{frames.cpus[index] * 1000:7.2f} ms CPU, {frames.labels[index] or '-'}"
            f"{', AI thinking' if frames.thinking[index] else ''}",
            file=sys.stderr,
        )


def report(options: argparse.Namespace, frames: Frames, totals: Totals) -> dict[str, Any]:
    """The JSON object the bench prints."""
    rows: list[Row] = list(
        zip(frames.walls, frames.cpus, frames.labels, frames.thinking, frames.drawn, strict=True)
    )
    return {
        **_what_ran(options, frames, totals, rows),
        **_frame_times(rows),
        **_costs(frames, totals),
        "per_label": {
            label: figures([w for w, _, lab, _, _ in rows if lab == label])
            for label in (*BUSY_LABELS, "other")
        },
    }


def _what_ran(
    options: argparse.Namespace, frames: Frames, totals: Totals, rows: list[Row]
) -> dict[str, Any]:
    """The run's settings, and how many frames it played and drew."""
    return {
        "bench": "frames",
        "driver": "x11 window" if options.real_window else "dummy",
        "mode": options.mode,
        "level": options.level,
        "seed": options.seed,
        "narration": options.narration,
        "narration_spoken": len(totals.spoken),
        "speed": options.speed,
        "paced": options.pace,
        "frames": len(frames.walls),
        "drawn_frames": len([d for _, _, _, _, d in rows if d]),
        "seconds": round(totals.elapsed, 1),
        "game_over": totals.game_over,
    }


def _frame_times(rows: list[Row]) -> dict[str, Any]:
    """The frames' wall and CPU times: the busiest moments', the AI's, every drawn frame's."""
    busy = [w for w, _, label, _, _ in rows if label in BUSY_LABELS]
    busy_cpu = [c for _, c, label, _, _ in rows if label in BUSY_LABELS]
    ai = [w for w, _, _, t, _ in rows if t]
    ai_cpu = [c for _, c, _, t, _ in rows if t]
    shown = [w for w, _, _, _, d in rows if d]
    busy_figures = figures(busy)
    return {
        "busy_frames": busy_figures["frames"],
        "p50_ms": busy_figures["p50_ms"],
        "p95_ms": busy_figures["p95_ms"],
        "p99_ms": busy_figures["p99_ms"],
        "ai_thinking_frames": len(ai),
        "ai_thinking_p99_ms": figures(ai)["p99_ms"],
        "all_p99_ms": figures(shown)["p99_ms"],
        "cpu_p50_ms": figures(busy_cpu)["p50_ms"],
        "cpu_p99_ms": figures(busy_cpu)["p99_ms"],
        "cpu_ai_thinking_p99_ms": figures(ai_cpu)["p99_ms"],
    }


def _costs(frames: Frames, totals: Totals) -> dict[str, Any]:
    """What the whole run cost beyond the frames: CPU per frame, autosaves, idle jobs, memory."""
    count = max(1, len(frames.walls))
    return {
        "process_cpu_per_frame_ms": round(1000 * totals.process_cpu / count, 2),
        "x_server_cpu_per_frame_ms": (
            round(1000 * totals.server_cpu / count, 2) if totals.server_cpu is not None else None
        ),
        "autosaves": len(totals.autosaves),
        "autosave_p50_ms": ms(percentile(totals.autosaves, 50)),
        "autosave_max_ms": ms(max(totals.autosaves) if totals.autosaves else None),
        "deferred_jobs": len(totals.deferred),
        "deferred_job_max_ms": ms(max(totals.deferred) if totals.deferred else None),
        "peak_rss_mb": peak_rss_mb(),
        "ai_worker_peak_rss_mb": round(totals.worker_peak / 2**20, 1),
        **totals.end_memory,
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }
