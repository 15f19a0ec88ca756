"""Where the guided first game was left: ``tutorial.json`` in the data folder.

``{"format": "tacocat-tutorial", "version": 1, "step": 7, "finished": false}``.
The step is the number of moves the player had made; a resumed tutorial
replays the script up to it. A damaged or missing file means "not started"
(the tutorial is only a lesson: nothing of value is lost), never a crash.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from tacocat.persistence.documents import BadDocument, read_document, write_document
from tacocat.persistence.errors import PersistenceError

log = logging.getLogger(__name__)

FILE_NAME = "tutorial.json"
FORMAT = "tacocat-tutorial"
VERSION = 1
MAX_BYTES = 4096


@dataclass(frozen=True, slots=True)
class TutorialProgress:
    """The step to resume at, and whether the guided game was ever finished."""

    step: int = 0
    finished: bool = False


def load_progress(directory: Path) -> TutorialProgress:
    """The saved progress (a missing or damaged file: a fresh start)."""
    try:
        data = read_document(directory / FILE_NAME, fmt=FORMAT, version=VERSION,
                             max_bytes=MAX_BYTES)
    except BadDocument as error:
        log.warning("the tutorial's progress %s; starting it afresh", error.reason)
        return TutorialProgress()
    if data is None:
        return TutorialProgress()
    step, finished = data.get("step"), data.get("finished")
    if type(step) is not int or step < 0 or type(finished) is not bool:
        log.warning("the tutorial's progress is damaged; starting it afresh")
        return TutorialProgress()
    return TutorialProgress(step, finished)


def save_progress(directory: Path, progress: TutorialProgress) -> bool:
    """Write the progress; False (logged) when the disk refuses - the lesson goes on."""
    try:
        write_document(directory / FILE_NAME, fmt=FORMAT, version=VERSION,
                       payload={"step": progress.step, "finished": progress.finished})
    except PersistenceError as error:
        log.warning("could not save the tutorial's progress: %s", error)
        return False
    return True
