"""Benchmark the CPU the app uses when nothing moves: the title, and a table waiting for you.

    python -m bench.idle [--seconds 10] [--real-window] [--quick]

Builds the real :class:`tacocat.ui.shell.app.App` (SDL's dummy video driver, unless
``--real-window``: then run it under ``xvfb-run -a -s "-screen 0 1280x720x24"``
or on a desktop) and runs the app's own loop - ``app.step(app._wait_for_frame())``,
which is what :meth:`App.run` does, idle throttling included - in two places:

* ``title``: the title screen once its intro has played and its deferred
  loading is done;
* ``table``: a vs-AI game against the hard computer (seed 7) once the first
  deal has been animated and it is the human's turn - nothing moves, the
  computer waits.

For each, over ``--seconds`` of wall time: the CPU time of the app process
(all its threads, ``time.process_time``) and of its children (the AI worker)
as a percentage of one core, the X server's too (``--real-window``), and the
loop iterations and frames drawn per second. The last line printed is one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.procs import choose_drivers, cpu_seconds, x_server

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    try:
        import psutil
    except ImportError:
        return 0.0
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except Exception:  # it may have just ended
            continue
        total += times.user + times.system
    return total


def _loop(app: Any, seconds: float) -> None:
    """The app's own loop (App.run without its error handling) for ``seconds``."""
    end = time.perf_counter() + seconds
    while app.running and time.perf_counter() < end:
        app.step(app._wait_for_frame())


def _until(app: Any, condition: Any, limit: float = 60.0) -> None:
    end = time.perf_counter() + limit
    while not condition():
        if time.perf_counter() > end:
            raise RuntimeError("the app never settled")
        app.step(app._wait_for_frame())


def measure(app: Any, seconds: float) -> dict[str, float]:
    frames, drawn = app.frame, app._last_draw
    draws = 0
    server = x_server() if os.environ.get("SDL_VIDEODRIVER") != "dummy" else None
    server_cpu = cpu_seconds(server)
    cpu, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
    end = wall + seconds
    while app.running and time.perf_counter() < end:
        app.step(app._wait_for_frame())
        if app._last_draw != drawn:
            drawn = app._last_draw
            draws += 1
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    children = _children_cpu() - children
    server_cpu = cpu_seconds(server) - server_cpu
    return {
        "cpu_percent": round(100 * cpu / wall, 2),
        "children_cpu_percent": round(100 * children / wall, 2),
        "x_server_cpu_percent": round(100 * server_cpu / wall, 2) if server is not None else None,
        "loop_per_s": round((app.frame - frames) / wall, 1),
        "drawn_per_s": round(draws / wall, 1),
    }


def run(options: argparse.Namespace) -> dict[str, Any]:
    from tacocat.cli import parse_args
    from tacocat.ui.shell.app import App
    from tacocat.ui.table.scene import TableScene

    result: dict[str, Any] = {
        "bench": "idle",
        "seconds": options.seconds,
        "driver": "x11 window" if options.real_window else "dummy",
    }
    with tempfile.TemporaryDirectory(prefix="tacocat-idle-") as data:
        app = App(parse_args(["--data-dir", data]), Path(data))
        try:
            _until(app, lambda: app.is_idle() and not app._deferred)
            _loop(app, 1.0)
            result["title"] = measure(app, options.seconds)
        finally:
            app._shutdown()
    with tempfile.TemporaryDirectory(prefix="tacocat-idle-") as data:
        argv = [
            "--data-dir",
            data,
            "--vs-ai",
            "--level",
            "hard",
            "--seed",
            "7",
            "--speed",
            str(options.speed),
        ]
        app = App(parse_args(argv), Path(data))
        try:
            table = app.scenes.top
            assert isinstance(table, TableScene)
            _until(app, lambda: table.acting_seat() is not None and app.is_idle())
            _loop(app, 1.0)
            result["table"] = measure(app, options.seconds)
            result["table_waiting_for_human"] = table.acting_seat() is not None
        finally:
            app._shutdown()
    result["title_cpu_percent"] = result["title"]["cpu_percent"]
    result["table_cpu_percent"] = result["table"]["cpu_percent"]
    result["load_average"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each measurement")
    parser.add_argument(
        "--real-window",
        action="store_true",
        help="use the real video driver (needs DISPLAY, e.g. under xvfb-run)",
    )
    parser.add_argument(
        "--speed", type=float, default=1.0, help="animation speed (how soon the first deal is over)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 s measurements, fast deal (for tests)"
    )
    options = parser.parse_args(argv)
    if options.quick:
        options.seconds = min(options.seconds, 1.0)
        options.speed = max(options.speed, 4.0)
    choose_drivers(parser, options.real_window)
    result = run(options)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
