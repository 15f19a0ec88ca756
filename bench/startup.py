"""Benchmark start-up: process start to first frame, from source and frozen.

    python -m bench.startup [--runs N] [--onedir EXE] [--onefile EXE] [--build]
                            [--variant NAME=PATH ...]

Each variant is started ``--runs`` times (after one unmeasured warm-up run;
the variants take turns) from an empty temporary folder with SDL's dummy drivers, a fresh ``--data-dir``
and ``--frames 1``: the app draws one frame and quits. What is timed is the
wall time from starting the process to its exit, so it **includes shutdown**
(scenes' exit, SDL quit, interpreter exit, and for onefile the removal of the
folder it unpacked itself into). The app prints nothing at its first frame,
so for the source variant the benchmark also times the first frame itself:
it starts ``main.py`` through a small wrapper that reports the moment of the
first ``pygame.display.flip()``; the difference is the shutdown cost. Should
the app itself print ``TACOCAT-BENCH-FIRST-FRAME <time.time()>`` to stderr
after its first frame when ``TACOCAT_BENCH_FIRST_FRAME`` is set (the
environment gives it), the frozen variants get a first-frame figure too.

Variants: ``source`` (this interpreter, ``main.py``), ``onedir``
(``dist/tacocat/tacocat``) and ``onefile`` (``dist/onefile/tacocat``); frozen
ones that are not built are skipped, unless ``--build`` builds them (see
``build.spec``). ``--variant NAME=PATH`` adds more, measured in the same
interleaved runs: an executable (an older build, an installed ``tacocat``
command) or a ``main.py`` (another checkout, run like ``source``), so that
before and after are compared under the same load. Sizes: the onedir folder and the onefile file, in MB (2**20
bytes). The last line printed is one JSON object with the medians.
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
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
DEFAULT_ONEDIR = ROOT / "dist" / "tacocat" / f"tacocat{EXE_SUFFIX}"
DEFAULT_ONEFILE = ROOT / "dist" / "onefile" / f"tacocat{EXE_SUFFIX}"
MARK = "TACOCAT-BENCH-FIRST-FRAME"

#: Runs main.py with pygame.display.flip wrapped: the first call prints MARK
#: and the wall-clock time (time.time() is comparable across processes).
_WRAPPER = f"""
import os, runpy, sys, time
import pygame
_flip = pygame.display.flip
def _first_flip():
    _flip()
    pygame.display.flip = _flip
    print("{MARK}", repr(time.time()), file=sys.stderr, flush=True)
pygame.display.flip = _first_flip
sys.argv = sys.argv[1:]
sys.path[0] = os.path.dirname(os.path.abspath(sys.argv[0]))  # as `python main.py` does
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TACOCAT_BENCH_FIRST_FRAME="1",
    )
    return env


def run_once(command: list[str]) -> tuple[float, float | None]:
    """Start ``command`` plus ``--frames 1 --data-dir <fresh>`` from an empty folder.

    :returns: seconds to exit, and seconds to the first frame when the
        command reports it (the source wrapper), else None.
    :raises RuntimeError: the process did not exit with 0.
    """
    with tempfile.TemporaryDirectory(prefix="tacocat-bench-") as tmp:
        args = [*command, "--frames", "1", "--data-dir", str(Path(tmp) / "data")]
        started_wall = time.time()
        started = time.perf_counter()
        done = subprocess.run(
            args, cwd=tmp, env=_env(), capture_output=True, text=True, timeout=120, check=False
        )
        elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{args} exited with {done.returncode}:\n{done.stderr[-2000:]}")
    marks = [line for line in done.stderr.splitlines() if line.startswith(MARK)]
    first_frame = float(marks[0].split()[1]) - started_wall if marks else None
    return elapsed, first_frame


def measure(variants: dict[str, list[str]], runs: int) -> dict[str, dict[str, float | None]]:
    """Median figures per variant. Runs are interleaved (one of each variant in
    turn) so that a change in machine load affects every variant alike."""
    for command in variants.values():
        run_once(command)  # warm-up: page cache, font caches, onefile first unpack
    exits: dict[str, list[float]] = {name: [] for name in variants}
    firsts: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(runs):
        for name, command in variants.items():
            elapsed, first = run_once(command)
            exits[name].append(elapsed)
            if first is not None:
                firsts[name].append(first)
    return {
        name: {
            "exit_s": round(statistics.median(exits[name]), 3),
            "exit_min_s": round(min(exits[name]), 3),
            "first_frame_s": round(statistics.median(firsts[name]), 3) if firsts[name] else None,
        }
        for name in variants
    }


def size_mb(path: Path) -> float:
    """Apparent size of a file, or of every file under a folder (symlinks not followed)."""
    if path.is_file():
        total = path.stat().st_size
    else:
        total = sum(
            p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()
        )
    return round(total / 2**20, 1)


def build(onefile: bool) -> None:
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        str(ROOT / "build.spec"),
    ]
    if onefile:
        command += ["--", "--onefile"]
    subprocess.run(command, cwd=ROOT, check=True)


def _variants(
    parser: argparse.ArgumentParser, options: argparse.Namespace
) -> tuple[dict[str, list[str]], list[str]]:
    """The command line of each variant to time, and the names ``--variant`` added."""
    variants: dict[str, list[str]] = {}
    if not options.skip_source:
        variants["source"] = [sys.executable, "-c", _WRAPPER, str(ROOT / "main.py")]
    for name, exe in (("onedir", options.onedir), ("onefile", options.onefile)):
        exe = exe.resolve()
        if not exe.is_file() and options.build:
            build(onefile=name == "onefile")
        if exe.is_file():
            variants[name] = [str(exe)]
        else:
            print(f"{name}: {exe} not found (build it, or pass --build)", file=sys.stderr)

    extra = []
    for spec in options.variant:
        name, _, path = spec.partition("=")
        if not name or not path or not Path(path).is_file():
            parser.error(f"--variant {spec}: give NAME=PATH of an existing file")
        extra.append(name)
        variants[name] = (
            [sys.executable, "-c", _WRAPPER, str(Path(path).resolve())]
            if path.endswith(".py")
            else [str(Path(path).resolve())]
        )
    return variants, extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs per variant (median)")
    parser.add_argument("--onedir", type=Path, default=DEFAULT_ONEDIR, help="the onedir executable")
    parser.add_argument(
        "--onefile", type=Path, default=DEFAULT_ONEFILE, help="the onefile executable"
    )
    parser.add_argument("--build", action="store_true", help="build missing frozen variants first")
    parser.add_argument("--skip-source", action="store_true", help="only the frozen variants")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="another executable or main.py to time in the same runs",
    )
    options = parser.parse_args(argv)
    if options.runs < 1:
        parser.error("--runs must be 1 or more")
    variants, extra = _variants(parser, options)

    result: dict[str, object] = {
        "bench": "startup",
        "runs": options.runs,
        "method": "median wall time, process start to exit, --frames 1, dummy SDL drivers "
        "(includes shutdown); *_first_frame_s: to the first display.flip(), where reported",
    }
    measured = measure(variants, options.runs)
    for name in ("source", "onedir", "onefile", *extra):
        if name not in variants:
            result[f"{name}_s"] = result[f"{name}_first_frame_s"] = None
            continue
        figures = measured[name]
        result[f"{name}_s"] = figures["exit_s"]
        print(
            f"{name:8} exit {figures['exit_s']:.3f} s (min {figures['exit_min_s']:.3f})"
            + (
                f", first frame {figures['first_frame_s']:.3f} s"
                if figures["first_frame_s"]
                else ""
            )
        )
        result[f"{name}_first_frame_s"] = figures["first_frame_s"]
    onedir_folder = options.onedir.resolve().parent
    result["onedir_mb"] = size_mb(onedir_folder) if "onedir" in variants else None
    result["onefile_mb"] = size_mb(options.onefile.resolve()) if "onefile" in variants else None
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
