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
the end. bench/frames_report.py keeps the record and makes these figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.frames_report import Frames, Totals, print_profiles, print_slowest, report
from bench.procs import choose_drivers, cpu_seconds, x_server

ROOT = Path(__file__).resolve().parents[1]

DT = 1 / 60
#: Seconds the scripted player looks at a round result before going on.
RESULT_WAIT = 1.0


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


def _table(app: Any) -> Any:
    from tacocat.ui.table.scene import TableScene

    return next((s for s in app.scenes.stack if isinstance(s, TableScene)), None)


def _thinking(table: Any) -> bool:
    """Whether a request to the computer is unanswered."""
    session = table.session if table is not None else None
    return bool(session is not None and session.worker.busy)


def _timed_step(app: Any, options: argparse.Namespace, frames: Frames) -> None:
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


def _scripted_player(
    app: Any, options: argparse.Namespace, clock: _Clock, rng: random.Random, frames: Frames
) -> bool:
    """Between frames, the scripted "human": move, dismiss a result. True once it is done."""
    from tacocat.ui.scenes.game_over import GameOverScene
    from tacocat.ui.scenes.round_result import RoundResultScene

    top, table = app.scenes.top, _table(app)
    if isinstance(top, GameOverScene):
        frames.over_since = clock.now() if frames.over_since is None else frames.over_since
        return clock.now() - frames.over_since >= 1.0
    ready = isinstance(top, RoundResultScene) or (
        table is not None and top is table and table.acting_seat() is not None
    )
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


def run(options: argparse.Namespace) -> dict[str, Any]:
    """One game through the real app loop, timed; the JSON object the bench prints."""
    from tacocat.persistence.saves import SaveStore

    frames = Frames()
    autosaves = _Timed(SaveStore, "write_autosave")
    with tempfile.TemporaryDirectory(prefix="tacocat-frames-") as data:
        app = _make_app(options, Path(data))
        spoken = _narrate(app, options.narration)
        deferred = _Timed(app, "_run_deferred")
        try:
            totals = _play(app, options, frames, spoken, (autosaves, deferred))
        finally:
            app._shutdown()
            autosaves.restore()
    print_slowest(frames, options.slowest)
    print_profiles(frames.profiles, frames.labels)
    return report(options, frames, totals)


def _make_app(options: argparse.Namespace, data: Path) -> Any:
    """The real app, as its command line makes it, its data in ``data``."""
    from tacocat.cli import parse_args
    from tacocat.ui.shell.app import App

    argv = [
        "--data-dir",
        str(data),
        f"--{options.mode.replace('_', '-')}",
        "--level",
        options.level,
        "--seed",
        str(options.seed),
        "--speed",
        str(options.speed),
    ]
    return App(parse_args(argv), data)


def _play(
    app: Any,
    options: argparse.Namespace,
    frames: Frames,
    spoken: list[str],
    timers: tuple[_Timed, _Timed],
) -> Totals:
    """The app's loop, paced as the app paces it, the scripted player moving between frames,
    until the game is over (or ``--quick``'s first round, or ``--max-frames``); then the
    whole run's figures, read before the app shuts down. ``timers``: autosaves, deferred."""
    from tacocat.ui.scenes.game_over import GameOverScene

    rng = random.Random(options.seed)
    memory = _WorkerMemory()
    clock = _Clock(options.pace)
    started = time.perf_counter()
    process_cpu = time.process_time()
    server = x_server() if options.real_window else None
    server_cpu = cpu_seconds(server)
    while app.running and app.frame < options.max_frames:
        if options.pace:
            app._wait_for_frame()  # the app's own pacing; its dt is not used
        _timed_step(app, options, frames)
        clock.frames += 1
        if app.frame % 30 == 0:
            memory.sample()
        if _scripted_player(app, options, clock, rng, frames):
            break
    elapsed = time.perf_counter() - started
    process_cpu = time.process_time() - process_cpu
    server_cpu = cpu_seconds(server) - server_cpu
    memory.sample()
    end_memory = _memory_now()
    game_over = isinstance(app.scenes.top, GameOverScene)
    return Totals(
        spoken,
        elapsed,
        process_cpu,
        server_cpu if server is not None else None,
        game_over,
        timers[0].times,
        timers[1].times,
        memory.peak,
        end_memory,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    _game_options(parser)
    _loop_options(parser)
    _extra_options(parser)
    return parser


def _game_options(parser: argparse.ArgumentParser) -> None:
    """What is played, and how the scripted player plays."""
    parser.add_argument("--mode", choices=("vs_ai", "demo"), default="vs_ai")
    parser.add_argument("--level", choices=("easy", "medium", "hard"), default="hard")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed multiplier")
    parser.add_argument(
        "--think",
        type=float,
        default=0.75,
        help="seconds the scripted player waits before each move",
    )


def _loop_options(parser: argparse.ArgumentParser) -> None:
    """Where the frames are drawn, how they are paced, and how many."""
    parser.add_argument(
        "--real-window",
        action="store_true",
        help="use the real video driver (needs DISPLAY, e.g. under xvfb-run)",
    )
    parser.add_argument(
        "--no-pace",
        dest="pace",
        action="store_false",
        help="run frames back to back instead of the app's own pacing",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a tiny workload: 420 frames at most, unpaced (for tests)",
    )
    parser.add_argument("--max-frames", type=int, default=200_000)


def _extra_options(parser: argparse.ArgumentParser) -> None:
    """What else is listed (the slowest frames, profiles), and what runs beside the frames."""
    parser.add_argument(
        "--slowest",
        type=int,
        default=0,
        metavar="N",
        help="also list the N slowest frames on stderr",
    )
    parser.add_argument(
        "--profile-over",
        type=float,
        default=0,
        metavar="MS",
        help="profile every frame; print the slowest ones over MS ms of CPU "
        "(slows every frame down)",
    )
    parser.add_argument(
        "--narration",
        choices=("off", "engine"),
        default="off",
        help="speak the table's text through the real speech engine",
    )
    parser.add_argument(
        "--ai-worker",
        choices=("process", "thread", "inline"),
        default=None,
        help="where the computer thinks (default: the app's choice)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
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
