"""Starting the desktop game: :func:`run` is what the command line calls.

It checks pygame-ce, claims the data folder (one copy of the game per folder; a second
copy may play without saving), sets up logging and the crash hooks, builds the
:class:`~tacocat.ui.shell.app.App` and runs it; a game that cannot start says why in one
line and exits with a code the command line documents.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

import pygame

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.lock import claim_data_folder
from tacocat.persistence.logs import install_excepthook, setup_logging, write_crash_log
from tacocat.persistence.native_crash import enable_native_crash_log
from tacocat.persistence.paths import data_dir
from tacocat.persistence.problems import Problem
from tacocat.ui.devices.window import NoDisplayError, check_pygame_ce
from tacocat.ui.shell.app import App
from tacocat.ui.shell.notices import offer_unsaved_play

log = logging.getLogger(__name__)

_hook_installed = False


def run(options: Any) -> int:
    """Start the desktop game; returns the exit code (0 ok, 1 error, 2 bad data folder/no display)."""
    try:
        check_pygame_ce()
    except RuntimeError as error:
        print(f"tacocat: {error}", file=sys.stderr)
        return 1
    try:
        directory = data_dir(options.data_dir)
    except PersistenceError as error:
        # A data folder that cannot be used is a bad argument like any other: exit 2.
        print(f"tacocat: {error}", file=sys.stderr)
        return 2
    with claim_data_folder(directory) as claim:  # one copy of the game per data folder
        return _run_app(options, claim.folder, directory if claim.shared else None, claim.problem)


def _run_app(
    options: Any, directory: Path, shared: Path | None, lock_problem: Problem | None = None
) -> int:
    """:func:`run` once the data folder is claimed: ``directory`` is where this run writes;
    ``shared``: the data folder another copy holds or that cannot be locked (``lock_problem``)."""
    global _hook_installed
    setup_logging(directory, options.log_level)
    if not _hook_installed:
        install_excepthook(directory)
        enable_native_crash_log(directory)  # a fatal signal in SDL leaves a trace too
        _hook_installed = True
    try:
        app = App(options, directory)
    except NoDisplayError as error:
        log.info("no display: %s", error)
        print(
            "tacocat: no display found — run it on a desktop, set DISPLAY, "
            "or use --simulate N for a game without a window",
            file=sys.stderr,
        )
        return 2
    except Exception as error:
        log.error("the game could not start", exc_info=error)
        try:
            where = f"; details in {write_crash_log(directory, error)}"
        except Exception:
            where = ""
        print(f"tacocat: the game could not start: {error}{where}", file=sys.stderr)
        pygame.display.quit()
        return 1
    if shared is not None:
        offer_unsaved_play(app, shared, lock_problem)
    return app.run()
