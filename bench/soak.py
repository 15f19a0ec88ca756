"""Soak test: many ``--demo`` games in ONE app process, looking for leaks.

    python -m bench.soak [--games 200] [--level medium] [--seed 1] [--trace]
                         [--screens] [--text-size 150] [--window 960x540]

Separate processes would hide a leak (each starts clean), so this builds one
:class:`~tacocat.ui.shell.app.App` on SDL's dummy drivers and runs its real loop
(:meth:`App.run` -> :meth:`App.step`, scenes, table, animator, pygame_gui, the
AI worker process) through game after game: when a demo game ends, the app's
``finish_demo`` starts the next one (the next seed) instead of exiting. Speed
is "instant" and frames are not capped at 60 a second, so it plays as fast as
the machine allows. The data folder is a fresh temporary one (deleted after a
run that passes).

Figures: resident memory (RSS) of the game process after game 10 (warmed up:
fonts, images and caches loaded) and after the last game, both after a full
garbage collection, the growth between them, games per minute, open file
descriptors and live child processes (each game starts its own AI worker; a
leaked worker or pipe shows here), Python objects alive. The run fails (exit
1) on any exception, error log record or crash log, when RSS grows by
:data:`MAX_GROWTH` or more, or when more than one table scene (the game just
finished) is alive at a report - a leak of one table a game shows at once,
long before it shows in RSS. ``--trace`` also prints the biggest allocation
growths between game 10 and the end (tracemalloc; slower). ``--screens``
also opens and closes every registered screen (:data:`VISITED`) between games, a
frame each way, as a family does over an evening; with ``--text-size 150
--window 960x540`` their panels scroll (a closed scrolling screen once stayed
alive, ~11 MB a visit). The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tacocat.ui.stage.screens import SCREENS, ScreenName  # no pygame: imported before SDL starts

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]

#: RSS growth from game 10 to the last game that counts as a leak (10 %).
MAX_GROWTH = 0.10
#: Game after which the baseline is taken (everything is loaded by then).
WARM_GAME = 10
MB = 1024 * 1024
#: The screens ``--screens`` visits between games: every registered one but the title
#: (which the next game replaces anyway).
VISITED: tuple[ScreenName, ...] = tuple(name for name in SCREENS if name != "title")


class _Counter(logging.Handler):
    """Counts ERROR and worse log records (an exception the app caught and logged)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


def surface_census(top: int = 6) -> tuple[int, float, list[tuple[str, int, float]]]:
    """Surfaces reachable from Python containers: count, MB of pixels, and the
    containers holding the most (``type`` / ``dict of <owner type>``)."""
    import pygame

    seen: set[int] = set()
    owners: dict[str, list[float]] = {}
    count, total = 0, 0.0
    for obj in gc.get_objects():
        held = [r for r in gc.get_referents(obj) if isinstance(r, pygame.Surface)]
        if not held:
            continue
        label = type(obj).__name__
        if isinstance(obj, dict | list):
            parents = [
                type(o).__name__
                for o in gc.get_referrers(obj)
                if not isinstance(o, list | dict) and type(o).__name__ != "frame"
            ][:1]
            label += f" of {parents[0] if parents else '?'}"
        for surface in held:
            if id(surface) in seen:
                continue
            seen.add(id(surface))
            size = surface.get_width() * surface.get_height() * surface.get_bytesize() / MB
            count += 1
            total += size
            entry = owners.setdefault(label, [0, 0.0])
            entry[0] += 1
            entry[1] += size
    ranked = sorted(owners.items(), key=lambda item: -item[1][1])[:top]
    return count, total, [(label, int(n), mb) for label, (n, mb) in ranked]


def _trimmed_rss(proc) -> float | None:
    """RSS after glibc's malloc_trim(0) (freed heap memory handed back), Linux only."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return None
    return proc.memory_info().rss / MB


def _process_figures(proc) -> dict[str, float]:
    gc.collect()
    children = [c for c in proc.children(recursive=True) if c.is_running()]
    try:
        fds = proc.num_fds()
    except AttributeError:  # Windows
        fds = -1
    objects = gc.get_objects()
    # The game just finished is still on screen: any other table alive is a leaked game.
    tables = sum(type(obj).__name__ == "TableScene" for obj in objects)
    return {
        "rss_mb": proc.memory_info().rss / MB,
        "fds": fds,
        "children": len(children),
        "objects": len(objects),
        "tables": tables,
    }


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", choices=("easy", "medium", "hard"), default="medium")
    parser.add_argument(
        "--growth-limit",
        type=float,
        default=MAX_GROWTH,
        help="RSS growth (fraction) from game 10 that fails the run",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (+1 per game)")
    parser.add_argument("--trace", action="store_true", help="tracemalloc the growth (slower)")
    parser.add_argument(
        "--screens", action="store_true", help="open and close every menu screen between games"
    )
    parser.add_argument("--text-size", type=int, default=100, help="text size %% (settings)")
    parser.add_argument(
        "--window",
        type=_window,
        default=None,
        metavar="WxH",
        help="window size (settings; default the app's)",
    )
    parser.add_argument(
        "--census",
        action="store_true",
        help="at each report, list the surfaces alive and who holds them, and "
        "RSS after malloc_trim (diagnosis; the figures then include it)",
    )
    args = parser.parse_args(argv)
    if args.games <= WARM_GAME:
        parser.error(f"--games must be more than {WARM_GAME}")
    return args


def _window(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT, e.g. 960x540, not {text!r}"
        ) from None
    return width, height


@dataclass
class _Run:
    """What the soak has seen so far (the app's ``finish_demo`` reports each game here)."""

    args: argparse.Namespace
    proc: Any
    games: int = 0
    started: float = field(default_factory=time.monotonic)
    warm_at: float = 0.0
    snapshot: Any = None
    rounds: int = 0
    actions: int = 0
    screens: int = 0
    figures: dict[int, dict[str, float]] = field(default_factory=dict)

    def game_finished(self, game: Any) -> None:
        if game is not None:
            self.rounds += game.state.round_number
            self.actions += len(game.state.actions)
        self.games += 1
        done = self.games
        if done in (1, 2, 5, WARM_GAME, self.args.games) or done % 25 == 0:
            self._report(done)

    def _report(self, done: int) -> None:
        now = _process_figures(self.proc)
        self.figures[done] = now
        rate = done / max(1e-9, time.monotonic() - self.started) * 60
        print(
            f"game {done:4d}: RSS {now['rss_mb']:.1f} MB, fds {now['fds']}, "
            f"children {now['children']}, objects {now['objects']}, "
            f"tables alive {now['tables']}, "
            f"{rate:.1f} games/min",
            flush=True,
        )
        if self.args.census:
            count, megabytes, owners = surface_census()
            trimmed = _trimmed_rss(self.proc)
            print(
                f"      surfaces alive {count} ({megabytes:.1f} MB); RSS after "
                f"malloc_trim {trimmed:.1f} MB"
                if trimmed
                else "",
                flush=True,
            )
            for label, n, mb in owners:
                print(f"        {mb:7.1f} MB in {n:5d} surfaces held by {label}")
        if done == WARM_GAME:
            self.warm_at = time.monotonic()
            if self.args.trace:
                import tracemalloc

                self.snapshot = tracemalloc.take_snapshot()


def _soak_app(run: _Run) -> type:
    """The real app class, except that a finished demo starts the next one."""
    import dataclasses

    from tacocat.ui.shell.app import App

    class SoakApp(App):
        #: With --screens: the screens still to visit after a game (None: not visiting),
        #: and the one opened last frame.
        _visits: list[ScreenName] | None = None
        _visiting: Any = None

        def _wait_for_frame(self) -> float:
            self.clock.tick(1000)  # no 60-a-second cap; a short sleep leaves the AI its CPU
            return 1 / 60

        def finish_demo(self) -> None:
            run.game_finished(getattr(self.scenes.stack[0], "session", None))
            if run.games >= run.args.games:
                self.quit(0)
                return
            if run.args.screens:  # visited frame by frame from step(), then the next game
                self._visits = list(VISITED)
                return
            self._next_game()

        def _next_game(self) -> None:
            config = dataclasses.replace(self.config_from_options(), seed=run.args.seed + run.games)
            self.start_game(config)

        def step(self, dt: float) -> None:
            if self._visits is not None:
                self._visit()
            super().step(dt)

        def _visit(self) -> None:
            """Close the screen opened last frame; open the next, or start the next game."""
            assert self._visits is not None
            if self._visiting is not None:
                self.scenes.pop(self._visiting)
                self._visiting = None
                run.screens += 1
            if self._visits:
                self._visiting = self.open(self._visits.pop(0))
            else:
                self._visits = None
                self._next_game()

    return SoakApp


def _print_trace(run: _Run) -> None:
    if not (run.args.trace and run.snapshot is not None):
        return
    import tracemalloc

    top = tracemalloc.take_snapshot().compare_to(run.snapshot, "traceback")[:8]
    print("largest allocation growth since game 10:")
    for stat in top:
        print(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks")
        for line in stat.traceback.format()[-6:]:
            print("     ", line)


def _summary(
    run: _Run, code: int, crashes: list[str], errors: int, elapsed: float
) -> dict[str, Any]:
    """The JSON object the soak prints; ``ok`` is whether it passed."""
    games = run.args.games
    warm, last = run.figures.get(WARM_GAME), run.figures.get(games)
    growth = None
    if warm and last:
        growth = (last["rss_mb"] - warm["rss_mb"]) / warm["rss_mb"]
    after_warm = max(1e-9, time.monotonic() - run.warm_at) if run.warm_at else None
    tables_alive = max((f["tables"] for f in run.figures.values()), default=0)
    ok = (
        code == 0
        and not crashes
        and not errors
        and run.games == games
        and growth is not None
        and growth < run.args.growth_limit
        and tables_alive <= 1
    )
    return {
        "games": run.games,
        "level": run.args.level,
        "exit_code": code,
        "errors_logged": errors,
        "crash_logs": crashes,
        "rss_after_game_10_mb": round(warm["rss_mb"], 1) if warm else None,
        f"rss_after_game_{games}_mb": round(last["rss_mb"], 1) if last else None,
        "rss_growth_pct": round(100 * growth, 2) if growth is not None else None,
        "fds_after_game_10": warm["fds"] if warm else None,
        f"fds_after_game_{games}": last["fds"] if last else None,
        "children_at_end": last["children"] if last else None,
        "most_tables_alive": tables_alive,
        "objects_after_game_10": warm["objects"] if warm else None,
        f"objects_after_game_{games}": last["objects"] if last else None,
        "games_per_minute": round(run.games / elapsed * 60, 1),
        "games_per_minute_after_warmup": (
            round((games - WARM_GAME) / after_warm * 60, 1) if after_warm else None
        ),
        "mean_actions_per_game": round(run.actions / max(1, run.games), 1),
        "screens_visited": run.screens,
        "text_size": run.args.text_size,
        "seconds": round(elapsed, 1),
        "ok": ok,
    }


def _finish(
    run: _Run, folder: Path, counter: _Counter, code: int, elapsed: float
) -> dict[str, Any]:
    """After the last game: the crash logs found, the allocation growths (``--trace``), the
    first errors logged, and the summary, its memory and speed said in one line."""
    args = run.args
    crashes = sorted(p.name for p in folder.glob("crash-*.log"))
    _print_trace(run)
    for record in counter.records[:5]:
        print("logged error:", record)
    summary = _summary(run, code, crashes, len(counter.records), elapsed)
    print(
        f"RSS after game {WARM_GAME}: {summary['rss_after_game_10_mb']} MB; after game "
        f"{args.games}: {summary[f'rss_after_game_{args.games}_mb']} MB; growth "
        f"{summary['rss_growth_pct']} % (limit {100 * args.growth_limit:.0f} %); "
        f"{summary['games_per_minute']} games/minute"
    )
    return summary


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    import psutil

    from tacocat.cli import parse_args

    if args.trace:
        import tracemalloc

        tracemalloc.start(12)
    folder = Path(tempfile.mkdtemp(prefix="tacocat-soak-"))
    counter = _Counter()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().addHandler(counter)
    run = _Run(args, psutil.Process())
    options = parse_args(
        [
            "--demo",
            "--level",
            args.level,
            "--seed",
            str(args.seed),
            "--data-dir",
            str(folder),
            "--frames",
            str(10**9),
        ]
    )
    app = _soak_app(run)(options, folder)
    window = {"window_size": args.window} if args.window else {}
    app.update_settings(save=False, animation_speed="instant", text_size=args.text_size, **window)
    print(
        f"soak: {args.games} demo games, level {args.level}, one process "
        f"(pid {os.getpid()}), data in {folder}"
        f"{', menu screens between games' if args.screens else ''}",
        flush=True,
    )
    started = time.monotonic()
    code = app.run()
    summary = _finish(run, folder, counter, code, time.monotonic() - started)
    if summary["ok"]:
        shutil.rmtree(folder, ignore_errors=True)  # kept on failure: crash logs, tacocat.log
    print(json.dumps(summary))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
