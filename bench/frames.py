"""Benchmark frame times of the real app loop through a whole game, and its memory.

    python -m bench.frames [--mode vs_ai|demo] [--level hard] [--seed 7] [--speed 1]
                           [--real-window] [--no-pace] [--quick] [--slowest N]
                           [--ai-worker process|thread|inline] [--narration off|engine]

Builds the real :class:`tacocat.ui.shell.app.App` (1280×720; SDL's dummy video
driver unless ``--real-window``, which needs a display such as
``xvfb-run -a -s "-screen 0 1280x720x24"``) and runs its loop: the app's own
pacing (``App._wait_for_frame``: 60 frames a second while something moves,
the idle wait and the deferred idle work otherwise), then ``app.step(DT)``
with a fixed ``DT`` of 1/60 s, so every run animates the same frames.
``--no-pace`` runs frames back to back. By default it plays one vs-AI game
against the hard computer; the "human" seat is scripted: when its turn comes
it waits a human reaction time (``--think``, 0.75 s) and plays a legal move
chosen by a seeded random source that prefers multi-card ("jumbo") attacks;
it dismisses each round result after a second.

A frame's time is one ``app.step``: events, updates, drawing and
``display.flip``; the pacing sleep is outside it. The scripted move is made
between frames, so its cost is added to the next frame (where a real click is
handled). Both wall time (``perf_counter``) and the main thread's CPU time
(``thread_time``, which other load on the machine hardly inflates) are kept.

Frames are labelled by what the table animates when they are drawn:
``deal`` (a new round's cards flying out), ``duel_flip`` (both duel cards
turning), ``jumbo_attack`` (an attack of two or more cards), ``token_slide``
(Tacocat moving) and ``tile_drop``; ``ai_thinking`` frames are those during
which a request to the computer is unanswered (they overlap the others).
The hard computer stops sampling after a time budget, so two runs need not
play exactly the same game.

``--narration engine`` turns narration on with the real speech engine
(pyttsx3: eSpeak NG on Linux, which synthesises every sentence; it plays them
when ``aplay`` and a sound device exist), so the frames are timed while the
narrator's thread speaks; ``narration_spoken`` counts the sentences it said.

The last line printed is one JSON object: ``p50_ms``/``p95_ms``/``p99_ms``
(wall) over the frames of the busiest moments (the five labels above),
``ai_thinking_p99_ms``, ``all_p99_ms`` (every drawn frame), the same in CPU
time (``cpu_*``), the whole process's CPU per frame (with ``--real-window``,
OpenGL drivers render in threads of their own) and the X server's, per-label
figures, the autosave's wall time (it is written,
fsync included, in the frame of each move), the longest deferred idle job,
and memory: the peak resident set of the app process (``peak_rss_mb``, from
``getrusage``), of the AI worker process (``ai_worker_peak_rss_mb``,
sampled), and the app's RSS and USS (its own pages, no shared libraries) at
the end.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.procs import choose_drivers, cpu_seconds, x_server

ROOT = Path(__file__).resolve().parents[1]

DT = 1 / 60
BUSY_LABELS = ("deal", "duel_flip", "jumbo_attack", "token_slide", "tile_drop")
#: Seconds the scripted player looks at a round result before going on.
RESULT_WAIT = 1.0


def _percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(round(q / 100 * len(ordered) + 0.5))))
    return ordered[rank - 1]


def _ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 2)


def _figures(values: list[float]) -> dict[str, Any]:
    return {
        "frames": len(values),
        "p50_ms": _ms(_percentile(values, 50)),
        "p95_ms": _ms(_percentile(values, 95)),
        "p99_ms": _ms(_percentile(values, 99)),
        "max_ms": _ms(max(values) if values else None),
        "mean_ms": _ms(statistics.fmean(values) if values else None),
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


class _Timed:
    """Wraps ``owner.name`` to record the wall time of each call (instrumentation only)."""

    def __init__(self, owner: Any, name: str) -> None:
        self.times: list[float] = []
        self._owner, self._name = owner, name
        self._original = getattr(owner, name)
        original, times = self._original, self.times

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                times.append(time.perf_counter() - started)

        setattr(owner, name, timed)

    def restore(self) -> None:
        setattr(self._owner, self._name, self._original)


class _Clock:
    """Seconds for the scripted player's waits: wall time when paced, else frames × DT."""

    def __init__(self, paced: bool) -> None:
        self.paced = paced
        self.frames = 0

    def now(self) -> float:
        return time.perf_counter() if self.paced else self.frames * DT


def _start_profile() -> Any:
    import cProfile

    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    return profile


def _print_profiles(profiles: list[tuple[float, int, Any]], labels: list[str | None]) -> None:
    """The slowest profiled frames (``--profile-over``), on stderr."""
    import io
    import pstats

    for cpu, frame, profile in sorted(profiles, key=lambda p: p[0], reverse=True)[:8]:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(14)
        body = [line for line in out.getvalue().splitlines()[7:] if line.strip()]
        print(f"--- frame {frame}: {cpu * 1000:.1f} ms CPU (profiled), {labels[frame] or '-'}",
              *body, sep="\n", file=sys.stderr)


def _narrate(app: Any, mode: str) -> list[str]:
    """With ``mode == "engine"``: narration on through the real engine; returns the list
    the sentences spoken are appended to (by the narrator's thread)."""
    spoken: list[str] = []
    if mode != "engine":
        return spoken
    from tacocat.ui.speech.engines import Pyttsx3Engine
    from tacocat.ui.speech.narrator import Narrator

    class Counted(Pyttsx3Engine):
        def say(self, text: str) -> None:
            super().say(text)
            spoken.append(text)

    app.narrator.close()
    app.narrator = Narrator(Counted, enabled=True, language=app.settings.language)
    return spoken


@dataclass
class _Frames:
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


def _table(app: Any) -> Any:
    from tacocat.ui.table.scene import TableScene

    return next((s for s in app.scenes.stack if isinstance(s, TableScene)), None)


def _thinking(table: Any) -> bool:
    """Whether a request to the computer is unanswered."""
    session = table.session if table is not None else None
    return bool(session is not None and session.worker.busy)


def _timed_step(app: Any, options: argparse.Namespace, frames: _Frames) -> None:
    """One ``app.step(DT)``, timed and labelled."""
    table = _table(app)
    busy_before = _thinking(table)
    last_draw = app._last_draw
    profile = _start_profile() if options.profile_over else None
    w0, c0 = time.perf_counter(), time.thread_time()
    app.step(DT)
    c1, w1 = time.thread_time(), time.perf_counter()
    if profile is not None:
        profile.disable()
        if (c1 - c0) * 1000 > options.profile_over:
            frames.profiles.append((c1 - c0, app.frame - 1, profile))
    frames.walls.append(w1 - w0 + frames.carried_wall)
    frames.cpus.append(c1 - c0 + frames.carried_cpu)
    frames.carried_wall = frames.carried_cpu = 0.0
    frames.drawn.append(app._last_draw != last_draw)
    table = _table(app)
    frames.labels.append(_label(table) if table is not None else None)
    frames.thinking.append(busy_before or _thinking(table))


def _scripted_player(app: Any, options: argparse.Namespace, clock: _Clock, rng: random.Random,
                     frames: _Frames) -> bool:
    """Between frames, the scripted "human": move, dismiss a result. True once it is done."""
    from tacocat.ui.scenes.game_over import GameOverScene
    from tacocat.ui.scenes.round_result import RoundResultScene

    top, table = app.scenes.top, _table(app)
    if isinstance(top, GameOverScene):
        frames.over_since = clock.now() if frames.over_since is None else frames.over_since
        return clock.now() - frames.over_since >= 1.0
    ready = isinstance(top, RoundResultScene) or (
        table is not None and top is table and table.acting_seat() is not None)
    if not ready:
        frames.waiting_since = None
        return False
    frames.waiting_since = clock.now() if frames.waiting_since is None else frames.waiting_since
    wait = RESULT_WAIT if isinstance(top, RoundResultScene) else options.think
    if clock.now() - frames.waiting_since < wait:
        return False
    frames.waiting_since = None
    if isinstance(top, RoundResultScene):
        top.next_round()
        return bool(options.quick)
    seat = table.acting_seat()
    w0, c0 = time.perf_counter(), time.thread_time()
    table.controls.submit(_choose(table.session.legal(seat), rng))
    frames.carried_cpu = time.thread_time() - c0
    frames.carried_wall = time.perf_counter() - w0
    return False


@dataclass
class _Totals:
    """Whole-run figures, read before the app shuts down."""

    spoken: int
    elapsed: float
    process_cpu: float
    server_cpu: float | None
    game_over: bool
    autosaves: list[float]
    deferred: list[float]
    worker_peak: float
    end_memory: dict[str, float | None]


def run(options: argparse.Namespace) -> dict[str, Any]:
    from tacocat.cli import parse_args
    from tacocat.persistence.saves import SaveStore
    from tacocat.ui.scenes.game_over import GameOverScene
    from tacocat.ui.shell.app import App

    rng = random.Random(options.seed)
    memory = _WorkerMemory()
    autosaves = _Timed(SaveStore, "write_autosave")
    clock = _Clock(options.pace)
    frames = _Frames()
    with tempfile.TemporaryDirectory(prefix="tacocat-frames-") as data:
        argv = ["--data-dir", data, f"--{options.mode.replace('_', '-')}", "--level",
                options.level, "--seed", str(options.seed), "--speed", str(options.speed)]
        app = App(parse_args(argv), Path(data))
        spoken = _narrate(app, options.narration)
        deferred = _Timed(app, "_run_deferred")
        started = time.perf_counter()
        process_cpu = time.process_time()
        server = x_server() if options.real_window else None
        server_cpu = cpu_seconds(server)
        try:
            while app.running and app.frame < options.max_frames:
                if options.pace:
                    app._wait_for_frame()  # the app's own pacing; its dt is not used
                _timed_step(app, options, frames)
                clock.frames += 1
                if app.frame % 30 == 0:
                    memory.sample()
                if _scripted_player(app, options, clock, rng, frames):
                    break
        finally:
            elapsed = time.perf_counter() - started
            process_cpu = time.process_time() - process_cpu
            server_cpu = cpu_seconds(server) - server_cpu
            memory.sample()
            end_memory = _memory_now()
            game_over = isinstance(app.scenes.top, GameOverScene)
            app._shutdown()
            autosaves.restore()
    _print_slowest(frames, options.slowest)
    _print_profiles(frames.profiles, frames.labels)
    return _report(options, frames, _Totals(
        len(spoken), elapsed, process_cpu, server_cpu if server is not None else None, game_over,
        autosaves.times, deferred.times, memory.peak, end_memory))


def _print_slowest(frames: _Frames, count: int) -> None:
    order = sorted(range(len(frames.walls)), key=frames.walls.__getitem__, reverse=True)
    for index in order[:count]:
        print(f"frame {index:5d}: {frames.walls[index] * 1000:7.2f} ms wall, "
              f"{frames.cpus[index] * 1000:7.2f} ms CPU, {frames.labels[index] or '-'}"
              f"{', AI thinking' if frames.thinking[index] else ''}", file=sys.stderr)


def _report(options: argparse.Namespace, frames: _Frames, totals: _Totals) -> dict[str, Any]:
    """The JSON object the bench prints."""
    rows = list(zip(frames.walls, frames.cpus, frames.labels, frames.thinking, frames.drawn,
                    strict=True))
    busy = [w for w, _, label, _, _ in rows if label in BUSY_LABELS]
    busy_cpu = [c for _, c, label, _, _ in rows if label in BUSY_LABELS]
    ai = [w for w, _, _, t, _ in rows if t]
    ai_cpu = [c for _, c, _, t, _ in rows if t]
    shown = [w for w, _, _, _, d in rows if d]
    figures = _figures(busy)
    count = max(1, len(frames.walls))
    return {
        "bench": "frames",
        "driver": "x11 window" if options.real_window else "dummy",
        "mode": options.mode, "level": options.level, "seed": options.seed,
        "narration": options.narration, "narration_spoken": totals.spoken,
        "speed": options.speed, "paced": options.pace,
        "frames": len(frames.walls), "drawn_frames": len(shown),
        "seconds": round(totals.elapsed, 1), "game_over": totals.game_over,
        "busy_frames": figures["frames"],
        "p50_ms": figures["p50_ms"], "p95_ms": figures["p95_ms"], "p99_ms": figures["p99_ms"],
        "ai_thinking_frames": len(ai),
        "ai_thinking_p99_ms": _figures(ai)["p99_ms"],
        "all_p99_ms": _figures(shown)["p99_ms"],
        "cpu_p50_ms": _figures(busy_cpu)["p50_ms"], "cpu_p99_ms": _figures(busy_cpu)["p99_ms"],
        "cpu_ai_thinking_p99_ms": _figures(ai_cpu)["p99_ms"],
        "process_cpu_per_frame_ms": round(1000 * totals.process_cpu / count, 2),
        "x_server_cpu_per_frame_ms": (round(1000 * totals.server_cpu / count, 2)
                                      if totals.server_cpu is not None else None),
        "autosaves": len(totals.autosaves),
        "autosave_p50_ms": _ms(_percentile(totals.autosaves, 50)),
        "autosave_max_ms": _ms(max(totals.autosaves) if totals.autosaves else None),
        "deferred_jobs": len(totals.deferred),
        "deferred_job_max_ms": _ms(max(totals.deferred) if totals.deferred else None),
        "peak_rss_mb": _peak_rss_mb(),
        "ai_worker_peak_rss_mb": round(totals.worker_peak / 2**20, 1),
        **totals.end_memory,
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "per_label": {
            label: _figures([w for w, _, lab, _, _ in rows if lab == label])
            for label in (*BUSY_LABELS, "other")
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("vs_ai", "demo"), default="vs_ai")
    parser.add_argument("--level", choices=("easy", "medium", "hard"), default="hard")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed multiplier")
    parser.add_argument("--think", type=float, default=0.75,
                        help="seconds the scripted player waits before each move")
    parser.add_argument("--real-window", action="store_true",
                        help="use the real video driver (needs DISPLAY, e.g. under xvfb-run)")
    parser.add_argument("--no-pace", dest="pace", action="store_false",
                        help="run frames back to back instead of the app's own pacing")
    parser.add_argument("--quick", action="store_true",
                        help="a tiny workload: 420 frames at most, unpaced (for tests)")
    parser.add_argument("--max-frames", type=int, default=200_000)
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="also list the N slowest frames on stderr")
    parser.add_argument("--profile-over", type=float, default=0, metavar="MS",
                        help="profile every frame; print the slowest ones over MS ms of CPU "
                             "(slows every frame down)")
    parser.add_argument("--narration", choices=("off", "engine"), default="off",
                        help="speak the table's text through the real speech engine")
    parser.add_argument("--ai-worker", choices=("process", "thread", "inline"), default=None,
                        help="where the computer thinks (default: the app's choice)")
    options = parser.parse_args(argv)
    if options.quick:
        options.pace = False
        options.max_frames = min(options.max_frames, 420)
    choose_drivers(parser, options.real_window)
    if options.ai_worker:
        os.environ["TACOCAT_AI_WORKER"] = options.ai_worker
    result = run(options)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
