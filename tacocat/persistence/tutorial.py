"""Where the guided first game was left: ``tutorial.json`` in the data folder.

``{"format": "tacocat-tutorial", "version": 1, "step": 7, "finished": false}``.
The step is the number of moves the player had made; a resumed tutorial
replays the script up to it. A damaged or missing file means "not started"
(the tutorial is only a lesson), never a crash; a damaged one is set aside as
an exact ``.bad-`` copy and the player is told, like every other file.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from tacocat.persistence.documents import BadDocument, read_document, set_aside, write_document
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem, reason

log = logging.getLogger(__name__)

FILE_NAME = "tutorial.json"
FORMAT = "tacocat-tutorial"
VERSION = 1
MAX_BYTES = 4096
#: More moves than any guided game has: a larger step was not written by the game.
MAX_STEP = 10_000


@dataclass(frozen=True, slots=True)
class TutorialProgress:
    """The step to resume at, and whether the guided game was ever finished."""

    step: int = 0
    finished: bool = False


def load_progress(directory: Path) -> TutorialProgress:
    """The saved progress (a missing or damaged file: a fresh start; see :func:`read_progress`)."""
    return read_progress(directory)[0]


def read_progress(directory: Path) -> tuple[TutorialProgress, Problem | None]:
    """The saved progress, and the message for the player if the file was damaged.

    A damaged file means a fresh start, as the README promises of every file:
    it is set aside as an exact ``tutorial.json.bad-<time>`` copy first, and
    the message says so.
    """
    path = Path(directory) / FILE_NAME
    try:
        data = read_document(path, fmt=FORMAT, version=VERSION, max_bytes=MAX_BYTES)
    except BadDocument as error:
        return TutorialProgress(), set_aside(path, _damaged(error.reason, error.problem))[0]
    if data is None:
        return TutorialProgress(), None
    step, finished = data.get("step"), data.get("finished")
    if type(step) is not int or not 0 <= step <= MAX_STEP or type(finished) is not bool:
        why = reason("is damaged (its step is not valid)", "bad_values")
        return TutorialProgress(), set_aside(path, _damaged(why, why))[0]
    return TutorialProgress(step, finished), None


def _damaged(english: str, why: Problem) -> Problem:
    return Problem(
        f"The tutorial's progress file {english}, so the tutorial starts afresh.",
        "tutorial_damaged",
        reason=why,
    )


def save_progress(directory: Path, progress: TutorialProgress) -> bool:
    """Write the progress; False (logged) when the disk refuses - the lesson goes on."""
    try:
        write_document(
            directory / FILE_NAME,
            fmt=FORMAT,
            version=VERSION,
            payload={"step": progress.step, "finished": progress.finished},
        )
    except PersistenceError as error:
        log.warning("could not save the tutorial's progress: %s", error)
        return False
    return True
