"""Work nothing on screen needs yet, done one job per idle pause of the frame loop.

A job may name an ``owner`` (held weakly; the job itself must not hold it): once
the owner is gone - a finished table - its jobs are dropped, never run, so a
long evening does not queue one table's jobs a game.
"""

from __future__ import annotations

import logging
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

log = logging.getLogger(__name__)

Job = Callable[[], object]  # what a job returns is not used


class IdleWork:
    """A queue of jobs, each run at most once, in order."""

    def __init__(self) -> None:
        self._jobs: deque[tuple[weakref.ref[Any] | None, Job]] = deque()

    def __bool__(self) -> bool:
        return bool(self._jobs)

    def owners(self) -> Iterator[Any]:
        """The owner of each queued job that names one (None where that owner is gone)."""
        return (ref() for ref, _job in self._jobs if ref is not None)

    def add(self, job: Job, owner: Any = None) -> None:
        self._jobs = deque(item for item in self._jobs if item[0] is None or item[0]() is not None)
        self._jobs.append((weakref.ref(owner) if owner is not None else None, job))

    def run_one(self) -> None:
        """Run the next job (a failure is logged); a job whose owner is gone is dropped."""
        owner, job = self._jobs.popleft()
        if owner is not None and owner() is None:
            return
        try:
            job()
        except Exception:
            log.exception("deferred job %r failed", job)
