"""Benchmark process start to the first frame from source, in wall time and CPU time.

    python -m bench.first_frame [--runs N]

A complement to ``bench/startup.py`` (which times the frozen builds too, to
their exit): each run starts ``python main.py --frames 1`` from an empty
folder with SDL's dummy drivers, a fresh ``--data-dir`` and
``TACOCAT_BENCH_FIRST_FRAME=1``, so the app prints, after its first
``display.flip()``, ``TACOCAT-BENCH-FIRST-FRAME <time.time()> <process_time()>``.
Wall time is that stamp minus the moment the process was started; CPU time is
the process's own CPU time at that moment - unlike wall time it hardly grows
when other jobs load the machine.

Two variants, taking turns (median of ``--runs`` each, after a warm-up):

* ``warm`` - a bytecode cache (``PYTHONPYCACHEPREFIX`` in a temporary
  folder, written by the warm-up run), as on a player's machine;
* ``nocache`` - ``PYTHONDONTWRITEBYTECODE=1`` and no cache for the game's own
  modules, so they are compiled at every start (how a read-only checkout, or
  this project's CI environment, runs).

``python_s``/``python_cpu_s`` is the bare interpreter (``python -c pass``):
the part of every figure that is not the game's (site-packages ``.pth``
files run there). The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "TACOCAT-BENCH-FIRST-FRAME"


def _env(variant: str, cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TACOCAT_BENCH_FIRST_FRAME="1",
    )
    if variant == "warm":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def run_once(variant: str, cache: Path) -> tuple[float, float]:
    """Seconds (wall, CPU) from process start to the first frame."""
    with tempfile.TemporaryDirectory(prefix="tacocat-ff-") as tmp:
        args = [
            sys.executable,
            str(ROOT / "main.py"),
            "--frames",
            "1",
            "--data-dir",
            str(Path(tmp) / "data"),
        ]
        started = time.time()
        done = subprocess.run(
            args,
            cwd=tmp,
            env=_env(variant, cache),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"{args} exited with {done.returncode}:\n{done.stderr[-2000:]}")
    marks = [line.split() for line in done.stderr.splitlines() if line.startswith(MARK)]
    if not marks or len(marks[0]) < 3:
        raise RuntimeError(f"the app did not report its first frame:\n{done.stderr[-2000:]}")
    return float(marks[0][1]) - started, float(marks[0][2])


def bare_python() -> tuple[float, float]:
    """Seconds (wall, CPU) of ``python -c pass`` (CPU from the child's rusage)."""
    before = os.times()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    wall = time.perf_counter() - started
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="measured runs per variant (median)")
    options = parser.parse_args(argv)
    if options.runs < 1:
        parser.error("--runs must be 1 or more")
    variants = ("warm", "nocache")
    walls: dict[str, list[float]] = {v: [] for v in variants}
    cpus: dict[str, list[float]] = {v: [] for v in variants}
    bare: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory(prefix="tacocat-pyc-") as cache:
        for variant in variants:
            run_once(variant, Path(cache))  # warm-up (and writes the warm cache)
        for _ in range(options.runs):
            for variant in variants:
                wall, cpu = run_once(variant, Path(cache))
                walls[variant].append(wall)
                cpus[variant].append(cpu)
            bare.append(bare_python())
    result: dict[str, object] = {
        "bench": "first_frame",
        "runs": options.runs,
        "method": "median; process start to the first display.flip(), --frames 1, dummy SDL "
        "drivers; *_cpu_s: the process's CPU time at that moment",
    }
    for variant in variants:
        result[f"{variant}_s"] = round(statistics.median(walls[variant]), 3)
        result[f"{variant}_cpu_s"] = round(statistics.median(cpus[variant]), 3)
        print(
            f"{variant:8} first frame {result[f'{variant}_s']:.3f} s wall "
            f"(min {min(walls[variant]):.3f}), {result[f'{variant}_cpu_s']:.3f} s CPU"
        )
    result["python_s"] = round(statistics.median(w for w, _ in bare), 3)
    result["python_cpu_s"] = round(statistics.median(c for _, c in bare), 3)
    result["load_average"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
