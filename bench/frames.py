"""Benchmark frame times of the real app loop through a whole game, and its memory.

    python bench/frames.py [--mode vs_ai|demo] [--level hard] [--seed 7] [--speed 1]
                           [--real-window] [--no-pace] [--quick] [--ai-worker process|thread]

Builds the real :class:`tacocat.ui.app.App` (1280×720; SDL's dummy video
driver unless ``--real-window``, which needs a display such as
``xvfb-run -a -s "-screen 0 1280x720x24"``) and drives it with
``app.step(DT)`` at a fixed ``DT`` of 1/60 s, paced at 60 frames a second
like the app's own loop (``--no-pace`` runs frames back to back). By default
it plays one vs-AI game against the hard computer; the "human" seat is
scripted: when its turn comes it plays a legal move chosen by a seeded random
source that prefers multi-card ("jumbo") attacks, and it dismisses each round
result after half a second.

A frame's time is one ``app.step``: events, updates, drawing and
``display.flip`` - the deliberate pacing sleep is outside it. Both wall time
(``perf_counter``) and the main thread's CPU time (``thread_time``, which
other load on the machine does not inflate) are recorded.

Frames are labelled by what the table is animating when they are drawn:
``deal`` (a new round's cards flying out), ``duel_flip`` (both duel cards
turning), ``jumbo_attack`` (an attack of two or more cards), ``token_slide``
(Tacocat moving) and ``tile_drop``; ``ai_thinking`` frames are those during
which a request to the hard computer is unanswered (they overlap the others).

The last line printed is one JSON object: ``p50_ms``/``p95_ms``/``p99_ms``
over the frames of the busiest moments (the five labels above),
``ai_thinking_p99_ms``, ``all_p99_ms`` (every frame), the same figures in CPU
time (``cpu_*``), per-label figures, and the peak resident memory of the app
process (``peak_rss_mb``, from ``getrusage``) and of the AI worker process
(``ai_worker_peak_rss_mb``, sampled).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DT = 1 / 60
FPS = 60
BUSY_LABELS = ("deal", "duel_flip", "jumbo_attack", "token_slide", "tile_drop")
#: Frames the scripted player waits before answering a round result.
RESULT_WAIT = 30


def _percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(round(q / 100 * len(ordered) + 0.5))))
    return ordered[rank - 1]


def _figures(values: list[float]) -> dict[str, Any]:
    def r(x: float | None) -> float | None:
        return None if x is None else round(x * 1000, 2)

    return {
        "frames": len(values),
        "p50_ms": r(_percentile(values, 50)),
        "p95_ms": r(_percentile(values, 95)),
        "p99_ms": r(_percentile(values, 99)),
        "max_ms": r(max(values) if values else None),
        "mean_ms": r(statistics.fmean(values) if values else None),
    }


def _label(table: Any) -> str | None:
    """What the table is animating in the frame just drawn (None: nothing busy)."""
    from tacocat.rules import events as ev

    animator = table.animator
    if animator is None or not animator.tweener.is_animating():
        return None
    current = animator.current
    if isinstance(current, ev.RoundStarted):
        return "deal"
    if isinstance(current, ev.DuelRevealed):
        return "duel_flip"
    if isinstance(current, ev.Attacked) and len(current.cards) >= 2:
        return "jumbo_attack"
    if isinstance(current, ev.TokenMoved):
        return "token_slide"
    if isinstance(current, ev.TilePlaced):
        return "tile_drop"
    return "other"


def _choose(legal: list[Any], rng: random.Random) -> Any:
    """The scripted player's move: a legal one, jumbo attacks preferred."""
    from tacocat.rules import Attack

    jumbos = [a for a in legal if isinstance(a, Attack) and len(a.cards) >= 2]
    if jumbos and rng.random() < 0.7:
        return rng.choice(jumbos)
    return rng.choice(legal)


class _WorkerMemory:
    """Peak RSS of the app's child processes (the AI worker), sampled."""

    def __init__(self) -> None:
        try:
            import psutil
        except ImportError:
            self._me = None
        else:
            self._me = psutil.Process()
        self.peak = 0

    def sample(self) -> None:
        if self._me is None:
            return
        total = 0
        for child in self._me.children(recursive=True):
            with contextlib.suppress(Exception):  # it may have just ended
                total += child.memory_info().rss
        self.peak = max(self.peak, total)


def _memory_now() -> dict[str, float | None]:
    """RSS, and USS (pages this process alone holds: no shared libraries), in MB."""
    try:
        import psutil

        info = psutil.Process().memory_full_info()
    except Exception:  # psutil missing, or smaps not readable
        return {"end_rss_mb": None, "end_uss_mb": None}
    return {"end_rss_mb": round(info.rss / 2**20, 1), "end_uss_mb": round(info.uss / 2**20, 1)}


def _peak_rss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)


def run(options: argparse.Namespace) -> dict[str, Any]:
    import pygame

    from tacocat.cli import parse_args
    from tacocat.ui.app import App
    from tacocat.ui.scenes.game_over import GameOverScene
    from tacocat.ui.scenes.round_result import RoundResultScene
    from tacocat.ui.scenes.table import TableScene

    rng = random.Random(options.seed)
    memory = _WorkerMemory()
    with tempfile.TemporaryDirectory(prefix="tacocat-frames-") as data:
        argv = ["--data-dir", data, f"--{options.mode.replace('_', '-')}", "--level",
                options.level, "--seed", str(options.seed), "--speed", str(options.speed)]
        app = App(parse_args(argv), Path(data))
        clock = pygame.time.Clock()
        walls: list[float] = []
        cpus: list[float] = []
        labels: list[str | None] = []
        thinking: list[bool] = []
        result_frames = 0
        over_frames = 0
        # The scripted player's move is made between frames; a real click is handled
        # inside the next frame, so its cost is added to that frame.
        carried_wall = carried_cpu = 0.0
        started = time.perf_counter()
        process_cpu = time.process_time()
        try:
            while app.running and app.frame < options.max_frames:
                table = next((s for s in app.scenes.stack if isinstance(s, TableScene)), None)
                session = table.session if table is not None else None
                busy_before = bool(session is not None and session.worker.busy)
                w0, c0 = time.perf_counter(), time.thread_time()
                app.step(DT)
                c1, w1 = time.thread_time(), time.perf_counter()
                walls.append(w1 - w0 + carried_wall)
                cpus.append(c1 - c0 + carried_cpu)
                carried_wall = carried_cpu = 0.0
                table = next((s for s in app.scenes.stack if isinstance(s, TableScene)), None)
                session = table.session if table is not None else None
                labels.append(_label(table) if table is not None else None)
                thinking.append(busy_before or bool(session is not None and session.worker.busy))
                if app.frame % 30 == 0:
                    memory.sample()
                top = app.scenes.top
                if isinstance(top, RoundResultScene):
                    result_frames += 1
                    if result_frames >= RESULT_WAIT:
                        result_frames = 0
                        top.next_round()
                        if options.quick:
                            break
                elif isinstance(top, GameOverScene):
                    over_frames += 1
                    if over_frames >= 60:
                        break
                elif table is not None and top is table and table.acting_seat() is not None:
                    seat = table.acting_seat()
                    w0, c0 = time.perf_counter(), time.thread_time()
                    table._submit(_choose(session.legal(seat), rng))
                    carried_cpu = time.thread_time() - c0
                    carried_wall = time.perf_counter() - w0
                if options.pace:
                    clock.tick(FPS)
        finally:
            elapsed = time.perf_counter() - started
            process_cpu = time.process_time() - process_cpu
            memory.sample()
            end_memory = _memory_now()
            game_over = isinstance(app.scenes.top, GameOverScene)
            app._shutdown()

    if options.slowest:
        order = sorted(range(len(walls)), key=walls.__getitem__, reverse=True)
        for index in order[:options.slowest]:
            print(f"frame {index:5d}: {walls[index] * 1000:7.2f} ms wall, "
                  f"{cpus[index] * 1000:7.2f} ms CPU, {labels[index] or '-'}"
                  f"{', AI thinking' if thinking[index] else ''}", file=sys.stderr)
    busy = [w for w, label in zip(walls, labels, strict=True) if label in BUSY_LABELS]
    busy_cpu = [c for c, label in zip(cpus, labels, strict=True) if label in BUSY_LABELS]
    ai = [w for w, t in zip(walls, thinking, strict=True) if t]
    ai_cpu = [c for c, t in zip(cpus, thinking, strict=True) if t]
    figures = _figures(busy)
    result: dict[str, Any] = {
        "bench": "frames",
        "driver": "x11 window" if options.real_window else "dummy",
        "mode": options.mode, "level": options.level, "seed": options.seed,
        "speed": options.speed, "paced": options.pace,
        "frames": len(walls), "seconds": round(elapsed, 1), "game_over": game_over,
        "busy_frames": figures["frames"],
        "p50_ms": figures["p50_ms"], "p95_ms": figures["p95_ms"], "p99_ms": figures["p99_ms"],
        "ai_thinking_frames": len(ai),
        "ai_thinking_p99_ms": _figures(ai)["p99_ms"],
        "all_p99_ms": _figures(walls)["p99_ms"],
        "cpu_p50_ms": _figures(busy_cpu)["p50_ms"], "cpu_p99_ms": _figures(busy_cpu)["p99_ms"],
        "cpu_ai_thinking_p99_ms": _figures(ai_cpu)["p99_ms"],
        "process_cpu_per_frame_ms": round(1000 * process_cpu / max(1, len(walls)), 2),
        "peak_rss_mb": _peak_rss_mb(),
        "ai_worker_peak_rss_mb": round(memory.peak / 2**20, 1),
        **end_memory,
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "per_label": {
            label: _figures([w for w, lab in zip(walls, labels, strict=True) if lab == label])
            for label in (*BUSY_LABELS, "other")
        },
    }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("vs_ai", "demo"), default="vs_ai")
    parser.add_argument("--level", choices=("easy", "medium", "hard"), default="hard")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed multiplier")
    parser.add_argument("--real-window", action="store_true",
                        help="use the real video driver (needs DISPLAY, e.g. under xvfb-run)")
    parser.add_argument("--no-pace", dest="pace", action="store_false",
                        help="run frames back to back instead of 60 a second")
    parser.add_argument("--quick", action="store_true",
                        help="a tiny workload: 420 frames at most, unpaced (for tests)")
    parser.add_argument("--max-frames", type=int, default=200_000)
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="also list the N slowest frames on stderr")
    parser.add_argument("--ai-worker", choices=("process", "thread", "inline"), default=None,
                        help="where the computer thinks (default: the app's choice)")
    options = parser.parse_args(argv)
    if options.quick:
        options.pace = False
        options.max_frames = min(options.max_frames, 420)
    if not options.real_window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        parser.error("--real-window needs a display (try xvfb-run)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if options.ai_worker:
        os.environ["TACOCAT_AI_WORKER"] = options.ai_worker
    result = run(options)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
