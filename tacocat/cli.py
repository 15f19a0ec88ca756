"""The command line: parse options, then run the simulator or the app.

The parser is the single source of truth for options; the app receives the
parsed :class:`argparse.Namespace` as its ``options``.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NoReturn

from tacocat import __version__
from tacocat.languages import LANGUAGES
from tacocat.levels import AI_LEVELS, PLAYER_KINDS
from tacocat.persistence.text import printable

#: Seat kinds accepted by ``--simulate`` (``--p1``/``--p2``); ``--level`` takes
#: :data:`AI_LEVELS` (both from :mod:`tacocat.levels`).
SIM_KINDS = PLAYER_KINDS


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


#: Bounds of ``--speed``: slower than a tenth never moves in a demo, faster
#: than a hundred times is a blur. ``inf`` (every animation ends at once) is
#: accepted too: tests and quick demo runs use it.
SPEED_RANGE = (0.1, 100.0)


def _speed(text: str) -> float:
    value = float(text)
    low, high = SPEED_RANGE
    if not (low <= value <= high or value == math.inf):  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"must be between {low:g} and {high:g} (or inf), got {text}"
        )
    return value


def _folder(text: str) -> Path:
    """A folder the program names itself: not empty (that silently meant "here")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must name a folder, got an empty value")
    return Path(text)


def _output_folder_problem(folder: Path) -> str | None:
    """Why files cannot be written into ``folder`` (``--record-dir``,
    ``--screenshots``), or None. The folder is created if missing: a run is
    refused at once rather than failing with a traceback once under way."""
    folder = folder.expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{printable(folder)} is a file, not a folder"
    except OSError as error:
        return f"cannot create {printable(folder)}: {error.strerror or error}"
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".tacocat-write-test-"):
            pass
    except OSError as error:
        return f"cannot write into {printable(folder)}: {error.strerror or error}"
    return None


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (then exit 2),
    not a usage block followed by the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message)} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line; ``--help`` lists the options in the order added here."""
    parser = OneLineParser(
        prog="tacocat",
        description="Tacocat Spelled Backwards - the two-player card game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_modes(parser)
    _add_game_options(parser)
    _add_run_options(parser)
    _add_simulation_options(parser)
    return parser


def _add_modes(parser: argparse.ArgumentParser) -> None:
    """What to do instead of opening the title screen: at most one of these."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--vs-ai", action="store_true", help="start a game against the computer")
    mode.add_argument(
        "--hotseat", action="store_true", help="start a game for two people on one screen"
    )
    mode.add_argument(
        "--demo", action="store_true", help="the computer plays both seats; exit when the game ends"
    )
    mode.add_argument(
        "--tutorial",
        action="store_true",
        help="play the guided first game (continues where it was left)",
    )
    mode.add_argument(
        "--simulate",
        type=_positive_int,
        metavar="N",
        help="play N games with no window and print statistics",
    )
    mode.add_argument(
        "--replay",
        type=Path,
        default=None,
        metavar="FILE",
        help="watch a game file (an exported game or a --record-dir record) again",
    )
    mode.add_argument(
        "--review",
        type=Path,
        default=None,
        metavar="FILE",
        help="rate one seat's decisions in a game file; print JSON lines",
    )


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """The game to play or rate: seat, autosave, computer level, shuffle, speed."""
    parser.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=None,
        help="with --review: the seat to rate, 0 (first) or 1 (second); "
        "default: the human's seat, else 0",
    )
    parser.add_argument(
        "--continue", dest="resume", action="store_true", help="resume the autosaved game"
    )
    parser.add_argument(
        "--level",
        choices=AI_LEVELS,
        default=None,
        help="computer level (default: from settings, else medium)",
    )
    parser.add_argument(
        "--seed", type=_non_negative_int, default=None, help="seed for shuffling (a whole number)"
    )
    parser.add_argument(
        "--speed",
        type=_speed,
        default=None,
        metavar="X",
        help="multiply animation speed by X (0.1 to 100; inf: no animation)",
    )


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """How the program runs: screenshots, a frame limit, the data folder, language, logs."""
    parser.add_argument(
        "--screenshots",
        type=_folder,
        default=None,
        metavar="DIR",
        help="save a PNG at every scene change and round",
    )
    parser.add_argument(
        "--frames", type=_positive_int, default=None, metavar="N", help="quit after N frames"
    )
    parser.add_argument(
        "--data-dir",
        type=_folder,
        default=None,
        metavar="DIR",
        help="keep saves, settings and logs in DIR",
    )
    parser.add_argument(
        "--lang",
        default=None,
        metavar="CODE",
        help=f"language: {', '.join(LANGUAGES)} (default: from settings, else the system's)",
    )
    parser.add_argument(
        "--log-level",
        default="WARNING",
        type=str.upper,
        choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"),
        help="logging detail",
    )


def _add_simulation_options(parser: argparse.ArgumentParser) -> None:
    """The options only --simulate takes (parse_args refuses them without it)."""
    sim = parser.add_argument_group("simulation (with --simulate)")
    sim.add_argument(
        "--p1", choices=SIM_KINDS, default=None, help="first seat's player kind (default: random)"
    )
    sim.add_argument(
        "--p2", choices=SIM_KINDS, default=None, help="second seat's player kind (default: random)"
    )
    sim.add_argument(
        "--record-dir",
        type=_folder,
        default=None,
        metavar="DIR",
        help="write one game record per game",
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    options = parser.parse_args(argv)
    if options.simulate is None:
        for flag in ("p1", "p2", "record_dir"):
            if getattr(options, flag) is not None:
                parser.error(f"--{flag.replace('_', '-')} only goes with --simulate")
    if options.seat is not None and options.review is None:
        parser.error("--seat only goes with --review")
    options.p1 = options.p1 or "random"
    options.p2 = options.p2 or "random"
    for flag in ("record_dir", "screenshots"):
        folder = getattr(options, flag)
        problem = _output_folder_problem(folder) if folder is not None else None
        if problem:
            parser.error(f"argument --{flag.replace('_', '-')}: {problem}")
    if options.simulate is not None and options.resume:
        parser.error("--continue cannot be combined with --simulate")
    if options.replay is not None and options.resume:
        parser.error("--continue cannot be combined with --replay")
    if options.lang is not None and options.lang not in LANGUAGES:
        # One line, not argparse's usage block: the list of codes is the useful part.
        print(
            f"{parser.prog}: unknown language {options.lang!r}; choose one of "
            f"{', '.join(LANGUAGES)}",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    logging.basicConfig(level=options.log_level, format="%(levelname)s %(name)s: %(message)s")
    if options.simulate is not None:
        from tacocat.sim import run_simulation

        return _printing(lambda: run_simulation(options, out=sys.stdout))
    if options.review is not None:
        from tacocat.review_cli import run_review

        return _printing(lambda: run_review(options.review, options.seat, sys.stdout, sys.stderr))
    if options.replay is not None:
        problem = replay_problem(options.replay)
        if problem:
            print(f"tacocat: cannot replay {printable(options.replay)}: {problem}", file=sys.stderr)
            return 2
    with _without_yaml():
        from tacocat.ui.shell.launch import run

    return run(options)


def _printing(command: Callable[[], int]) -> int:
    """Run a command that prints to stdout; a full disk or a closed pipe there is one
    line on stderr and exit status 1, not a traceback."""
    try:
        code = command()
        sys.stdout.flush()  # a buffered write to a full disk fails only here
    except OSError as error:  # BrokenPipeError, ENOSPC, EIO
        with contextlib.suppress(OSError, ValueError):
            # Python flushes stdout again at exit: point it somewhere that takes the rest.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"tacocat: could not write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    return code


def replay_problem(path: Path) -> str | None:
    """Why the game file at ``path`` cannot be replayed (one line), or None.

    Checked before a window opens, so ``--replay`` on a bad file ends at once
    with exit status 2 and this line, like any other bad argument.
    """
    from tacocat.persistence.gamefile import GameFileError, open_game_file

    try:
        open_game_file(path)
    except GameFileError as error:
        return " ".join(error.detail.split())  # one line, whatever the detail holds
    return None


@contextlib.contextmanager
def _without_yaml() -> Iterator[None]:
    """Hide PyYAML while the app's modules are first imported: python-i18n (under
    pygame_gui) imports it whenever it is installed, ~15 ms of start-up, for a YAML
    loader nothing uses (the translations are JSON; the frozen build leaves yaml
    out). Afterwards ``import yaml`` works again."""
    hidden = "yaml" not in sys.modules
    if hidden:
        sys.modules["yaml"] = None  # type: ignore[assignment]  # `import yaml` fails
    try:
        yield
    finally:
        if hidden and "yaml" in sys.modules and sys.modules["yaml"] is None:
            del sys.modules["yaml"]
